package fakediscord

import (
	"bytes"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"
	"sync"
	"syscall"
	"time"
)

// HTTP delivery: instead of the gateway, the fake delivers interactions as
// Discord does to an Interactions Endpoint URL — a POST signed with the
// application's Ed25519 key — to several replicas in turn. The response
// body is the interaction's first callback and is counted exactly like a
// callback over REST: answered in the body and again over REST is two
// answers (the second refused with 40060, as Discord would).

// httpDelivery is the fake's side of HTTP delivery.
type httpDelivery struct {
	key    ed25519.PrivateKey
	urls   []string
	next   int
	client *http.Client
	forged int // badly signed requests sent
}

// Forgery is how SendForged spoils a request's signature.
type Forgery int

const (
	// ForgeTamperedBody signs one body and sends another.
	ForgeTamperedBody Forgery = iota
	// ForgeWrongKey signs with a key that is not the application's.
	ForgeWrongKey
	// ForgeStaleTimestamp signs correctly, ten minutes ago.
	ForgeStaleTimestamp
	// ForgeUnsigned leaves both signature headers out.
	ForgeUnsigned
)

// Forgeries lists every Forgery, for tests that try each.
var Forgeries = []Forgery{ForgeTamperedBody, ForgeWrongKey, ForgeStaleTimestamp, ForgeUnsigned}

func (f Forgery) String() string {
	return [...]string{"tampered body", "wrong key", "stale timestamp", "unsigned"}[f]
}

// PublicKey is the application's public key in hex, as the developer
// portal shows it: what the replicas check signatures with.
func (s *Server) PublicKey() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return hex.EncodeToString(s.signingKeyLocked().Public().(ed25519.PublicKey))
}

func (s *Server) signingKeyLocked() ed25519.PrivateKey {
	if s.hd.key == nil {
		_, s.hd.key, _ = ed25519.GenerateKey(rand.Reader)
	}
	return s.hd.key
}

// UseHTTP makes Send deliver interactions by signed POSTs to the replicas'
// endpoint URLs (e.g. http://127.0.0.1:8080/interactions), round-robin;
// the share set by SetDuplicates goes to two replicas at once. The fake
// waits up to wait for an answer (Discord waits 3 s; tests under -race may
// allow more). Without URLs it goes back to the gateway.
func (s *Server) UseHTTP(wait time.Duration, urls ...string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.signingKeyLocked()
	s.hd.urls = append([]string(nil), urls...)
	s.hd.client = &http.Client{Timeout: wait}
}

func (s *Server) deliversHTTP() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.hd.urls) > 0
}

// targetsLocked picks the next replica, and the one after it too when the
// interaction is delivered twice.
func (s *Server) targetsLocked(twice bool) []string {
	n := len(s.hd.urls)
	first := s.hd.urls[s.hd.next%n]
	s.hd.next++
	if twice && n > 1 {
		return []string{first, s.hd.urls[s.hd.next%n]}
	}
	if twice {
		return []string{first, first}
	}
	return []string{first}
}

// post delivers one interaction over HTTP, to two replicas at once when
// twice, and records each answer.
func (s *Server) post(payload map[string]any, token string, twice bool) error {
	body, err := json.Marshal(payload)
	if err != nil {
		return err
	}
	s.mu.Lock()
	targets := s.targetsLocked(twice)
	key, client := s.hd.key, s.hd.client
	s.mu.Unlock()
	var wg sync.WaitGroup
	for _, url := range targets {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ts := strconv.FormatInt(time.Now().Unix(), 10)
			s.deliver(client, url, token, body, signedHeaders(key, ts, body))
		}()
	}
	wg.Wait()
	return nil
}

func signedHeaders(key ed25519.PrivateKey, ts string, body []byte) http.Header {
	h := http.Header{}
	h.Set("Content-Type", "application/json")
	h.Set("X-Signature-Timestamp", ts)
	h.Set("X-Signature-Ed25519", hex.EncodeToString(ed25519.Sign(key, append([]byte(ts), body...))))
	return h
}

// deliver POSTs body to url and records what came back: a 200 with a body
// is the interaction's callback; 204 means that replica left it alone.
// It returns the HTTP status, 0 when no answer came.
func (s *Server) deliver(client *http.Client, url, token string, body []byte, h http.Header) int {
	sent := time.Now()
	req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return 0
	}
	req.Header = h
	s.mu.Lock()
	if in, ok := s.interactions[token]; ok {
		in.httpPending++
	}
	s.mu.Unlock()
	resp, err := client.Do(req)
	status := 0
	var answer []byte
	if err == nil {
		answer, err = io.ReadAll(io.LimitReader(resp.Body, 1<<20))
		resp.Body.Close()
		status = resp.StatusCode
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	defer s.notifyLocked()
	in, ok := s.interactions[token]
	if !ok {
		return status
	}
	in.httpPending--
	in.httpStatuses = append(in.httpStatuses, status)
	in.httpTargets = append(in.httpTargets, url)
	// Refused connections never reached a replica (it was down), nor did a
	// request refused at the door (401); anything else reached the bot,
	// even if it died before answering.
	if !errors.Is(err, syscall.ECONNREFUSED) && status != http.StatusUnauthorized && !in.forged && in.delivered.IsZero() {
		in.delivered = sent
	}
	if status != http.StatusOK || err != nil || len(answer) == 0 {
		return status
	}
	cb := Request{Method: http.MethodPost, Path: "/interactions/" + in.id + "/" + token + "/callback", ViaHTTP: true}
	if json.Unmarshal(answer, &cb.JSON) != nil {
		cb.JSON = map[string]any{"unreadable": string(answer)}
	}
	s.noteCallbackLocked(&cb)
	cb.Status, _ = s.callbackLocked(token, &cb)
	s.noteAnswerSeenLocked(&cb) // the replica wrote the body: it knows
	s.requests = append(s.requests, cb)
	return status
}

// SendForged delivers in to the next replica with a spoilt signature, as
// Discord itself does to check an endpoint, and returns the HTTP status
// the replica answered (it must be 401). The interaction is registered
// like any other, so an answer to it, had the replica acted on it, would
// show in Interactions.
func (s *Server) SendForged(in Interaction, f Forgery) (int, error) {
	in, _ = s.register(in)
	s.mu.Lock()
	s.interactions[in.Token].forged = true
	s.mu.Unlock()
	payload, err := s.payload(in)
	if err != nil {
		return 0, err
	}
	body, err := json.Marshal(payload)
	if err != nil {
		return 0, err
	}
	s.mu.Lock()
	if len(s.hd.urls) == 0 {
		s.mu.Unlock()
		return 0, errors.New("fakediscord: SendForged needs UseHTTP first")
	}
	url := s.targetsLocked(false)[0]
	key, client := s.hd.key, s.hd.client
	s.hd.forged++
	s.mu.Unlock()
	now := time.Now()
	ts := strconv.FormatInt(now.Unix(), 10)
	var h http.Header
	switch f {
	case ForgeTamperedBody:
		h = signedHeaders(key, ts, body)
		body = bytes.Replace(body, []byte(`"type":`), []byte(`"type": `), 1)
	case ForgeWrongKey:
		_, other, _ := ed25519.GenerateKey(rand.Reader)
		h = signedHeaders(other, ts, body)
	case ForgeStaleTimestamp:
		h = signedHeaders(key, strconv.FormatInt(now.Add(-10*time.Minute).Unix(), 10), body)
	case ForgeUnsigned:
		h = http.Header{"Content-Type": {"application/json"}}
	}
	status := s.deliver(client, url, in.Token, body, h)
	if status == 0 {
		return 0, errors.New("fakediscord: the replica did not answer a forged request")
	}
	return status, nil
}

// Forged counts the badly signed requests sent.
func (s *Server) Forged() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.hd.forged
}
