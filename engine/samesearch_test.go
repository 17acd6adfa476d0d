package engine

import (
	"context"
	"os"
	"testing"

	"github.com/bermudachess/bermuda/games"
)

// sameSearch are searches of seeded positions (benchPositions) and what
// they found, recorded before the search was made faster (issue #34: it
// may not lose more than 10% of its nodes a second): the same move, score,
// completed depth and node count, at a node budget, at a fixed depth, and
// at level 3 (every root move scored, noise, an earlier iteration's
// move). Work that only speeds the search up leaves every line alone; a
// change that means to search differently records the table again
// (TestSameSearch says how). Recorded last for the scaled late-move
// reductions (issue #34), which leave the variants with dice alone;
// spIndecision's since, once it tells a king in danger (check extension,
// forward pruning and full reductions there).
var sameSearch = []struct {
	variant  string
	position int // index in benchPositions
	lim      Limits
	move     string
	score    int
	depth    int
	nodes    int64
}{
	{"angle", 0, Limits{Level: 5, Depth: 0, Nodes: 50000, Seed: 0}, "a2a4", -4, 3, 50000},
	{"angle", 0, Limits{Level: 5, Depth: 5, Nodes: 100000, Seed: 0}, "a2a4", -4, 3, 100000},
	{"angle", 0, Limits{Level: 3, Depth: 3, Nodes: 30000, Seed: 5}, "i1j3", -4, 1, 30000},
	{"angle", 1, Limits{Level: 5, Depth: 0, Nodes: 50000, Seed: 0}, "b2b4", 3, 2, 50015},
	{"angle", 1, Limits{Level: 5, Depth: 5, Nodes: 100000, Seed: 0}, "b2b4", 3, 2, 100006},
	{"angle", 1, Limits{Level: 3, Depth: 3, Nodes: 30000, Seed: 5}, "i1j3", -7, 1, 30000},
	{"angle", 2, Limits{Level: 5, Depth: 0, Nodes: 50000, Seed: 0}, "a8f3", -11, 1, 50005},
	{"angle", 2, Limits{Level: 5, Depth: 5, Nodes: 100000, Seed: 0}, "a8f3", -11, 1, 100004},
	{"angle", 2, Limits{Level: 3, Depth: 3, Nodes: 30000, Seed: 5}, "b3b4", -11, 1, 30000},
	{"bede", 0, Limits{Level: 5, Depth: 0, Nodes: 50000, Seed: 0}, "b1d4", 9, 4, 50000},
	{"bede", 0, Limits{Level: 5, Depth: 5, Nodes: 100000, Seed: 0}, "b1d4", -9, 5, 85783},
	{"bede", 0, Limits{Level: 3, Depth: 3, Nodes: 30000, Seed: 5}, "b3a4", -9, 1, 30000},
	{"bede", 1, Limits{Level: 5, Depth: 0, Nodes: 50000, Seed: 0}, "f1g1", -780, 4, 50000},
	{"bede", 1, Limits{Level: 5, Depth: 5, Nodes: 100000, Seed: 0}, "f1g1", -780, 4, 100000},
	{"bede", 1, Limits{Level: 3, Depth: 3, Nodes: 30000, Seed: 5}, "f3d5", -796, 1, 30000},
	{"bede", 2, Limits{Level: 5, Depth: 0, Nodes: 50000, Seed: 0}, "d5c5", 30, 5, 50000},
	{"bede", 2, Limits{Level: 5, Depth: 5, Nodes: 100000, Seed: 0}, "d5c5", 30, 5, 37296},
	{"bede", 2, Limits{Level: 3, Depth: 3, Nodes: 30000, Seed: 5}, "d5c5", 30, 1, 30000},
	{"bermuda", 0, Limits{Level: 5, Depth: 0, Nodes: 50000, Seed: 0}, "A2A4", -10, 3, 50000},
	{"bermuda", 0, Limits{Level: 5, Depth: 5, Nodes: 100000, Seed: 0}, "A2-b8", -100, 4, 100000},
	{"bermuda", 0, Limits{Level: 3, Depth: 3, Nodes: 30000, Seed: 5}, "B2-b7", 0, 0, 30004},
	{"bermuda", 1, Limits{Level: 5, Depth: 0, Nodes: 50000, Seed: 0}, "B2-b7", -258, 4, 50000},
	{"bermuda", 1, Limits{Level: 5, Depth: 5, Nodes: 100000, Seed: 0}, "B2-b7", -258, 4, 100000},
	{"bermuda", 1, Limits{Level: 3, Depth: 3, Nodes: 30000, Seed: 5}, "A1-a8", -249, 1, 30001},
	{"bermuda", 2, Limits{Level: 5, Depth: 0, Nodes: 50000, Seed: 0}, "B4-d7", 30, 4, 50000},
	{"bermuda", 2, Limits{Level: 5, Depth: 5, Nodes: 100000, Seed: 0}, "B4-d7", 30, 4, 100000},
	{"bermuda", 2, Limits{Level: 3, Depth: 3, Nodes: 30000, Seed: 5}, "A1-a8", 0, 0, 30000},
	{"beryl", 0, Limits{Level: 5, Depth: 0, Nodes: 50000, Seed: 0}, "25-19", 4, 10, 50000},
	{"beryl", 0, Limits{Level: 5, Depth: 5, Nodes: 100000, Seed: 0}, "25-19", -4, 5, 1255},
	{"beryl", 0, Limits{Level: 3, Depth: 3, Nodes: 30000, Seed: 5}, "29-19", 4, 2, 518},
	{"beryl", 1, Limits{Level: 5, Depth: 0, Nodes: 50000, Seed: 0}, "12-13", -1108, 10, 50000},
	{"beryl", 1, Limits{Level: 5, Depth: 5, Nodes: 100000, Seed: 0}, "12-10", -815, 5, 2102},
	{"beryl", 1, Limits{Level: 3, Depth: 3, Nodes: 30000, Seed: 5}, "22-17", -615, 2, 484},
	{"beryl", 2, Limits{Level: 5, Depth: 0, Nodes: 50000, Seed: 0}, "5-19", -4, 9, 50000},
	{"beryl", 2, Limits{Level: 5, Depth: 5, Nodes: 100000, Seed: 0}, "5-19", -4, 5, 1380},
	{"beryl", 2, Limits{Level: 3, Depth: 3, Nodes: 30000, Seed: 5}, "35-12", 4, 2, 405},
	{"chess", 0, Limits{Level: 5, Depth: 0, Nodes: 50000, Seed: 0}, "g1f3", 37, 6, 50000},
	{"chess", 0, Limits{Level: 5, Depth: 5, Nodes: 100000, Seed: 0}, "b1c3", 27, 5, 7689},
	{"chess", 0, Limits{Level: 3, Depth: 3, Nodes: 30000, Seed: 5}, "b2b3", 37, 2, 2340},
	{"chess", 1, Limits{Level: 5, Depth: 0, Nodes: 50000, Seed: 0}, "c1b2", -61, 7, 50000},
	{"chess", 1, Limits{Level: 5, Depth: 5, Nodes: 100000, Seed: 0}, "e2e3", -35, 5, 12393},
	{"chess", 1, Limits{Level: 3, Depth: 3, Nodes: 30000, Seed: 5}, "f3f4", -56, 2, 4398},
	{"chess", 2, Limits{Level: 5, Depth: 0, Nodes: 50000, Seed: 0}, "a3b5", -664, 8, 50000},
	{"chess", 2, Limits{Level: 5, Depth: 5, Nodes: 100000, Seed: 0}, "a3b5", -772, 5, 3701},
	{"chess", 2, Limits{Level: 3, Depth: 3, Nodes: 30000, Seed: 5}, "c2c3", -749, 2, 4937},
	{"randommove", 0, Limits{Level: 5, Depth: 0, Nodes: 50000, Seed: 0}, "g1f3", 86, 3, 50000},
	{"randommove", 0, Limits{Level: 5, Depth: 5, Nodes: 100000, Seed: 0}, "g1f3", 86, 3, 100007},
	{"randommove", 0, Limits{Level: 3, Depth: 3, Nodes: 30000, Seed: 5}, "b2b3", 44, 1, 30004},
	{"randommove", 1, Limits{Level: 5, Depth: 0, Nodes: 50000, Seed: 0}, "c1b2", 0, 1, 50018},
	{"randommove", 1, Limits{Level: 5, Depth: 5, Nodes: 100000, Seed: 0}, "c1b2", 58, 2, 100000},
	{"randommove", 1, Limits{Level: 3, Depth: 3, Nodes: 30000, Seed: 5}, "d2d3", 0, 1, 30013},
	{"randommove", 2, Limits{Level: 5, Depth: 0, Nodes: 50000, Seed: 0}, "f5f2", -27, 1, 50002},
	{"randommove", 2, Limits{Level: 5, Depth: 5, Nodes: 100000, Seed: 0}, "f5f2", -27, 1, 100007},
	{"randommove", 2, Limits{Level: 3, Depth: 3, Nodes: 30000, Seed: 5}, "f5f2", 0, 0, 30002},
	{"spindecision", 0, Limits{Level: 5, Depth: 0, Nodes: 50000, Seed: 0}, "20-31=B", 4, 4, 50000},
	{"spindecision", 0, Limits{Level: 5, Depth: 5, Nodes: 100000, Seed: 0}, "20-31=B", 4, 5, 83758},
	{"spindecision", 0, Limits{Level: 3, Depth: 3, Nodes: 30000, Seed: 5}, "2-14", 4, 1, 30000},
	{"spindecision", 1, Limits{Level: 5, Depth: 0, Nodes: 50000, Seed: 0}, "31x30", 99999, 1, 30},
	{"spindecision", 1, Limits{Level: 5, Depth: 5, Nodes: 100000, Seed: 0}, "31x30", 99999, 1, 30},
	{"spindecision", 1, Limits{Level: 3, Depth: 3, Nodes: 30000, Seed: 5}, "31x30", 99999, 1, 210},
}

// TestSameSearch compares the searches with sameSearch; with
// BERMUDA_RECORD_SAME_SEARCH=1 (and -v) it logs the table's lines afresh
// instead, for a change that means to search differently.
func TestSameSearch(t *testing.T) {
	t.Parallel() // turns no search switch (the note after mustGame)
	record := os.Getenv("BERMUDA_RECORD_SAME_SEARCH") == "1"
	positions := map[string][]games.Game{}
	for _, c := range sameSearch {
		ps, ok := positions[c.variant]
		if !ok {
			ps = benchPositions(t, c.variant)
			positions[c.variant] = ps
		}
		r, err := Search(context.Background(), ps[c.position], c.lim)
		if err != nil {
			t.Fatal(err)
		}
		if record {
			t.Logf("\t{%q, %d, Limits{Level: %d, Depth: %d, Nodes: %d, Seed: %d}, %q, %d, %d, %d},",
				c.variant, c.position, c.lim.Level, c.lim.Depth, c.lim.Nodes, c.lim.Seed, r.Move.Notation, r.Score, r.Depth, r.Nodes)
			continue
		}
		if r.Move.Notation != c.move || r.Score != c.score || r.Depth != c.depth || r.Nodes != c.nodes {
			t.Errorf("%s position %d %+v: %s score %d depth %d nodes %d, want %s %d %d %d",
				c.variant, c.position, c.lim, r.Move.Notation, r.Score, r.Depth, r.Nodes, c.move, c.score, c.depth, c.nodes)
		}
	}
}
