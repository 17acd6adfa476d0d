package angle

import (
	"testing"

	"github.com/bermudachess/bermuda/games/gamestest"
)

func TestSearchStateAgreesWithGame(t *testing.T) {
	for seed := uint64(1); seed <= 2; seed++ {
		gamestest.PlayCheckingSearch(t, "angle", seed, 50)
	}
}

func TestSearchStateDeepLines(t *testing.T) {
	gamestest.WalkCheckingSearch(t, "angle", 1, 40, 24)
}
