package review

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bermudachess/bermuda/engine"
	"github.com/bermudachess/bermuda/games"
)

// BenchmarkBudgetAgreement is a measurement, not a check CI runs: in every
// variant it reviews stretches of games between a level-3 and a level-2
// engine (so that there are mistakes to find) at the default budget and
// again at BERMUDA_BUDGET_TIMES (default 20) times it, and prints how often
// the two give a move the same judgement class. A whole game at 20× takes
// too long on a shared machine, so each stretch is BERMUDA_BUDGET_PLIES
// plies (default 24) from ply BERMUDA_BUDGET_FROM (default 16), reviewed
// from the position there; BERMUDA_BUDGET_GAMES (default 1) splits the
// plies over that many games (seeds), so that the sample is not one
// game's run of similar positions. Every move judged differently is
// listed with both losses. BERMUDA_BUDGET_ALSO (nodes, comma-separated)
// also reviews each stretch at those budgets and compares each with the
// same review at TIMES× the default: whether a larger default budget would
// agree better, for the price of one more cheap review and not of a
// second expensive one. BERMUDA_BUDGET_CACHE (a directory) keeps each
// stretch's TIMES× review there as JSON and reads it back when it is
// already there (the file's name is the variant, seed, first ply, plies
// and budget), so that other builds or settings of the default review are
// compared with the same reference without paying for it again. The
// summary gives the agreement with its 95% (Wilson) interval and the
// classes side by side.
//
//	BERMUDA_BUDGET_TIMES=20 BERMUDA_BUDGET_PLIES=24 BERMUDA_BUDGET_GAMES=3 go test -run '^$' -bench BudgetAgreement -benchtime 1x -v -timeout 180m ./review
func BenchmarkBudgetAgreement(t *testing.B) {
	times, err := strconv.Atoi(os.Getenv("BERMUDA_BUDGET_TIMES"))
	if err != nil {
		t.Skip("set BERMUDA_BUDGET_TIMES (e.g. 20)")
	}
	plies, nGames, from := 24, 1, 16
	if n, err := strconv.Atoi(os.Getenv("BERMUDA_BUDGET_PLIES")); err == nil {
		plies = n
	}
	if n, err := strconv.Atoi(os.Getenv("BERMUDA_BUDGET_GAMES")); err == nil && n > 0 {
		nGames = n
	}
	if n, err := strconv.Atoi(os.Getenv("BERMUDA_BUDGET_FROM")); err == nil && n >= 0 {
		from = n
	}
	var also []int64
	for _, f := range strings.Split(os.Getenv("BERMUDA_BUDGET_ALSO"), ",") {
		if n, err := strconv.ParseInt(strings.TrimSpace(f), 10, 64); err == nil && n > 0 {
			also = append(also, n)
		}
	}
	only := os.Getenv("BERMUDA_BUDGET_VARIANT")
	allSame, allJudged := 0, 0
	for _, v := range games.All() {
		if only != "" && v.ID != only {
			continue
		}
		base := NodesFor(v.ID)
		high := int64(times) * base
		// tallies[0] is the default budget; the others are also's.
		budgets := append([]int64{base}, also...)
		tallies := make([]budgetTally, len(budgets))
		var tHigh time.Duration
		seed := uint64(1)
		for g := 0; g < nGames; g++ {
			n := plies / nGames
			if g < plies%nGames {
				n++
			}
			rec, used := stretch(t, v.ID, seed, from, n)
			seed = used + 1
			lows := make([]Review, len(budgets))
			for k, nodes := range budgets {
				start := time.Now()
				lows[k] = mustReviewWith(t, rec, nodes)
				tallies[k].spent += time.Since(start)
			}
			start := time.Now()
			hi := budgetReference(t, rec, used, from, high)
			tHigh += time.Since(start)
			for k, nodes := range budgets {
				label := "1×"
				if k > 0 {
					label = fmt.Sprintf("%d nodes", nodes)
				}
				sameBefore, judgedBefore := tallies[k].same, tallies[k].judged
				for i, row := range lows[k].Plies {
					if tallies[k].add(row, hi.Plies[i]) {
						continue
					}
					t.Logf("%s seed %d ply %d %s: %q (loss %.3f, depth %d) at %s, %q (loss %.3f, depth %d) at %d×",
						v.ID, used, from+i, row.Move, row.Judgement, *row.Loss, row.Depth, label,
						hi.Plies[i].Judgement, *hi.Plies[i].Loss, hi.Plies[i].Depth, times)
				}
				t.Logf("%s game %d (seed %d, plies %d-%d) at %s: %d judged, same class %d; so far %d of %d",
					v.ID, g+1, used, from, from+n-1, label, tallies[k].judged-judgedBefore,
					tallies[k].same-sameBefore, tallies[k].same, tallies[k].judged)
			}
		}
		d := tallies[0]
		allSame, allJudged = allSame+d.same, allJudged+d.judged
		lo, up := wilson(d.same, d.judged)
		t.Logf("%s: %d games, %d judged moves, same class %d (%.1f%%, 95%% interval %.1f–%.1f%%); depth median %v at 1×, %v at %d×; judgements at 1× %d/%d/%d, at %d× %d/%d/%d; %v and %v",
			v.ID, nGames, d.judged, d.same, pct(d.same, d.judged), lo, up, medianOf(d.dLow), medianOf(d.dHigh), times,
			d.lowCount[1], d.lowCount[2], d.lowCount[3], times, d.highCount[1], d.highCount[2], d.highCount[3],
			d.spent.Round(time.Second), tHigh.Round(time.Second))
		t.Logf("%s classes (1× rows, %d× columns: none, inaccuracy, mistake, blunder): %v", v.ID, times, d.classes)
		for k, nodes := range also {
			a := tallies[k+1]
			lo, up := wilson(a.same, a.judged)
			t.Logf("%s at %d nodes (%.2f× the default) against %d×: %d judged moves, same class %d (%.1f%%, 95%% interval %.1f–%.1f%%); depth median %v; judgements %d/%d/%d; %v; classes %v",
				v.ID, nodes, float64(nodes)/float64(base), times, a.judged, a.same, pct(a.same, a.judged), lo, up, medianOf(a.dLow),
				a.lowCount[1], a.lowCount[2], a.lowCount[3], a.spent.Round(time.Second), a.classes)
		}
	}
	lo, up := wilson(allSame, allJudged)
	t.Logf("all variants: same class %d of %d (%.1f%%, 95%% interval %.1f–%.1f%%)", allSame, allJudged, pct(allSame, allJudged), lo, up)
}

// budgetReference reviews rec (the stretch of seed's game from ply from) at
// nodes per position, or reads the review back from BERMUDA_BUDGET_CACHE
// when an earlier run left it there; it leaves there what it computes.
func budgetReference(t testing.TB, rec games.Record, seed uint64, from int, nodes int64) Review {
	t.Helper()
	dir := os.Getenv("BERMUDA_BUDGET_CACHE")
	if dir == "" {
		return mustReviewWith(t, rec, nodes)
	}
	path := filepath.Join(dir, fmt.Sprintf("%s-seed%d-from%d-plies%d-nodes%d.json", rec.Variant, seed, from, len(rec.Plies), nodes))
	var rv Review
	if readCached(t, path, &rv) {
		if len(rv.Plies) != len(rec.Plies) {
			t.Fatalf("%s: %d rows for %d plies", path, len(rv.Plies), len(rec.Plies))
		}
		for i, row := range rv.Plies {
			if row.Move != rec.Plies[i].Move {
				t.Fatalf("%s: row %d is %s, the stretch's move %s", path, i, row.Move, rec.Plies[i].Move)
			}
		}
		t.Logf("%s: read from the cache", path)
		return rv
	}
	rv = mustReviewWith(t, rec, nodes)
	writeCached(t, path, rv)
	return rv
}

// wilson is the 95% Wilson score interval of a proportion of k in n, in
// percent.
func wilson(k, n int) (lo, hi float64) {
	if n == 0 {
		return 0, 100
	}
	const z = 1.959964
	p, fn := float64(k)/float64(n), float64(n)
	den := 1 + z*z/fn
	mid := (p + z*z/(2*fn)) / den
	half := z * math.Sqrt(p*(1-p)/fn+z*z/(4*fn*fn)) / den
	return 100 * max(0, mid-half), 100 * min(1, mid+half)
}

// budgetTally tallies one budget's review against the expensive one.
type budgetTally struct {
	same, judged        int
	classes             [4][4]int
	dLow, dHigh         []float64
	lowCount, highCount [4]int
	spent               time.Duration
}

// add counts one ply of both reviews and says whether it agrees (a ply
// either review did not judge agrees and is not counted as judged).
func (a *budgetTally) add(low, high Ply) bool {
	a.lowCount[classIndex(low.Judgement)]++
	a.highCount[classIndex(high.Judgement)]++
	if low.Loss == nil || high.Loss == nil {
		return true
	}
	a.judged++
	a.classes[classIndex(low.Judgement)][classIndex(high.Judgement)]++
	a.dLow, a.dHigh = append(a.dLow, float64(low.Depth)), append(a.dHigh, float64(high.Depth))
	if low.Judgement == high.Judgement {
		a.same++
		return true
	}
	return false
}

func medianOf(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := append([]float64(nil), xs...)
	for i := range s {
		for j := i + 1; j < len(s); j++ {
			if s[j] < s[i] {
				s[i], s[j] = s[j], s[i]
			}
		}
	}
	return s[len(s)/2]
}

// stretch plays a seeded game of a level-3 engine (Player 1) against a
// level-2 one and returns plies [from, from+n) of it as a record that
// starts from the position at ply from (with the same dice), and the
// seed: the first from seed on whose game lasts that long.
func stretch(t testing.TB, variant string, seed uint64, from, n int) (games.Record, uint64) {
	t.Helper()
	for ; ; seed++ {
		dice := games.Seeded(seed)
		g, _, _, err := games.Start(variant, "", dice)
		if err != nil {
			t.Fatal(err)
		}
		var rec games.Record
		for ply := 0; ply < from+n && !g.Outcome().Over; ply++ {
			if ply == from {
				rec = games.Record{Variant: variant, Setup: g.Position()}
			}
			level := 3
			if g.Turn().Player == games.Player2 {
				level = 2
			}
			r, err := engine.Search(context.Background(), g, engine.Limits{Level: level, Nodes: 3000, Seed: seed*1000 + uint64(ply)})
			if err != nil {
				t.Fatal(err)
			}
			next, p, _, err := games.Apply(g, r.Move.Notation, dice)
			if err != nil {
				t.Fatal(err)
			}
			if ply >= from {
				rec.Plies = append(rec.Plies, p)
			}
			g = next
		}
		if len(rec.Plies) < n {
			continue
		}
		if _, err := games.Replay(rec); err != nil {
			t.Fatalf("%s: the stretch from ply %d does not replay from its position: %v", variant, from, err)
		}
		return rec, seed
	}
}
