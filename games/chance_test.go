package games_test

import (
	"math"
	"testing"

	"github.com/bermudachess/bermuda/games"
	_ "github.com/bermudachess/bermuda/games/all"
)

func outcomesOf(t *testing.T, variant, setup, move string) []games.RollOutcome {
	t.Helper()
	g, _, _, err := games.Start(variant, setup, games.Seeded(5))
	if err != nil {
		t.Fatal(err)
	}
	m, err := g.ParseMove(move)
	if err != nil {
		t.Fatal(err)
	}
	outs, err := games.RollOutcomes(g, m, 3)
	if err != nil {
		t.Fatal(err)
	}
	sum := 0.0
	for _, o := range outs {
		sum += o.Probability
	}
	if math.Abs(sum-1) > 1e-9 {
		t.Fatalf("%s %s: probabilities sum to %v", variant, move, sum)
	}
	if g.Position() != mustPosition(t, variant, setup) {
		t.Fatalf("RollOutcomes changed the game it was given")
	}
	return outs
}

func mustPosition(t *testing.T, variant, setup string) string {
	g, _, _, err := games.Start(variant, setup, games.Seeded(5))
	if err != nil {
		t.Fatal(err)
	}
	return g.Position()
}

func TestRollOutcomesDeterministicMove(t *testing.T) {
	outs := outcomesOf(t, "chess", "", "e2e4")
	if len(outs) != 1 || len(outs[0].Rolls) != 0 || outs[0].Probability != 1 {
		t.Fatalf("a chess move: %d outcomes %+v", len(outs), outs)
	}
}

func TestRollOutcomesAngleDice(t *testing.T) {
	// A move into the Angle rolls two dice: 36 equally likely pairs.
	outs := outcomesOf(t, "angle", "", "d2d4")
	if len(outs) != 36 {
		t.Fatalf("%d outcomes, want 36", len(outs))
	}
	pairs := map[[2]int]bool{}
	for _, o := range outs {
		if len(o.Rolls) != 2 || math.Abs(o.Probability-1.0/36) > 1e-12 {
			t.Fatalf("outcome %+v: want two faces of probability 1/36", o)
		}
		pairs[[2]int{o.Rolls[0], o.Rolls[1]}] = true
	}
	if len(pairs) != 36 {
		t.Fatalf("%d distinct pairs, want 36", len(pairs))
	}
	// Most pairs name an empty square and change nothing; a few name a
	// piece, which vanishes.
	positions := map[string]int{}
	for _, o := range outs {
		positions[o.Game.Position()]++
	}
	if len(positions) < 2 || len(positions) > 12 {
		t.Fatalf("%d distinct positions after the 36 rolls", len(positions))
	}
}

func TestRollOutcomesRandomMoveThrow(t *testing.T) {
	// From a position past the plain first turns, the last move of a turn
	// throws for the next: six faces, and a lost turn (a 1 at the start of
	// a streak) throws again for the other player.
	g, _, _, err := games.Start("randommove", "", games.Script(6, 2))
	if err != nil {
		t.Fatal(err)
	}
	for _, mv := range []string{"e2e4", "e7e5"} {
		if g, _, _, err = games.Apply(g, mv, games.Script(3)); err != nil {
			t.Fatal(err)
		}
	}
	m, err := g.ParseMove(g.LegalMoves()[0].Notation)
	if err != nil {
		t.Fatal(err)
	}
	outs, err := games.RollOutcomes(g, m, 3)
	if err != nil {
		t.Fatal(err)
	}
	sum, longest := 0.0, 0
	for _, o := range outs {
		sum += o.Probability
		longest = max(longest, len(o.Rolls))
		// Replaying the rolls gives the same position.
		again, _, _, err := games.Apply(g, m.Notation, games.Script(o.Rolls...))
		if err != nil {
			t.Fatalf("rolls %v: %v", o.Rolls, err)
		}
		if again.Position() != o.Game.Position() || again.Turn().MovesLeft != o.Game.Turn().MovesLeft {
			t.Fatalf("rolls %v: replay differs", o.Rolls)
		}
	}
	// Player 2's last throw was a 2, so a 1 now starts a streak: turn
	// lost, and Player 1 throws at once.
	if math.Abs(sum-1) > 1e-9 || len(outs) < 11 || longest < 2 {
		t.Fatalf("%d outcomes summing to %v", len(outs), sum)
	}
	t.Logf("%d outcomes, longest %d rolls", len(outs), longest)
}
