package bot

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/bermudachess/bermuda/bot/fakediscord"
	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/games"
	"github.com/bermudachess/bermuda/interactions"
	"github.com/bermudachess/bermuda/metrics"
	"github.com/bermudachess/bermuda/play"
)

// replicas is two bots in HTTP mode, each with its own handle on one
// SQLite file (as two processes would have), behind the Interactions
// Endpoint, fed by the fake Discord with signed POSTs in turn. The
// end-to-end version with real processes and PostgreSQL is in
// cmd/bermuda/replicas_test.go.
type replicas struct {
	t     *testing.T
	fake  *fakediscord.Server
	bots  [2]*Bot
	mets  [2]*metrics.Metrics
	urls  [2]string
	clock *fakeClock
}

func newReplicas(t *testing.T) *replicas {
	t.Helper()
	path := filepath.Join(t.TempDir(), "shared.db")
	rs := &replicas{t: t, fake: fakediscord.New(), clock: &fakeClock{now: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)}}
	t.Cleanup(rs.fake.Close)
	for n := range rs.bots {
		store, err := db.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		s, err := NewSession(testToken, rs.fake.URL())
		if err != nil {
			t.Fatal(err)
		}
		rs.mets[n] = metrics.New(metrics.Options{OpenGames: store.CountOpenGames})
		rest := &SessionDiscord{S: s, Backoff: time.Millisecond, PostBudget: 2 * time.Second, TokenLife: 5 * time.Second, Metrics: rs.mets[n]}
		ep, err := interactions.New(rs.fake.PublicKey(), rest)
		if err != nil {
			t.Fatal(err)
		}
		ep.Log = slog.New(slog.NewTextHandler(io.Discard, nil))
		b := New(Options{Store: store, Discord: httpDiscord{Discord: rest, ep: ep}, Log: ep.Log, DefaultDays: 3, Replicated: true,
			AppID: rs.fake.AppID, Metrics: rs.mets[n]})
		b.Now, b.Roller = rs.clock.Now, games.Seeded(uint64(n+1))
		ep.Handle = b.HandleInteraction
		mux := http.NewServeMux()
		mux.Handle("POST /interactions", ep)
		rs.mets[n].Mount(mux)
		srv := httptest.NewServer(mux)
		rs.bots[n], rs.urls[n] = b, srv.URL+"/interactions"
		t.Cleanup(func() {
			b.Drain(10 * time.Second)
			srv.Close()
			store.Close()
		})
	}
	rs.fake.UseHTTP(20*time.Second, rs.urls[0], rs.urls[1])
	return rs
}

// send delivers in and waits until it is answered and both replicas are idle.
func (rs *replicas) send(in fakediscord.Interaction) (fakediscord.Response, string) {
	rs.t.Helper()
	tok, err := rs.fake.Send(in)
	if err != nil {
		rs.t.Fatal(err)
	}
	var resp fakediscord.Response
	if !rs.fake.Wait(testWait, func(s *fakediscord.Server) bool {
		var ok bool
		resp, ok = s.ResponseLocked(tok)
		return ok
	}) {
		rs.t.Fatalf("no answer to %s%s", in.Name, in.CustomID)
	}
	for _, b := range rs.bots {
		b.inflight.Wait()
	}
	return resp, tok
}

func (rs *replicas) move(u fakediscord.User, thread, text string) {
	rs.t.Helper()
	resp, _ := rs.send(fakediscord.Interaction{Type: 2, User: u, ChannelID: thread, ChannelType: 11, ParentID: lobbyID,
		Name: "move", Options: []fakediscord.Option{str("move", text)}})
	if m, _ := rs.fake.Message(resp.Original); resp.Type != 5 || m.Ephemeral {
		rs.t.Fatalf("%s's move %s refused: %q", u.Name, text, m.Content)
	}
}

func (rs *replicas) startGame(variant string) string {
	rs.t.Helper()
	resp, _ := rs.send(fakediscord.Interaction{Type: 2, User: ann, ChannelID: lobbyID, Name: "challenge",
		Options:  []fakediscord.Option{str("variant", variant), user("opponent", bob), str("color", "white")},
		Resolved: resolvedUsers(bob)})
	m, _ := rs.fake.Message(resp.Original)
	id := ""
	for _, row := range m.Components {
		for _, c := range row.(map[string]any)["components"].([]any) {
			if cid, _ := c.(map[string]any)["custom_id"].(string); strings.HasPrefix(cid, "accept:") {
				id = cid
			}
		}
	}
	if id == "" {
		rs.t.Fatalf("no challenge: %q", m.Content)
	}
	rs.send(fakediscord.Interaction{Type: 3, User: bob, ChannelID: lobbyID, MessageID: resp.Original, CustomID: id})
	threads := rs.fake.Threads()
	return threads[len(threads)-1].ID
}

func (rs *replicas) count(thread, prefix string) int {
	n := 0
	for _, m := range rs.fake.Messages(thread) {
		if strings.HasPrefix(m.Content, prefix) {
			n++
		}
	}
	return n
}

// tickBoth runs both replicas' schedulers at the same moment.
func (rs *replicas) tickBoth() {
	var wg sync.WaitGroup
	for _, b := range rs.bots {
		wg.Add(1)
		go func() { defer wg.Done(); b.Tick(context.Background()) }()
	}
	wg.Wait()
}

// Moves alternate between the replicas, so each one's copy of the game is
// a move behind when its next move arrives: it must notice and reload.
func TestReplicasCheckTheirHeldGameAgainstTheStore(t *testing.T) {
	rs := newReplicas(t)
	thread := rs.startGame("chess")
	rs.fake.Fail("POST", "/channels/"+thread+"/messages", 503, `{"message": "unavailable", "code": 0}`, 1) // retried, and counted
	for n, mv := range []string{"e4", "e5", "Nf3", "Nc6", "Bb5", "a6"} {
		rs.move([]fakediscord.User{ann, bob}[n%2], thread, mv)
	}
	row, err := rs.bots[0].store.GameByThread(t.Context(), thread)
	if err != nil || row.Ply != 6 {
		t.Fatalf("ply %d (%v), want 6", row.Ply, err)
	}
	// Autocomplete on either replica offers the moves of the stored position
	// (the replica that took Bb5 has not seen a6).
	for range rs.bots {
		resp, _ := rs.send(fakediscord.Interaction{Type: 4, User: ann, ChannelID: thread, ChannelType: 11, ParentID: lobbyID,
			Name: "move", Options: []fakediscord.Option{{Name: "move", Type: 3, Value: "Ba", Focused: true}}})
		takes := slices.ContainsFunc(resp.Choices, func(c any) bool { return c.(map[string]any)["value"] == "b5a6" })
		if !takes { // Bxa6 exists only once a6 is known
			t.Fatalf("autocomplete after a6: %v", resp.Choices)
		}
	}
	for id, st := range rs.fake.Interactions() {
		if st.Callbacks != 1 || st.Attempts != 1 {
			t.Errorf("interaction %s: %d callbacks in %d attempts", id, st.Callbacks, st.Attempts)
		}
	}
	var text strings.Builder
	for _, m := range rs.mets {
		srv := httptest.NewServer(m.Handler())
		resp, err := http.Get(srv.URL + "/metrics")
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		srv.Close()
		text.Write(b)
	}
	for _, want := range []string{`bermuda_interactions_total{kind="move",outcome="ok"} 3`, `bermuda_moves_committed_total{variant="chess"} 3`,
		`bermuda_first_callback_seconds_count{kind="move"} 3`, `bermuda_store_commit_seconds_count 3`, "bermuda_open_games 1",
		`bermuda_discord_rest_errors_total{status="503"} 1`, `bermuda_interactions_total{kind="button:accept",outcome="ok"} 1`} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("metrics lack %q:\n%s", want, text.String())
		}
	}
}

// An interaction delivered to both replicas at once is handled by one:
// one answers in its HTTP response, the other answers 204 and does nothing.
func TestInteractionDeliveredToBothReplicasIsAnsweredOnce(t *testing.T) {
	rs := newReplicas(t)
	thread := rs.startGame("chess")
	rs.fake.SetDuplicates(1, 0, 1)
	rs.move(ann, thread, "e4")
	rs.move(bob, thread, "e5")
	rs.fake.SetDuplicates(0, 0, 1)
	for id, st := range rs.fake.Interactions() {
		if st.Callbacks != 1 || st.Attempts != 1 {
			t.Errorf("interaction %s: %d callbacks in %d attempts (HTTP %v)", id, st.Callbacks, st.Attempts, st.HTTPStatuses)
		}
	}
	moves, _ := rs.bots[0].store.Moves(t.Context(), 1)
	if len(moves) != 2 {
		t.Fatalf("%d moves stored after two moves delivered twice", len(moves))
	}
	twice := 0
	for _, st := range rs.fake.Interactions() {
		if len(st.HTTPStatuses) == 2 {
			twice++
			if got := slices.Sorted(slices.Values(st.HTTPStatuses)); got[0] != 200 || got[1] != 204 {
				t.Errorf("delivered twice: HTTP %v, want one 200 and one 204", st.HTTPStatuses)
			}
		}
	}
	if twice != 2 {
		t.Errorf("%d interactions delivered twice, want 2", twice)
	}
}

// Badly signed requests are refused with 401 and change nothing.
func TestBadlySignedInteractionsAreRefused(t *testing.T) {
	rs := newReplicas(t)
	thread := rs.startGame("chess")
	for _, f := range fakediscord.Forgeries {
		status, err := rs.fake.SendForged(fakediscord.Interaction{Type: 2, User: ann, ChannelID: thread, ChannelType: 11,
			ParentID: lobbyID, Name: "move", Options: []fakediscord.Option{str("move", "e4")}}, f)
		if err != nil || status != http.StatusUnauthorized {
			t.Errorf("%s: HTTP %d (%v), want 401", f, status, err)
		}
	}
	for _, b := range rs.bots {
		b.inflight.Wait()
	}
	if row, _ := rs.bots[1].store.GameByThread(t.Context(), thread); row.Ply != 0 {
		t.Fatalf("a forged move was played: ply %d", row.Ply)
	}
	for id, st := range rs.fake.Interactions() {
		if st.Forged && st.Attempts != 0 {
			t.Errorf("forged interaction %s was answered", id)
		}
	}
}

// Both replicas' schedulers look at the same moment; the database lets one
// remind, and one announce the loss on time.
func TestRemindersAndTimeoutsHappenOnceAcrossReplicas(t *testing.T) {
	rs := newReplicas(t)
	thread := rs.startGame("chess")
	rs.move(ann, thread, "e4")
	rs.move(bob, thread, "e5")
	rs.clock.Advance(2*24*time.Hour + 10*time.Hour) // 80% of 3 days
	rs.tickBoth()
	rs.tickBoth()
	if n := rs.count(thread, "⏰"); n != 1 {
		t.Fatalf("%d reminders, want 1", n)
	}
	rs.clock.Advance(15 * time.Hour)
	rs.tickBoth()
	rs.tickBoth()
	if n := rs.count(thread, "⌛"); n != 1 {
		t.Fatalf("%d losses on time announced, want 1", n)
	}
	if row, _ := rs.bots[0].store.GameByThread(t.Context(), thread); row.State != "finished" || row.Reason != "time" || row.Winner != 1 {
		t.Fatalf("after the deadline: %+v", row)
	}
	// The replica that did not end it still answers correctly from the store.
	resp, _ := rs.send(fakediscord.Interaction{Type: 2, User: ann, ChannelID: thread, ChannelType: 11, ParentID: lobbyID,
		Name: "move", Options: []fakediscord.Option{str("move", "Nf3")}})
	resp2, _ := rs.send(fakediscord.Interaction{Type: 2, User: ann, ChannelID: thread, ChannelType: 11, ParentID: lobbyID,
		Name: "move", Options: []fakediscord.Option{str("move", "Nf3")}})
	for _, r := range []fakediscord.Response{resp, resp2} {
		if m, _ := rs.fake.Message(r.Original); !m.Ephemeral || !strings.Contains(m.Content, "already over") {
			t.Errorf("a move after the loss on time: %q", m.Content)
		}
	}
}

// A move that loses its ply to another replica (which stored a move at the
// same ply first) is not stored; the held copy is reloaded and the player
// is told what happened and whose turn it is.
func TestMoveThatLostItsPlyReloadsAndSaysSo(t *testing.T) {
	rs := newReplicas(t)
	thread := rs.startGame("chess")
	b := rs.bots[0]
	ctx := t.Context()
	row, err := b.store.GameByThread(ctx, thread)
	if err != nil {
		t.Fatal(err)
	}
	_, stale, err := b.store.LoadGame(ctx, row.ID)
	if err != nil {
		t.Fatal(err)
	}
	// The other replica stores e4 first.
	_, e4, _, _ := games.Apply(stale, "e4", nil)
	if _, err := rs.bots[1].store.AppendMove(ctx, row.ID, 0, db.Move{Ply: 1, Notation: e4.Move, PlayerID: ann.ID, At: time.Now()},
		time.Now().Add(time.Hour), time.Time{}, nil); err != nil {
		t.Fatal(err)
	}
	// This replica, holding the position before e4, plays d4 for white.
	s := b.play.Hold(row, stale)
	next, d4, evs, err := games.Apply(stale, "d4", nil)
	if err != nil {
		t.Fatal(err)
	}
	err = b.commitMove(ctx, s, &request{b: b, i: &discordgo.Interaction{ID: "lost-race"}}, 0, next, d4, evs)
	s.Unlock()
	var ue *UserError
	if !errors.As(err, &ue) || !strings.Contains(ue.Msg, "Another move was stored in this game while yours was on its way") ||
		!strings.Contains(ue.Msg, "<@222> (Black) to play") {
		t.Fatalf("the losing move was answered %v", err)
	}
	if s.Row.Ply != 1 || s.Game.Turn().Player != 1 {
		t.Fatalf("the held copy was not reloaded: ply %d", s.Row.Ply)
	}
	if moves, _ := b.store.Moves(ctx, row.ID); len(moves) != 1 || moves[0].Notation != e4.Move {
		t.Fatalf("stored: %+v", moves)
	}
}

// commitMove (the lost race's test) stores a move applied to the locked session s and shows it
// (play.Commit, then the events: events.go), answering r.
func (b *Bot) commitMove(ctx context.Context, s *session, r *request, p games.Player, next games.Game, ply games.Ply, evs []games.Event) error {
	return b.moveRefusal(b.play.Commit(ctx, s, play.Request{GameID: s.ID, UserID: s.Row.Players[p], AtPly: s.Row.Ply, Origin: r, Source: r.i.ID}, p, next, ply, evs))
}
