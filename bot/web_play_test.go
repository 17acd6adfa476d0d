package bot

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"path/filepath"
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
// Discord and a replayed page request changes nothing.
func TestRunPlaysOnThePage(t *testing.T) {
	fake := fakediscord.New()
	defer fake.Close()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	cfg := DefaultConfig()
	cfg.Token = testToken
	cfg.APIBase = fake.URL()
	cfg.DevGuild = fake.GuildID
	cfg.Database = filepath.Join(t.TempDir(), "run.db")
	cfg.WebAddr = addr
	cfg.PublicURL = "http://" + addr
	cfg.ClientSecret = "test-client-secret"
	fake.OAuthClient(fake.AppID, cfg.ClientSecret)
	var logs syncBuffer
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() {
		done <- Run(ctx, cfg, slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug})))
	}()
	if err := fake.WaitReady(testWait); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(testWait); !strings.Contains(logs.String(), "bermuda is online"); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("Run never came online: %s", logs.String())
		}
	}
	send := func(in fakediscord.Interaction) fakediscord.Response {
		t.Helper()
		tok, err := fake.Send(in)
		if err != nil {
			t.Fatal(err)
		}
		var resp fakediscord.Response
		if !fake.Wait(testWait, func(s *fakediscord.Server) bool {
			var ok bool
			resp, ok = s.ResponseLocked(tok)
			return ok
		}) {
			t.Fatalf("no answer to %s%s", in.Name, in.CustomID)
		}
		return resp
	}
	resp := send(fakediscord.Interaction{Type: 2, User: ann, ChannelID: lobbyID, Name: "challenge",
		Options: []fakediscord.Option{str("variant", "chess"), user("opponent", bob), str("color", "white")}, Resolved: resolvedUsers(bob)})
	h := &harness{t: t, fake: fake}
	send(fakediscord.Interaction{Type: 3, User: bob, ChannelID: lobbyID, MessageID: resp.Original, CustomID: "accept:" + challengeID(h, resp.Original)})
	var thread string
	fake.Wait(testWait, func(s *fakediscord.Server) bool { return len(s.ThreadsLocked()) > 0 })
	thread = fake.Threads()[0].ID
	// The game is open once its thread is recorded: until then a move is
	// refused with "not ready" (said privately), and tried again here.
	move := func(u fakediscord.User, mv string) (sent time.Time) {
		t.Helper()
		for deadline := time.Now().Add(testWait); ; time.Sleep(20 * time.Millisecond) {
			sent = time.Now()
			r := send(fakediscord.Interaction{Type: 2, User: u, ChannelID: thread, ChannelType: 11, ParentID: lobbyID, Name: "move",
				Options: []fakediscord.Option{str("move", mv)}})
			m, _ := fake.Message(r.Original)
			if !m.Ephemeral {
				return sent
			}
			if !strings.Contains(m.Content, "not ready") || time.Now().After(deadline) {
				t.Fatalf("%s refused: %s", mv, m.Content)
			}
		}
	}

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
	post := func(ply int, mv string) (int, string) {
		body, _ := json.Marshal(map[string]any{"ply": ply, "move": mv, "csrf": me.CSRF})
		res, err := client.Post(cfg.PublicURL+page+"/move", "application/json", bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(b)
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
