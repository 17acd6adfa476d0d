package play

import (
	"context"
	"testing"
	"time"

	"github.com/bermudachess/bermuda/db"
)

// A game opened is held until shown: an action waits for it; once shown it
// is found from its thread. One that cannot be shown is cancelled unrated,
// and ends like every other game: with an Ended event.
func TestOpenHoldsUntilShownOrCancelled(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	f.store.UpsertPlayer(ctx, ann, ann)
	f.store.UpsertPlayer(ctx, bob, bob)
	open := func() *Session {
		row, g, _, err := f.p.NewGame(ctx, db.Game{Variant: "chess", Players: [2]string{ann, bob}, Days: 3, GuildID: "g", ChannelID: "c"})
		if err != nil {
			t.Fatal(err)
		}
		s, err := f.p.Open(row, g, func(row db.Game) (int64, error) { return f.store.CreateGame(ctx, row) })
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	s := open()
	if _, ok, _ := f.p.TryLock(ctx, s.ID, 20*time.Millisecond); ok {
		t.Fatal("a game being opened could be locked")
	}
	if err := f.p.Shown(ctx, s, "thread-1"); err != nil {
		t.Fatal(err)
	}
	s.Unlock()
	if row, err := f.store.GameByThread(ctx, "thread-1"); err != nil || row.ID != s.ID {
		t.Fatalf("the shown game from its thread: %+v, %v", row, err)
	}
	if _, err := f.move(s.ID, ann, 0, "e4"); err != nil {
		t.Fatalf("the first move once shown: %v", err)
	}

	failed := open()
	f.p.Cancel(ctx, failed)
	failed.Unlock()
	if row, _ := f.store.Game(ctx, failed.ID); row.State != "aborted" || f.p.Held(failed.ID) {
		t.Fatalf("a cancelled opening: %s, held %v", row.State, f.p.Held(failed.ID))
	}
	if e, ok := f.events[len(f.events)-1].(Ended); !ok || !e.Abandoned || e.Row.ID != failed.ID {
		t.Fatalf("a cancelled opening's event: %+v", f.events[len(f.events)-1])
	}
}
