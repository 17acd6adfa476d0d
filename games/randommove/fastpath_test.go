package randommove

import (
	"github.com/bermudachess/bermuda/games/gamestest"
	"testing"

	"github.com/bermudachess/bermuda/games"
)

func TestMoveByNotationMatchesLegalMoves(t *testing.T) {
	for seed := uint64(1); seed <= 3; seed++ {
		gamestest.PlayCheckingLookup(t, ID, seed, 200, "Nf3", "O-O", "e1g1", "e7e8q")
	}
}

func TestMoveByNotationExactUCI(t *testing.T) {
	gamestest.ExpectLookup(t, ID, "", map[string]bool{
		"e2e4": true, "g1f3": true,
		"E2E4": false, "Nf3": false, "e4": false, "e2-e4": false, "e7e5": false, "e2e5": false,
	})
}

// A finished game finds nothing, though the chess position has moves.
func TestMoveByNotationGameOver(t *testing.T) {
	g := begun(t, "", 6, 1)
	g.end(games.Win(games.Player2, "six sixes in a row"))
	if len(g.LegalMoves()) != 0 {
		t.Fatal("a finished game lists legal moves")
	}
	if m, ok := g.MoveByNotation("e2e4"); ok {
		t.Errorf("MoveByNotation(e2e4) = %+v after the game ended", m)
	}
}

func BenchmarkReplay200(b *testing.B) { gamestest.BenchmarkReplay(b, ID) }
