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
