package chess

import (
	"testing"

	"github.com/bermudachess/bermuda/games"
)

// Threefold repetition counts positions as FIDE 9.2.3 defines them: the
// same pieces on the same squares, the same side to move, the same
// castling rights and the same en passant possibilities. Each test below
// repeats the board three times while one of those differs, so that a
// repetition judged on less than the whole key would draw too early.

func TestRepetitionNeedsTheSameCastlingRights(t *testing.T) {
	// The kings walk out and back: the first position had all four rights,
	// the ones after lost them, so the board with White to move is the
	// same position only from the second time on.
	g := mustGame(t, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	walk := []string{"Kf1", "Kf8", "Ke1", "Ke8"}
	playAll(t, g, walk...)
	playAll(t, g, walk...)
	if g.Outcome().Over {
		t.Fatalf("drawn after the third board but second position (rights differ): %+v", g.Outcome())
	}
	// The position after Kf1 Kf8 (no rights) stood at plies 2 and 6.
	playAll(t, g, walk[:2]...)
	if g.Outcome() != games.DrawBy("threefold repetition") {
		t.Errorf("third time after Kf1 Kf8: %+v", g.Outcome())
	}
}

func TestRepetitionNeedsTheSameEnPassantRight(t *testing.T) {
	// After d2-d4 Black may take e4xd3 en passant; once the kings have
	// walked out and back that right is gone, so that first position
	// differs from the later ones.
	g := mustGame(t, "4k3/8/8/8/4p3/8/3P4/4K3 w - - 0 1")
	playAll(t, g, "d4")
	if _, ok := notations(g)["e4d3"]; !ok {
		t.Fatal("setup: en passant e4xd3 should be legal")
	}
	walk := []string{"Kf7", "Kf1", "Ke8", "Ke1"}
	playAll(t, g, walk...)
	playAll(t, g, walk...)
	if g.Outcome().Over {
		t.Fatalf("drawn at the second position without the en passant right: %+v", g.Outcome())
	}
	// The position after Kf7 stood at plies 1 and 5.
	playAll(t, g, walk[:1]...)
	if g.Outcome() != games.DrawBy("threefold repetition") {
		t.Errorf("third time after Kf7: %+v", g.Outcome())
	}
}

func TestRepetitionNeedsTheSameSideToMove(t *testing.T) {
	// White's king triangulates a1-b1-b2-a1 while Black's shuffles h8-g8:
	// the board of the start comes back with Black to move, twice.
	g := mustGame(t, "7k/8/8/8/8/8/R7/K7 w - - 0 1")
	playAll(t, g, "Kb1", "Kg8", "Kb2", "Kh8", "Ka1", "Kg8", "Kb1", "Kh8", "Ka1")
	if g.Position() != "7k/8/8/8/8/8/R7/K7 b - - 9 5" {
		t.Fatalf("setup: %s", g.Position())
	}
	if g.Outcome().Over {
		t.Errorf("the board stood three times, but once with White to move: %+v", g.Outcome())
	}
}

func TestSANDisambiguatesByFileFirst(t *testing.T) {
	// Knights on b1 and f3 differ in both file and rank: SAN names the
	// file (FIDE C.10), not the rank.
	g := mustGame(t, "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1")
	for uci, san := range map[string]string{"b1d2": "Nbd2", "f3d2": "Nfd2"} {
		if got := sanOf(t, g, uci); got != san {
			t.Errorf("SAN of %s is %q, want %q", uci, got, san)
		}
	}
}

func TestNoMoveAfterADraw(t *testing.T) {
	// A drawn game still has moves on the board, but none may be played.
	g := mustGame(t, "")
	playAll(t, g, "Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8")
	if g.Outcome() != games.DrawBy("threefold repetition") {
		t.Fatalf("setup: %+v", g.Outcome())
	}
	before := g.Position()
	if _, err := g.Play(games.Move{Notation: "g1f3"}, nil); err == nil || g.Position() != before {
		t.Errorf("Play after threefold repetition: err %v, position %s", err, g.Position())
	}
	g = mustGame(t, "4k3/8/8/8/8/8/8/R3K3 w - - 100 80")
	if _, err := g.Play(games.Move{Notation: "a1a2"}, nil); err == nil {
		t.Error("Play accepted a move after the fifty-move rule")
	}
}

func TestEnPassantMustAnswerACheck(t *testing.T) {
	// Set up by FEN (play cannot reach them): White's king on g4 is in
	// check from a pawn on f5 or a knight on e3, not from the pawn that
	// just stepped to d5, so exd6 e.p. leaves the king in check.
	for _, fen := range []string{
		"4k3/8/8/3pPp2/6K1/8/8/8 w - d6 0 1",
		"4k3/8/8/3pP3/6K1/4n3/8/8 w - d6 0 1",
	} {
		g := mustGame(t, fen)
		if !g.InCheck() {
			t.Fatalf("%s: White should be in check", fen)
		}
		if _, ok := notations(g)["e5d6"]; ok {
			t.Errorf("%s: en passant ignores the check", fen)
		}
	}
}
