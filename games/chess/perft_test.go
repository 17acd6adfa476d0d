package chess

import (
	"testing"

	peer "github.com/corentings/chess/v2"
)

// The standard perft test positions with their published counts
// (chessprogramming.org "Perft Results"; the same figures appear in many
// engines' test suites). deep is the depth the benchmarks verify; the
// counts up to fast are checked by the default tests.
var perftSuite = []struct {
	name   string
	fen    string
	counts []uint64 // counts[d-1] is perft(d)
	fast   int      // deepest depth the race-enabled tests run
}{
	{"start", StartFEN, []uint64{20, 400, 8902, 197281, 4865609, 119060324}, 4},
	{"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		[]uint64{48, 2039, 97862, 4085603, 193690690}, 3},
	{"position3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
		[]uint64{14, 191, 2812, 43238, 674624}, 5},
	{"position4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
		[]uint64{6, 264, 9467, 422333, 15833292}, 3},
	// Position 4 mirrored (colours swapped): the same counts.
	{"position4mirrored", "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
		[]uint64{6, 264, 9467, 422333, 15833292}, 3},
	{"position5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
		[]uint64{44, 1486, 62379, 2103487, 89941194}, 3},
	{"position6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
		[]uint64{46, 2079, 89890, 3894594, 164075551}, 3},
}

// TestPerftStartByHand checks the start position's first two depths, which
// can be counted by hand: each of the 8 pawns steps one or two squares (16
// moves) and each knight has two squares (4 moves), so 20. None of White's
// first moves reaches past the fourth rank, so none attacks, blocks or
// frees a black move: Black has the same 20 replies to each, 20×20 = 400.
func TestPerftStartByHand(t *testing.T) {
	g, err := NewGame("")
	if err != nil {
		t.Fatal(err)
	}
	if got := g.Perft(1); got != 20 {
		t.Errorf("perft(1) = %d, want 20", got)
	}
	if got := g.Perft(2); got != 400 {
		t.Errorf("perft(2) = %d, want 400", got)
	}
	if got := g.Perft(0); got != 1 || g.Divide(0) != nil {
		t.Errorf("perft(0) = %d, want 1, and no divide lines", got)
	}
}

func TestPerftSuiteShallow(t *testing.T) {
	for _, c := range perftSuite {
		t.Run(c.name, func(t *testing.T) {
			g, err := NewGame(c.fen)
			if err != nil {
				t.Fatal(err)
			}
			for d := 1; d <= c.fast; d++ {
				if got := g.Perft(d); got != c.counts[d-1] {
					t.Fatalf("perft(%d) = %d, want %d", d, got, c.counts[d-1])
				}
			}
		})
	}
}

func TestDivideSumsToPerft(t *testing.T) {
	for _, c := range perftSuite {
		g, err := NewGame(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		div := g.Divide(3)
		var sum uint64
		for _, mc := range div {
			sum += mc.Nodes
		}
		if sum != c.counts[2] || len(div) != int(c.counts[0]) {
			t.Errorf("%s: divide(3) sums to %d over %d moves, want %d over %d", c.name, sum, len(div), c.counts[2], c.counts[0])
		}
		if legal := g.LegalMoves(); len(legal) != len(div) || legal[0].Notation != div[0].Move {
			t.Errorf("%s: divide lists moves differently from LegalMoves", c.name)
		}
	}
}

// perftCheck runs perft once per benchmark iteration, failing the benchmark
// on a count other than want, and reports nodes/s.
func perftCheck(b *testing.B, fen string, depth int, want uint64) {
	b.Helper()
	p, err := parseFEN(fen)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if got := p.perft(depth); got != want {
			b.Fatalf("perft(%d) of %s = %d, want %d", depth, fen, got, want)
		}
	}
	b.ReportMetric(float64(want)*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
}

// BenchmarkPerft is the start position to depth 6 (119060324 leaves).
func BenchmarkPerft(b *testing.B) {
	perftCheck(b, StartFEN, 6, 119060324)
}

// BenchmarkPerftSuite verifies every suite position at its deepest listed
// depth (depth 5, or 6 for the start position).
func BenchmarkPerftSuite(b *testing.B) {
	for _, c := range perftSuite {
		b.Run(c.name, func(b *testing.B) {
			perftCheck(b, c.fen, len(c.counts), c.counts[len(c.counts)-1])
		})
	}
}

// peerPerft is perft on github.com/corentings/chess/v2, bulk-counting the
// last ply as ours does, for a like-for-like speed comparison.
func peerPerft(pos *peer.Position, depth int) uint64 {
	moves := pos.ValidMoves()
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for i := range moves {
		n += peerPerft(pos.Update(&moves[i]), depth-1)
	}
	return n
}

// BenchmarkPerftVsPeer measures both generators side by side in one run on
// the same positions and depths: the start position to depth 5 and
// Kiwipete to depth 4.
func BenchmarkPerftVsPeer(b *testing.B) {
	cases := []struct {
		name  string
		fen   string
		depth int
		want  uint64
	}{
		{"start-d5", StartFEN, 5, 4865609},
		{"kiwipete-d4", perftSuite[1].fen, 4, 4085603},
	}
	for _, c := range cases {
		b.Run("bermuda/"+c.name, func(b *testing.B) { perftCheck(b, c.fen, c.depth, c.want) })
		b.Run("corentings/"+c.name, func(b *testing.B) {
			opt, err := peer.FEN(c.fen)
			if err != nil {
				b.Fatal(err)
			}
			pos := peer.NewGame(opt).Position()
			for b.Loop() {
				if got := peerPerft(pos, c.depth); got != c.want {
					b.Fatalf("peer perft(%d) = %d, want %d", c.depth, got, c.want)
				}
			}
			b.ReportMetric(float64(c.want)*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}
