package engine

import (
	"context"
	"testing"
)

// TestDeeperRefinementsSaveNodes: each refinement that reaches deeper
// (reduce.go, search.go) completes the same fixed depth on the seeded
// chess positions in fewer nodes than the search without it, and all of
// them together in fewer than half.
func TestDeeperRefinementsSaveNodes(t *testing.T) {
	positions := benchPositions(t, "chess")
	nodes := func() int64 {
		var n int64
		for _, g := range positions {
			r, err := Search(context.Background(), g, Limits{Level: 5, Depth: 7, Nodes: 20_000_000})
			if err != nil {
				t.Fatal(err)
			}
			n += r.Nodes
		}
		return n
	}
	all := nodes()
	off := map[string]func(on bool){
		"scaled reductions":   func(on bool) { scaledReductions = on },
		"iterative reduction": func(on bool) { iterativeReduction = on },
		"static null move": func(on bool) {
			staticNullDepth = 0
			if on {
				staticNullDepth = 3
			}
		},
	}
	for name, set := range off {
		set(false)
		n := nodes()
		set(true)
		if n <= all {
			t.Errorf("without the %s: %d nodes, with it %d; want more without", name, n, all)
		}
	}
	for _, set := range off {
		set(false)
	}
	none := nodes()
	for _, set := range off {
		set(true)
	}
	if all*2 > none {
		t.Errorf("all refinements: %d nodes, none: %d; want less than half", all, none)
	}
}

// TestDiceKeepTheFormerReductions: with dice the scaled reductions are off
// (the chance nodes' windows stay exact): the Angle and Random Move Number
// Chess search the same tree with the switch either way.
func TestDiceKeepTheFormerReductions(t *testing.T) {
	for _, variant := range []string{"angle", "randommove"} {
		for _, g := range benchPositions(t, variant) {
			var res [2]Result
			for i, on := range []bool{true, false} {
				scaledReductions = on
				r, err := Search(context.Background(), g, Limits{Level: 5, Depth: 3, Nodes: 200_000})
				scaledReductions = true
				if err != nil {
					t.Fatal(err)
				}
				res[i] = r
			}
			if res[0].Move.Notation != res[1].Move.Notation || res[0].Score != res[1].Score || res[0].Nodes != res[1].Nodes {
				t.Errorf("%s: %s %d in %d nodes with the switch on, %s %d in %d off", variant,
					res[0].Move.Notation, res[0].Score, res[0].Nodes, res[1].Move.Notation, res[1].Score, res[1].Nodes)
			}
		}
	}
}
