package engine

import (
	"context"
	"errors"
	"reflect"
	"testing"
)

// TestScoreMovesScoresEveryMove: every legal move gets an exact score from
// one iteration, best first; the capture of a hanging queen is best by
// far, and a mate in two scores as one.
func TestScoreMovesScoresEveryMove(t *testing.T) {
	for _, c := range []struct{ variant, setup, best string }{
		{"chess", "4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1", "Rxd5"},
		{"randommove", "4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1", "Rxd5"},
		{"angle", "q3k5/10/10/10/10/10/10/10/10/R3K5 w - - 0 1", "a1a10"},
	} {
		g := mustGame(t, c.variant, c.setup)
		res, err := ScoreMoves(context.Background(), g, Limits{Nodes: 20000})
		if err != nil {
			t.Fatalf("%s: %v", c.variant, err)
		}
		if len(res.Moves) != len(g.LegalMoves()) || res.Depth < 1 {
			t.Fatalf("%s: %d scores at depth %d for %d legal moves", c.variant, len(res.Moves), res.Depth, len(g.LegalMoves()))
		}
		best := res.Best()
		if best.Move.Notation != c.best && !contains(best.Move.Aliases, c.best) {
			t.Errorf("%s: best %s (%d), want %s", c.variant, best.Move.Notation, best.Score, c.best)
		}
		for i, m := range res.Moves[1:] {
			if m.Score > res.Moves[i].Score {
				t.Errorf("%s: %s (%d) after %s (%d): not best first", c.variant, m.Move.Notation, m.Score, res.Moves[i].Move.Notation, res.Moves[i].Score)
			}
		}
		if second := res.Moves[1]; best.Score-second.Score < 500 {
			t.Errorf("%s: best %s %d, second %s %d: want the queen's worth between them", c.variant, best.Move.Notation, best.Score, second.Move.Notation, second.Score)
		}
		if _, ok := res.Of(best.Move.Notation); !ok {
			t.Errorf("%s: Of(%s) not found", c.variant, best.Move.Notation)
		}
	}

	g := mustGame(t, "chess", "7k/8/8/8/8/8/R7/1R4K1 w - - 0 1")
	res, err := ScoreMoves(context.Background(), g, Limits{Nodes: 100000})
	if err != nil {
		t.Fatal(err)
	}
	if MateIn(res.Best().Score) != 3 {
		t.Errorf("mate in two: best %s scores %d, want a mate in 3 plies", res.Best().Move.Notation, res.Best().Score)
	}
	if MateIn(res.Moves[len(res.Moves)-1].Score) == 3 {
		t.Errorf("every move mates in two, even %s", res.Moves[len(res.Moves)-1].Move.Notation)
	}
}

// TestScoreMovesDeterministic: a node budget gives the same scores every
// time, a tiny one still scores every move (the first iteration always
// completes), and a cancelled context is an error.
func TestScoreMovesDeterministic(t *testing.T) {
	g := mustGame(t, "angle", "")
	a, err := ScoreMoves(context.Background(), g, Limits{Nodes: 3000})
	if err != nil {
		t.Fatal(err)
	}
	b, err := ScoreMoves(context.Background(), g, Limits{Nodes: 3000})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(a.Moves, b.Moves) || a.Depth != b.Depth {
		t.Errorf("same budget, different scores")
	}
	tiny, err := ScoreMoves(context.Background(), g, Limits{Nodes: 1})
	if err != nil {
		t.Fatal(err)
	}
	if tiny.Depth != 1 || len(tiny.Moves) != len(g.LegalMoves()) {
		t.Errorf("one node: depth %d, %d scores for %d moves; want depth 1 and every move", tiny.Depth, len(tiny.Moves), len(g.LegalMoves()))
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := ScoreMoves(ctx, g, Limits{Nodes: 3000}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v, want context.Canceled", err)
	}
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// TestBestScoreAgreesWithScoreMoves: to the same depth (2: no reduction
// applies yet), the pruned search's best score is ScoreMoves' best, with
// dice and without.
func TestBestScoreAgreesWithScoreMoves(t *testing.T) {
	for _, c := range []struct{ variant, setup string }{
		{"chess", "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 0 9"},
		{"angle", ""},
		{"randommove", "4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1"},
	} {
		g := mustGame(t, c.variant, c.setup)
		all, err := ScoreMoves(context.Background(), g, Limits{Depth: 2})
		if err != nil {
			t.Fatal(err)
		}
		best, depth, err := BestScore(context.Background(), g, Limits{Depth: 2})
		if err != nil {
			t.Fatal(err)
		}
		if depth != 2 || all.Depth != 2 || best.Score != all.Best().Score {
			t.Errorf("%s: BestScore %s %d (depth %d), ScoreMoves %s %d (depth %d): want the same score at depth 2",
				c.variant, best.Move.Notation, best.Score, depth, all.Best().Move.Notation, all.Best().Score, all.Depth)
		}
	}
}
