package angle

import (
	"testing"

	"github.com/bermudachess/bermuda/games"
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

// Captures by every kind, a Ship's capture over an empty square, pawn
// promotions with and without a capture, and en passant.
func TestTacticalMovesAreTheCapturesAndPromotions(t *testing.T) {
	for _, fen := range []string{
		"r4k3r/1P7p/10/3s6/10/2n3B3/4Pp4/10/1S3Q2p1/R4K3R b KQkq e3 0 1",
		"r4k3r/1P7p/10/3s6/10/2n3B3/4Pp4/10/1S3Q2p1/R4K3R w KQkq - 0 1",
		"4k5/1P8/10/10/10/10/10/10/10/4K5 w - - 0 1",
	} {
		g, _, _, err := games.Start("angle", fen, games.Seeded(1))
		if err != nil {
			t.Fatalf("%s: %v", fen, err)
		}
		gamestest.CheckTactical(t, g)
	}
}
