package bot

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/bermudachess/bermuda/bot/fakediscord"
	"github.com/bermudachess/bermuda/web"
)

// TestRunPlaysOnThePage runs the production entry point with logging in
// configured: a player logs in with (the fake) Discord, plays a move on
// the game's page, and the move is stored once and shown in the game's
// thread with its board, as a /move is; the opponent answers with /move in
// Discord and a replayed page request changes nothing. A draw offered on
// the page is posted in the thread, and accepted there.
func TestRunPlaysOnThePage(t *testing.T) {
	fake := fakediscord.New()
	defer fake.Close()
	run := startPagesRun(t, fake, func(cfg *Config) { cfg.ClientSecret = "test-client-secret" })
	cfg, logs, cancel, done, move, thread := run.cfg, run.logs, run.cancel, run.done, run.move, run.thread
	fake.OAuthClient(fake.AppID, cfg.ClientSecret)

	page := "/g/" + web.Token(cfg.webSecret(), 1)
	jar, _ := cookiejar.New(nil)
	client := &http.Client{Jar: jar}
	fake.LoginAs(ann)
	res, err := client.Get(cfg.PublicURL + "/login?next=" + url.QueryEscape(page))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 200 || res.Request.URL.Path != page {
		t.Fatalf("the login ended at %d %s", res.StatusCode, res.Request.URL)
	}
	var me struct {
		User, CSRF string
		Seat       int
		Moves      []struct{ N string }
	}
	getJSON := func(path string, v any) {
		t.Helper()
		res, err := client.Get(cfg.PublicURL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		if err := json.NewDecoder(res.Body).Decode(v); err != nil {
			t.Fatal(err)
		}
	}
	getJSON(page+"/me.json", &me)
	if me.User != ann.ID || me.Seat != 0 || me.CSRF == "" || len(me.Moves) != 20 {
		t.Fatalf("me.json: %+v", me)
	}
	before := len(fake.Messages(thread))
	postTo := func(action string, v map[string]any) (int, string) {
		body, _ := json.Marshal(v)
		res, err := client.Post(cfg.PublicURL+page+action, "application/json", bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(b)
	}
	post := func(ply int, mv string) (int, string) {
		return postTo("/move", map[string]any{"ply": ply, "move": mv, "csrf": me.CSRF})
	}
	// The game opens once its first posts are out: until then, try again.
	for deadline := time.Now().Add(testWait); ; time.Sleep(20 * time.Millisecond) {
		st, body := post(0, "e2e4")
		if st == 200 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the page's move: %d %s", st, body)
		}
	}
	if st, body := post(0, "e2e4"); st != 409 {
		t.Fatalf("the replayed move: %d %s", st, body)
	}
	if !fake.Wait(testWait, func(s *fakediscord.Server) bool {
		for _, m := range s.MessagesLocked(thread)[before:] {
			if strings.Contains(fmt.Sprint(m.Content, m.Embeds), "After e4") || strings.Contains(fmt.Sprint(m.Content, m.Embeds), "After e2e4") {
				return true
			}
		}
		return false
	}) {
		for _, m := range fake.Messages(thread)[before:] {
			t.Logf("in the thread: %q %v", m.Content, m.Embeds)
		}
		t.Fatal("the page's move was not shown in the thread")
	}
	// Bob answers in Discord; the page's data has both moves, once each.
	move(bob, "e7e5")
	var data struct {
		Moves []struct{ N string }
	}
	for deadline := time.Now().Add(testWait); ; time.Sleep(20 * time.Millisecond) {
		getJSON(page+"/data.json", &data)
		if len(data.Moves) >= 2 || time.Now().After(deadline) {
			break
		}
	}
	if len(data.Moves) != 2 || data.Moves[0].N != "e2e4" {
		t.Fatalf("moves stored: %+v", data.Moves)
	}
	// A draw offered on the page is posted in the thread, naming who offers,
	// with the buttons a /draw's offer has; Bob accepts it there.
	before = len(fake.Messages(thread))
	if st, body := postTo("/draw", map[string]any{"ply": 2, "csrf": me.CSRF}); st != 200 {
		t.Fatalf("the page's draw offer: %d %s", st, body)
	}
	var offer fakediscord.Message
	if !fake.Wait(testWait, func(s *fakediscord.Server) bool {
		for _, m := range s.MessagesLocked(thread)[before:] {
			if strings.Contains(m.Content, "<@111> offers a draw. <@222>, do you accept?") {
				offer = m
				return true
			}
		}
		return false
	}) {
		t.Fatal("the page's draw offer was not posted in the thread")
	}
	if len(offer.Pings) != 1 || offer.Pings[0] != bob.ID {
		t.Errorf("the offer pings %v, want only its recipient", offer.Pings)
	}
	h := &harness{t: t, fake: fake}
	run.send(fakediscord.Interaction{Type: 3, User: bob, ChannelID: thread, MessageID: offer.ID, CustomID: buttonOf(h, offer.ID, "drawyes:")})
	var over struct{ State, Result string }
	for deadline := time.Now().Add(testWait); ; time.Sleep(20 * time.Millisecond) {
		getJSON(page+"/data.json", &over)
		if over.State != "active" || time.Now().After(deadline) {
			break
		}
	}
	if over.State != "finished" {
		t.Fatalf("after Bob accepted the page's offer: %+v", over)
	}
	if strings.Contains(logs.String(), cfg.ClientSecret) {
		t.Fatal("the client secret is in the logs")
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("Run returned %v", err)
		}
	case <-time.After(testWait):
		t.Fatal("Run did not stop")
	}
}
