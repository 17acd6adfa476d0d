package play

import (
	"context"
	"testing"
	"time"

	"github.com/bermudachess/bermuda/db"
)

// A reminder is claimed once per turn; a turn out of time is lost on time
// with an Ended event (once: the second pass finds it over); a front end
// that can no longer show a game keeps it from that ending.
func TestRemindersAndTimeLosses(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	id, kept := f.game("chess"), f.game("chess")
	for _, g := range []int64{id, kept} {
		f.move(g, ann, 0, "e4")
		f.move(g, bob, 1, "e5")
	}
	later := time.Now().Add(30 * 24 * time.Hour)
	var reminded []int64
	for range 2 {
		f.p.Reminders(ctx, later, time.Second, func(s *Session) { reminded = append(reminded, s.ID) })
	}
	if len(reminded) != 2 {
		t.Fatalf("reminded %v over two passes, want each game once", reminded)
	}
	f.events = nil
	asked := 0
	for range 2 {
		f.p.TimeLosses(ctx, later, time.Second, func(s *Session) bool { asked++; return s.ID != kept })
	}
	var ends []Ended
	for _, ev := range f.events {
		if e, ok := ev.(Ended); ok {
			ends = append(ends, e)
		}
	}
	if len(ends) != 1 || ends[0].Row.ID != id || ends[0].Reason != "time" || ends[0].Winner != 1 || ends[0].ByMove {
		t.Fatalf("time losses: %+v", ends)
	}
	if row, _ := f.store.Game(ctx, kept); row.State != "active" || asked != 3 {
		t.Fatalf("the game kept: %s, asked %d times (want 3: both games, then the kept one)", row.State, asked)
	}
}

// A game with no front end to play it in, past its grace, is handed to
// open; if open cannot, it is abandoned (aborted, unrated) and told.
func TestUnopenedGamesAreOpenedOrAbandoned(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	var ids []int64
	for range 2 {
		row, _, _, err := f.p.NewGame(ctx, db.Game{Variant: "chess", Players: [2]string{ann, bob}, Days: 3, GuildID: "g", ChannelID: "c"})
		if err != nil {
			t.Fatal(err)
		}
		f.store.UpsertPlayer(ctx, ann, ann)
		f.store.UpsertPlayer(ctx, bob, bob)
		id, err := f.store.CreateGame(ctx, row)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	var told []int64
	open := func(s *Session) bool {
		if s.ID != ids[0] {
			return false
		}
		ok, err := f.store.ClaimGameThread(ctx, s.ID, "thread")
		return ok && err == nil
	}
	f.p.Unopened(ctx, time.Now().Add(time.Hour), time.Second, open, func(row db.Game) { told = append(told, row.ID) })
	f.p.Unopened(ctx, time.Now().Add(time.Hour), time.Second, open, func(row db.Game) { told = append(told, row.ID) })
	if len(told) != 1 || told[0] != ids[1] {
		t.Fatalf("told %v, want only game %d", told, ids[1])
	}
	if row, _ := f.store.Game(ctx, ids[0]); row.State != "active" || row.ThreadID != "thread" {
		t.Fatalf("the game opened: %+v", row)
	}
	if row, _ := f.store.Game(ctx, ids[1]); row.State != "aborted" {
		t.Fatalf("the game that could not open: %s", row.State)
	}
	if e, ok := f.events[len(f.events)-1].(Ended); !ok || !e.Abandoned || e.Row.ID != ids[1] {
		t.Fatalf("no Abandoned end: %+v", f.events)
	}
}
