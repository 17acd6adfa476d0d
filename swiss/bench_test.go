package swiss

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkSwissPair100After6 pairs round 7 of a 100-player tournament.
func BenchmarkSwissPair100After6(b *testing.B) {
	rng := rand.New(rand.NewPCG(100, 6))
	tour := randomTournament(rng, 100)
	for range 6 {
		games, err := Pair(tour)
		if err != nil {
			b.Fatal(err)
		}
		for i := range games {
			if games[i].Result != Bye {
				games[i].Result = []Result{WhiteWins, BlackWins, Draw}[rng.IntN(3)]
			}
		}
		tour.Rounds = append(tour.Rounds, games)
	}
	for b.Loop() {
		if _, err := Pair(tour); err != nil {
			b.Fatal(err)
		}
	}
}
