package puzzles

import (
	"context"
	"math"
	"testing"

	"github.com/bermudachess/bermuda/engine"
	"github.com/bermudachess/bermuda/games"
)

// TestDiceSolutionHoldsForEveryRoll: in Random Move Number Chess, White
// has one move left in the turn and can take a hanging queen; the move
// ends the turn, so Black's throw for the number of moves comes with it.
// The puzzle is found, tagged as a dice puzzle, and after every throw
// (each searched on its own, not averaged) White is still better off than
// with the second-best move, and still winning.
func TestDiceSolutionHoldsForEveryRoll(t *testing.T) {
	pos := "rnb1kbnr/pppp1ppp/8/4p3/3q4/2P5/PP1PPPPP/RNBQKBNR w KQkq - 0 3 white=P1 turn=5 left=1/1 plain=0 throws=1|1"
	g, err := games.NewGame("randommove", pos)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	m := &Miner{Opts: testOpts}
	p, reason, err := m.Position(ctx, g, math.NaN(), nil)
	if err != nil || reason != "" {
		t.Fatalf("rejected: %q, %v", reason, err)
	}
	if len(p.Solution) != 1 || p.Solution[0] != "c3d4" || !p.HasTheme(ThemeDice) {
		t.Fatalf("puzzle %s, themes %v", p.Solution, p.Themes)
	}
	scores, err := engine.ScoreMoves(ctx, g, engine.Limits{Nodes: testOpts.Nodes})
	if err != nil {
		t.Fatal(err)
	}
	curve := CurveOf("randommove")
	second := curve.E(scores.Moves[1].Score)
	move, _ := g.ParseMove("c3d4")
	outs, err := games.RollOutcomes(g, move, 3)
	if err != nil {
		t.Fatal(err)
	}
	if len(outs) < 6 {
		t.Fatalf("%d outcomes: the throw was not enumerated", len(outs))
	}
	white := g.Turn().Player
	for _, o := range outs {
		best, _, err := engine.BestScore(ctx, o.Game, engine.Limits{Nodes: testOpts.Nodes / 2})
		if err != nil {
			t.Fatal(err)
		}
		e := curve.E(best.Score)
		if o.Game.Turn().Player != white {
			e = 1 - e
		}
		if e <= second || e < curve.WinE {
			t.Errorf("after throws %v (p %.3f): White's E %.3f, second-best move's %.3f", o.Rolls, o.Probability, e, second)
		}
	}
}
