package bot

import (
	"bufio"
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/bermudachess/bermuda/bot/fakediscord"
	"github.com/bermudachess/bermuda/web"
)

// TestRunServesLiveGamePages runs the production entry point with
// public_url set: a game challenged, accepted and played in Discord (the
// fake) has a page, and an open page's event stream hears each move made
// in Discord within a second; a server that turns its pages off has none.
// Shutting down ends the stream and Run returns nil.
func TestRunServesLiveGamePages(t *testing.T) {
	fake := fakediscord.New()
	defer fake.Close()
	run := startPagesRun(t, fake, nil)
	cfg, ctx, cancel, done, move := run.cfg, run.ctx, run.cancel, run.done, run.move

	page := cfg.PublicURL + "/g/" + web.Token(cfg.webSecret(), 1)
	sctx, stopStream := context.WithCancel(ctx)
	defer stopStream()
	req, _ := http.NewRequestWithContext(sctx, "GET", page+"/events", nil)
	stream, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer stream.Body.Close()
	if stream.StatusCode != 200 {
		b, _ := io.ReadAll(stream.Body)
		t.Fatalf("the event stream: %d %s", stream.StatusCode, b)
	}
	events := make(chan string, 16)
	go func() {
		sc := bufio.NewScanner(stream.Body)
		for sc.Scan() {
			if l := sc.Text(); strings.HasPrefix(l, "data: ") {
				events <- l
			}
		}
		close(events)
	}()
	next := func() string {
		t.Helper()
		select {
		case l := <-events:
			return l
		case <-time.After(testWait):
			t.Fatal("no event")
			return ""
		}
	}
	if l := next(); !strings.Contains(l, `"ply":0`) {
		t.Fatalf("first event %q", l)
	}
	for i, mv := range []string{"e2e4", "e7e5", "g1f3"} {
		u := []fakediscord.User{ann, bob}[i%2]
		start := move(u, mv)
		if l := next(); !strings.Contains(l, `"ply":`+string(rune('1'+i))) {
			t.Fatalf("after %s: %q", mv, l)
		}
		t.Logf("%s reached the page after %s", mv, time.Since(start)) // measured, not asserted
	}
	res, err := http.Get(page)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || !strings.Contains(string(body), "g1f3") || !strings.Contains(string(body), "ann") {
		t.Fatalf("the page: %d %.300s", res.StatusCode, body)
	}
	get := func(url string) (int, string) {
		t.Helper()
		res, err := http.Get(url)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(b)
	}
	st, unknown := get(cfg.PublicURL + "/g/1-nope")
	if st != 404 {
		t.Fatalf("a guessed address: %d", st)
	}
	// A server that turns its pages off (/settings pages:off) has none:
	// its game's page answers as a guessed address does, until they are
	// on again (clear:pages).
	settings := func(o fakediscord.Option) string {
		r := run.send(fakediscord.Interaction{Type: 2, User: ann, ChannelID: lobbyID, Name: "settings", Options: []fakediscord.Option{o}})
		m, _ := fake.Message(r.Original)
		return m.Content
	}
	if said := settings(str("pages", "off")); !strings.Contains(said, "Game pages are off") {
		t.Fatalf("/settings pages:off said %q", said)
	}
	for _, u := range []string{page, page + "/data.json"} {
		if st, body := get(u); st != 404 || body != unknown {
			t.Fatalf("%s with pages off: %d %.200s, want the unknown game's %q", u, st, body, unknown)
		}
	}
	if said := settings(str("clear", "pages")); !strings.Contains(said, "Game pages are on") {
		t.Fatalf("/settings clear:pages said %q", said)
	}
	if st, _ := get(page); st != 200 {
		t.Fatalf("the page with pages on again: %d", st)
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("Run returned %v", err)
		}
	case <-time.After(testWait):
		t.Fatal("Run did not stop (an open event stream holds it?)")
	}
}

// pagesRun is the production entry point running with game pages against
// the fake Discord, and a chess game between ann (White) and bob opened in
// it: what the page tests share.
type pagesRun struct {
	cfg    Config
	logs   *syncBuffer
	ctx    context.Context
	cancel context.CancelFunc
	done   chan error
	thread string
	send   func(fakediscord.Interaction) fakediscord.Response
	// move plays mv as u with /move in the game's thread, and returns
	// when it was sent.
	move func(u fakediscord.User, mv string) time.Time
}

// startPagesRun starts Run with public_url on a free port (configure may
// change the configuration first) and opens the game.
func startPagesRun(t *testing.T, fake *fakediscord.Server, configure func(*Config)) *pagesRun {
	t.Helper()
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
	if configure != nil {
		configure(&cfg)
	}
	logs := &syncBuffer{}
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	done := make(chan error, 1)
	go func() {
		done <- Run(ctx, cfg, slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug})))
	}()
	if err := fake.WaitReady(testWait); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(testWait); !strings.Contains(logs.String(), "bermuda is online"); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("Run never came online: %s", logs.String())
		}
	}
	run := &pagesRun{cfg: cfg, logs: logs, ctx: ctx, cancel: cancel, done: done}
	run.send = func(in fakediscord.Interaction) fakediscord.Response {
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
	resp := run.send(fakediscord.Interaction{Type: 2, User: ann, ChannelID: lobbyID, Name: "challenge",
		Options: []fakediscord.Option{str("variant", "chess"), user("opponent", bob), str("color", "white")}, Resolved: resolvedUsers(bob)})
	h := &harness{t: t, fake: fake}
	run.send(fakediscord.Interaction{Type: 3, User: bob, ChannelID: lobbyID, MessageID: resp.Original, CustomID: "accept:" + challengeID(h, resp.Original)})
	fake.Wait(testWait, func(s *fakediscord.Server) bool { return len(s.ThreadsLocked()) > 0 })
	run.thread = fake.Threads()[0].ID
	// The game is open once its thread is recorded: until then a move is
	// refused with "not ready" (said privately), and tried again here.
	run.move = func(u fakediscord.User, mv string) (sent time.Time) {
		t.Helper()
		for deadline := time.Now().Add(testWait); ; time.Sleep(20 * time.Millisecond) {
			sent = time.Now()
			r := run.send(fakediscord.Interaction{Type: 2, User: u, ChannelID: run.thread, ChannelType: 11, ParentID: lobbyID, Name: "move",
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
	return run
}
