package review

import (
	"context"
	"slices"

	"github.com/bermudachess/bermuda/games"
)

// Luck, as GNU Backgammon defines it: a roll's luck for the player it
// belongs to is their expected score after the roll, with best play from
// there, minus the average of that over every roll that could have come
// (the value of the chance node the roll resolves). Over all the rolls that
// could have come, luck averages exactly 0; the same roll is as bad for the
// opponent as it is good for its owner, since their expected scores add to 1.

// maxBranchedRolls is how many faces of one ply the luck enumerates: the
// Angle's two dice, or a throw and the throws a lost turn chains to it in
// Random Move Number Chess (the engine's own bound for chance moves).
const maxBranchedRolls = 3

// roll is one die event of a ply: who it belongs to and how many of the
// ply's faces it used (the Angle's two dice are one roll; in Random Move
// Number Chess a lost turn makes the other player throw at once).
type roll struct {
	owner games.Player
	faces int
}

// rollsOf splits a ply's faces into its rolls by the dice events the ply
// raised. When the events do not account for every face, the whole ply is
// one roll of the mover.
func rollsOf(faces []int, evs []games.Event, mover games.Player) []roll {
	var out []roll
	n := 0
	for _, e := range games.DiceEvents(evs) {
		out = append(out, roll{owner: e.Player, faces: len(e.Dice)})
		n += len(e.Dice)
	}
	if n != len(faces) || len(out) == 0 {
		return []roll{{owner: mover, faces: len(faces)}}
	}
	return out
}

// plyLuck is the luck of each roll of one ply, for its owner, in order
// (nil entries for rolls that belong to nobody), and the value of the
// move's chance node for Player 1: the average over every way its dice
// could fall. p1Value gives Player 1's expected score with best play in a
// position after the dice.
func plyLuck(ctx context.Context, before games.Game, move games.Move, faces []int, evs []games.Event,
	p1Value func(context.Context, games.Game) (float64, error)) ([]roll, []*float64, float64, error) {
	rolls := rollsOf(faces, evs, before.Turn().Player)
	// The same bound for every roll that could have come, so that they
	// all share one chance node; faces past it (a third lost turn in a
	// row) are fixed at the die's middle face by RollOutcomes, and a roll
	// of the game past it gets no luck.
	outs, err := games.RollOutcomes(before, move, maxBranchedRolls)
	if err != nil {
		return nil, nil, 0, err
	}
	values := make([]float64, len(outs))
	seen := map[string]float64{}
	for i, o := range outs {
		key := o.Game.Position()
		v, ok := seen[key]
		if !ok {
			if v, err = p1Value(ctx, o.Game); err != nil {
				return nil, nil, 0, err
			}
			seen[key] = v
		}
		values[i] = v
	}
	// average is Player 1's expected score once the first n faces are
	// known: the chance node that the rest of the ply's dice resolve.
	average := func(n int) (float64, bool) {
		sum, prob := 0.0, 0.0
		for i, o := range outs {
			if len(o.Rolls) >= n && slices.Equal(o.Rolls[:n], faces[:n]) {
				sum += o.Probability * values[i]
				prob += o.Probability
			}
		}
		if prob == 0 {
			return 0, false
		}
		return sum / prob, true
	}
	luck := make([]*float64, len(rolls))
	used := 0
	for k, r := range rolls {
		from, okFrom := average(used)
		used += r.faces
		to, okTo := average(used)
		if used > maxBranchedRolls {
			okTo = false
		}
		if !okFrom || !okTo || r.owner == games.NoPlayer {
			continue // the actual faces are not among the outcomes: no judgement
		}
		l := (to - from) * sign(r.owner)
		luck[k] = &l
	}
	node, _ := average(0)
	return rolls, luck, node, nil
}

// sign turns a change in Player 1's expected score into one for p.
func sign(p games.Player) float64 {
	if p == games.Player2 {
		return -1
	}
	return 1
}
