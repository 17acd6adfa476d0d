package angle

import (
	"github.com/bermudachess/bermuda/games/gamestest"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/bermudachess/bermuda/games"
)

func TestMoveByNotationMatchesLegalMoves(t *testing.T) {
	for seed := uint64(1); seed <= 4; seed++ {
		gamestest.PlayCheckingLookup(t, "angle", seed, 200, "Nc3", "O-O", "f1i1", "e9e10s", "c2c4")
	}
}

func TestMoveByNotationExactNotation(t *testing.T) {
	gamestest.ExpectLookup(t, "angle", "", map[string]bool{
		"b1c3": true, "c2c4": true, "h2h3": true,
		"B1C3": false, "Nc3": false, "Nb1c3": false, "c4": false, "c2-c4": false, "c2c4 ": false,
		"c9c7":  false, // Black's move, White to play
		"c2c5":  false, // no such pawn move
		"b1c03": false,
	})
	// Promotion: a lower-case letter for each of the five choices.
	gamestest.ExpectLookup(t, "angle", "k9/4P5/10/10/10/10/10/10/10/9K w - - 0 1", map[string]bool{
		"e9e10q": true, "e9e10r": true, "e9e10b": true, "e9e10n": true, "e9e10s": true,
		"e9e10": false, "e9e10Q": false, "e9e10=S": false, "e9e10k": false, "e9e10p": false, "e9e1": false,
	})
}

func BenchmarkReplay200(b *testing.B) { gamestest.BenchmarkReplay(b, "angle") }

// The key writes the board field itself; it must stay FormatBoard's.
func TestKeyBoardFieldIsFormatBoard(t *testing.T) {
	for seed := uint64(1); seed <= 4; seed++ {
		g, err := New("")
		if err != nil {
			t.Fatal(err)
		}
		dice := games.Seeded(seed)
		rng := rand.New(rand.NewPCG(seed, 29))
		for ply := 0; ply < 200 && !g.Outcome().Over; ply++ {
			want := grid.FormatBoard(g.pos.boardBytes())
			if got := string(g.pos.appendBoardField(nil)); got != want {
				t.Fatalf("seed %d ply %d: board field %q, FormatBoard gives %q", seed, ply, got, want)
			}
			if k := g.Key(); !strings.HasPrefix(k, want+" ") || k != g.pos.key() {
				t.Fatalf("seed %d ply %d: key %q does not start with the board field %q", seed, ply, k, want)
			}
			ms := g.LegalMoves()
			if _, err := g.Play(ms[rng.IntN(len(ms))], games.NewDice(dice)); err != nil {
				t.Fatal(err)
			}
		}
	}
	if k := mustKey(t, "k9/4P5/10/10/10/10/10/10/10/9K w - - 0 1"); k != "k9/4P5/10/10/10/10/10/10/10/9K w - -" {
		t.Errorf("key %q", k)
	}
}

func mustKey(t *testing.T, fen string) string {
	t.Helper()
	g, err := New(fen)
	if err != nil {
		t.Fatal(err)
	}
	return g.Key()
}
