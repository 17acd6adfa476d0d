package bede

import (
	"strings"
	"testing"

	"github.com/bermudachess/bermuda/games"
)

// RULES.md §3: 50 moves per side without a capture or a pawn or squire
// move draw. A real squire's quiet move resets the clock; a Jester
// copying a squire is no squire (the package's ruling, as for pawns).
func TestSquireMoveResetsFiftyMoveClock(t *testing.T) {
	g := mustGame(t, place(map[string]byte{"a1": 'K', "i11": 'k', "e5": 'S'}, "w e - 99 80"))
	next, _ := play(t, g, "e5e6")
	if o := next.Outcome(); o.Over {
		t.Errorf("a squire move at clock 99 must reset the clock, got %+v", o)
	}
	if got := field(next, 4); got != "0" {
		t.Errorf("halfmove clock after a squire move is %q, want 0 (%s)", got, next.Position())
	}
	g = mustGame(t, place(map[string]byte{"a1": 'K', "i11": 'k', "e5": 'J'}, "w e s 99 80"))
	next, _ = play(t, g, "e5e6")
	if o := next.Outcome(); !o.Draw || !strings.HasPrefix(o.Reason, "fifty-move") {
		t.Errorf("a Jester copying a squire is no squire: want the fifty-move draw, got %+v", o)
	}
}

// RULES.md §3: a Jester copying a king cannot capture, so it gives no
// check either: White's king beside Black's Jester (copying the king
// White just moved) is not in check and may step next to it again; the
// real king may take it.
func TestJesterCopyingAKingGivesNoCheck(t *testing.T) {
	g := mustGame(t, place(map[string]byte{"e1": 'K', "e2": 'j', "i11": 'k'}, "w e - 0 1 k"))
	if g.pos.inCheck() {
		t.Errorf("a Jester copying a king must not check: %s", g.Position())
	}
	if got, want := targets(g, "e1"), []string{"d1", "d2", "e2", "f1", "f2"}; !sameList(got, want) {
		t.Errorf("king beside a Jester copying a king: got %v, want %v", got, want)
	}
	for _, m := range g.View().Marks {
		if m.Kind == games.MarkAttackedKing {
			t.Errorf("view marks the king as attacked: %+v", m)
		}
	}
}
