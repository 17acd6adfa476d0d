package bot

import (
	"bytes"
	"context"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/bermudachess/bermuda/bot/fakediscord"
	"github.com/bermudachess/bermuda/games"
)

// TestRunRegistersServesAndShutsDownCleanly runs the production entry
// point against the fake: one bulk overwrite of every command, a game
// played, then cancellation (SIGINT/SIGTERM) closes everything and Run
// returns nil.
func TestRunRegistersServesAndShutsDownCleanly(t *testing.T) {
	fake := fakediscord.New()
	defer fake.Close()
	cfg := DefaultConfig()
	cfg.Token = testToken
	cfg.APIBase = fake.URL()
	cfg.DevGuild = fake.GuildID
	cfg.Database = filepath.Join(t.TempDir(), "run.db")
	var logs syncBuffer
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- Run(ctx, cfg, slog.New(slog.NewTextHandler(&logs, nil))) }()
	if err := fake.WaitReady(testWait); err != nil {
		t.Fatal(err)
	}
	var puts []fakediscord.Request
	fake.Wait(testWait, func(s *fakediscord.Server) bool {
		puts = nil
		for _, r := range s.RequestsLocked() {
			if r.Method == "PUT" && strings.HasSuffix(r.Path, "/commands") {
				puts = append(puts, r)
			}
		}
		return len(puts) > 0
	})
	if len(puts) != 1 || puts[0].Path != "/applications/1000/guilds/2000/commands" {
		t.Fatalf("command registration: %+v", puts)
	}
	if n := len(puts[0].JSON["_array"].([]any)); n != len(Commands()) {
		t.Fatalf("registered %d commands, want %d", n, len(Commands()))
	}
	// It serves: a /rules answer comes back.
	tok, _ := fake.Send(fakediscord.Interaction{Type: 2, User: ann, ChannelID: lobbyID, Name: "rules", Options: []fakediscord.Option{str("variant", "bede")}})
	if !fake.Wait(testWait, func(s *fakediscord.Server) bool { _, ok := s.ResponseLocked(tok); return ok }) {
		t.Fatal("no answer from Run")
	}
	// Interactions are served from the gateway's READY on, while the
	// commands' registration may still be on its way back: stop only once
	// start-up is over, or the stop cuts the registration short.
	for end := time.Now().Add(testWait); !strings.Contains(logs.String(), "bermuda is online") && time.Now().Before(end); {
		time.Sleep(10 * time.Millisecond)
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("Run returned %v after shutdown", err)
		}
	case <-time.After(testWait):
		t.Fatal("Run did not stop")
	}
	if strings.Contains(logs.String(), testToken) {
		t.Fatal("token logged")
	}
	if !strings.Contains(logs.String(), "bermuda is online") || !strings.Contains(logs.String(), "shutting down") {
		t.Fatalf("logs: %s", logs.String())
	}
}

func TestThreadMembersAndExportReplays(t *testing.T) {
	h := newHarness(t)
	h.bot.Roller = constantRoller(6)
	thread := h.startGame("angle")
	th := h.fake.Threads()[0]
	if th.Type != 11 || len(th.Members) != 2 || !strings.HasPrefix(th.Name, "The Bermuda Chess Angle · ann vs bob") {
		t.Fatalf("thread: %+v", th)
	}
	for i, mv := range []string{"d2d3", "b9b7", "e1a5"} {
		h.move([]fakediscord.User{ann, bob}[i%2], thread, mv)
	}
	m := h.reply(h.command(bob, thread, "export"))
	rec, tags, err := games.ReadRecord(bytes.NewReader(m.Files[0].Data))
	if err != nil {
		t.Fatal(err)
	}
	g, err := games.Replay(rec)
	if err != nil || len(rec.Plies) != 3 || tags["Player1"] != "ann" || tags["Result"] != "*" {
		t.Fatalf("export does not replay: %v %+v %v", err, rec, tags)
	}
	_, live, _ := h.store.LoadGame(t.Context(), 1)
	if g.Key() != live.Key() {
		t.Fatal("the exported record replays to another position")
	}
}
