package review

import (
	"math"

	"github.com/bermudachess/bermuda/engine"
)

// scaleK is, per variant, the K of the logistic curve that turns the
// engine's score (hundredths of a pawn, for the player to act) into an
// expected score E = 1/(1 + exp(-K·score/100)): win 1, draw ½, loss 0.
// Each was fitted on self-play results (engine.FitScale: Texel's fit of K
// on the search's own scores), 2026-11-25, by
//
//	bermuda review -fit-scale -variant V -games N -seed 17 -nodes 5000
//
// with N = 200 for chess and 100 for the others (README.md has the
// figures). spIndecision has none: its fit sits at its lower bound (the
// scores, near 0 with armies that belong to neither player, predict
// nothing), so it takes DefaultK.
var scaleK = map[string]float64{
	"chess":      0.3750,
	"angle":      0.0469, // 92% of the self-play games drawn: an advantage rarely turned into a win
	"bede":       0.2089,
	"bermuda":    0.0303, // two kings a side, each worth 20 pawns: scores run large
	"beryl":      0.2933,
	"randommove": 0.1351,
}

// DefaultK is for a variant without a fit: Lichess's curve for
// Stockfish's centipawns (0.00368208 per centipawn), a reasonable chess-like
// guess. The puzzle generator judges every variant on it (puzzles).
const DefaultK = 0.368208

// ScaleK is the K that Expected uses for variant.
func ScaleK(variant string) float64 {
	if k, ok := scaleK[variant]; ok {
		return k
	}
	return DefaultK
}

// Expected is the expected score of a search score for the player it is
// for. A forced win is 1 and a forced loss 0, however far.
func Expected(variant string, score int) float64 { return ExpectedK(ScaleK(variant), score) }

// ExpectedK is the expected score of a search score on the curve of slope
// k (per pawn); a forced win is 1 and a forced loss 0.
func ExpectedK(k float64, score int) float64 {
	switch m := engine.MateIn(score); {
	case m > 0:
		return 1
	case m < 0:
		return 0
	}
	return 1 / (1 + math.Exp(-k*float64(score)/100))
}
