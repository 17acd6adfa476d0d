package play

import (
	"context"
	"errors"
	"time"

	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/holiday"
)

// A holiday's start or early end moves the clocks of the turns its player
// is to act in (MoveClocks), stored with the holiday in one transaction,
// by the rules of package holiday (30 days in any 365, planned at most 90
// days ahead, one at a time, none while a move is overdue).

// HolidayChange is a holiday started, planned, ended or cancelled, with the
// player's games as their clocks now stand.
type HolidayChange struct {
	Holiday   holiday.Holiday   // as started, or as ended
	All       []holiday.Holiday // the player's holidays, with it
	At        time.Time         // when it was asked
	Given     int               // EndHoliday: the days given back
	Cancelled bool              // EndHoliday: a planned one, cancelled before its start
	Held      []HeldGame
}

// HolidayRefusal is a start the holiday rules refused: Err is one of
// package holiday's (ErrPast, ErrTooFar, ErrRunning, ErrPlanned,
// ErrOverdue, *holiday.DaysError), with what a front end words it with:
// the start asked for, the holiday in the way, the player's holidays and
// games.
type HolidayRefusal struct {
	Err       error
	Now, From time.Time
	Holiday   holiday.Holiday
	Holidays  []holiday.Holiday
	Held      []HeldGame
}

func (e *HolidayRefusal) Error() string { return e.Err.Error() }
func (e *HolidayRefusal) Unwrap() error { return e.Err }

// ErrNoHoliday: EndHoliday for a player not on holiday, with none planned.
var ErrNoHoliday = errors.New("not on holiday, and none planned")

// StartHoliday starts userID's holiday of days, from from(now) (now, or
// planned ahead), and moves their clocks. Besides a *HolidayRefusal, an
// error of from, db.ErrHolidayRunning (one was stored meanwhile) or
// ErrClocksKeptChanging.
func (p *Service) StartHoliday(ctx context.Context, userID string, days int, from func(now time.Time) (time.Time, error)) (HolidayChange, error) {
	var c HolidayChange
	held, err := p.MoveClocks(ctx, userID, func(_ []db.Holiday, hs []holiday.Holiday, held []HeldGame) ([]holiday.Holiday, error) {
		now := p.now()
		start, err := from(now)
		if err != nil {
			return nil, err
		}
		var deadlines []time.Time
		for _, g := range held {
			if g.ToAct {
				deadlines = append(deadlines, g.Row.Deadline)
			}
		}
		h, err := holiday.Start(hs, now, start, days, deadlines)
		if err != nil {
			return nil, &HolidayRefusal{Err: err, Now: now, From: start, Holiday: h, Holidays: hs, Held: held}
		}
		c = HolidayChange{Holiday: h, All: append(hs, h), At: now}
		return c.All, nil
	}, func(clocks []db.Clock) error {
		_, err := p.store.AddHoliday(ctx, db.Holiday{UserID: userID, PlannedAt: c.At, Start: c.Holiday.Start, End: c.Holiday.End}, clocks)
		return err
	})
	c.Held = held
	return c, err
}

// EndHoliday ends userID's running holiday now (the days not begun given
// back), or cancels the one they plan (all given back), and moves their
// clocks. Errors: ErrNoHoliday, db.ErrNotFound (ended or cancelled
// meanwhile), ErrClocksKeptChanging.
func (p *Service) EndHoliday(ctx context.Context, userID string) (HolidayChange, error) {
	var c HolidayChange
	var stored db.Holiday
	held, err := p.MoveClocks(ctx, userID, func(rows []db.Holiday, hs []holiday.Holiday, _ []HeldGame) ([]holiday.Holiday, error) {
		now := p.now()
		next, ok := holiday.Next(hs, now)
		for i, h := range hs {
			if !ok || h != next {
				continue
			}
			ended, given, err := holiday.End(h, now)
			if err != nil {
				return nil, err
			}
			stored = rows[i]
			all := append(append([]holiday.Holiday(nil), hs[:i]...), ended)
			c = HolidayChange{Holiday: ended, All: append(all, hs[i+1:]...), At: now, Given: given, Cancelled: h.Planned(now)}
			return c.All, nil
		}
		return nil, ErrNoHoliday
	}, func(clocks []db.Clock) error {
		_, err := p.store.EndHoliday(ctx, userID, stored.ID, c.At, clocks)
		return err
	})
	c.Held = held
	return c, err
}
