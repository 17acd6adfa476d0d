package beryl

import (
	"math/rand/v2"
	"testing"
)

// TestSearchShortcutsAgree: in the positions of random Beryl Chess games,
// the search state's shortcuts say what the rules say: Status what the
// shared Status says, and the shortcut legality test what legalStep says
// of every destination.
func TestSearchShortcutsAgree(t *testing.T) {
	tested := 0
	for seed := uint64(1); seed <= 6; seed++ {
		g, err := newBerylChess("")
		if err != nil {
			t.Fatal(err)
		}
		s := g.bcState
		rng := rand.New(rand.NewPCG(seed, 4))
		for ply := 0; ply < 300; ply++ {
			fast := bcSearch{newSearchState[bcState](s)}
			plain := newSearchState[bcState](s)
			over, winner := fast.Status()
			wantOver, wantWinner := plain.Status()
			if over != wantOver || winner != wantWinner {
				t.Fatalf("seed %d ply %d: status %v %v, want %v %v", seed, ply, over, winner, wantOver, wantWinner)
			}
			var dest [64]int8
			for from, p := range s.cells {
				if p.empty() || p.army() != s.toMove {
					continue
				}
				for _, to := range s.cells.destinations(from, p.kind(), s.toMove, dest[:0]) {
					if got, want := fast.legalStep(from, int(to)), s.legalStep(from, int(to)); got != want {
						t.Fatalf("seed %d ply %d: %d-%d legal %v, want %v", seed, ply, from, to, got, want)
					}
					tested++
				}
			}
			moves := s.generate(nil)
			if over || len(moves) == 0 {
				break
			}
			s.apply(moves[rng.IntN(len(moves))])
		}
	}
	if tested == 0 {
		t.Fatal("nothing tested")
	}
	t.Logf("%d destinations tested", tested)
}
