package bermuda

import (
	"math/rand/v2"
	"testing"

	"github.com/bermudachess/bermuda/games"
)

// Start-position perft. Depth 1 = 52 (see TestStartPositionHas52Moves).
// Depth 2 = 2698, by hand: Black also has 52 replies (20 + 20 + 12 drops
// onto the g- and h-files) after every move that does not touch the lower
// a- and b-files near Black — that is all 40 board moves and 5 drops
// (A1-a8, E1-a4, F1-a3, E2-b4, F2-b3): 45 × 52 = 2340. Six of the other
// seven drops cost Black one reply each: C1-a6 blocks a7a6/a7a5 but b7xa6 is new (−1);
// D1-a5 blocks a7a5; D2-b5 blocks b7b5; B1-a7 takes the a-pawn (−2) but
// a8xa7 is new; A2-b8 takes the knight (−2) but a8xb8 is new; B2-b7 takes
// the b-pawn (−2) but c8xb7 is new; C2-b6 blocks b7b6/b7b5 (−2) but
// a7xb6 and c7xb6 are new (±0, so C2-b6 keeps 52): 6 × 51 + 52 = 358.
// 2340 + 358 = 2698. Deeper counts are regression values.
func TestPerftStart(t *testing.T) {
	g := mustGame(t, "")
	for depth, want := range []uint64{1, 52, 2698, 146090} {
		if got := g.Perft(depth); got != want {
			t.Errorf("perft(%d) = %d, want %d", depth, got, want)
		}
	}
}

// A position with castling on both boards, en passant, promotions and
// captures in reach: regression values.
func TestPerftTricky(t *testing.T) {
	g := mustGame(t, trickySetup)
	for depth, want := range []uint64{1, 83, 6796, 545351} {
		if got := g.Perft(depth); got != want {
			t.Errorf("perft(%d) = %d, want %d", depth, got, want)
		}
	}
}

func TestDivideSumsToPerft(t *testing.T) {
	for _, s := range []string{"", trickySetup} {
		g := mustGame(t, s)
		var sum uint64
		for _, mc := range g.Divide(2) {
			sum += mc.Nodes
		}
		if sum != g.Perft(2) || len(g.Divide(1)) != len(g.LegalMoves()) {
			t.Errorf("%q: divide sums to %d, perft %d", s, sum, g.Perft(2))
		}
	}
}

// slowPerft walks the public path (LegalMoves, Clone, Play), so the fast
// perft is checked against what players can actually play.
func slowPerft(t *testing.T, g games.Game, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var n uint64
	for _, m := range g.LegalMoves() {
		c := g.Clone()
		if _, err := c.Play(m, nil); err != nil {
			t.Fatalf("Play(%s): %v", m.Notation, err)
		}
		n += slowPerft(t, c, depth-1)
	}
	return n
}

func TestFastPerftMatchesPlay(t *testing.T) {
	positions := []string{"", trickySetup}
	// Positions from a random game, where pieces have changed boards.
	g := games.Game(mustGame(t, ""))
	rng := rand.New(rand.NewPCG(7, 7))
	for ply := 0; ply < 120 && !g.Outcome().Over; ply++ {
		ms := g.LegalMoves()
		next, _, _, err := games.Apply(g, ms[rng.IntN(len(ms))].Notation, nil)
		if err != nil {
			t.Fatal(err)
		}
		g = next
		if ply%30 == 29 {
			positions = append(positions, g.Position())
		}
	}
	for _, s := range positions {
		g := mustGame(t, s)
		if fast, slow := g.Perft(2), slowPerft(t, g, 2); fast != slow {
			t.Errorf("%s: fast perft(2) %d, by Play %d", s, fast, slow)
		}
	}
}

func BenchmarkPerft(b *testing.B) {
	g, err := newGame("")
	if err != nil {
		b.Fatal(err)
	}
	const depth, want = 4, 7899222
	var nodes uint64
	for b.Loop() {
		nodes = g.Perft(depth)
		if nodes != want {
			b.Fatalf("perft(%d) = %d, want %d", depth, nodes, want)
		}
	}
	b.ReportMetric(float64(nodes)*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
}
