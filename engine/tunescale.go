package engine

import (
	"context"
	"fmt"
	"math"
)

// ScaleFit is the logistic curve that turns a search score into an
// expected score: E = 1 / (1 + exp(-K·score/100)) for the player the score
// is for (win 1, draw ½, loss 0), K fitted to self-play results.
type ScaleFit struct {
	Variant string
	Games   int
	Samples int     // searched plies with a score that is not a forced result
	K       float64 // per pawn (the score is in hundredths of a pawn)
	Error   float64 // mean squared error of E against the results
	Drawn   float64 // share of the finished games drawn
	// Unfinished games reached opts.MaxPlies: they have no result, so
	// their plies are left out (counted as draws they flatten the curve).
	Unfinished int
	AtBound    bool // K sits at its search bound: the scores predict nothing
}

// FitScale plays opts.Games self-play games as Tune does and fits K on the
// search's own scores (not on material): at every searched ply, the score
// for Player 1 against the game's result for Player 1, Texel style. Games
// the rules did not end within opts.MaxPlies are left out. Game
// review reads its expected scores through this curve. It is deterministic
// for a seed.
func FitScale(ctx context.Context, variant string, opts TuneOptions) (ScaleFit, error) {
	opts = opts.withDefaults()
	var samples []tuneSample
	drawn, unfinished := 0, 0
	for i := 0; i < opts.Games; i++ {
		if err := ctx.Err(); err != nil {
			return ScaleFit{}, err
		}
		_, scores, result, over, err := selfPlay(ctx, variant, opts, opts.Seed+uint64(i)*7919)
		if err != nil {
			return ScaleFit{}, fmt.Errorf("game %d: %w", i+1, err)
		}
		if opts.Progress != nil {
			opts.Progress(i + 1)
		}
		if !over {
			unfinished++
			continue
		}
		if result == 0.5 {
			drawn++
		}
		for _, s := range scores {
			samples = append(samples, tuneSample{diff: []float64{s}, result: result})
		}
	}
	fit := ScaleFit{Variant: variant, Games: opts.Games, Samples: len(samples), Unfinished: unfinished}
	if finished := opts.Games - unfinished; finished > 0 {
		fit.Drawn = float64(drawn) / float64(finished)
	}
	loss := func(K float64) float64 {
		sum := 0.0
		for _, s := range samples {
			d := s.result - 1/(1+math.Exp(-K*s.diff[0]/100))
			sum += d * d
		}
		return sum / math.Max(1, float64(len(samples)))
	}
	fit.K = fitK(loss)
	fit.Error = loss(fit.K)
	fit.AtBound = fit.K < 0.002 || fit.K > 9.9
	return fit, nil
}
