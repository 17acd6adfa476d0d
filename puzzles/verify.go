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
// is not over, every solution move is legal where it is played, a move
// before the last rolls dice only with the faces stored for it (Dice) and
// exactly those, the last has no stored faces, and the last is the
// solver's.
func CheckLegal(p *Puzzle) error {
	bad := func(ply int, format string, a ...any) error {
		return &VerifyError{ID: p.ID, Ply: ply, Reason: fmt.Sprintf(format, a...)}
	}
	if len(p.Solution) == 0 {
		return bad(-1, "no solution")
	}
	if len(p.Dice) >= len(p.Solution) {
		return bad(-1, "%d dice entries for %d moves: the last move has no stored roll", len(p.Dice), len(p.Solution))
	}
	if len(p.Dice) > 0 && !p.Rolled() {
		return bad(-1, "dice stored, all of them empty")
	}
	if _, err := p.Start(); err != nil {
		return bad(-1, "%v", err)
	}
	line, end, err := p.replay(len(p.Solution))
	if re, ok := err.(*ReplayError); ok {
		return bad(re.Ply, "%v", re.Err)
	} else if err != nil {
		return bad(-1, "%v", err)
	}
	last := line[len(line)-1]
	if !last.solver {
		return bad(len(line)-1, "the solution ends with the opponent's move")
	}
	if _, err := rolls(last.before, last.move); err != nil {
		return bad(len(line)-1, "%v", err)
	}
	if reason := shapeReason(line[0].before, line, end); reason != "" {
		return bad(-1, "%s", reason)
	}
	return nil
}

// Verify re-checks a puzzle with the deeper search (Options.CheckNodes):
// CheckLegal, then at every solver move the solution's move must still
// be the best and clearly so (the first by the Margin test, later ones by
// the generator's test for continuing a line), at every opponent move the
// solution's reply must be as good as the deeper search's best, within
// ReplyE, and a solver move that rolls dice (the last, or one before it
// whose fate is stored) must still beat the second best in every way the
// dice can fall. A failed check is a *VerifyError; any
// other error is a search that could not run.
func Verify(ctx context.Context, p *Puzzle, opts Options) error {
	o := opts.withDefaults()
	if err := CheckLegal(p); err != nil {
		return err
	}
	line, _, err := p.replay(len(p.Solution))
	if err != nil {
		return err
	}
	for i, n := range p.Solution {
		g := line[i].before
		d, err := decide(ctx, g, o.CheckNodes, 0)
		if err != nil {
			return err
		}
		if !line[i].solver {
			if reply, ok := d.scores.Of(n); !ok || d.eBest-d.curve.E(reply.Score) > ReplyE {
				return &VerifyError{ID: p.ID, Ply: i, Reason: fmt.Sprintf("the opponent does better with %s (E %.3f) than %s", d.best.Move.Notation, d.eBest, n)}
			}
			continue
		}
		if d.best.Move.Notation != n {
			return &VerifyError{ID: p.ID, Ply: i, Reason: fmt.Sprintf("the search prefers %s (E %.3f) to %s", d.best.Move.Notation, d.eBest, n)}
		}
		if (i == 0 && !d.clear()) || (i > 0 && !d.clearLater()) {
			return &VerifyError{ID: p.ID, Ply: i, Reason: fmt.Sprintf("%s (E %.3f) is not clearly better than %s (E %.3f)", n, d.eBest, d.second.Move.Notation, d.eSec)}
		}
		m := line[i].move
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

// ReplyE is how much better, in the opponent's expected score, the deeper
// search's best reply may be than the solution's: a search three times as
// deep often prefers another move of about the same worth, but a reply
// that escapes is a puzzle whose line is wrong.
const ReplyE = 0.1
