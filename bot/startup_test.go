package bot

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bermudachess/bermuda/bot/fakediscord"
	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/games"
	"github.com/bermudachess/bermuda/metrics"
)

// After a restart Discord answers the start-up calls with 500s: GET
// /users/@me twice in both modes, and in each mode the call that tells
// the bot who it is there (the application lookup over HTTP, the gateway
// lookup before READY) and the command registration once. Run tries each
// again, logs it, and is neither ready nor taking interactions meanwhile;
// then it knows its own id: the move the computer owed when the previous
// process stopped is made, and a new challenge to the bot starts a game.
func TestStartUpCallsThatFailAreTriedAgainBeforeReady(t *testing.T) {
	for _, mode := range []string{"gateway", "http"} {
		t.Run(mode, func(t *testing.T) { testStartUpRetried(t, mode) })
	}
}

func testStartUpRetried(t *testing.T, mode string) {
	fake := fakediscord.New()
	defer fake.Close()
	cfg := DefaultConfig()
	cfg.Token, cfg.APIBase, cfg.DevGuild = testToken, fake.URL(), fake.GuildID
	cfg.Database = filepath.Join(t.TempDir(), "restart.db")
	cfg.MetricsAddr = freeLoopbackAddr(t)
	if mode == "http" {
		cfg.HTTPAddr, cfg.PublicKey = freeLoopbackAddr(t), fake.PublicKey()
		fake.UseHTTP(testWait, "http://"+cfg.HTTPAddr+"/interactions")
	}

	// What the previous process left: a game against the computer (level
	// 1) in which ann has moved and the computer owes its reply.
	const thread = "7001"
	gameID := computerOwesAMove(t, cfg.Database, fake, thread)

	fake.Fail("GET", "/users/@me", 500, serverError, 2)
	lookup := "/oauth2/applications/@me"
	if mode == "gateway" {
		lookup = "/gateway"
	}
	fake.Fail("GET", lookup, 500, serverError, 1)
	fake.Fail("PUT", "/applications/", 500, serverError, 1)
	// While a start-up call fails, the bot must be neither ready nor
	// answering: probe both from inside the failing request.
	var mu sync.Mutex
	var whileFailing []string
	var startedUp atomic.Bool
	fake.SetOnRequest(func(r fakediscord.Request) {
		if startedUp.Load() || r.Method != "GET" && r.Method != "PUT" || !strings.HasPrefix(r.Path, "/users/@me") && r.Path != lookup && !strings.HasPrefix(r.Path, "/applications/") {
			return
		}
		seen := r.Method + " " + r.Path + ": readyz "
		if err := metrics.Probe(context.Background(), cfg.MetricsAddr); err != nil {
			seen += "503"
		} else {
			seen += "200"
		}
		if mode == "http" {
			tok, _ := fake.Send(fakediscord.Interaction{Type: 2, User: ann, ChannelID: lobbyID, Name: "help"})
			seen += ", interaction HTTP " + httpStatuses(fake, tok)
		}
		mu.Lock()
		whileFailing = append(whileFailing, seen)
		mu.Unlock()
	})

	var logs syncBuffer
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- Run(ctx, cfg, slog.New(slog.NewTextHandler(&logs, nil))) }()
	defer func() {
		cancel()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("Run returned %v after shutdown", err)
			}
		case <-time.After(testWait):
			t.Error("Run did not stop")
		}
	}()
	ready := false
	for end := time.Now().Add(testWait); !ready && time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
		select {
		case err := <-done:
			t.Fatalf("Run ended during start-up: %v\n%s", err, logs.String())
		default:
		}
		ready = metrics.Probe(context.Background(), cfg.MetricsAddr) == nil
	}
	if !ready {
		t.Fatalf("never ready: %v\n%s", metrics.Probe(context.Background(), cfg.MetricsAddr), logs.String())
	}
	startedUp.Store(true)

	mu.Lock()
	t.Logf("probed during the failed start-up calls: %q", whileFailing)
	if len(whileFailing) == 0 {
		t.Error("no start-up call was probed")
	}
	for _, seen := range whileFailing {
		if !strings.Contains(seen, "readyz 503") || mode == "http" && !strings.HasSuffix(seen, "interaction HTTP [503]") {
			t.Errorf("while starting up: %s (want not ready, no interaction taken)", seen)
		}
	}
	mu.Unlock()
	gets := 0
	for _, r := range fake.Requests() {
		if r.Method == "GET" && r.Path == "/users/@me" {
			gets++
		}
	}
	if mode == "http" && gets != 3 {
		t.Errorf("GET /users/@me asked %d times, want 3 (two 500s, then the answer)", gets)
	}
	if mode == "gateway" && gets != 0 {
		t.Errorf("GET /users/@me asked %d times in gateway mode: READY says who the bot is", gets)
	}

	// The computer's owed move is made by the first scheduler pass.
	if !fake.Wait(testWait, func(s *fakediscord.Server) bool { return s.UploadsLocked(thread) > 0 }) {
		t.Fatalf("the computer's owed move was never shown\n%s", logs.String())
	}
	store, err := db.Open(cfg.Database)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	moves, err := store.Moves(ctx, gameID)
	if err != nil || len(moves) != 2 || moves[1].PlayerID != fake.BotID {
		t.Fatalf("moves after the restart: %+v, %v (want ann's and the computer's)", moves, err)
	}

	// A new challenge to the bot starts a game at once.
	threadsBefore := len(fake.Threads())
	bot := fakediscord.User{ID: fake.BotID, Name: "Bermuda", Bot: true}
	_, err = fake.Send(fakediscord.Interaction{Type: 2, User: ann, ChannelID: lobbyID, Name: "challenge",
		Options:  []fakediscord.Option{str("variant", "chess"), user("opponent", bot), integer("level", 1), str("color", "white")},
		Resolved: resolvedUsers(bot)})
	if err != nil {
		t.Fatal(err)
	}
	if !fake.Wait(testWait, func(s *fakediscord.Server) bool { return len(s.ThreadsLocked()) > threadsBefore }) {
		t.Fatalf("the challenge to the bot opened no game; the bot said %q\n%s", lastTexts(fake, lobbyID), logs.String())
	}
	active, err := store.ActiveGames(ctx, fake.GuildID, ann.ID)
	if err != nil {
		t.Fatal(err)
	}
	started := false
	for _, g := range active {
		if g.ID != gameID && g.ComputerLevel == 1 && g.Players == [2]string{ann.ID, fake.BotID} {
			started = true
		}
	}
	if !started {
		t.Fatalf("no new game against the computer among %+v", active)
	}

	out := logs.String()
	for _, want := range []string{"asking Discord for the bot's own user: failed; trying again", "registering the slash commands: failed; trying again"} {
		if mode == "gateway" && strings.Contains(want, "own user") {
			want = "connecting to Discord's gateway: failed; trying again"
		}
		if !strings.Contains(out, want) {
			t.Errorf("logs lack %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, testToken) {
		t.Error("the token was logged")
	}
}

// computerOwesAMove stores, in a fresh database at path, a game of chess
// against the computer (level 1, ann White) in which ann has played e4:
// what a process that stopped before the computer replied leaves behind.
func computerOwesAMove(t *testing.T, path string, fake *fakediscord.Server, thread string) int64 {
	t.Helper()
	ctx := context.Background()
	store, err := db.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	now := time.Now()
	id, err := store.CreateGame(ctx, db.Game{GuildID: fake.GuildID, ChannelID: lobbyID, Variant: "chess",
		Players: [2]string{ann.ID, fake.BotID}, Days: 3, State: "active", Winner: -1, DrawOfferBy: -1, ComputerLevel: 1,
		Deadline: now.Add(72 * time.Hour), CreatedAt: now, UpdatedAt: now})
	if err != nil {
		t.Fatal(err)
	}
	if err := store.SetGameThread(ctx, id, thread); err != nil {
		t.Fatal(err)
	}
	_, pos, err := store.LoadGame(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	_, rec, _, err := games.Apply(pos, "e4", nil)
	if err != nil {
		t.Fatal(err)
	}
	// The computer has no clock while it is to act: no deadline.
	if _, err := store.AppendMove(ctx, id, 0, db.Move{Notation: rec.Move, PlayerID: ann.ID, Rolls: rec.Rolls}, time.Time{}, time.Time{}, nil); err != nil {
		t.Fatal(err)
	}
	return id
}

// lastTexts is the text of the newest messages in a channel.
func lastTexts(fake *fakediscord.Server, channel string) []string {
	var texts []string
	for _, m := range fake.Messages(channel) {
		texts = append(texts, m.Content)
	}
	return texts[max(0, len(texts)-3):]
}

// freeLoopbackAddr is a loopback address with a port free a moment ago.
func freeLoopbackAddr(t *testing.T) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// httpStatuses is what the replicas answered when the fake delivered the
// interaction with token tok by HTTP.
func httpStatuses(fake *fakediscord.Server, tok string) string {
	for _, st := range fake.Interactions() {
		if st.Token == tok {
			return fmt.Sprint(st.HTTPStatuses)
		}
	}
	return "none"
}
