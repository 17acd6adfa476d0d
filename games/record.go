package games

import (
	"fmt"
)

// Ply is one move as stored: its canonical notation and the dice rolled
// while playing it (including any throw that starts the next turn).
type Ply struct {
	Move  string
	Rolls []int
}

// Record is a whole game as data: replaying it rebuilds the exact state.
type Record struct {
	Variant    string
	Setup      string // "" means the variant's start position
	StartRolls []int  // dice rolled by Begin (colour throws), if any
	Plies      []Ply
}

// Start creates a game and runs its opening dice, if the variant has any.
// It returns the rolls to store as Record.StartRolls.
func Start(variant, setup string, r Roller) (Game, []int, []Event, error) {
	g, err := NewGame(variant, setup)
	if err != nil {
		return nil, nil, nil, err
	}
	st, ok := g.(Starter)
	if !ok {
		return g, nil, nil, nil
	}
	d := NewDice(r)
	evs, err := st.Begin(d)
	if err == nil {
		err = d.Err()
	}
	if err != nil {
		return nil, nil, nil, fmt.Errorf("starting the game: %w", err)
	}
	return g, d.Rolls(), evs, nil
}

// Apply parses text against g and plays it on a copy, rolling through r.
// g itself is never changed: on any error the caller still holds the old
// position. It returns the new state, the ply to store, and the events.
func Apply(g Game, text string, r Roller) (Game, Ply, []Event, error) {
	if o := g.Outcome(); o.Over {
		return nil, Ply{}, nil, fmt.Errorf("the game is over (%s)", o.Reason)
	}
	m, err := parse(g, text)
	if err != nil {
		return nil, Ply{}, nil, err
	}
	next := g.Clone()
	d := NewDice(r)
	evs, err := next.Play(m, d)
	if err == nil {
		err = d.Err()
	}
	if err != nil {
		return nil, Ply{}, nil, err
	}
	return next, Ply{Move: m.Notation, Rolls: d.Rolls()}, evs, nil
}

// ReplayError says which ply of a stored game could not be replayed.
type ReplayError struct {
	Ply  int // 1-based; 0 for the start
	Move string
	Err  error
}

func (e *ReplayError) Error() string {
	if e.Ply == 0 {
		return fmt.Sprintf("replay failed at the start: %v", e.Err)
	}
	return fmt.Sprintf("replay failed at ply %d (%q): %v", e.Ply, e.Move, e.Err)
}

func (e *ReplayError) Unwrap() error { return e.Err }

// Replay rebuilds a game from its record. Every recorded roll must be used
// exactly where it was rolled: a missing or extra roll is an error, so a
// tampered log is detected rather than silently repaired.
func Replay(rec Record) (Game, error) { return ReplayEach(rec, nil) }

// ReplayStep is one ply as ReplayEach replays it: the position before it,
// the legal move played (its Notation and Side; Label and Aliases may be
// empty, see NotationLookup), and what happened.
type ReplayStep struct {
	Index  int  // 0-based ply number
	Before Game // the position the move was played in; do not change it
	Move   Move
	Events []Event
}

// ReplayEach is Replay calling visit (if not nil) after the start, with
// Index -1 and the start events, and then after every ply.
func ReplayEach(rec Record, visit func(ReplayStep)) (Game, error) {
	start := Script(rec.StartRolls...)
	g, _, evs, err := Start(rec.Variant, rec.Setup, start)
	if err != nil {
		return nil, &ReplayError{Err: err}
	}
	if start.Remaining() != 0 {
		return nil, &ReplayError{Err: fmt.Errorf("%d start rolls were recorded but not needed", start.Remaining())}
	}
	if visit != nil {
		visit(ReplayStep{Index: -1, Before: g, Events: evs})
	}
	for i, p := range rec.Plies {
		s := Script(p.Rolls...)
		next, ply, evs, err := Apply(g, p.Move, s)
		if err != nil {
			return nil, &ReplayError{Ply: i + 1, Move: p.Move, Err: err}
		}
		if s.Remaining() != 0 {
			return nil, &ReplayError{Ply: i + 1, Move: p.Move, Err: fmt.Errorf("%d rolls were recorded but not needed", s.Remaining())}
		}
		if ply.Move != p.Move {
			return nil, &ReplayError{Ply: i + 1, Move: p.Move, Err: fmt.Errorf("stored notation is not canonical (canonical: %q)", ply.Move)}
		}
		if visit != nil {
			m, _ := parse(g, p.Move) // Apply just accepted it
			visit(ReplayStep{Index: i, Before: g, Move: m, Events: evs})
		}
		g = next
	}
	return g, nil
}
