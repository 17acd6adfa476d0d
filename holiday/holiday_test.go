package holiday

import (
	"errors"
	"testing"
	"time"
)

var t0 = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

func at(days float64) time.Time { return t0.Add(time.Duration(days * float64(Day))) }

func span(from, to float64) Span { return Span{at(from), at(to)} }

func TestDeadline(t *testing.T) {
	for _, c := range []struct {
		name  string
		start float64 // the turn's start, in days after t0
		run   float64 // days of clock
		spans []Span
		want  float64
	}{
		{"no holiday", 0, 3, nil, 3},
		{"a holiday before the turn changes nothing", 5, 3, []Span{span(0, 4)}, 8},
		{"a holiday after the deadline changes nothing", 0, 3, []Span{span(3, 10)}, 3},
		{"the clock is stopped from the turn's start", 0, 3, []Span{span(0, 5)}, 8},
		{"a turn that starts during a holiday waits for its end", 2, 3, []Span{span(0, 5)}, 8},
		{"a holiday starting mid-turn adds its length", 0, 3, []Span{span(1, 6)}, 8},
		{"a holiday ended early adds only the time taken", 0, 3, []Span{span(1, 2.5)}, 4.5},
		{"two holidays in one turn add both", 0, 3, []Span{span(1, 2), span(2.5, 4.5)}, 6},
		{"two holidays given in any order", 0, 3, []Span{span(2.5, 4.5), span(1, 2)}, 6},
		{"overlapping spans count their union once", 0, 3, []Span{span(1, 4), span(2, 5)}, 7},
		{"an empty span (ended at once) changes nothing", 0, 3, []Span{span(1, 1)}, 3},
		{"a reminder at 80% moves the same way", 0, 2.4, []Span{span(1, 6)}, 7.4},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := Deadline(at(c.start), time.Duration(c.run*float64(Day)), c.spans)
			if !got.Equal(at(c.want)) {
				t.Errorf("Deadline = day %.2f, want day %.2f", got.Sub(t0).Hours()/24, c.want)
			}
		})
	}
}

func TestClockOverlappingGamesWithDifferentTurnStarts(t *testing.T) {
	// One holiday of 5 days from day 10 stops the clocks of three games
	// whose turns began at different times: each keeps the time it had left.
	h := []Span{span(10, 15)}
	for _, c := range []struct {
		start, period   float64
		remind          bool
		deadline, remRe float64
	}{
		{start: 9, period: 3, remind: true, deadline: 17, remRe: 16.4},    // 1 day used before: 2 left after
		{start: 8, period: 1, remind: true, deadline: 9, remRe: 8.8},      // ran out before the holiday: unchanged
		{start: 12, period: 7, remind: false, deadline: 22, remRe: -1},    // began on holiday: starts at its end
		{start: 5, period: 5.5, remind: true, deadline: 15.5, remRe: 9.4}, // 5 used, half a day left after
		{start: 5, period: 5, remind: true, deadline: 10, remRe: 9},       // ran out as the holiday began
	} {
		d, r := Clock(at(c.start), time.Duration(c.period*float64(Day)), c.remind, h)
		if !d.Equal(at(c.deadline)) {
			t.Errorf("turn from day %v (%v days): deadline day %.2f, want %v", c.start, c.period, d.Sub(t0).Hours()/24, c.deadline)
		}
		if c.remind && !r.Equal(at(c.remRe)) || !c.remind && !r.IsZero() {
			t.Errorf("turn from day %v (%v days): reminder %v, want day %v", c.start, c.period, r, c.remRe)
		}
	}
}

func TestDaysUsedAndGivenBack(t *testing.T) {
	h := Holiday{Start: at(0), End: at(5)}
	if h.Days() != 5 || h.PlannedDays() != 5 || !h.Running(at(0)) || h.Running(at(5)) || !h.Until().Equal(at(5)) {
		t.Fatalf("a 5-day holiday: days %d, running at start %v, at end %v", h.Days(), h.Running(at(0)), h.Running(at(5)))
	}
	for _, c := range []struct {
		endAt      float64
		used, give int
	}{
		{2, 2, 3},          // two whole days taken
		{2 + 1.0/24, 3, 2}, // a day begun counts as a whole day
		{0.001, 1, 4},      // so does the first, however short
		{0, 0, 5},          // ended the instant it began: all given back
		{4.9999, 5, 0},     // nothing left to give back
	} {
		ended, given, err := End(h, at(c.endAt))
		if err != nil || ended.Days() != c.used || given != c.give || ended.PlannedDays() != 5 {
			t.Errorf("ended at day %v: used %d, given back %d, %v; want %d and %d", c.endAt, ended.Days(), given, err, c.used, c.give)
		}
		if ended.Running(at(c.endAt)) || !ended.Span().End.Equal(at(c.endAt)) {
			t.Errorf("ended at day %v: still running, span %v", c.endAt, ended.Span())
		}
	}
	if _, _, err := End(h, at(5)); !errors.Is(err, ErrNotRunning) {
		t.Errorf("ending a holiday that is over: %v", err)
	}
	// Not begun: cancelled, all days given back, an empty span.
	cancelled, given, err := End(h, at(-1))
	if err != nil || given != 5 || cancelled.Days() != 0 || !cancelled.EndedAt.Equal(at(0)) || cancelled.Planned(at(-1)) {
		t.Errorf("cancelling a holiday not begun: %+v, %d given, %v", cancelled, given, err)
	}
	if _, _, err := End(cancelled, at(-0.5)); !errors.Is(err, ErrNotRunning) {
		t.Errorf("cancelling twice: %v", err)
	}
}

func TestRollingYearAllowance(t *testing.T) {
	hs := []Holiday{
		{Start: at(0), End: at(10)},                        // 10 days
		{Start: at(100), End: at(120), EndedAt: at(105.5)}, // ended early: 6 days
	}
	for _, c := range []struct {
		name string
		at   float64
		used int
		next float64 // when the next day comes back (-1: none)
	}{
		{"between the two (the second, planned, counts already)", 50, 16, 365},
		{"after both", 200, 16, 365},
		{"the first day comes back a year after it began", 365, 15, 366},
		{"a moment before, it still counts", 364.999, 16, 365},
		{"the first holiday has all come back", 375, 6, 465},
		{"all back", 471, 0, -1},
	} {
		t.Run(c.name, func(t *testing.T) {
			if u := Used(hs, at(c.at)); u != c.used {
				t.Errorf("used %d, want %d", u, c.used)
			}
			if r := Remaining(hs, at(c.at)); r != Allowance-c.used {
				t.Errorf("remaining %d, want %d", r, Allowance-c.used)
			}
			next := NextReturn(hs, at(c.at))
			if c.next < 0 && !next.IsZero() || c.next >= 0 && !next.Equal(at(c.next)) {
				t.Errorf("next day back %v, want day %v", next, c.next)
			}
		})
	}
}

func TestStartChecks(t *testing.T) {
	past := []Holiday{{Start: at(0), End: at(25)}} // 25 days used
	now := at(30)
	if h, err := Start(past, now, now, 5, []time.Time{at(31)}); err != nil || !h.Start.Equal(now) || !h.End.Equal(at(35)) {
		t.Fatalf("5 of the 5 days left: %+v, %v", h, err)
	}
	var de *DaysError
	if _, err := Start(past, now, now, 6, nil); !errors.As(err, &de) || de.Remaining != 5 || de.Asked != 6 {
		t.Errorf("6 days with 5 left: %v", err)
	}
	if _, err := Start(nil, now, now, 0, nil); !errors.As(err, &de) || de.Remaining != Allowance {
		t.Errorf("0 days: %v", err)
	}
	if _, err := Start(nil, now, now, 31, nil); !errors.As(err, &de) {
		t.Errorf("31 days: %v", err)
	}
	if _, err := Start(past, now, now, 1, []time.Time{at(31), now}); !errors.Is(err, ErrOverdue) {
		t.Errorf("a deadline at this instant has passed: %v", err)
	}
	if _, err := Start(past, now, now, 1, []time.Time{{}, at(29)}); !errors.Is(err, ErrOverdue) {
		t.Errorf("an overdue move: %v", err)
	}
	running := []Holiday{{Start: at(28), End: at(33)}}
	if h, err := Start(running, now, now, 1, nil); !errors.Is(err, ErrRunning) || !h.End.Equal(at(33)) {
		t.Errorf("a second holiday while one runs: %+v %v", h, err)
	}
	// Ended early, a new one may start at once, with the days given back.
	ended, _, _ := End(running[0], at(29.5))
	if h, err := Start([]Holiday{ended}, now, now, Allowance-2, nil); err != nil || !h.End.Equal(at(58)) {
		t.Errorf("after one ended early: %+v %v", h, err)
	}
	// The days of a running holiday still ahead count already.
	if r := Remaining(running, at(28)); r != Allowance-5 {
		t.Errorf("remaining at a holiday's start: %d", r)
	}
	// The allowance is a rolling year: each day comes back a year after
	// it began, so all 25 are back a year after the last one began.
	if _, err := Start(past, at(365), at(365), 30, nil); !errors.As(err, &de) || de.Remaining != 6 {
		t.Errorf("a year after the first day: %v", err)
	}
	if _, err := Start(past, at(388), at(388), 30, nil); !errors.As(err, &de) || de.Remaining != 29 {
		t.Errorf("a day short of a year after the last day: %v", err)
	}
	if _, err := Start(past, at(389), at(389), 30, nil); err != nil {
		t.Errorf("a year after the last day: %v", err)
	}
}

// A holiday planned ahead: its span lies in the future; the clock runs
// until it starts, stands still, and resumes.
func TestDeadlineWithAPlannedHoliday(t *testing.T) {
	for _, c := range []struct {
		name        string
		start, run  float64
		spans       []Span
		want, remRe float64
	}{
		{"planned across the deadline: it waits the holiday's length", 0, 3, []Span{span(2, 7)}, 8, 7.4},
		{"planned after the reminder, before the deadline", 0, 3, []Span{span(2.5, 4.5)}, 5, 2.4},
		{"planned after the deadline: nothing moves", 0, 3, []Span{span(3.5, 8)}, 3, 2.4},
		{"planned to begin at the deadline: nothing moves", 0, 3, []Span{span(3, 8)}, 3, 2.4},
		{"cancelled (empty span): nothing moves", 0, 3, []Span{span(2, 2)}, 3, 2.4},
	} {
		t.Run(c.name, func(t *testing.T) {
			d, r := Clock(at(c.start), time.Duration(c.run*float64(Day)), true, c.spans)
			if !d.Equal(at(c.want)) || !r.Equal(at(c.remRe)) {
				t.Errorf("deadline day %.2f, reminder day %.2f; want %v and %v", d.Sub(t0).Hours()/24, r.Sub(t0).Hours()/24, c.want, c.remRe)
			}
		})
	}
}

func TestPlanningAhead(t *testing.T) {
	now := at(10)
	// The allowance: a planned holiday's days count from the moment it is
	// planned, even a year before some come back.
	planned, err := Start([]Holiday{{Start: at(-20), End: at(0)}}, now, at(40), 10, nil)
	if err != nil || !planned.Start.Equal(at(40)) || !planned.End.Equal(at(50)) || !planned.Planned(now) || planned.Running(now) {
		t.Fatalf("10 of the 10 days left, from day 40: %+v, %v", planned, err)
	}
	hs := []Holiday{{Start: at(-20), End: at(0)}, planned}
	if u := Used(hs, now); u != 30 {
		t.Errorf("used with a planned holiday: %d, want 30", u)
	}
	if h, ok := Next(hs, now); !ok || !h.Start.Equal(at(40)) {
		t.Errorf("next at day 10: %+v %v", h, ok)
	}
	if h, ok := Next(hs, at(25)); !ok || !h.Start.Equal(at(40)) {
		t.Errorf("next at day 25: %+v %v", h, ok)
	}
	for _, c := range []struct {
		name string
		hs   []Holiday
		from float64
		days int
		dls  []time.Time
		want error
	}{
		{"a past instant", nil, 9.99, 1, nil, ErrPast},
		{"more than 90 days ahead", nil, 100.01, 1, nil, ErrTooFar},
		{"one planned already", []Holiday{{Start: at(20), End: at(22)}}, 30, 1, nil, ErrPlanned},
		{"one running", []Holiday{{Start: at(9), End: at(12)}}, 30, 1, nil, ErrRunning},
		{"a move overdue at the time of asking", nil, 30, 1, []time.Time{at(10)}, ErrOverdue},
		{"the allowance must cover it when planned", []Holiday{{Start: at(-25), End: at(0)}}, 40, 6, nil, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Start(c.hs, now, at(c.from), c.days, c.dls)
			var de *DaysError
			if c.want == nil && (!errors.As(err, &de) || de.Remaining != 5) || c.want != nil && !errors.Is(err, c.want) {
				t.Errorf("got %v, want %v", err, c.want)
			}
		})
	}
	// Exactly now and exactly 90 days ahead are allowed; a cancelled plan
	// frees the way for a new one and gives its days back.
	if _, err := Start(nil, now, now, 1, nil); err != nil {
		t.Errorf("from now: %v", err)
	}
	if _, err := Start(nil, now, now.Add(MaxAhead), 1, nil); err != nil {
		t.Errorf("90 days ahead: %v", err)
	}
	cancelled, given, err := End(Holiday{Start: at(20), End: at(22)}, now)
	if err != nil || given != 2 {
		t.Fatalf("cancel: %d given, %v", given, err)
	}
	if h, err := Start([]Holiday{cancelled}, now, at(21), 30, nil); err != nil || !h.Start.Equal(at(21)) {
		t.Errorf("after a cancelled plan: %+v %v", h, err)
	}
}
