package review

import (
	"context"
	"os"
	"strconv"
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
// listed with both losses.
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
	only := os.Getenv("BERMUDA_BUDGET_VARIANT")
	allSame, allJudged := 0, 0
	for _, v := range games.All() {
		if only != "" && v.ID != only {
			continue
		}
		same, judged := 0, 0
		var classes [4][4]int
		var dLow, dHigh []float64
		var lowCount, highCount [4]int
		var tLow, tHigh time.Duration
		seed := uint64(1)
		for g := 0; g < nGames; g++ {
			n := plies / nGames
			if g < plies%nGames {
				n++
			}
			rec, used := stretch(t, v.ID, seed, from, n)
			seed = used + 1
			start := time.Now()
			low := mustReviewWith(t, rec, NodesFor(v.ID))
			mid := time.Since(start)
			high := mustReviewWith(t, rec, int64(times)*NodesFor(v.ID))
			tLow, tHigh = tLow+mid, tHigh+time.Since(start)-mid
			sameBefore, judgedBefore := same, judged
			for i, row := range low.Plies {
				other := high.Plies[i]
				lowCount[classIndex(row.Judgement)]++
				highCount[classIndex(other.Judgement)]++
				if row.Loss == nil || other.Loss == nil {
					continue
				}
				judged++
				classes[classIndex(row.Judgement)][classIndex(other.Judgement)]++
				if row.Judgement == other.Judgement {
					same++
				} else {
					t.Logf("%s seed %d ply %d %s: %q (loss %.3f, depth %d) at 1×, %q (loss %.3f, depth %d) at %d×",
						v.ID, used, from+i, row.Move, row.Judgement, *row.Loss, row.Depth, other.Judgement, *other.Loss, other.Depth, times)
				}
				dLow, dHigh = append(dLow, float64(row.Depth)), append(dHigh, float64(other.Depth))
			}
			t.Logf("%s game %d (seed %d, plies %d-%d): %d judged, same class %d; so far %d of %d",
				v.ID, g+1, used, from, from+n-1, judged-judgedBefore, same-sameBefore, same, judged)
		}
		allSame, allJudged = allSame+same, allJudged+judged
		t.Logf("%s: %d games, %d judged moves, same class %d (%.1f%%); depth median %v at 1×, %v at %d×; judgements at 1× %d/%d/%d, at %d× %d/%d/%d; %v and %v",
			v.ID, nGames, judged, same, pct(same, judged), medianOf(dLow), medianOf(dHigh), times,
			lowCount[1], lowCount[2], lowCount[3], times, highCount[1], highCount[2], highCount[3],
			tLow.Round(time.Second), tHigh.Round(time.Second))
		t.Logf("%s classes (1× rows, %d× columns: none, inaccuracy, mistake, blunder): %v", v.ID, times, classes)
	}
	t.Logf("all variants: same class %d of %d (%.1f%%)", allSame, allJudged, pct(allSame, allJudged))
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
