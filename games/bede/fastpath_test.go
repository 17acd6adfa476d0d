package bede

import (
	"testing"

	"github.com/bermudachess/bermuda/games/gamestest"
)

func TestMoveByNotationMatchesLegalMoves(t *testing.T) {
	for seed := uint64(1); seed <= 3; seed++ {
		gamestest.PlayCheckingLookup(t, "bede", seed, 200, "e3e4=B", "a1b2=B", "Zd4")
	}
}

func TestMoveByNotationExactNotation(t *testing.T) {
	gamestest.ExpectLookup(t, "bede", "", map[string]bool{
		"c3c5": true, "b1d4": true, "a1b2": true, // a Bede may take its own squire
		"C3C5": false, "c3-c5": false, "c5": false, "Zd4": false, "c3c5 ": false,
		"c3c6":   false, // no such pawn move
		"c9c7":   false, // Black's move, White to play
		"c3c5=B": false, "a1b2B": false,
	})
}

func BenchmarkReplay200(b *testing.B) { gamestest.BenchmarkReplay(b, "bede") }
