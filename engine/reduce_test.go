package engine

import (
	"context"
	"testing"

	"github.com/bermudachess/bermuda/games"
)

// TestDeeperRefinementsSaveNodes: each refinement that reaches deeper
// (reduce.go, search.go) completes the same fixed depth on the seeded
// positions of the variants where all of them apply (chess, Bede Chess,
// Beryl Chess) in fewer nodes than the search without it, and all of
// them together in fewer than half. Summed over the three: with chess's
// fitted evaluation the iterative reduction and the static null move
// save nothing on chess's three positions alone at this depth.
func TestDeeperRefinementsSaveNodes(t *testing.T) {
	var positions []games.Game
	for _, v := range []string{"chess", "bede", "beryl"} {
		positions = append(positions, benchPositions(t, v)...)
	}
	nodes := func() int64 {
		var n int64
		for _, g := range positions {
			r, err := Search(context.Background(), g, Limits{Level: 5, Depth: 6, Nodes: 20_000_000})
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
