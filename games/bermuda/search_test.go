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
