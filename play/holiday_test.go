package play

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/bermudachess/bermuda/holiday"
)

// A holiday started now stops the clock of the turn its player is to act
// in (the deadline moves by its length); a second is refused by the
// holiday rules; ending it early gives days back and the clock runs again.
func TestHolidayStartAndEndMoveTheClocks(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	id := f.game("chess") // ann to act
	before, _ := f.store.Game(ctx, id)
	now := func(at time.Time) (time.Time, error) { return at, nil }
	c, err := f.p.StartHoliday(ctx, ann, 5, now)
	if err != nil || c.Holiday.Days() != 5 || len(c.Held) != 1 || !c.Held[0].ToAct {
		t.Fatalf("start: %+v, %v", c, err)
	}
	after, _ := f.store.Game(ctx, id)
	if moved := after.Deadline.Sub(before.Deadline); moved < 4*24*time.Hour {
		t.Fatalf("the deadline moved by %v for a 5-day holiday", moved)
	}
	var ref *HolidayRefusal
	if _, err := f.p.StartHoliday(ctx, ann, 2, now); !errors.As(err, &ref) || !errors.Is(err, holiday.ErrRunning) {
		t.Fatalf("a second holiday: %v", err)
	}
	e, err := f.p.EndHoliday(ctx, ann)
	if err != nil || e.Cancelled || e.Given < 4 {
		t.Fatalf("end: %+v, %v", e, err)
	}
	if back, _ := f.store.Game(ctx, id); back.Deadline.After(before.Deadline.Add(25 * time.Hour)) {
		t.Fatalf("after the holiday ended: deadline %v, was %v", back.Deadline, before.Deadline)
	}
	if _, err := f.p.EndHoliday(ctx, ann); !errors.Is(err, ErrNoHoliday) {
		t.Fatalf("ending a holiday twice: %v", err)
	}
}
