package beryl

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// attackedBy traces every pattern back from the target cell; check it
// against the forward move generator on random boards: a cell is attacked
// by an army exactly when one of its pieces could capture an enemy there.
func TestAttackedByMatchesMoveGeneration(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	kinds := []kind{pawn, knight, bishop, rook, king, undecided}
	for trial := 0; trial < 300; trial++ {
		var l layout
		for i := 0; i < 4+r.IntN(16); i++ {
			l[r.IntN(numCells)] = mkPiece(r.IntN(3), kinds[r.IntN(len(kinds))])
		}
		for c := range l {
			for a := 0; a < 3; a++ {
				probe := l
				if probe[c].empty() || probe[c].army() == a {
					probe[c] = mkPiece((a+1)%3, pawn)
				}
				want := false
				for s, p := range probe {
					if s == c || p.empty() || p.army() != a {
						continue
					}
					patterns := []kind{p.kind()}
					if p.kind() == undecided {
						patterns = []kind{king, bishop}
					}
					for _, k := range patterns {
						if slices.Contains(probe.destinations(s, k, a, nil), int8(c)) {
							want = true
						}
					}
				}
				if got := l.attackedBy(c, a, -1); got != want {
					t.Fatalf("army %d attacks %d: got %v, want %v on %s", a, c+1, got, want, formatArmies(&l, 3))
				}
			}
		}
	}
}
