package bede

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestPseudoCapturesKeepPseudosOrder: in the positions of random games,
// the capture search's candidates are exactly pseudo's moves that take an
// enemy piece or promote, in pseudo's order, and pseudoIn lists pseudo's
// moves.
func TestPseudoCapturesKeepPseudosOrder(t *testing.T) {
	compared := 0
	for seed := uint64(1); seed <= 8; seed++ {
		g, err := newGame("")
		if err != nil {
			t.Fatal(err)
		}
		p := g.pos
		rng := rand.New(rand.NewPCG(seed, 3))
		for ply := 0; ply < 300; ply++ {
			var want []move
			for _, m := range p.pseudo(nil) {
				if tt := p.board[m.to()]; m.promote() || tt != 0 && sideOf(tt) != p.side {
					want = append(want, m)
				}
			}
			sets := p.pieceSets()
			got := p.pseudoCapturesIn(nil, &sets[p.side])
			if len(got) != len(want) {
				t.Fatalf("seed %d ply %d: %d captures, want %d", seed, ply, len(got), len(want))
			}
			for i := range got {
				if got[i] != want[i] {
					t.Fatalf("seed %d ply %d: capture %d is %v, want %v", seed, ply, i, got[i], want[i])
				}
			}
			compared += len(got)
			if all, want := p.pseudoIn(nil, &sets[p.side]), p.pseudo(nil); !slices.Equal(all, want) {
				t.Fatalf("seed %d ply %d: pseudoIn %v, pseudo %v", seed, ply, all, want)
			}
			legal := p.legalMoves(nil)
			if len(legal) == 0 {
				break
			}
			p.play(legal[rng.IntN(len(legal))])
		}
	}
	if compared == 0 {
		t.Fatal("no capture compared")
	}
	t.Logf("%d captures compared", compared)
}

// TestLineClearByRays: lineClear, walking the precomputed rays, answers
// as the file-and-rank arithmetic does for every pair of squares, with
// both kinds of line allowed or one, on the boards of random games.
func TestLineClearByRays(t *testing.T) {
	byArithmetic := func(p *position, from, sq int, orth, diag bool) bool {
		ff, fr, tf, tr := from%files, from/files, sq%files, sq/files
		df, dr := sign(tf-ff), sign(tr-fr)
		switch {
		case from == sq:
			return false
		case df == 0 || dr == 0:
			if !orth {
				return false
			}
		case tf-ff == (tr-fr)*df*dr:
			if !diag {
				return false
			}
		default:
			return false
		}
		for s := from + dr*files + df; s != sq; s += dr*files + df {
			if p.board[s] != 0 {
				return false
			}
		}
		return true
	}
	open := 0
	g, err := newGame("")
	if err != nil {
		t.Fatal(err)
	}
	p := g.pos
	rng := rand.New(rand.NewPCG(7, 7))
	for ply := 0; ply < 120; ply++ {
		if ply%10 == 0 {
			for from := 0; from < squares; from++ {
				for sq := 0; sq < squares; sq++ {
					for _, kinds := range [][2]bool{{true, true}, {true, false}, {false, true}} {
						want := byArithmetic(&p, from, sq, kinds[0], kinds[1])
						if got := p.lineClear(from, sq, kinds[0], kinds[1]); got != want {
							t.Fatalf("ply %d: lineClear(%s, %s, %v) %v, want %v", ply, grid.Name(from), grid.Name(sq), kinds, got, want)
						}
						if want {
							open++
						}
					}
				}
			}
		}
		legal := p.legalMoves(nil)
		if len(legal) == 0 {
			break
		}
		p.play(legal[rng.IntN(len(legal))])
	}
	if open == 0 {
		t.Fatal("no open line")
	}
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}
