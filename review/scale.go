package review

import (
	"math"

	"github.com/bermudachess/bermuda/engine"
)

// scaleK is, per variant, the K of the logistic curve that turns the
// engine's score (hundredths of a pawn, for the player to act) into an
// expected score E = 1/(1 + exp(-K·score/100)): win 1, draw ½, loss 0.
// Each was fitted on self-play results (engine.FitScale: Texel's fit of K
// on the search's own scores), 2026-11-27, by
//
//	bermuda review -fit-scale -variant V -games G -seed 17 -nodes N -handicap 2 -resign 1000
//
// with G and N per variant below (README.md, "Scale constants", has the
// figures and how the games are played): games made decisive by a
// handicap (two games in three, one player's first two moves after the
// opening are random) and adjudicated like cutechess-cli's resign rule (10
// pawns for 4 moves of each player wins), searched by engine.BestScore with
// the variant's own piece values and the game's history. The fits of
// 2026-11-25 (5,000 nodes, no handicap, no adjudication, the generic piece
// values) drew most Angle games and gave flat curves: the Angle's K was
// 0.0469 (a queen up 0.61), Bermuda chess's 0.0303.
//
// Chess is fitted differently: against Stockfish's expected scores on the
// same positions (BenchmarkStockfishScale: our review's search of every
// position of 4 games, 30 plies each, against Stockfish 15.1 at depth 18
// on Lichess's curve, DefaultK; 118 positions, K minimising the squared
// difference of the two expected scores). Stockfish judges chess where it
// is installed, so our engine's chess judgements should read as its do.
// Our scores run smaller than its centipawns where it matters: K = 0.5177
// (mean squared error 0.00135, against 0.00203 for the self-play fit of
// 2026-11-25, 0.3750, which made our losses about half of Stockfish's).
// The self-play fit of 2026-11-27 gave 0.5851. Refitted the same way
// once chess's evaluation was fitted to Stockfish's scores (2026-11-27,
// 10 games, 20 plies each, Stockfish at depth 16, 187 positions): K =
// 0.3974 (mean squared error 0.00152, against 0.00264 for 0.5177); our
// scores now read nearly as its centipawns do. DefaultK itself is
// Stockfish's curve and the puzzles' (every variant): scaling it instead
// flattens every puzzle's "clearly best" gap (README.md).
//
// spIndecision has none: its armies belong to neither player, so its
// score is a constant tempo (5) except where the search sees a forced
// result, and no K makes it predict anything (the fit sits at its lower
// bound). It takes DefaultK, which turns the tempo into 0.50 ± 0.005 and
// leaves its judgements to forced results: a move that lets a king be
// taken, or misses taking one, is a blunder (E 1 or 0 against ½).
var scaleK = map[string]float64{
	// Fitted to Stockfish's expected scores (above), with chess's fitted
	// evaluation; 0.5177 with the hand-made one; self-play gave 0.3750
	// (2026-11-25) and 0.5851 (2026-11-27).
	"chess": 0.3974,
	// The new fits: G games at N nodes, finished games drawn, K before.
	"angle":      0.1277, // 80 at 20,000: 46% drawn (92% before), K 0.0469
	"bede":       0.5273, // 100 at 20,000: 11% drawn (20%), K 0.2089
	"bermuda":    0.2922, // 100 at 50,000: 5% drawn (36%), K 0.0303; kings 40 pawns each
	"beryl":      0.4732, // 60 at 20,000: 5% drawn (39%), K 0.2933
	"randommove": 0.1521, // 60 at 20,000: none drawn (8%), K 0.1351
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
