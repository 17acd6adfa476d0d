package engine

import (
	"context"
	"errors"
	"sync"
	"testing"

	"github.com/bermudachess/bermuda/games"
)

// TestStar1PrunesChanceNodes searches the same Angle positions to the same
// depth with and without the bounded windows at chance nodes: the pruned
// search must visit fewer nodes and find the same score (at depth 3 no
// late-move reduction applies: the root's children are never reduced).
func TestStar1PrunesChanceNodes(t *testing.T) {
	setups := []string{
		"", // the start
		"r1bsqksbnr/pppppppppp/2n7/10/10/10/10/5N4/PPPPPPPPPP/RNBSQKSB1R w KQkq - 2 2",
	}
	var gs []games.Game
	for _, setup := range setups {
		gs = append(gs, mustGame(t, "angle", setup))
	}
	// With the switch on, then off, both positions searched at once.
	res := onAndOff(t, func(on bool) { star1 = on }, gs, Limits{Level: 5, Depth: 3, Nodes: 5_000_000})
	for p, setup := range setups {
		on, off := res[p][0], res[p][1]
		t.Logf("%q depth 3: Star1 %d nodes, expectimax %d nodes (%.1fx)", setup, on.Nodes, off.Nodes, float64(off.Nodes)/float64(on.Nodes))
		t.Logf("scores %d and %d, moves %s and %s", on.Score, off.Score, on.Move.Notation, off.Move.Notation)
		if on.Nodes >= off.Nodes {
			t.Errorf("%q: Star1 searched %d nodes, expectimax %d", setup, on.Nodes, off.Nodes)
		}
		if on.Score != off.Score {
			t.Errorf("%q: bounded windows score %d, expectimax %d", setup, on.Score, off.Score)
		}
	}
}

// onAndOff searches every position with a search switch on, then off
// (set writes it), two at a time (inPairs), and leaves it on: the switch
// is written only between the rounds, never during a search. res[p] is
// position p's result with the switch on, then off.
func onAndOff(t *testing.T, set func(on bool), positions []games.Game, lim Limits) [][2]Result {
	t.Helper()
	res := make([][2]Result, len(positions))
	for i, on := range []bool{true, false} {
		set(on)
		err := inPairs(len(positions), func(p int) (err error) {
			res[p][i], err = Search(context.Background(), positions[p], lim)
			return err
		})
		set(true)
		if err != nil {
			t.Fatal(err)
		}
	}
	return res
}

// inPairs calls f(0) to f(n-1), two at a time (the machines that run the
// tests have two cores), and returns the first error. The searches it
// runs are independent (the engine shares nothing between searches), so
// they find what they would one after another.
func inPairs(n int, f func(i int) error) error {
	errs := make([]error, n)
	var wg sync.WaitGroup
	for w := 0; w < 2; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < n; i += 2 {
				errs[i] = f(i)
			}
		}()
	}
	wg.Wait()
	return errors.Join(errs...)
}

// TestChanceWindowsKeepTheAverage: the narrowed windows at chance nodes
// prove bounds, never guess them, so at a depth without late-move
// reductions the bounded search finds exactly the expectimax score. The
// Angle's case is TestStar1PrunesChanceNodes; here a Random Move Number
// Chess middlegame, whose throws are chance nodes in the capture search.
func TestChanceWindowsKeepTheAverage(t *testing.T) {
	for _, c := range []struct {
		variant, setup string
		depth          int // plain expectimax takes minutes a ply deeper
	}{
		{"randommove", "1nbqkb1r/r1p1npp1/p7/Pp1PB2p/8/3P4/RP1KPPPP/1N1Q1BNR b k - 2 10 white=P2 turn=16 left=1/2 plain=0 throws=6|3", 1},
	} {
		g := mustGame(t, c.variant, c.setup)
		var nodes [2]int64
		var scores [2]int
		for i, on := range []bool{true, false} {
			star1 = on
			r, err := Search(context.Background(), g, Limits{Level: 5, Depth: c.depth, Nodes: 50_000_000})
			star1 = true
			if err != nil {
				t.Fatal(err)
			}
			if r.Depth != c.depth {
				t.Fatalf("%s %q: depth %d reached, want %d", c.variant, c.setup, r.Depth, c.depth)
			}
			nodes[i], scores[i] = r.Nodes, r.Score
		}
		if scores[0] != scores[1] {
			t.Errorf("%s %q: bounded windows score %d, expectimax %d", c.variant, c.setup, scores[0], scores[1])
		}
		if nodes[0] >= nodes[1] {
			t.Errorf("%s %q: bounded windows searched %d nodes, expectimax %d", c.variant, c.setup, nodes[0], nodes[1])
		}
		t.Logf("%s %q: %d nodes bounded, %d expectimax", c.variant, c.setup, nodes[0], nodes[1])
	}
}
