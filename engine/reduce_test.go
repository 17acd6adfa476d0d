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
//
// The searches stop at refinementCap nodes: the full search always
// completes depth 6 below it, so its counts are exact; a search without a
// refinement that stops there has visited refinementCap nodes of the same
// tree without completing the depth (the cap is above 2^20, so the table
// is the size an unbounded budget gives it and the stopped search is the
// start of the unbounded one), and its count is a lower bound of what the
// depth costs it. Bede Chess's first two positions without the scaled
// reductions cost 1.8 and 2.5 million nodes, with no refinement 2.5 and
// 5.1 million: bounding them keeps every comparison and costs under half.
func TestDeeperRefinementsSaveNodes(t *testing.T) {
	const depth, refinementCap = 6, 1<<20 + 1
	if tableBits(levels[5], 0, refinementCap) != levels[5].tableBits {
		t.Fatalf("a cap of %d nodes shrinks the table: the stopped searches would not be the start of the full ones", refinementCap)
	}
	var positions []games.Game
	for _, v := range []string{"chess", "bede", "beryl"} {
		positions = append(positions, benchPositions(t, v)...)
	}
	// nodes sums the searches' nodes; complete tells whether every search
	// completed the depth (the sum is then exact, else a lower bound).
	// The searches run two at a time (inPairs); the switches are written
	// only between calls.
	nodes := func() (n int64, complete bool) {
		res := make([]Result, len(positions))
		err := inPairs(len(positions), func(p int) (err error) {
			res[p], err = Search(context.Background(), positions[p], Limits{Level: 5, Depth: depth, Nodes: refinementCap})
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		complete = true
		for _, r := range res {
			if r.Depth != depth {
				complete = false
			}
			n += r.Nodes
		}
		return n, complete
	}
	all, complete := nodes()
	if !complete {
		t.Fatalf("with every refinement a search stopped at %d nodes before depth %d: the sum %d is no longer exact", refinementCap, depth, all)
	}
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
		n, complete := nodes()
		set(true)
		if n <= all {
			t.Errorf("without the %s: %d nodes, with it %d; want more without", name, n, all)
		}
		t.Logf("without the %s: %d nodes (complete %v), with it %d", name, n, complete, all)
	}
	for _, set := range off {
		set(false)
	}
	none, complete := nodes()
	for _, set := range off {
		set(true)
	}
	if all*2 > none {
		t.Errorf("all refinements: %d nodes, none: %d; want less than half", all, none)
	}
	t.Logf("all refinements: %d nodes, none: %d (complete %v)", all, none, complete)
}

// TestDiceKeepTheFormerReductions: with dice the scaled reductions are off
// (the chance nodes' windows stay exact): the Angle and Random Move Number
// Chess search the same tree with the switch either way.
func TestDiceKeepTheFormerReductions(t *testing.T) {
	var positions []games.Game
	var names []string
	for _, variant := range []string{"angle", "randommove"} {
		for _, g := range benchPositions(t, variant) {
			positions, names = append(positions, g), append(names, variant)
		}
	}
	// With the switch on, then off, two positions at a time.
	res := onAndOff(t, func(on bool) { scaledReductions = on }, positions, Limits{Level: 5, Depth: 3, Nodes: 200_000})
	for p, r := range res {
		if r[0].Move.Notation != r[1].Move.Notation || r[0].Score != r[1].Score || r[0].Nodes != r[1].Nodes {
			t.Errorf("%s: %s %d in %d nodes with the switch on, %s %d in %d off", names[p],
				r[0].Move.Notation, r[0].Score, r[0].Nodes, r[1].Move.Notation, r[1].Score, r[1].Nodes)
		}
	}
}
