package review

import (
	"context"
	"fmt"
	"os"
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
// second expensive one.
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
			hi := mustReviewWith(t, rec, high)
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
		t.Logf("%s: %d games, %d judged moves, same class %d (%.1f%%); depth median %v at 1×, %v at %d×; judgements at 1× %d/%d/%d, at %d× %d/%d/%d; %v and %v",
			v.ID, nGames, d.judged, d.same, pct(d.same, d.judged), medianOf(d.dLow), medianOf(d.dHigh), times,
			d.lowCount[1], d.lowCount[2], d.lowCount[3], times, d.highCount[1], d.highCount[2], d.highCount[3],
			d.spent.Round(time.Second), tHigh.Round(time.Second))
		t.Logf("%s classes (1× rows, %d× columns: none, inaccuracy, mistake, blunder): %v", v.ID, times, d.classes)
		for k, nodes := range also {
			a := tallies[k+1]
			t.Logf("%s at %d nodes (%.2f× the default) against %d×: %d judged moves, same class %d (%.1f%%); depth median %v; judgements %d/%d/%d; %v; classes %v",
				v.ID, nodes, float64(nodes)/float64(base), times, a.judged, a.same, pct(a.same, a.judged), medianOf(a.dLow),
				a.lowCount[1], a.lowCount[2], a.lowCount[3], a.spent.Round(time.Second), a.classes)
		}
	}
	t.Logf("all variants: same class %d of %d (%.1f%%)", allSame, allJudged, pct(allSame, allJudged))
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
