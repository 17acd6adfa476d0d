package engine

import (
	"testing"

	"github.com/bermudachess/bermuda/games"
)

// Every variant has a fifty-move rule, so every fast path reports its
// count, starting at zero, to the evaluation.
func TestEveryFastPathReportsItsFiftyMoveCount(t *testing.T) {
	for _, v := range games.All() {
		g := mustGame(t, v.ID, "")
		sg, ok := g.(games.Searchable)
		if !ok {
			continue
		}
		st, ok := sg.SearchState()
		if !ok {
			t.Fatalf("%s: no search state at the start", v.ID)
		}
		pc, ok := st.(games.ProgressClock)
		if !ok {
			t.Errorf("%s: the search state does not report its fifty-move count", v.ID)
			continue
		}
		if plies, limit := pc.Clock(); plies != 0 || limit != 100 {
			t.Errorf("%s: Clock() = %d, %d at the start, want 0, 100", v.ID, plies, limit)
		}
	}
}

// The evaluation fades as the count runs: the same position with 60 plies
// counted is worth 70% of what it is worth with none, and half when the
// draw falls.
func TestEvaluationFadesWithTheFiftyMoveCount(t *testing.T) {
	for _, c := range []struct{ variant, fresh, counted string }{
		{"chess", "4k3/8/8/8/8/8/4P3/R3K3 w - - 0 80", "4k3/8/8/8/8/8/4P3/R3K3 w - - 60 80"},
		{"angle", "4k5/10/10/10/10/10/10/10/4P5/R4K4 w - - 0 80", "4k5/10/10/10/10/10/10/10/4P5/R4K4 w - - 60 80"},
	} {
		eval := func(setup string) int {
			g := mustGame(t, c.variant, setup)
			return newTree(g, newEvaluator(g, nil)).evaluate()
		}
		fresh, counted := eval(c.fresh), eval(c.counted)
		if fresh < 500 || counted != fresh*140/200 {
			t.Errorf("%s: %d with no plies counted, %d with 60; want %d", c.variant, fresh, counted, fresh*140/200)
		}
	}
	if got := fadeToDraw(1000, fixedClock{100, 100}); got != 500 {
		t.Errorf("at the draw: %d, want 500", got)
	}
	if got := fadeToDraw(-1000, fixedClock{150, 100}); got != -500 {
		t.Errorf("past the limit: %d, want -500", got)
	}
	if got := fadeToDraw(1000, nil); got != 1000 {
		t.Errorf("without a clock: %d, want 1000", got)
	}
}

type fixedClock [2]int

func (c fixedClock) Clock() (int, int) { return c[0], c[1] }
