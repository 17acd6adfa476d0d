package review

import "math"

// Judgement thresholds on a decision's loss of expected score (Lichess's,
// on its win percentage: 5, 10 and 15 points).
const (
	InaccuracyLoss = 0.05
	MistakeLoss    = 0.10
	BlunderLoss    = 0.15
)

// Judgements, as the JSON spells them.
const (
	Inaccuracy = "inaccuracy"
	Mistake    = "mistake"
	Blunder    = "blunder"
)

// Judge names a loss of expected score: "" below an inaccuracy.
func Judge(loss float64) string {
	// A hair of tolerance: a loss computed as exactly 0.10 stays a mistake
	// whatever the floating-point subtraction left.
	const eps = 1e-9
	switch {
	case loss >= BlunderLoss-eps:
		return Blunder
	case loss >= MistakeLoss-eps:
		return Mistake
	case loss >= InaccuracyLoss-eps:
		return Inaccuracy
	}
	return ""
}

// MoveAccuracy is Lichess's accuracy of one move, 0–100, from the drop in
// the mover's win percentage (loss × 100 points): an exponential fitted by
// Lichess to how strong players' accuracy falls with the drop.
func MoveAccuracy(loss float64) float64 {
	if loss <= 0 {
		return 100
	}
	a := 103.1668*math.Exp(-0.04354*100*loss) - 3.1669
	return math.Max(0, math.Min(100, a))
}

// judgedMove is what game accuracy needs of one ply.
type judgedMove struct {
	player int     // 0 or 1; -1 for a move left out (a forced one)
	acc    float64 // MoveAccuracy of the move
}

// gameAccuracy combines the move accuracies of each player as Lichess does:
// the mean of a volatility-weighted mean and a harmonic mean. values are
// Player 1's expected scores (0–1) of the positions before each move and
// after the last one (len(moves)+1 of them). A move's weight is the
// standard deviation of the win percentage over a window of positions
// around it, within [0.5, 12]: moves in sharp stretches count more, and the
// harmonic mean makes one blunder weigh more than many good moves make up.
// A player with no judged move has no accuracy (nil).
func gameAccuracy(moves []judgedMove, values []float64) [2]*float64 {
	weights := volatilityWeights(values, len(moves))
	var out [2]*float64
	for p := 0; p < 2; p++ {
		var sumW, sumAW, sumInv float64
		n := 0
		for i, m := range moves {
			if m.player != p {
				continue
			}
			sumW += weights[i]
			sumAW += weights[i] * m.acc
			sumInv += 1 / math.Max(1, m.acc) // as Lichess, no move counts below 1%
			n++
		}
		if n == 0 || sumW == 0 {
			continue
		}
		a := (sumAW/sumW + float64(n)/sumInv) / 2
		out[p] = &a
	}
	return out
}

// volatilityWeights gives each of n moves the standard deviation of the
// win percentages in its window, clamped to [0.5, 12]. The window holds
// n/10 positions (2 to 8) and slides one position per move; the first few
// moves, before a full window has passed, share the first window, so that
// there is exactly one window per move (Lichess's arrangement).
func volatilityWeights(values []float64, n int) []float64 {
	w := make([]float64, n)
	if n == 0 {
		return w
	}
	size := max(2, min(8, n/10))
	size = min(size, len(values))
	pct := make([]float64, len(values))
	for i, v := range values {
		pct[i] = 100 * v
	}
	for i := range w {
		start := max(0, i-(size-2)) // the first size-2 moves reuse window 0
		end := min(len(pct), start+size)
		w[i] = math.Max(0.5, math.Min(12, stddev(pct[start:end])))
	}
	return w
}

// stddev is the population standard deviation.
func stddev(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	mean := 0.0
	for _, x := range xs {
		mean += x
	}
	mean /= float64(len(xs))
	ss := 0.0
	for _, x := range xs {
		ss += (x - mean) * (x - mean)
	}
	return math.Sqrt(ss / float64(len(xs)))
}
