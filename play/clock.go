package play

import (
	"context"
	"fmt"
	"time"

	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/games"
	"github.com/bermudachess/bermuda/holiday"
)

// A turn's clock is its stored deadline and reminder, which a scheduler
// judges. The clock of the player to act stands still during their
// holidays, by the one rule of package holiday (the time a turn's clock has
// run outside the player's holidays); planned holidays count too.

// FromStored is a stored holiday for package holiday.
func FromStored(h db.Holiday) holiday.Holiday {
	return holiday.Holiday{Start: h.Start, End: h.End, EndedAt: h.EndedAt}
}

// HolidaysOf lists userID's holidays not over by since, as stored and for
// package holiday.
func (p *Service) HolidaysOf(ctx context.Context, userID string, since time.Time) ([]db.Holiday, []holiday.Holiday, error) {
	if userID == "" {
		return nil, nil, nil
	}
	rows, err := p.store.Holidays(ctx, userID, since)
	if err != nil {
		return nil, nil, fmt.Errorf("reading the holidays of %s: %w", userID, err)
	}
	hs := make([]holiday.Holiday, len(rows))
	for i, h := range rows {
		hs[i] = FromStored(h)
	}
	return rows, hs, nil
}

// turnClock is the deadline and reminder (if remind) of a turn of days
// per move that who is to act in, started at turnStart.
func (p *Service) turnClock(ctx context.Context, who string, turnStart time.Time, days int, remind bool) (deadline, reminder time.Time, err error) {
	_, hs, err := p.HolidaysOf(ctx, who, turnStart)
	if err != nil {
		return time.Time{}, time.Time{}, err
	}
	deadline, reminder = holiday.Clock(turnStart, time.Duration(days)*holiday.Day, remind, holiday.Spans(hs))
	return deadline, reminder, nil
}

// Deadlines gives the deadline and reminder time of the turn starting now
// in game g (row) after ply number plies has been stored: the reminder
// only once both have moved; none if over (no clock runs).
func (p *Service) Deadlines(ctx context.Context, row db.Game, g games.Game, plies int, over bool) (deadline, remind time.Time, err error) {
	if over {
		return time.Time{}, time.Time{}, nil
	}
	return p.turnClock(ctx, row.Players[g.Turn().Player], p.now(), row.Days, plies >= 2)
}
