package chess

import (
	"github.com/bermudachess/bermuda/games/gamestest"
	"math/rand/v2"
	"strings"
	"testing"
)

func TestMoveByNotationMatchesLegalMoves(t *testing.T) {
	for seed := uint64(1); seed <= 3; seed++ {
		gamestest.PlayCheckingLookup(t, "chess", seed, 200, "Nf3", "O-O", "e1g1", "e8c8", "e7e8q", "a7a8Q")
	}
}

func TestMoveByNotationExactUCI(t *testing.T) {
	gamestest.ExpectLookup(t, "chess", "", map[string]bool{
		"e2e4": true, "g1f3": true, "b1a3": true,
		"E2E4": false, "Nf3": false, "e4": false, "e2-e4": false, "e2e4 ": false, "e2e4q": false,
		"e7e5": false, // Black's move, White to play
		"e2e5": false, // no such pawn move
		"g1e2": false, // own piece on e2
	})
	// Promotion: lower-case letter, four choices, no bare move.
	gamestest.ExpectLookup(t, "chess", "8/4P3/8/8/8/8/8/K1k5 w - - 0 1", map[string]bool{
		"e7e8q": true, "e7e8r": true, "e7e8b": true, "e7e8n": true,
		"e7e8": false, "e7e8Q": false, "e7e8=Q": false, "e7e8k": false, "e7e8p": false, "e8=Q": false,
	})
	// Castling is the king's move; SAN and the rook's square are not.
	gamestest.ExpectLookup(t, "chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", map[string]bool{
		"e1g1": true, "e1c1": true, "O-O": false, "0-0-0": false, "e1h1": false,
	})
}

// Once the game is over LegalMoves is empty, and so is the fast path, even
// where the side to move still has moves (the draws FIDE declares).
func TestMoveByNotationGameOver(t *testing.T) {
	for _, c := range []struct{ fen, move string }{
		{"8/8/8/8/8/8/8/K1k5 w - - 0 1", "a1a2"},                                  // insufficient material
		{"r3k3/8/8/8/8/8/8/R3K3 w - - 100 80", "a1a2"},                            // fifty-move rule
		{"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", "e1f2"}, // checkmate
	} {
		g := mustGame(t, c.fen)
		if !g.Outcome().Over || len(g.LegalMoves()) != 0 {
			t.Fatalf("%s: want a finished game", c.fen)
		}
		if m, ok := g.MoveByNotation(c.move); ok {
			t.Errorf("%s: MoveByNotation(%q) = %+v after the game ended", c.fen, c.move, m)
		}
	}
	// Threefold repetition.
	g := mustGame(t, "")
	playAll(t, g, "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8")
	if o := g.Outcome(); !o.Over {
		t.Fatalf("want threefold repetition, got %+v", o)
	}
	if _, ok := g.MoveByNotation("g1f3"); ok {
		t.Error("MoveByNotation found a move after threefold repetition")
	}
}

func BenchmarkReplay200(b *testing.B) { gamestest.BenchmarkReplay(b, "chess") }

// The key writes the board field itself; it must stay boardField's.
func TestKeyBoardFieldIsBoardField(t *testing.T) {
	for seed := uint64(1); seed <= 3; seed++ {
		g := mustGame(t, "")
		rng := rand.New(rand.NewPCG(seed, 29))
		for ply := 0; ply < 200 && !g.Outcome().Over; ply++ {
			want := g.pos.boardField()
			if got := string(g.pos.appendBoardField(nil)); got != want {
				t.Fatalf("seed %d ply %d: board field %q, want %q", seed, ply, got, want)
			}
			if k := g.Key(); !strings.HasPrefix(k, want+" ") || !strings.HasPrefix(g.Position(), k[:len(k)-1]) {
				t.Fatalf("seed %d ply %d: key %q does not match the FEN %q", seed, ply, k, g.Position())
			}
			ms := g.LegalMoves()
			if _, err := g.Play(ms[rng.IntN(len(ms))], nil); err != nil {
				t.Fatal(err)
			}
		}
	}
	g := mustGame(t, "")
	playAll(t, g, "e2e4", "a7a6", "e4e5", "d7d5")
	if k := g.Key(); k != "rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6" {
		t.Errorf("key with en passant = %q", k)
	}
}
