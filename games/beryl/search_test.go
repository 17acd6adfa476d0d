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
