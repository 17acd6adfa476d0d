package puzzles

import (
	"context"
	"fmt"
)

// VerifyError says why a puzzle fails its check (as opposed to a search
// that could not run).
type VerifyError struct {
	ID     string
	Ply    int // the solution move concerned, -1 for the puzzle as a whole
	Reason string
}

func (e *VerifyError) Error() string {
	if e.Ply < 0 {
		return fmt.Sprintf("puzzle %s: %s", e.ID, e.Reason)
	}
	return fmt.Sprintf("puzzle %s, move %d: %s", e.ID, e.Ply, e.Reason)
}

// CheckLegal checks a puzzle without searching: the position loads and
// is not over, every solution move is legal where it is played, only the
// last may roll dice, and the last is the solver's.
func CheckLegal(p *Puzzle) error {
	bad := func(ply int, format string, a ...any) error {
		return &VerifyError{ID: p.ID, Ply: ply, Reason: fmt.Sprintf(format, a...)}
	}
	if len(p.Solution) == 0 {
		return bad(-1, "no solution")
	}
	g, err := p.Start()
	if err != nil {
		return bad(-1, "%v", err)
	}
	solver := g.Turn().Player
	for i, n := range p.Solution {
		if g.Outcome().Over {
			return bad(i, "the game is already over")
		}
		m, ok := findLegal(g, n)
		if !ok {
			return bad(i, "%q is not a legal move", n)
		}
		last := i == len(p.Solution)-1
		if last {
			if g.Turn().Player != solver {
				return bad(i, "the solution ends with the opponent's move")
			}
			if _, err := rolls(g, m); err != nil {
				return bad(i, "%v", err)
			}
			break
		}
		if g, err = playNoDice(g, n); err != nil {
			return bad(i, "%v", err)
		}
	}
	return nil
}

// Verify re-checks a puzzle with the deeper search (Options.CheckNodes):
// CheckLegal, then at every solver move the solution's move must still
// be the best and clearly so, and a last move that rolls dice must still
// beat the second best in every way the dice can fall. A failed check is
// a *VerifyError; any other error is a search that could not run.
func Verify(ctx context.Context, p *Puzzle, opts Options) error {
	o := opts.withDefaults()
	if err := CheckLegal(p); err != nil {
		return err
	}
	solver, _ := p.Solver()
	for i, n := range p.Solution {
		g, err := p.At(i)
		if err != nil {
			return err
		}
		if g.Turn().Player != solver {
			continue
		}
		d, err := decide(ctx, g, o.CheckNodes, 0)
		if err != nil {
			return err
		}
		if d.best.Move.Notation != n {
			return &VerifyError{ID: p.ID, Ply: i, Reason: fmt.Sprintf("the search prefers %s (E %.3f) to %s", d.best.Move.Notation, d.eBest, n)}
		}
		if !d.clear() {
			return &VerifyError{ID: p.ID, Ply: i, Reason: fmt.Sprintf("%s (E %.3f) is not clearly better than %s (E %.3f)", n, d.eBest, d.second.Move.Notation, d.eSec)}
		}
		m, _ := findLegal(g, n)
		r, err := rolls(g, m)
		if err != nil {
			return err
		}
		if r && !d.onlyMove {
			worst, _, err := worstRoll(ctx, g, m, o.CheckNodes/4)
			if err != nil {
				return err
			}
			if worst <= d.eSec {
				return &VerifyError{ID: p.ID, Ply: i, Reason: fmt.Sprintf("after its worst roll %s leaves E %.3f, no better than %s's %.3f", n, worst, d.second.Move.Notation, d.eSec)}
			}
		}
	}
	return nil
}
