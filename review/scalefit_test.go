package review

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"testing"

	"github.com/bermudachess/bermuda/engine"
	"github.com/bermudachess/bermuda/games"
)

// BenchmarkStockfishScale is a measurement, not a check CI runs: it fits
// our engine's chess curve against Stockfish's on the same positions.
// Every position of each game (its first BERMUDA_SCALE_PLIES plies,
// default 40) is searched by our engine as a review does (one Analyser per
// game, in order, the game's history, the default budget) and by
// Stockfish (one thread, 64 MB, depth BERMUDA_STOCKFISH_DEPTH, default
// 18); the positions neither scores as a forced result pair our score s
// with Stockfish's expected score E_SF on Lichess's curve (DefaultK), and
// K is the slope that minimises the mean of (1/(1+e^(−K·s/100)) − E_SF)²:
// the curve that turns our centipawns into the expected scores Stockfish's
// review would give the same positions. Stockfish's scores are its
// review's (BERMUDA_STOCKFISH_CACHE keeps them, as for
// BenchmarkStockfishAgreement).
//
//	BERMUDA_SCALE_GAMES=DIR go test -run '^$' -bench StockfishScale -benchtime 1x -v -timeout 600m ./review
func BenchmarkStockfishScale(t *testing.B) {
	bin, depth, files := stockfishCorpus(t, "BERMUDA_SCALE_GAMES")
	plies := 40
	if n, err := strconv.Atoi(os.Getenv("BERMUDA_SCALE_PLIES")); err == nil {
		plies = n
	}
	ctx := context.Background()
	var ours, theirs []float64
	for _, f := range files {
		rec := readPGN(t, f)
		if len(rec.Plies) > plies {
			rec.Plies = rec.Plies[:plies]
		}
		var positions []games.Game
		if _, err := games.ReplayEach(rec, func(s games.ReplayStep) {
			if s.Index >= 0 {
				positions = append(positions, s.Before)
			}
		}); err != nil {
			t.Fatal(err)
		}
		// Stockfish's review of the same plies (BERMUDA_STOCKFISH_CACHE
		// keeps it): its expected score of each position before a move.
		rel, _ := filepath.Rel(os.Getenv("BERMUDA_SCALE_GAMES"), f)
		sf := stockfishReview(t, bin, depth, rel, rec)
		a := engine.NewAnalyser()
		for i, g := range positions {
			mine, err := a.Analyse(ctx, g, engine.Limits{Nodes: NodesFor("chess"), History: positions[:i+1]})
			if err != nil {
				t.Fatal(err)
			}
			e := sf.Plies[i].ExpectedBefore
			if e <= 0 || e >= 1 || engine.MateIn(mine.Score) != 0 {
				continue // a forced result for either
			}
			// Back to Stockfish's centipawns on Lichess's curve.
			ours, theirs = append(ours, float64(mine.Score)), append(theirs, 100*math.Log(e/(1-e))/DefaultK)
		}
		t.Logf("%s: %d positions so far", filepath.Base(filepath.Dir(f))+"/"+filepath.Base(f), len(ours))
		reportScale(t, ours, theirs) // so far: a long run can be read, or stopped, early
	}
}

// reportScale fits our curve's K to Stockfish's expected scores and shows
// how the two scales compare.
func reportScale(t testing.TB, ours, theirs []float64) {
	target := make([]float64, len(theirs))
	for i, cp := range theirs {
		target[i] = 1 / (1 + math.Exp(-DefaultK*cp/100))
	}
	loss := func(k float64) float64 {
		sum := 0.0
		for i, s := range ours {
			d := ExpectedK(k, int(s)) - target[i]
			sum += d * d
		}
		return sum / float64(len(ours))
	}
	lo, hi := 0.05, 3.0
	for range 100 { // golden-section search on K
		a, b := hi-(hi-lo)/math.Phi, lo+(hi-lo)/math.Phi
		if loss(a) < loss(b) {
			hi = b
		} else {
			lo = a
		}
	}
	k := (lo + hi) / 2
	// The ratio of the scales where both see a clear edge, which the fit
	// weighs most: Stockfish's centipawns over ours, as a median.
	var ratios []float64
	for i, s := range ours {
		if math.Abs(s) >= 50 && math.Abs(theirs[i]) >= 50 && (s > 0) == (theirs[i] > 0) {
			ratios = append(ratios, theirs[i]/s)
		}
	}
	sort.Float64s(ratios)
	median := 0.0
	if len(ratios) > 0 {
		median = ratios[len(ratios)/2]
	}
	t.Logf("%d positions (no forced result for either); K fitted %.4f (mean squared error %.5f), chess's %.4f (%.5f), DefaultK %.4f",
		len(ours), k, loss(k), ScaleK("chess"), loss(ScaleK("chess")), DefaultK)
	t.Logf("Stockfish's centipawns over ours where both see 50 or more the same way: median %.2f over %d positions; K/DefaultK %.2f",
		median, len(ratios), k/DefaultK)
}
