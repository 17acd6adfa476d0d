package bede

import (
	"testing"

	"github.com/bermudachess/bermuda/games"
)

func TestJesterMovesAsTheKindTheOpponentJustMoved(t *testing.T) {
	cases := []struct {
		copies string
		want   []string
	}{
		{"b", union(lines("e6", diagonal...), offsets("e6", bedeJumps...))},
		{"c", union(lines("e6", orthogonal...), offsets("e6", knightOffs...))},
		{"z", offsets("e6", zebraOffs...)},
		{"q", union(lines("e6", orthogonal...), lines("e6", diagonal...))},
		{"k", offsets("e6", kingOffs...)},
		{"s", offsets("e6", squireOffs...)},
		{"p", offsets("e6", pawnOffs...)},
	}
	for _, c := range cases {
		t.Run("White copying "+c.copies, func(t *testing.T) {
			g := mustGame(t, alone('J', "e6", true, "w e "+c.copies+" 0 1"))
			if got := targets(g, "e6"); !sameList(got, c.want) {
				t.Errorf("got %v want %v", got, c.want)
			}
		})
	}
	// Pointing in its owner's direction: Black's Jester copying a pawn or a
	// squire moves down the board.
	for _, c := range []struct {
		copies string
		offs   [][2]int
	}{{"p", pawnOffs}, {"s", squireOffs}} {
		g := mustGame(t, alone('j', "e6", true, "b e "+c.copies+" 0 1"))
		if got, want := targets(g, "e6"), offsets("e6", mirror(c.offs)...); !sameList(got, want) {
			t.Errorf("Black's Jester copying %s: got %v want %v", c.copies, got, want)
		}
	}
}

func TestJesterCopyingAKingCannotCapture(t *testing.T) {
	pieces := map[string]byte{"e6": 'J', "d6": 'P', "f6": 'p', "e7": 'z', "a1": 'K', "i11": 'k'}
	g := mustGame(t, place(pieces, "w e k 0 1"))
	want := []string{"d5", "d7", "e5", "f5", "f7"}
	if got := targets(g, "e6"); !sameList(got, want) {
		t.Errorf("Jester as king: got %v want %v (no captures of d6, f6, e7)", got, want)
	}
	// The real king on the same square takes all three.
	pieces["e6"] = 'K'
	delete(pieces, "a1")
	g = mustGame(t, place(pieces, "w e - 0 1"))
	if got := targets(g, "e6"); !contains(got, "d6") || !contains(got, "f6") || !contains(got, "e7") {
		t.Errorf("a real king takes d6, f6 and e7: got %v", got)
	}
}

func TestJesterCopyingAJesterCopiesWhatItWas(t *testing.T) {
	// Black last moved a queen: White's Jester moves as a queen, so Black's
	// Jester now copies a queen, not a Jester.
	g := mustGame(t, place(map[string]byte{"d1": 'J', "e1": 'K', "f11": 'j', "e11": 'k'}, "w e q 0 1"))
	next, evs := play(t, g, "d1d5")
	if got := field(next, 3); got != "q" {
		t.Fatalf("after the Jester moved as a queen, Black's Jester copies %q, want q (%s)", got, next.Position())
	}
	if evs[0].Text != "White's Jester (as queen) d1→d5" {
		t.Errorf("event text %q", evs[0].Text)
	}
	// f11a6 is a queen's diagonal, f11f1 a queen's file.
	if got := targets(next.(*game), "f11"); !contains(got, "a6") || !contains(got, "f1") {
		t.Errorf("Black's Jester should move as a queen, got %v", got)
	}
}

func TestJesterAfterPromotionCopiesThePawnOrSquire(t *testing.T) {
	for _, c := range []struct {
		piece            byte
		from, move, want string
	}{
		{'P', "e9", "e9f10", "p"},
		{'S', "e8", "e8e11", "s"},
	} {
		g := mustGame(t, place(map[string]byte{c.from: c.piece, "a1": 'K', "i11": 'k', "a9": 'j'}, "w e - 0 1"))
		next, evs := play(t, g, c.move)
		if got := field(next, 3); got != c.want {
			t.Errorf("after %s promoted, Black's Jester copies %q, want %q", c.move, got, c.want)
		}
		var promoted bool
		for _, e := range evs {
			promoted = promoted || e.Kind == games.EventPromoted
		}
		if !promoted {
			t.Errorf("%s: no promotion event in %v", c.move, evs)
		}
	}
	// And the Jester then moves like a Black pawn, down the board.
	g := mustGame(t, place(map[string]byte{"e9": 'P', "a1": 'K', "i11": 'k', "e6": 'j'}, "w e - 0 1"))
	next, _ := play(t, g, "e9d10")
	if got, want := targets(next.(*game), "e6"), offsets("e6", mirror(pawnOffs)...); !sameList(got, want) {
		t.Errorf("Black's Jester after a pawn promotion: got %v want %v", got, want)
	}
}

func TestJesterCannotMoveBeforeTheOpponentHasMoved(t *testing.T) {
	g := mustGame(t, alone('J', "e6", true, "w e - 0 1"))
	if got := targets(g, "e6"); len(got) != 0 {
		t.Fatalf("Jester moved before the opponent's first move: %v", got)
	}
	// In the start position neither Jester may move at first; once Black
	// has moved a pawn, White's Jester copies a pawn.
	s := mustGame(t, "")
	if got := targets(s, "d1"); len(got) != 0 {
		t.Fatalf("start: Jester has moves %v", got)
	}
	n1, _ := play(t, s, "e3e5")
	n2, _ := play(t, n1, "d9c8")
	if got := field(n2, 3); got != "p" {
		t.Errorf("after Black's pawn move White's Jester copies %q, want p", got)
	}
}

func TestJesterNeverPromotes(t *testing.T) {
	g := mustGame(t, place(map[string]byte{"e9": 'J', "a1": 'K', "i11": 'k'}, "w e p 0 1"))
	got := targets(g, "e9")
	want := []string{"c11", "d10", "e11", "f10", "g11"}
	if !sameList(got, want) {
		t.Fatalf("Jester as pawn from e9: got %v want %v (no =B)", got, want)
	}
	next, evs := play(t, g, "e9d10")
	if sq, _ := grid.Parse("d10"); kindOf(next.(*game).pos.board[sq]) != jester {
		t.Errorf("the Jester on d10 became %c", pieceLetter(next.(*game).pos.board[sq]))
	}
	for _, e := range evs {
		if e.Kind == games.EventPromoted {
			t.Errorf("Jester promoted: %v", e)
		}
	}
}

func TestJesterIsNotRoyal(t *testing.T) {
	// White's Jester on e6 stands attacked by Black's queen on e9: White
	// may leave it there, and Black may take it; White's own queen may
	// take it too.
	g := mustGame(t, place(map[string]byte{"e6": 'J', "e5": 'Q', "a1": 'K', "i11": 'k', "e9": 'q'}, "w e b 0 1"))
	if !contains(targets(g, "a1"), "a2") {
		t.Errorf("White must be free to ignore the attacked Jester: %v", targets(g, "a1"))
	}
	if !contains(targets(g, "e5"), "e6") {
		t.Errorf("White's queen should be able to take its own Jester: %v", targets(g, "e5"))
	}
	next, _ := play(t, g, "a1a2")
	if !contains(targets(next.(*game), "e9"), "e6") {
		t.Errorf("Black's queen should be able to take the Jester")
	}
	if g.pos.inCheck() {
		t.Errorf("an attacked Jester is not a check")
	}
}

func TestCheckTestTreatsTheEnemyJesterAsTheMovingKind(t *testing.T) {
	// Black's Jester on e6 faces White's king on e1 down an open file.
	// Moving the chancellor turns it into a chancellor (a rook line onto
	// e1), so only the chancellor move that closes the file is legal.
	// Moving the Bede turns it into a Bede, which does not reach e1, so
	// every Bede move is legal; a king move turns it into a king, which
	// captures nothing.
	g := mustGame(t, place(map[string]byte{"e1": 'K', "a2": 'C', "h1": 'B', "e6": 'j', "i11": 'k'}, "w e p 0 1"))
	if got := targets(g, "a2"); !sameList(got, []string{"e2"}) {
		t.Errorf("chancellor moves: got %v, want only e2", got)
	}
	if got, want := targets(g, "h1"), union(lines("h1", diagonal...), offsets("h1", bedeJumps...)); !sameList(got, want) {
		t.Errorf("Bede moves: got %v want %v", got, want)
	}
	if got := targets(g, "e1"); len(got) != 5 {
		t.Errorf("king moves: got %v, want all 5", got)
	}
	// With Black's Jester on e3 a Bede's two-square jump reaches e1, so
	// no Bede move is legal, while the chancellor still may block on e2.
	g = mustGame(t, place(map[string]byte{"e1": 'K', "a2": 'C', "h1": 'B', "e3": 'j', "i11": 'k'}, "w e p 0 1"))
	if got := targets(g, "h1"); len(got) != 0 {
		t.Errorf("Bede moves %v leave e1 to Black's Jester jumping as a Bede", got)
	}
	if got := targets(g, "a2"); !sameList(got, []string{"e2"}) {
		t.Errorf("chancellor moves: got %v, want only e2", got)
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
