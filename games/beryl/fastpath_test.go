package beryl

import (
	"testing"

	"github.com/bermudachess/bermuda/games/gamestest"
)

func TestMoveByNotationMatchesLegalMoves(t *testing.T) {
	for seed := uint64(1); seed <= 4; seed++ {
		gamestest.PlayCheckingLookup(t, "beryl", seed, 200, "17x12", "28-33=R", "1-2")
		gamestest.PlayCheckingLookup(t, "spindecision", seed, 200, "9-10", "9-10K", "17x12=B=K", "1-2")
	}
}

func TestMoveByNotationExactNotation(t *testing.T) {
	gamestest.ExpectLookup(t, "beryl", "", map[string]bool{
		"17-12": true, "25-18": true,
		"17x12": false, "17-12=K": false, "017-12": false, "17 - 12": false, "17-12 ": false,
		"20-15": false, // Black's king, White to move
		"17-13": false, // not a king step
		"17-":   false, "-12": false, "17": false, "40-41": false,
	})
	// An undecided piece names what it becomes, with a capital letter.
	gamestest.ExpectLookup(t, "spindecision", "", map[string]bool{
		"9-10=K": true, "2-14": true, "25-18": true, "32-14": true,
		"9-10": false, "9-10K": false, "9-10=k": false, "9x10=K": false, "9-10=K=B": false, "02-14": false,
	})
}

func BenchmarkReplay200(b *testing.B) {
	b.Run("beryl", func(b *testing.B) { gamestest.BenchmarkReplay(b, "beryl") })
	b.Run("spindecision", func(b *testing.B) { gamestest.BenchmarkReplay(b, "spindecision") })
}
