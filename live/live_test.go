package live

import (
	"context"
	"log/slog"
	"path/filepath"
	"testing"
	"time"

	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/db/dbtest"
)

func recv(t *testing.T, ch <-chan Event, within time.Duration) Event {
	t.Helper()
	select {
	case ev := <-ch:
		return ev
	case <-time.After(within):
		t.Fatalf("no event within %s", within)
		return Event{}
	}
}

func TestHubFansOutPerGame(t *testing.T) {
	h := NewHub()
	a, stopA := h.Subscribe(1)
	b, stopB := h.Subscribe(1)
	c, stopC := h.Subscribe(2)
	defer stopC()
	h.Deliver(Event{GameID: 1, Ply: 3})
	if ev := recv(t, a, time.Second); ev.Ply != 3 {
		t.Fatalf("a got %+v", ev)
	}
	recv(t, b, time.Second)
	select {
	case ev := <-c:
		t.Fatalf("game 2's subscriber got game 1's event %+v", ev)
	default:
	}
	stopA()
	stopA() // twice is harmless
	if n := h.Subscribers(1); n != 1 {
		t.Fatalf("%d subscribers after one left, want 1", n)
	}
	// A subscriber that never reads is not blocked on and keeps the latest.
	for i := 0; i < 20; i++ {
		h.Deliver(Event{GameID: 1, Ply: 10 + i})
	}
	var last Event
	for len(b) > 0 {
		last = <-b
	}
	if last.Ply != 29 {
		t.Fatalf("the latest event kept is %+v, want ply 29", last)
	}
	stopB()
	if n := h.Subscribers(1); n != 0 {
		t.Fatalf("%d subscribers left", n)
	}
}

// newGame stores an active chess game between two players.
func newGame(t *testing.T, s db.Store) int64 {
	t.Helper()
	id, err := s.CreateGame(context.Background(), db.Game{GuildID: "g1", ChannelID: "c1", Variant: "chess", Players: [2]string{"u1", "u2"}, Days: 3})
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// The wrapped store publishes a move and an end once they are stored, and
// nothing for a move that was refused.
func TestStorePublishesCommittedMoves(t *testing.T) {
	inner, err := db.Open(filepath.Join(t.TempDir(), "live.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer inner.Close()
	hub := NewHub()
	s := Store{Store: inner, N: Local{hub}}
	id := newGame(t, s)
	ch, stop := hub.Subscribe(id)
	defer stop()
	ctx := context.Background()
	if _, err := s.AppendMove(ctx, id, 0, db.Move{Notation: "e2e4", PlayerID: "u1"}, time.Time{}, time.Time{}, nil); err != nil {
		t.Fatal(err)
	}
	if ev := recv(t, ch, time.Second); ev != (Event{GameID: id, Ply: 1}) {
		t.Fatalf("got %+v", ev)
	}
	if _, err := s.AppendMove(ctx, id, 0, db.Move{Notation: "d2d4", PlayerID: "u1"}, time.Time{}, time.Time{}, nil); err == nil {
		t.Fatal("a stale move was stored")
	}
	if _, err := s.EndGame(ctx, id, db.End{Winner: 0, Reason: "resignation"}); err != nil {
		t.Fatal(err)
	}
	// An end is a look (-1), not ply 1 again: a page must read the game,
	// not take its copy of move 1.
	if ev := recv(t, ch, time.Second); ev != (Event{GameID: id, Ply: -1}) {
		t.Fatalf("after the end got %+v (a stale move must publish nothing)", ev)
	}
}

// Two replicas on one PostgreSQL database: a move published by one reaches
// the other's subscribers (and its own) within a second.
func TestPostgresReachesEveryReplica(t *testing.T) {
	dsn := dbtest.Database(t, dbtest.NeedServer(t), "live")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var reps []*Postgres
	for i := 0; i < 2; i++ {
		p, err := NewPostgres(dsn, NewHub(), slog.New(slog.DiscardHandler))
		if err != nil {
			t.Fatal(err)
		}
		defer p.Close()
		go p.Run(ctx)
		select {
		case <-p.Ready():
		case <-time.After(20 * time.Second):
			t.Fatal("replica never listened")
		}
		reps = append(reps, p)
	}
	a, stopA := reps[0].Subscribe(7)
	defer stopA()
	b, stopB := reps[1].Subscribe(7)
	defer stopB()
	start := time.Now()
	reps[0].Publish(ctx, Event{GameID: 7, Ply: 12})
	for _, ch := range []<-chan Event{a, b} {
		if ev := recv(t, ch, time.Second); ev != (Event{GameID: 7, Ply: 12}) {
			t.Fatalf("got %+v", ev)
		}
	}
	t.Logf("both replicas heard the move after %s", time.Since(start))
	if _, ok := parsePayload("x:1"); ok {
		t.Fatal("a bad payload parsed")
	}
}

// A withdrawal from a tournament mid-round forfeits the player's game:
// that end is published too.
func TestStorePublishesForfeits(t *testing.T) {
	inner, err := db.Open(filepath.Join(t.TempDir(), "live.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer inner.Close()
	hub := NewHub()
	s := Store{Store: inner, N: Local{hub}}
	ctx := context.Background()
	tid, err := s.CreateTournament(ctx, db.Tournament{GuildID: "g1", ChannelID: "c1", OrganiserID: "org", Variant: "chess",
		Rounds: 3, Days: 2, StartsAt: time.Now().Add(time.Hour)})
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range []string{"ann", "bob"} {
		if err := s.JoinTournament(ctx, tid, db.Entrant{UserID: u}); err != nil {
			t.Fatal(err)
		}
	}
	tr, err := s.Tournament(ctx, tid)
	if err != nil {
		t.Fatal(err)
	}
	boards, err := s.StartRound(ctx, tid, tr.Version, 1, time.Now(), []db.Pairing{{White: "ann", Black: "bob",
		Game: db.Game{GuildID: "g1", ChannelID: "c1", Variant: "chess", Days: 2}}})
	if err != nil {
		t.Fatal(err)
	}
	ch, stop := hub.Subscribe(boards[0].GameID)
	defer stop()
	if _, err := s.WithdrawFromTournament(ctx, tid, "bob"); err != nil {
		t.Fatal(err)
	}
	if ev := recv(t, ch, time.Second); ev != (Event{GameID: boards[0].GameID, Ply: -1}) {
		t.Fatalf("got %+v", ev)
	}
}
