package interactions

import (
	"bytes"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/hex"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// clock is the fixed "now" of these tests: Discord's timestamps are Unix
// seconds, so a whole second keeps the arithmetic exact.
var clock = time.Unix(1_800_000_000, 0)

func newKey(t *testing.T) (ed25519.PublicKey, ed25519.PrivateKey) {
	t.Helper()
	pub, priv, err := newKeyPair()
	if err != nil {
		t.Fatal(err)
	}
	return pub, priv
}

func newKeyPair() (ed25519.PublicKey, ed25519.PrivateKey, error) {
	return ed25519.GenerateKey(rand.Reader)
}

func itoa(n int) string { return strconv.Itoa(n) }

// signed builds a request the way Discord does: the signature covers the
// timestamp followed by the raw body.
func signed(priv ed25519.PrivateKey, at time.Time, body string) *http.Request {
	ts := strconv.FormatInt(at.Unix(), 10)
	req := httptest.NewRequest(http.MethodPost, "/interactions", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Signature-Timestamp", ts)
	req.Header.Set("X-Signature-Ed25519", hex.EncodeToString(ed25519.Sign(priv, []byte(ts+body))))
	return req
}

const commandBody = `{"id":"111","application_id":"9","type":2,"token":"tok-111","version":1,"channel_id":"5","data":{"id":"c","name":"help","type":1}}`

func TestVerifyRefusesWhatDiscordDidNotSign(t *testing.T) {
	pub, priv := newKey(t)
	_, otherPriv := newKey(t)
	cases := []struct {
		name   string
		mutate func(r *http.Request) *http.Request
	}{
		{"tampered body", func(r *http.Request) *http.Request {
			t2 := signed(priv, clock, commandBody)
			t3 := httptest.NewRequest(http.MethodPost, "/interactions", strings.NewReader(strings.Replace(commandBody, "help", "move", 1)))
			t3.Header = t2.Header
			return t3
		}},
		{"signed by another key", func(*http.Request) *http.Request { return signed(otherPriv, clock, commandBody) }},
		{"stale timestamp", func(*http.Request) *http.Request { return signed(priv, clock.Add(-6*time.Minute), commandBody) }},
		{"timestamp from the future", func(*http.Request) *http.Request { return signed(priv, clock.Add(6*time.Minute), commandBody) }},
		{"no signature header", func(r *http.Request) *http.Request { r.Header.Del("X-Signature-Ed25519"); return r }},
		{"no timestamp header", func(r *http.Request) *http.Request { r.Header.Del("X-Signature-Timestamp"); return r }},
		{"signature not hex", func(r *http.Request) *http.Request {
			r.Header.Set("X-Signature-Ed25519", strings.Repeat("zz", ed25519.SignatureSize))
			return r
		}},
		{"signature too short", func(r *http.Request) *http.Request {
			r.Header.Set("X-Signature-Ed25519", r.Header.Get("X-Signature-Ed25519")[:64])
			return r
		}},
		{"timestamp not a number", func(r *http.Request) *http.Request { r.Header.Set("X-Signature-Timestamp", "yesterday"); return r }},
		{"timestamp changed after signing", func(r *http.Request) *http.Request {
			r.Header.Set("X-Signature-Timestamp", strconv.FormatInt(clock.Unix()+1, 10))
			return r
		}},
	}
	var handled atomic.Int32
	ep, err := New(hex.EncodeToString(pub), &recorder{})
	if err != nil {
		t.Fatal(err)
	}
	ep.Now = func() time.Time { return clock }
	ep.Handle = func(*discordgo.Interaction) { handled.Add(1) }
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			req := c.mutate(signed(priv, clock, commandBody))
			w := httptest.NewRecorder()
			ep.ServeHTTP(w, req)
			if w.Code != http.StatusUnauthorized {
				t.Fatalf("status %d, want 401; body %q", w.Code, w.Body.String())
			}
		})
	}
	if n := handled.Load(); n != 0 {
		t.Fatalf("the bot saw %d refused requests", n)
	}
}

func TestVerifyAcceptsDiscordsSignature(t *testing.T) {
	pub, priv := newKey(t)
	req := signed(priv, clock, commandBody)
	// Within the allowed skew either way.
	for _, now := range []time.Time{clock, clock.Add(4 * time.Minute), clock.Add(-4 * time.Minute)} {
		if err := Verify(pub, req.Header, []byte(commandBody), now, 5*time.Minute); err != nil {
			t.Fatalf("at %s: %v", now.Sub(clock), err)
		}
	}
	if err := Verify(pub, req.Header, []byte(commandBody+" "), clock, 5*time.Minute); err == nil {
		t.Fatal("one extra byte of body still verified")
	}
}

func TestParsePublicKey(t *testing.T) {
	pub, _ := newKey(t)
	got, err := ParsePublicKey(" " + strings.ToUpper(hex.EncodeToString(pub)) + "\n")
	if err != nil || !bytes.Equal(got, pub) {
		t.Fatalf("portal-style key: %x, %v", got, err)
	}
	for _, bad := range []string{"", "xyz", hex.EncodeToString(pub[:31]), hex.EncodeToString(pub) + "00"} {
		if _, err := ParsePublicKey(bad); err == nil {
			t.Errorf("%q accepted as a public key", bad)
		}
	}
	if _, err := New("not-a-key", &recorder{}); err == nil {
		t.Error("New accepted a malformed key")
	}
}
