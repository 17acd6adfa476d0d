package angle

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/bermudachess/bermuda/games"
)

// Start position counts, by hand.
//
// Depth 1 = 24. White's moves from
// rnbsqksbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBSQKSBNR:
//   - ten pawns, each one or two squares forward (rank 3 and 4 are empty): 20;
//   - knight b1: a3, c3 (d2 holds a pawn); knight i1: h3, j3: 4;
//   - Ships d1 and g1: every neighbour (c1, e1, c2, d2, e2 / f1, h1, f2, g2,
//     h2) is a White piece, and a Ship cannot pass a piece: 0;
//   - bishops c1 and h1 are hemmed by pawns, rooks, queen and king by their
//     neighbours; castling needs empty squares between king and rook: 0.
//
// Depth 2 = 24 × 24 = 576. After any White first move Black has the same 24
// moves (mirrored): White's pieces reach rank 4 at most and Black's reach
// rank 7 at most, so no White move blocks, offers a capture to, or creates
// an en passant chance for Black (an e.p. needs a Black pawn beside the
// White pawn, on rank 4). Perft has no check rule to prune anything.
//
// Deeper counts are regression values of this generator, cross-checked
// against the naive reference generator below.
var startPerft = []uint64{1, 24, 576, 15620, 423333, 13010921}

func TestPerftStart(t *testing.T) {
	g := mustNew(t, "")
	for d := 0; d <= 3; d++ {
		if got := g.Perft(d); got != startPerft[d] {
			t.Errorf("perft(%d) = %d, want %d", d, got, startPerft[d])
		}
	}
	var sum uint64
	div := g.Divide(3)
	for _, mc := range div {
		sum += mc.Nodes
	}
	if sum != startPerft[3] || len(div) != 24 {
		t.Errorf("divide(3): %d moves summing to %d, want 24 and %d", len(div), sum, startPerft[3])
	}
	if g.Position() != StartSetup {
		t.Error("perft must leave the position untouched")
	}
}

// TestPerftAgainstReference compares the fast generator with a naive one
// written independently on a plain 10×10 array, on positions with
// castling, en passant, promotions, Ships in the open and kingless sides,
// and on positions reached by random play.
func TestPerftAgainstReference(t *testing.T) {
	fens := []string{
		StartSetup,
		"r4k3r/10/10/10/10/10/10/10/10/R4K3R w KQkq - 0 1",
		"r4k3r/10/10/10/10/10/10/10/10/R4K3R b KQkq - 0 1",
		"r4k3r/pP8/10/10/4s5/10/10/10/1p8/R4K3R w KQ - 0 1",
		"5k4/10/10/3pP5/10/10/10/10/10/5K4 w - d8 0 1",
		"5k4/10/10/10/10/10/3Pp5/10/10/5K4 b - d3 0 1",
		"10/10/10/4S5/10/10/2s7/10/10/10 w - - 0 1", // no kings: a finished game, perft counts nothing
		kingTakenFEN, // a king can be taken: nothing below that move
	}
	rng := rand.New(rand.NewPCG(7, 11))
	for seed := uint64(1); seed <= 3; seed++ {
		g := mustNew(t, "")
		for ply := 0; ply < 40 && !g.Outcome().Over; ply++ {
			ms := g.LegalMoves()
			m := ms[rng.IntN(len(ms))]
			if _, err := g.Play(m, games.NewDice(games.Seeded(seed))); err != nil {
				t.Fatal(err)
			}
			if ply%10 == 9 {
				fens = append(fens, g.Position())
			}
		}
	}
	for _, fen := range fens {
		g := mustNew(t, fen)
		ref := parseRef(t, fen)
		for d := 1; d <= 3; d++ {
			if got, want := g.Perft(d), ref.perft(d); got != want {
				t.Errorf("%s: perft(%d) = %d, reference %d", fen, d, got, want)
				break
			}
		}
	}
}

func BenchmarkPerft(b *testing.B) {
	g, err := New("")
	if err != nil {
		b.Fatal(err)
	}
	const depth = 5
	var nodes uint64
	for i := 0; i < b.N; i++ {
		nodes = g.Perft(depth)
	}
	if nodes != startPerft[depth] {
		b.Fatalf("perft(%d) = %d, want %d", depth, nodes, startPerft[depth])
	}
	b.ReportMetric(float64(nodes)*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
}

// refPos is the naive reference: FEN letters on a 10×10 array, index
// rank*10+file, copied for every move.
type refPos struct {
	b      [100]byte
	white  bool
	rights string
	ep     int // -1 if none
}

func parseRef(t *testing.T, fen string) refPos {
	f := strings.Fields(fen)
	sq, err := grid.ParseBoard(f[0], func(c byte) bool { return strings.IndexByte("KQRBNSPkqrbnsp", c) >= 0 })
	if err != nil {
		t.Fatal(err)
	}
	p := refPos{white: f[1] == "w", rights: f[2], ep: -1}
	copy(p.b[:], sq)
	if f[3] != "-" {
		p.ep, _ = grid.Parse(f[3])
	}
	return p
}

func (p refPos) perft(d int) uint64 {
	if d == 0 {
		return 1
	}
	if bytes.IndexByte(p.b[:], 'K') < 0 || bytes.IndexByte(p.b[:], 'k') < 0 {
		return 0 // a side without a king has lost: the game is over
	}
	var n uint64
	for _, c := range p.children() {
		n += c.perft(d - 1)
	}
	return n
}

func (p refPos) children() []refPos {
	var out []refPos
	isOwn := func(c byte) bool { return c != 0 && (c < 'a') == p.white }
	get := func(f, r int) (byte, bool) {
		if f < 0 || f > 9 || r < 0 || r > 9 {
			return 0, false
		}
		return p.b[r*10+f], true
	}
	cased := func(c byte) byte {
		if p.white {
			return c
		}
		return c + 32
	}
	push := func(from, to int, piece byte, ep int, extra func(*refPos)) {
		q := p
		q.b[from], q.b[to], q.ep = 0, piece, ep
		for _, s := range [2]int{from, to} {
			lost := ""
			switch s {
			case 5:
				lost = "KQ"
			case 9:
				lost = "K"
			case 0:
				lost = "Q"
			case 95:
				lost = "kq"
			case 99:
				lost = "k"
			case 90:
				lost = "q"
			}
			for _, l := range lost {
				q.rights = strings.ReplaceAll(q.rights, string(l), "")
			}
		}
		if extra != nil {
			extra(&q)
		}
		q.white = !q.white
		out = append(out, q)
	}
	kingDirs := [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
	for from, c := range p.b {
		if !isOwn(c) {
			continue
		}
		f, r := from%10, from/10
		kind := c &^ 32
		reach := 0
		var dirs [][2]int
		switch kind {
		case 'N':
			for _, d := range [][2]int{{1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1}} {
				if t, ok := get(f+d[0], r+d[1]); ok && !isOwn(t) {
					push(from, (r+d[1])*10+f+d[0], c, -1, nil)
				}
			}
		case 'K':
			reach, dirs = 1, kingDirs
		case 'S':
			reach, dirs = 2, kingDirs
		case 'Q':
			reach, dirs = 9, kingDirs
		case 'R':
			reach, dirs = 9, kingDirs[:4]
		case 'B':
			reach, dirs = 9, kingDirs[4:]
		case 'P':
			dir, start, last := 1, 1, 9
			if !p.white {
				dir, start, last = -1, 8, 0
			}
			add := func(to int, extra func(*refPos)) {
				if to/10 == last {
					for _, pr := range "QRBNS" {
						push(from, to, cased(byte(pr)), -1, extra)
					}
					return
				}
				push(from, to, c, -1, extra)
			}
			if t, ok := get(f, r+dir); ok && t == 0 {
				add((r+dir)*10+f, nil)
				if t2, _ := get(f, r+2*dir); r == start && t2 == 0 {
					push(from, (r+2*dir)*10+f, c, (r+dir)*10+f, nil)
				}
			}
			for _, df := range []int{-1, 1} {
				t, ok := get(f+df, r+dir)
				to := (r+dir)*10 + f + df
				switch {
				case ok && t != 0 && !isOwn(t):
					add(to, nil)
				case ok && to == p.ep:
					push(from, to, c, -1, func(q *refPos) { q.b[r*10+f+df] = 0 })
				}
			}
		}
		for _, d := range dirs {
			for k := 1; k <= reach; k++ {
				t, ok := get(f+k*d[0], r+k*d[1])
				if !ok || isOwn(t) {
					break
				}
				push(from, (r+k*d[1])*10+f+k*d[0], c, -1, nil)
				if t != 0 {
					break
				}
			}
		}
		if kind == 'K' {
			home, k, q := 0, "K", "Q"
			if !p.white {
				home, k, q = 90, "k", "q"
			}
			b := p.b[home:]
			if from == home+5 && strings.Contains(p.rights, k) && b[6] == 0 && b[7] == 0 && b[8] == 0 && b[9] == cased('R') {
				push(from, home+8, c, -1, func(x *refPos) { x.b[home+9], x.b[home+7] = 0, cased('R') })
			}
			if from == home+5 && strings.Contains(p.rights, q) && b[1] == 0 && b[2] == 0 && b[3] == 0 && b[4] == 0 && b[0] == cased('R') {
				push(from, home+1, c, -1, func(x *refPos) { x.b[home], x.b[home+2] = 0, cased('R') })
			}
		}
	}
	return out
}
