package db

import (
	"errors"
	"sync"
	"testing"
	"time"
)

func TestHolidaysStored(t *testing.T) { withStore(t, testHolidaysStored) }

func testHolidaysStored(t *testing.T, s *sqlStore) {
	day := 24 * time.Hour
	t0 := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	if _, err := s.AddHoliday(bg, Holiday{UserID: "ann", Start: t0, End: t0}); err == nil {
		t.Fatal("an empty holiday was stored")
	}
	id, err := s.AddHoliday(bg, Holiday{UserID: "ann", Start: t0, End: t0.Add(5 * day)})
	if err != nil {
		t.Fatal(err)
	}
	// A second one while the first runs, even starting later, is refused;
	// another player's is not.
	if _, err := s.AddHoliday(bg, Holiday{UserID: "ann", Start: t0.Add(4 * day), End: t0.Add(6 * day)}); !errors.Is(err, ErrHolidayRunning) {
		t.Fatalf("a second running holiday: %v", err)
	}
	if _, err := s.AddHoliday(bg, Holiday{UserID: "bob", Start: t0, End: t0.Add(day)}); err != nil {
		t.Fatal(err)
	}
	hs, err := s.Holidays(bg, "ann", t0)
	if err != nil || len(hs) != 1 || hs[0].ID != id || !hs[0].Start.Equal(t0) || !hs[0].End.Equal(t0.Add(5*day)) || !hs[0].EndedAt.IsZero() {
		t.Fatalf("ann's holidays: %+v, %v", hs, err)
	}
	// Only the player may end it, only while it runs, once.
	if _, err := s.EndHoliday(bg, "bob", id, t0.Add(day)); !errors.Is(err, ErrNotFound) {
		t.Fatalf("bob ended ann's holiday: %v", err)
	}
	if _, err := s.EndHoliday(bg, "ann", id, t0.Add(5*day)); !errors.Is(err, ErrNotFound) {
		t.Fatalf("ended after it was over: %v", err)
	}
	ended, err := s.EndHoliday(bg, "ann", id, t0.Add(2*day))
	if err != nil || !ended.EndedAt.Equal(t0.Add(2*day)) || !ended.End.Equal(t0.Add(5*day)) {
		t.Fatalf("ending early: %+v, %v", ended, err)
	}
	if _, err := s.EndHoliday(bg, "ann", id, t0.Add(3*day)); !errors.Is(err, ErrNotFound) {
		t.Fatalf("ended twice: %v", err)
	}
	// Ended, a new one may start; lists leave out those over before since.
	id2, err := s.AddHoliday(bg, Holiday{UserID: "ann", Start: t0.Add(3 * day), End: t0.Add(4 * day)})
	if err != nil {
		t.Fatal(err)
	}
	if hs, err := s.Holidays(bg, "ann", t0.Add(2*day)); err != nil || len(hs) != 1 || hs[0].ID != id2 {
		t.Fatalf("holidays not over by day 2: %+v, %v", hs, err)
	}
	if hs, err := s.Holidays(bg, "ann", time.Time{}); err != nil || len(hs) != 2 || hs[0].ID != id || hs[1].ID != id2 {
		t.Fatalf("all of ann's holidays: %+v, %v", hs, err)
	}

	// Two starts at once: exactly one holiday.
	var wg sync.WaitGroup
	errs := make([]error, 8)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = s.AddHoliday(bg, Holiday{UserID: "cat", Start: t0, End: t0.Add(day)})
		}()
	}
	wg.Wait()
	stored := 0
	for _, err := range errs {
		switch {
		case err == nil:
			stored++
		case !errors.Is(err, ErrHolidayRunning):
			t.Errorf("a concurrent start: %v", err)
		}
	}
	if stored != 1 {
		t.Fatalf("%d concurrent holidays stored", stored)
	}
}

func TestSetClockAndActiveGamesOf(t *testing.T) { withStore(t, testSetClock) }

func testSetClock(t *testing.T, s *sqlStore) {
	a := newToyGame(t, s, "g1")
	b := newToyGame(t, s, "g2")
	if _, err := s.CreateGame(bg, Game{GuildID: "g1", Variant: "dbtoy", Players: [2]string{"cat", "bob"}, Days: 3}); err != nil {
		t.Fatal(err)
	}
	gs, err := s.ActiveGamesOf(bg, "alice")
	if err != nil || len(gs) != 2 || gs[0].ID != a || gs[1].ID != b {
		t.Fatalf("alice's games in every server: %+v, %v", gs, err)
	}
	if _, err := play(t, s, a, "pass", nil); err != nil {
		t.Fatal(err)
	}
	d, r := time.Date(2026, 3, 9, 0, 0, 0, 0, time.UTC), time.Date(2026, 3, 8, 0, 0, 0, 0, time.UTC)
	if err := s.SetClock(bg, a, 0, d, r); !errors.Is(err, ErrPositionChanged) {
		t.Fatalf("a clock for a turn already played: %v", err)
	}
	if err := s.SetClock(bg, a, 1, d, r); err != nil {
		t.Fatal(err)
	}
	if g, err := s.Game(bg, a); err != nil || !g.Deadline.Equal(d) || !g.ReminderAt.Equal(r) || g.ReminderSent {
		t.Fatalf("after SetClock: %+v, %v", g, err)
	}
	if due, err := s.DueTimeouts(bg, d.Add(-time.Millisecond)); err != nil || len(due) != 0 {
		t.Fatalf("due before the new deadline: %+v, %v", due, err)
	}
	if due, err := s.DueTimeouts(bg, d); err != nil || len(due) != 1 {
		t.Fatalf("due at the new deadline: %+v, %v", due, err)
	}
	if err := s.SetClock(bg, a, 1, d, time.Time{}); err != nil {
		t.Fatal(err)
	}
	if g, _ := s.Game(bg, a); !g.ReminderAt.IsZero() {
		t.Fatalf("no reminder stored as %v", g.ReminderAt)
	}
	if _, err := s.EndGame(bg, b, End{Winner: -1, Reason: "aborted"}); err != nil {
		t.Fatal(err)
	}
	if err := s.SetClock(bg, b, 0, d, r); !errors.Is(err, ErrGameOver) {
		t.Fatalf("a clock for an ended game: %v", err)
	}
	if gs, _ := s.ActiveGamesOf(bg, "alice"); len(gs) != 1 {
		t.Fatalf("alice's active games after one ended: %+v", gs)
	}
}
