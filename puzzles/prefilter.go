package puzzles

import (
	"context"

	"github.com/bermudachess/bermuda/engine"
	"github.com/bermudachess/bermuda/games"
)

// RejectPrefilter is the pre-filter's reason (Miner.MultiOnly).
const RejectPrefilter = "pre-filter: no second clearly best solver move at the screen's budget"

// likelyLine is the pre-filter of Miner.MultiOnly: a cheap sketch of the
// line buildLine would build from g, with the screen's budget instead of
// the full one. first is the screen's decision at g. The solver plays its
// best move (with the fate buildLine would give it), the opponent the
// engine's best reply, and the solver's next decision must be clearly
// best by the line's own test (clearLater). A first move that ends the
// game, or a second decision that is not clear, is a line of one solver
// move at best: the full judge (tens of times the screen's nodes) is not
// run. It sketches every fate buildLine would try (Options.Fates) and
// passes if one goes on.
func likelyLine(ctx context.Context, g games.Game, first decision, o Options) (bool, error) {
	if first.onlyMove {
		return false, nil
	}
	solver := g.Turn().Player
	for n := 0; n < o.Fates; n++ {
		fate := o.FirstFate + n
		cur, _, faces, err := playFate(g, first.best.Move, fate)
		if err != nil {
			return false, err
		}
		rolled := len(faces) > 0
		// The opponent's replies (several in a row where the variant's
		// turns allow it), then the solver's next decision.
		for !cur.Outcome().Over && cur.Turn().Player != solver {
			best, _, err := engine.BestScore(ctx, cur, engine.Limits{Nodes: o.ScreenNodes})
			if err != nil {
				return false, err
			}
			next, _, faces, err := playFate(cur, best.Move, fate)
			if err != nil {
				return false, err
			}
			cur, rolled = next, rolled || len(faces) > 0
		}
		if cur.Outcome().Over {
			if !rolled {
				return false, nil // no other fate: the same game end
			}
			continue
		}
		d, err := decide(ctx, cur, o.ScreenNodes, 0)
		if err != nil {
			return false, err
		}
		if !d.onlyMove && d.clearLater() {
			return true, nil
		}
		if !rolled {
			return false, nil // every fate would give the same line
		}
	}
	return false, nil
}

// playFate plays m on a copy of g with the roll fate gives it (fateSeed):
// the one way buildLine and the pre-filter play a line's moves. It returns
// the position after, what happened, and the faces rolled (none: the move
// rolled nothing).
func playFate(g games.Game, m games.Move, fate int) (games.Game, []games.Event, []int, error) {
	next := g.Clone()
	d := games.NewDice(games.Seeded(fateSeed(g, m, fate)))
	events, err := next.Play(m, d)
	if err != nil {
		return nil, nil, nil, err
	}
	return next, events, d.Rolls(), nil
}
