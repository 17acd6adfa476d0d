// Package holiday is the arithmetic of players' holidays in correspondence
// games: while a player is on holiday their clock stands still in every
// game, and each player has Allowance days of holiday in any rolling Year.
//
// One rule judges time: Deadline says when a clock started at a turn's
// start has run a given time outside the player's holidays. A turn's
// deadline and its reminder (at 80% of the time) both come from it, so a
// holiday moves both and nothing else has to know about holidays.
//
// Days are counted whole: a holiday of N days uses N days; one ended early
// uses the days it was begun on (a day begun counts as a whole day, so 2
// days and 1 hour use 3), and the rest are given back. Each day of a
// holiday counts against the allowance from the instant it begins (the
// holiday's start plus whole days) until a Year after that instant; the
// days still ahead in a running holiday count already.
//
// A holiday may be planned: it starts at an instant up to MaxAhead ahead.
// Its span lies in the future, which the one rule handles as any other:
// a clock runs until the span starts, stands still, and resumes. A planned
// holiday's days count against the allowance from the moment it is
// planned (simple and conservative: the allowance left when planning must
// cover it, and days coming back before it begins are not lent ahead).
// Cancelling it before it begins (End) gives all its days back. A player
// has at most one holiday running or planned at a time. The package uses
// only the standard library.
package holiday

import (
	"errors"
	"fmt"
	"sort"
	"time"
)

const (
	// Day is one day of holiday.
	Day = 24 * time.Hour
	// Year is the rolling window the allowance is counted in.
	Year = 365 * Day
	// Allowance is how many days of holiday a player has in any Year.
	Allowance = 30
	// MaxAhead is how far ahead a holiday may be planned.
	MaxAhead = 90 * Day
)

// Span is a stretch of time [Start, End) during which a clock stands still.
type Span struct{ Start, End time.Time }

// Deadline is the instant when a clock started at turnStart has run for
// run, not counting the time inside spans (which may be given in any
// order and may overlap). A deadline that falls exactly where a span
// begins is that instant: the time ran out before the holiday.
func Deadline(turnStart time.Time, run time.Duration, spans []Span) time.Time {
	sorted := append([]Span(nil), spans...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].Start.Before(sorted[j].Start) })
	t, left := turnStart, run
	for _, s := range sorted {
		if !s.End.After(t) || !s.End.After(s.Start) {
			continue // over before the clock got here, or empty
		}
		if s.Start.After(t) {
			gap := s.Start.Sub(t)
			if left <= gap {
				return t.Add(left)
			}
			left -= gap
		}
		t = s.End // the clock stands still until the span ends
	}
	return t.Add(left)
}

// Clock is a turn's deadline and reminder by the one rule: the deadline
// when period has run, the reminder when 80% of it has (only if remind,
// else zero).
func Clock(turnStart time.Time, period time.Duration, remind bool, spans []Span) (deadline, reminder time.Time) {
	deadline = Deadline(turnStart, period, spans)
	if remind {
		reminder = Deadline(turnStart, period*8/10, spans)
	}
	return deadline, reminder
}

// Holiday is one holiday as stored: from Start until the planned End, or
// until EndedAt if the player ended it early (zero otherwise).
type Holiday struct {
	Start, End, EndedAt time.Time
}

// Until is when the holiday ends (ended or not).
func (h Holiday) Until() time.Time {
	if !h.EndedAt.IsZero() && h.EndedAt.Before(h.End) {
		return h.EndedAt
	}
	return h.End
}

// Span is the time the player's clocks stand still.
func (h Holiday) Span() Span { return Span{h.Start, h.Until()} }

// Days is how many days the holiday uses: its length in days, a day begun
// counting as a whole day.
func (h Holiday) Days() int { return wholeDays(h.Until().Sub(h.Start)) }

// PlannedDays is how many days it was started for.
func (h Holiday) PlannedDays() int { return wholeDays(h.End.Sub(h.Start)) }

// Running reports whether the holiday is on at instant at.
func (h Holiday) Running(at time.Time) bool {
	return !at.Before(h.Start) && at.Before(h.Until())
}

// Planned reports whether the holiday is still to begin at instant at
// (and was not cancelled).
func (h Holiday) Planned(at time.Time) bool {
	return h.Start.After(at) && h.Until().After(h.Start)
}

func wholeDays(d time.Duration) int {
	if d <= 0 {
		return 0
	}
	return int((d + Day - 1) / Day)
}

// Spans are the holidays' spans.
func Spans(hs []Holiday) []Span {
	out := make([]Span, 0, len(hs))
	for _, h := range hs {
		out = append(out, h.Span())
	}
	return out
}

// Current is the holiday running at instant at, if any.
func Current(hs []Holiday, at time.Time) (Holiday, bool) {
	for _, h := range hs {
		if h.Running(at) {
			return h, true
		}
	}
	return Holiday{}, false
}

// Next is the holiday running at instant at or, if none, the one planned
// to begin soonest after it.
func Next(hs []Holiday, at time.Time) (Holiday, bool) {
	if h, ok := Current(hs, at); ok {
		return h, true
	}
	var next Holiday
	found := false
	for _, h := range hs {
		if h.Planned(at) && (!found || h.Start.Before(next.Start)) {
			next, found = h, true
		}
	}
	return next, found
}

// dayStarts lists the instant each used day of each holiday begins,
// planned ones included.
func dayStarts(hs []Holiday) []time.Time {
	var out []time.Time
	for _, h := range hs {
		for k := 0; k < h.Days(); k++ {
			out = append(out, h.Start.Add(time.Duration(k)*Day))
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Before(out[j]) })
	return out
}

// Used is how many days count against the allowance at instant at: the
// days begun in the Year before it, those still ahead in a running
// holiday, and all those of a planned one (hs are the holidays known at
// at: one planned counts from the moment it is planned).
func Used(hs []Holiday, at time.Time) int {
	n := 0
	for _, d := range dayStarts(hs) {
		if d.After(at.Add(-Year)) {
			n++
		}
	}
	return n
}

// Remaining is how many days of holiday are left at instant at.
func Remaining(hs []Holiday, at time.Time) int { return max(0, Allowance-Used(hs, at)) }

// NextReturn is when the next used day comes back to the allowance after
// instant at (the earliest day counted now, a Year on); zero if none is
// counted.
func NextReturn(hs []Holiday, at time.Time) time.Time {
	for _, d := range dayStarts(hs) {
		if d.After(at.Add(-Year)) {
			return d.Add(Year)
		}
	}
	return time.Time{}
}

// Why a holiday cannot start.
var (
	ErrRunning = errors.New("a holiday is already running")
	ErrPlanned = errors.New("a holiday is already planned")
	ErrOverdue = errors.New("a move is overdue")
	ErrPast    = errors.New("the start has passed")
	ErrTooFar  = errors.New("the start is too far ahead")
)

// DaysError refuses a holiday's length: at least 1, at most Remaining.
type DaysError struct{ Asked, Remaining int }

func (e *DaysError) Error() string {
	return fmt.Sprintf("%d days of holiday asked, %d left", e.Asked, e.Remaining)
}

// Start checks and makes a holiday of days days starting at from (now or
// up to MaxAhead later), asked at now by a player whose holidays so far
// are hs and whose clocks running now (the deadlines of the games where
// they are to act) are deadlines: from may not have passed nor lie more
// than MaxAhead ahead; no holiday may be running or planned (the error
// comes with it); no deadline may have passed (a deadline at now has);
// and days must be between 1 and Remaining at now.
func Start(hs []Holiday, now, from time.Time, days int, deadlines []time.Time) (Holiday, error) {
	switch {
	case from.Before(now):
		return Holiday{}, ErrPast
	case from.Sub(now) > MaxAhead:
		return Holiday{}, ErrTooFar
	}
	if h, ok := Next(hs, now); ok {
		if h.Running(now) {
			return h, ErrRunning
		}
		return h, ErrPlanned
	}
	for _, d := range deadlines {
		if !d.IsZero() && !d.After(now) {
			return Holiday{}, ErrOverdue
		}
	}
	if left := Remaining(hs, now); days < 1 || days > left {
		return Holiday{}, &DaysError{Asked: days, Remaining: left}
	}
	return Holiday{Start: from, End: from.Add(time.Duration(days) * Day)}, nil
}

// ErrNotRunning: there is no holiday to end or cancel.
var ErrNotRunning = errors.New("no holiday is running or planned")

// End ends the holiday h at now: a running one early, the days not begun
// given back; a planned one is cancelled (it ends as it begins, an empty
// span), all its days given back. given is how many.
func End(h Holiday, now time.Time) (ended Holiday, given int, err error) {
	ended = h
	switch {
	case h.Running(now):
		ended.EndedAt = now
	case h.Planned(now):
		ended.EndedAt = h.Start
	default:
		return h, 0, ErrNotRunning
	}
	return ended, h.Days() - ended.Days(), nil
}
