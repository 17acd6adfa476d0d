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

// The placement table is filled after the board's squares are laid out:
// a knight gains for the centre and loses 6% of its 310 in the Angle.
func TestPlacementTableIsFilled(t *testing.T) {
	if got := placeScore[knight][mail(1, 4)]; got != 4 {
		t.Errorf("knight on b5: %d, want 8-(7+1)/2 = 4", got)
	}
	if got := placeScore[knight][mail(4, 4)]; got != 7-18 {
		t.Errorf("knight on e5: %d, want 8-(1+1)/2 - 310*6/100 = -11", got)
	}
}
