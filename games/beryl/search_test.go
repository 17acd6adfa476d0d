package beryl

import (
	"testing"

	"github.com/bermudachess/bermuda/games/gamestest"
)

func TestSearchStateAgreesWithGame(t *testing.T) {
	for _, id := range []string{"beryl", "spindecision"} {
		for seed := uint64(1); seed <= 3; seed++ {
			gamestest.PlayCheckingSearch(t, id, seed, 150)
		}
	}
}

func TestSearchStateDeepLines(t *testing.T) {
	for _, id := range []string{"beryl", "spindecision"} {
		gamestest.WalkCheckingSearch(t, id, 1, 40, 24)
	}
}
