package angle

import "testing"

func TestMoveByNotationMatchesLegalMoves(t *testing.T) {
	for seed := uint64(1); seed <= 4; seed++ {
		lookupPlayGame(t, "angle", seed, 200, "Nc3", "O-O", "f1i1", "e9e10s", "c2c4")
	}
}

func TestMoveByNotationExactNotation(t *testing.T) {
	lookupExpect(t, "angle", "", map[string]bool{
		"b1c3": true, "c2c4": true, "h2h3": true,
		"B1C3": false, "Nc3": false, "Nb1c3": false, "c4": false, "c2-c4": false, "c2c4 ": false,
		"c9c7":  false, // Black's move, White to play
		"c2c5":  false, // no such pawn move
		"b1c03": false,
	})
	// Promotion: a lower-case letter for each of the five choices.
	lookupExpect(t, "angle", "k9/4P5/10/10/10/10/10/10/10/9K w - - 0 1", map[string]bool{
		"e9e10q": true, "e9e10r": true, "e9e10b": true, "e9e10n": true, "e9e10s": true,
		"e9e10": false, "e9e10Q": false, "e9e10=S": false, "e9e10k": false, "e9e10p": false, "e9e1": false,
	})
}

func BenchmarkReplay200(b *testing.B) { benchmarkReplay(b, "angle") }
