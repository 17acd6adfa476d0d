package bermuda

import (
	"testing"

	"github.com/bermudachess/bermuda/games/gamestest"
)

func TestSearchStateAgreesWithGame(t *testing.T) {
	for seed := uint64(1); seed <= 3; seed++ {
		gamestest.PlayCheckingSearch(t, "bermuda", seed, 150)
	}
}

func TestSearchStateDeepLines(t *testing.T) {
	gamestest.WalkCheckingSearch(t, "bermuda", 1, 40, 24)
}
