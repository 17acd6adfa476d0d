package play

import (
	"context"
	"testing"
	"time"

	"github.com/bermudachess/bermuda/db"
)

// A player's list puts the games where it is their move first, and
// leaves out a game whose opening was cut short (no thread to play in).
func TestPlayerGamesTheirMoveFirst(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	waiting, mine := f.game("chess"), f.game("chess")
	if _, err := f.move(waiting, ann, 0, "e4"); err != nil { // bob's move now
		t.Fatal(err)
	}
	row, _, _, err := f.p.NewGame(ctx, db.Game{Variant: "chess", Players: [2]string{ann, bob}, Days: 3, GuildID: "g", ChannelID: "c"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.store.CreateGame(ctx, row); err != nil { // no thread yet
		t.Fatal(err)
	}
	list, err := f.p.PlayerGames(ctx, ann)
	if err != nil || len(list) != 2 {
		t.Fatalf("ann's games: %+v, %v", list, err)
	}
	if list[0].Row.ID != mine || !list[0].YourMove || list[1].Row.ID != waiting || list[1].YourMove || list[1].ToMove != bob {
		t.Fatalf("ann's games in order: %+v", list)
	}
}

// A holiday that ran its course is welcomed back once, with the player's
// games, however many passes see it.
func TestHolidayReturnsOnce(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	id := f.game("chess")
	now := time.Now()
	if _, err := f.store.AddHoliday(ctx, db.Holiday{UserID: ann, PlannedAt: now.Add(-72 * time.Hour), Start: now.Add(-72 * time.Hour), End: now.Add(-time.Hour)}, nil); err != nil {
		t.Fatal(err)
	}
	var welcomed []db.Holiday
	for range 2 {
		f.p.HolidayReturns(ctx, now, func(h db.Holiday, list []PlayerGame) {
			welcomed = append(welcomed, h)
			if len(list) != 1 || list[0].Row.ID != id || !list[0].YourMove {
				t.Errorf("the returning player's games: %+v", list)
			}
		})
	}
	if len(welcomed) != 1 || welcomed[0].UserID != ann {
		t.Fatalf("welcomed %+v, want ann once", welcomed)
	}
}

// A daily digest is sent once a day, with the player's games; none while
// they are on holiday.
func TestDigestsOncePerDayNotOnHoliday(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	id := f.game("chess") // ann to move
	for _, u := range []string{ann, bob} {
		if err := f.store.SetNotice(ctx, u, db.NoticeDigest, 0, ""); err != nil {
			t.Fatal(err)
		}
	}
	now := time.Now()
	if _, err := f.store.AddHoliday(ctx, db.Holiday{UserID: bob, PlannedAt: now.Add(-time.Hour), Start: now.Add(-time.Hour), End: now.Add(48 * time.Hour)}, nil); err != nil {
		t.Fatal(err)
	}
	sent := map[string][]PlayerGame{}
	for range 2 {
		f.p.Digests(ctx, now, func(n db.NoticeSetting, list []PlayerGame) { sent[n.UserID] = append(sent[n.UserID], list...) })
	}
	if len(sent) != 1 || len(sent[ann]) != 1 || sent[ann][0].Row.ID != id || !sent[ann][0].YourMove {
		t.Fatalf("digests sent: %+v (want ann's once, none to bob on holiday)", sent)
	}
}
