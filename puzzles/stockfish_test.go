package puzzles

import (
	"context"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/bermudachess/bermuda/uci"
	"github.com/bermudachess/bermuda/uci/ucitest"
)

// stockfish is ucitest.Stockfish: the path, or a skip (a failure in CI).
func stockfish(t testing.TB) string { return ucitest.Stockfish(t) }

// stockfishDepth is the depth of the confirmation (BERMUDA_STOCKFISH_DEPTH
// changes it): modest, so the whole set takes about a minute, and still
// far beyond what a one-move tactic needs.
func stockfishDepth() int {
	if d, err := strconv.Atoi(os.Getenv("BERMUDA_STOCKFISH_DEPTH")); err == nil && d > 0 {
		return d
	}
	return 12
}

// TestChessPuzzlesStockfish: at every solver move of every shipped chess
// puzzle, Stockfish (one thread, a fixed depth, a new game for each
// position) plays the solution's move. The generator judges with our
// engine; this is the independent confirmation (puzzles Stockfish turned
// down were dropped before the set was shipped).
func TestChessPuzzlesStockfish(t *testing.T) {
	bin := stockfish(t)
	depth := stockfishDepth()
	set, err := Load("chess")
	if err != nil {
		t.Fatal(err)
	}
	sf, err := uci.Start(bin, map[string]string{"Threads": "1", "Hash": "16"})
	if err != nil {
		t.Fatal(err)
	}
	defer sf.Close()
	moves, failed := 0, 0
	for i := range set.Puzzles {
		p := &set.Puzzles[i]
		best, err := stockfishBest(sf, p, depth)
		if err != nil {
			t.Fatal(err)
		}
		for ply, m := range best {
			if m == "" {
				continue // the opponent's move
			}
			moves++
			if want := uciMove(p.Solution[ply]); m != want {
				failed++
				t.Errorf("%s, move %d: Stockfish plays %s, the solution %s", p.ID, ply, m, want)
			}
		}
	}
	t.Logf("depth %d: %d puzzles, %d solver moves, %d where Stockfish plays another move", depth, len(set.Puzzles), moves, failed)
}

// stockfishBest is Stockfish's move at each of the puzzle's solver moves
// ("" at the opponent's).
func stockfishBest(sf *uci.Engine, p *Puzzle, depth int) ([]string, error) {
	solver, err := p.Solver()
	if err != nil {
		return nil, err
	}
	out := make([]string, len(p.Solution))
	for ply := range p.Solution {
		g, err := p.At(ply)
		if err != nil {
			return nil, err
		}
		if g.Turn().Player != solver {
			continue
		}
		if err := sf.NewGame(); err != nil {
			return nil, err
		}
		res, err := sf.Search(context.Background(), uci.Position{FEN: g.Position()}, uci.Go{Depth: depth})
		if err != nil {
			return nil, err
		}
		out[ply] = res.BestMove
	}
	return out, nil
}

// uciMove writes a canonical chess move as UCI does (e7e8q for e7e8=Q).
func uciMove(notation string) string {
	return strings.ToLower(strings.ReplaceAll(notation, "=", ""))
}
