package engine

import (
	"context"
	"testing"
)

// TestStar1PrunesChanceNodes searches the same Angle positions to the same
// depth with and without Star1: the pruned search must visit fewer nodes.
// (Scores may differ slightly: the table and late-move reductions see
// different bounds in the two searches.)
func TestStar1PrunesChanceNodes(t *testing.T) {
	for _, setup := range []string{
		"", // the start
		"r1bsqksbnr/pppppppppp/2n7/10/10/10/10/5N4/PPPPPPPPPP/RNBSQKSB1R w KQkq - 2 2",
	} {
		g := mustGame(t, "angle", setup)
		var nodes [2]int64
		var moves [2]string
		var scores [2]int
		for i, on := range []bool{true, false} {
			star1 = on
			r, err := Search(context.Background(), g, Limits{Level: 5, Depth: 3, Nodes: 5_000_000})
			star1 = true
			if err != nil {
				t.Fatal(err)
			}
			nodes[i], moves[i], scores[i] = r.Nodes, r.Move.Notation, r.Score
		}
		t.Logf("%q depth 3: Star1 %d nodes, expectimax %d nodes (%.1fx)", setup, nodes[0], nodes[1], float64(nodes[1])/float64(nodes[0]))
		t.Logf("scores %d and %d, moves %s and %s", scores[0], scores[1], moves[0], moves[1])
		if nodes[0] >= nodes[1] {
			t.Errorf("%q: Star1 searched %d nodes, expectimax %d", setup, nodes[0], nodes[1])
		}
	}
}
