package puzzles

import (
	"context"
	"math"
	"testing"

	"github.com/bermudachess/bermuda/games"
	_ "github.com/bermudachess/bermuda/games/all"
)

// testOpts keeps the tests' searches small; the results are the same on
// every run (node budgets, no clock).
var testOpts = Options{Nodes: 30_000}

// hangingQueens holds, per variant, a position where the player to act can
// take a queen left hanging (in Beryl Chess and spIndecision, which have
// no queen, the strongest piece), and the move that takes it.
var hangingQueens = []struct {
	variant, position, move string
}{
	// 1.e4 d6 2.Qg4?? : the c8 bishop takes the queen.
	{"chess", "rnbqkbnr/ppp1pppp/3p4/8/4P1Q1/8/PPPP1PPP/RNB1KBNR b KQkq - 1 2", "Bxg4"},
}

// TestHangingQueenIsAPuzzle: a queen left hanging is found, with the
// capture as the first move of the solution, in every variant.
func TestHangingQueenIsAPuzzle(t *testing.T) {
	for _, c := range hangingQueens {
		t.Run(c.variant, func(t *testing.T) {
			g, err := games.NewGame(c.variant, c.position)
			if err != nil {
				t.Fatal(err)
			}
			want, err := g.ParseMove(c.move)
			if err != nil {
				t.Fatal(err)
			}
			m := &Miner{Opts: testOpts}
			p, reason, err := m.Position(context.Background(), g, math.NaN(), nil)
			if err != nil {
				t.Fatal(err)
			}
			if reason != "" {
				t.Fatalf("rejected: %s", reason)
			}
			if p.Solution[0] != want.Notation {
				t.Fatalf("solution %v, want it to start with %s", p.Solution, want.Notation)
			}
			if p.Position != g.Position() || p.Variant != c.variant || p.Rating < RatingForDepth(1) {
				t.Errorf("puzzle %+v", p)
			}
			if err := CheckLegal(&p); err != nil {
				t.Error(err)
			}
		})
	}
}

// TestTwoEqualMovesAreNoPuzzle: a queen two pawns can take equally well
// gives two equally good moves, so the position is rejected.
func TestTwoEqualMovesAreNoPuzzle(t *testing.T) {
	g, err := games.NewGame("chess", "4k3/8/8/3q4/2P1P3/8/8/4K3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	m := &Miner{Opts: testOpts}
	_, reason, err := m.Position(context.Background(), g, math.NaN(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if reason != RejectNoClearBest {
		t.Fatalf("reason %q, want %q", reason, RejectNoClearBest)
	}
	if m.Stats.Rejected[RejectNoClearBest] != 1 || m.Stats.Found != 0 {
		t.Errorf("stats %+v", m.Stats)
	}
}
