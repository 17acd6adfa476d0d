package engine

import (
	"context"
	"testing"

	"github.com/bermudachess/bermuda/games"
)

// plainGame hides a variant's fast path, so the search walks the public
// interface (gameTree) instead.
type plainGame struct{ games.Game }

func TestHistoryRepetitionIsAvoidedWhenAhead(t *testing.T) {
	// White is a queen up: going back to a position the game already had
	// would be a draw, so the engine plays another move.
	g := mustGame(t, "chess", "4k3/8/8/8/8/8/8/Q3K3 w - - 0 1")
	// The public interface searches a few hundred times fewer nodes a
	// second: at 5,000 nodes it completes depth 5 (6 at 20,000), and plays
	// the same moves (Qa2, then Qa3 with Qa2's position in the history).
	for _, c := range []struct {
		name  string
		g     games.Game
		nodes int64
	}{{"fast path", g, 20000}, {"public interface", plainGame{g}, 5000}} {
		t.Run(c.name, func(t *testing.T) {
			first, err := Search(context.Background(), c.g, Limits{Level: 5, Nodes: c.nodes, Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			after, _, _, err := games.Apply(g, first.Move.Notation, nil)
			if err != nil {
				t.Fatal(err)
			}
			history := []games.Game{mustGame(t, "chess", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"), after}
			if c.name == "public interface" {
				history[1] = plainGame{after}
			}
			again, err := Search(context.Background(), c.g, Limits{Level: 5, Nodes: c.nodes, Seed: 1, History: history})
			if err != nil {
				t.Fatal(err)
			}
			if again.Move.Notation == first.Move.Notation {
				t.Fatalf("played %s again although the position after it is in the history", again.Move.Notation)
			}
			if again.Score < 500 {
				t.Fatalf("score %d after avoiding the repetition, want White still clearly winning", again.Score)
			}
		})
	}
}
