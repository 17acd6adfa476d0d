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
	if _, err := s.AddHoliday(bg, Holiday{UserID: "ann", Start: t0, End: t0}, nil); err == nil {
		t.Fatal("an empty holiday was stored")
	}
	id, err := s.AddHoliday(bg, Holiday{UserID: "ann", Start: t0, End: t0.Add(5 * day)}, nil)
	if err != nil {
		t.Fatal(err)
	}
	// A second one while the first runs, even starting later, is refused;
	// another player's is not.
	if _, err := s.AddHoliday(bg, Holiday{UserID: "ann", Start: t0.Add(4 * day), End: t0.Add(6 * day)}, nil); !errors.Is(err, ErrHolidayRunning) {
		t.Fatalf("a second running holiday: %v", err)
	}
	if _, err := s.AddHoliday(bg, Holiday{UserID: "bob", Start: t0, End: t0.Add(day)}, nil); err != nil {
		t.Fatal(err)
	}
	hs, err := s.Holidays(bg, "ann", t0)
	if err != nil || len(hs) != 1 || hs[0].ID != id || !hs[0].Start.Equal(t0) || !hs[0].End.Equal(t0.Add(5*day)) || !hs[0].EndedAt.IsZero() {
		t.Fatalf("ann's holidays: %+v, %v", hs, err)
	}
	// Only the player may end it, only while it runs, once.
	if _, err := s.EndHoliday(bg, "bob", id, t0.Add(day), nil); !errors.Is(err, ErrNotFound) {
		t.Fatalf("bob ended ann's holiday: %v", err)
	}
	if _, err := s.EndHoliday(bg, "ann", id, t0.Add(5*day), nil); !errors.Is(err, ErrNotFound) {
		t.Fatalf("ended after it was over: %v", err)
	}
	ended, err := s.EndHoliday(bg, "ann", id, t0.Add(2*day), nil)
	if err != nil || !ended.EndedAt.Equal(t0.Add(2*day)) || !ended.End.Equal(t0.Add(5*day)) {
		t.Fatalf("ending early: %+v, %v", ended, err)
	}
	if _, err := s.EndHoliday(bg, "ann", id, t0.Add(3*day), nil); !errors.Is(err, ErrNotFound) {
		t.Fatalf("ended twice: %v", err)
	}
	// Ended, a new one may start; lists leave out those over before since.
	id2, err := s.AddHoliday(bg, Holiday{UserID: "ann", Start: t0.Add(3 * day), End: t0.Add(4 * day)}, nil)
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
			_, errs[i] = s.AddHoliday(bg, Holiday{UserID: "cat", Start: t0, End: t0.Add(day)}, nil)
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

func TestHolidayClocksAllOrNothing(t *testing.T) { withStore(t, testHolidayClocks) }

func testHolidayClocks(t *testing.T, s *sqlStore) {
	t0 := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	a := newToyGame(t, s, "g1")
	b := newToyGame(t, s, "g2")
	if _, err := s.CreateGame(bg, Game{GuildID: "g1", Variant: "dbtoy", Players: [2]string{"cat", "bob"}, Days: 3}); err != nil {
		t.Fatal(err)
	}
	gs, err := s.PlayerActiveGames(bg, "alice")
	if err != nil || len(gs) != 2 || gs[0].ID != a || gs[1].ID != b {
		t.Fatalf("alice's games in every server: %+v, %v", gs, err)
	}
	if _, err := play(t, s, a, "pass", nil); err != nil {
		t.Fatal(err)
	}
	d, r := t0.Add(9*24*time.Hour), t0.Add(8*24*time.Hour)
	h := Holiday{UserID: "alice", Start: t0, End: t0.Add(5 * 24 * time.Hour)}
	// A clock for a turn already played: nothing is stored, not even the holiday.
	if _, err := s.AddHoliday(bg, h, []Clock{{GameID: b, Ply: 0, Deadline: d}, {GameID: a, Ply: 0, Deadline: d, ReminderAt: r}}); !errors.Is(err, ErrPositionChanged) {
		t.Fatalf("a clock for a turn already played: %v", err)
	}
	if hs, _ := s.Holidays(bg, "alice", time.Time{}); len(hs) != 0 {
		t.Fatalf("the holiday was stored without its clocks: %+v", hs)
	}
	if g, _ := s.Game(bg, b); g.Deadline.Equal(d) {
		t.Fatal("a clock was stored although the holiday was not")
	}
	id, err := s.AddHoliday(bg, h, []Clock{{GameID: a, Ply: 1, Deadline: d, ReminderAt: r}, {GameID: b, Ply: 0, Deadline: d}})
	if err != nil {
		t.Fatal(err)
	}
	if g, err := s.Game(bg, a); err != nil || !g.Deadline.Equal(d) || !g.ReminderAt.Equal(r) || g.ReminderSent {
		t.Fatalf("after the holiday began: %+v, %v", g, err)
	}
	if due, err := s.DueTimeouts(bg, d.Add(-time.Millisecond)); err != nil || len(due) != 0 {
		t.Fatalf("due before the new deadline: %+v, %v", due, err)
	}
	if due, err := s.DueTimeouts(bg, d); err != nil || len(due) != 2 {
		t.Fatalf("due at the new deadline: %+v, %v", due, err)
	}
	// Ending it early with a clock of an ended game stores nothing.
	if _, err := s.EndGame(bg, b, End{Winner: -1, Reason: "aborted"}); err != nil {
		t.Fatal(err)
	}
	early := t0.Add(24 * time.Hour)
	if _, err := s.EndHoliday(bg, "alice", id, early, []Clock{{GameID: a, Ply: 1, Deadline: early}, {GameID: b, Ply: 0, Deadline: early}}); !errors.Is(err, ErrGameOver) {
		t.Fatalf("a clock for an ended game: %v", err)
	}
	if hs, _ := s.Holidays(bg, "alice", time.Time{}); len(hs) != 1 || !hs[0].EndedAt.IsZero() {
		t.Fatalf("the holiday ended without its clocks: %+v", hs)
	}
	if _, err := s.EndHoliday(bg, "alice", id, early, []Clock{{GameID: a, Ply: 1, Deadline: early}}); err != nil {
		t.Fatal(err)
	}
	if g, _ := s.Game(bg, a); !g.Deadline.Equal(early) || !g.ReminderAt.IsZero() {
		t.Fatalf("after the holiday ended: deadline %v, reminder %v", g.Deadline, g.ReminderAt)
	}
	if gs, _ := s.PlayerActiveGames(bg, "alice"); len(gs) != 1 {
		t.Fatalf("alice's active games after one ended: %+v", gs)
	}
}

func TestHolidaysOverAreClaimedOnce(t *testing.T) { withStore(t, testHolidaysOver) }

func testHolidaysOver(t *testing.T, s *sqlStore) {
	day := 24 * time.Hour
	t0 := time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)
	full, err := s.AddHoliday(bg, Holiday{UserID: "ann", Start: t0, End: t0.Add(2 * day)}, nil)
	if err != nil {
		t.Fatal(err)
	}
	early, err := s.AddHoliday(bg, Holiday{UserID: "bob", Start: t0, End: t0.Add(day)}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.EndHoliday(bg, "bob", early, t0.Add(time.Hour), nil); err != nil {
		t.Fatal(err)
	}
	if hs, err := s.HolidaysOver(bg, t0.Add(2*day-time.Millisecond)); err != nil || len(hs) != 0 {
		t.Fatalf("over before its end: %+v, %v", hs, err)
	}
	// Only the one that ran its course is over (an early end is told by
	// /vacation end); of several claims, one wins.
	hs, err := s.HolidaysOver(bg, t0.Add(2*day))
	if err != nil || len(hs) != 1 || hs[0].ID != full {
		t.Fatalf("holidays over: %+v, %v", hs, err)
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	wins := 0
	for i := 0; i < 6; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ok, err := s.ClaimReturn(bg, full, t0.Add(2*day))
			if err != nil {
				t.Error(err)
			}
			if ok {
				mu.Lock()
				wins++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if wins != 1 {
		t.Fatalf("%d claims won, want 1", wins)
	}
	if ok, err := s.ClaimReturn(bg, early, t0.Add(3*day)); ok || err != nil {
		t.Fatalf("an early-ended holiday was claimed: %v %v", ok, err)
	}
	if hs, err := s.HolidaysOver(bg, t0.Add(3*day)); err != nil || len(hs) != 0 {
		t.Fatalf("still over after the claim: %+v, %v", hs, err)
	}
}

func TestHolidayPlannedAndCancelled(t *testing.T) { withStore(t, testHolidayPlanned) }

// A holiday planned ahead: stored with when it was asked for; while it is
// planned no other may be added, even one after it; cancelled before it
// begins, it ends as it begins (an empty span, left out of the lists and
// never "over"), its clocks are stored with it, and a new one may follow.
func testHolidayPlanned(t *testing.T, s *sqlStore) {
	day := 24 * time.Hour
	t0 := time.Date(2026, 6, 1, 9, 0, 0, 0, time.UTC)
	g := newToyGame(t, s, "g1")
	if _, err := s.AddHoliday(bg, Holiday{UserID: "alice", Start: t0, End: t0.Add(day), PlannedAt: t0.Add(time.Hour)}, nil); err == nil {
		t.Fatal("a holiday planned after its start was stored")
	}
	planned := Holiday{UserID: "alice", PlannedAt: t0, Start: t0.Add(2 * day), End: t0.Add(5 * day)}
	moved := t0.Add(6 * day)
	id, err := s.AddHoliday(bg, planned, []Clock{{GameID: g, Ply: 0, Deadline: moved}})
	if err != nil {
		t.Fatal(err)
	}
	hs, err := s.Holidays(bg, "alice", t0)
	if err != nil || len(hs) != 1 || !hs[0].PlannedAt.Equal(t0) || !hs[0].Start.Equal(planned.Start) || !hs[0].EndedAt.IsZero() {
		t.Fatalf("the planned holiday: %+v, %v", hs, err)
	}
	for _, later := range []Holiday{
		{UserID: "alice", PlannedAt: t0.Add(time.Hour), Start: t0.Add(10 * day), End: t0.Add(11 * day)}, // after it
		{UserID: "alice", Start: t0.Add(time.Hour), End: t0.Add(day)},                                   // before it, from now
	} {
		if _, err := s.AddHoliday(bg, later, nil); !errors.Is(err, ErrHolidayRunning) {
			t.Fatalf("a second holiday while one is planned (%v): %v", later.Start, err)
		}
	}
	// Cancelled a day before it begins: the clock is stored back.
	back := t0.Add(3 * day)
	cancelled, err := s.EndHoliday(bg, "alice", id, t0.Add(day), []Clock{{GameID: g, Ply: 0, Deadline: back}})
	if err != nil || !cancelled.EndedAt.Equal(planned.Start) || !cancelled.End.Equal(planned.End) {
		t.Fatalf("cancelling a planned holiday: %+v, %v", cancelled, err)
	}
	if row, _ := s.Game(bg, g); !row.Deadline.Equal(back) {
		t.Fatalf("the clock after cancelling: %v, want %v", row.Deadline, back)
	}
	if _, err := s.EndHoliday(bg, "alice", id, t0.Add(day+time.Hour), nil); !errors.Is(err, ErrNotFound) {
		t.Fatalf("cancelled twice: %v", err)
	}
	if hs, err := s.Holidays(bg, "alice", time.Time{}); err != nil || len(hs) != 0 {
		t.Fatalf("a cancelled holiday is listed: %+v, %v", hs, err)
	}
	if hs, err := s.HolidaysOver(bg, t0.Add(30*day)); err != nil || len(hs) != 0 {
		t.Fatalf("a cancelled holiday is over: %+v, %v", hs, err)
	}
	// A new one may be planned at once, even across the cancelled span.
	if _, err := s.AddHoliday(bg, Holiday{UserID: "alice", PlannedAt: t0.Add(day), Start: t0.Add(day + time.Hour), End: t0.Add(4 * day)}, nil); err != nil {
		t.Fatalf("a new holiday after a cancelled one: %v", err)
	}
}
