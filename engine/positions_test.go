package engine

import (
	"math/rand/v2"
	"testing"

	"github.com/bermudachess/bermuda/games"
)

// benchPlies are the random plies played from the start for the positions
// the speed benchmark and the same-search test use: the start itself, an
// opening and a middle game with pieces off.
var benchPlies = []int{0, 8, 20}

// benchPositions are seeded positions of variant: benchPlies random legal
// moves from the start (dice from the same seed), chosen without the
// engine, so that any build of it is measured on the same positions.
func benchPositions(tb testing.TB, variant string) []games.Game {
	tb.Helper()
	var out []games.Game
	for _, plies := range benchPlies {
		roller := games.Seeded(uint64(7 + plies))
		g, _, _, err := games.Start(variant, "", roller)
		if err != nil {
			tb.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(uint64(plies), 99))
		for i := 0; i < plies && !g.Outcome().Over; i++ {
			legal := g.LegalMoves()
			next, _, _, err := games.Apply(g, legal[rng.IntN(len(legal))].Notation, roller)
			if err != nil {
				tb.Fatal(err)
			}
			g = next
		}
		if !g.Outcome().Over {
			out = append(out, g)
		}
	}
	return out
}
