package engine

import (
	"fmt"
	"math/rand/v2"

	"github.com/bermudachess/bermuda/games"
)

// Greedy chooses the move that leaves the best material balance for the
// player making it, one ply deep, averaged over the move's rolls; a move
// that wins outright is best and one that loses worst. Ties are broken at
// random. It is the yardstick opponent of `bermuda match`.
func Greedy(g games.Game, rng *rand.Rand) (games.Move, error) {
	legal := g.LegalMoves()
	if len(legal) == 0 {
		return games.Move{}, fmt.Errorf("no legal move: the game is over")
	}
	ev := newEvaluator(g, nil)
	me := g.Turn().Player
	var best []games.Move
	bestV := 0.0
	for _, m := range legal {
		outs, err := games.RollOutcomes(g, m, maxChainedRolls)
		if err != nil {
			continue
		}
		v := 0.0
		for _, o := range outs {
			var x float64
			switch out := o.Game.Outcome(); {
			case out.Over && out.Draw:
				x = 0
			case out.Over && out.Winner == me:
				x = mateScore
			case out.Over:
				x = -mateScore
			default:
				x = float64(ev.materialFor(o.Game, me))
			}
			v += o.Probability * x
		}
		switch {
		case len(best) == 0 || v > bestV+1e-9:
			best, bestV = []games.Move{m}, v
		case v > bestV-1e-9:
			best = append(best, m)
		}
	}
	if len(best) == 0 {
		return legal[rng.IntN(len(legal))], nil
	}
	return best[rng.IntN(len(best))], nil
}
