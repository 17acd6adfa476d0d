package bermuda

import (
	"strings"
	"testing"

	"github.com/bermudachess/bermuda/games"
)

func TestViewShowsBothBoardsSideBySide(t *testing.T) {
	g := mustGame(t, "")
	v := g.View()
	if len(v.Cells) != 128 || len(v.Pieces) != 64 || v.ToAct != "White to move" || v.MoveNumber != 1 {
		t.Fatalf("start view: %d cells, %d pieces, %q, move %d", len(v.Cells), len(v.Pieces), v.ToAct, v.MoveNumber)
	}
	for i, c := range v.Cells {
		sq := squareName(i)
		if c.Name != sq {
			t.Fatalf("cell %d is named %q, want %q", i, c.Name, sq)
		}
		x := c.Polygon[0].X
		if (i < 64) != (x < 8) || (i >= 64 && x < upperOffset) {
			t.Fatalf("cell %s drawn at x=%v: lower board on the left, upper from x=%d", sq, x, upperOffset)
		}
	}
	// White's view: a1 bottom left of the lower board; the upper board is
	// turned so each square is drawn where the square beneath it is drawn
	// on the lower board: A1 (over a8) top left, H1 (over a1) bottom left.
	if a1, A1, H1 := v.Cells[0].Polygon[0], v.Cells[64].Polygon[0], v.Cells[71].Polygon[0]; a1 != (games.Point{X: 0, Y: 7}) ||
		A1 != (games.Point{X: 9, Y: 0}) || H1 != (games.Point{X: 9, Y: 7}) {
		t.Errorf("a1 at %v, A1 at %v, H1 at %v", a1, A1, H1)
	}
	checkUpperOverBeneath(t, v)
	labels := map[string]bool{}
	for _, l := range v.Labels {
		labels[l.Text] = true
	}
	for _, want := range []string{"Lower board (humans)", "Upper board (aliens)", "a", "h", "A", "H", "1", "8"} {
		if !labels[want] {
			t.Errorf("label %q missing", want)
		}
	}

	// Black to move: both boards turn half round.
	playText(t, g, "e2e4")
	v = g.View()
	if a1, A1 := v.Cells[0].Polygon[0], v.Cells[64].Polygon[0]; a1 != (games.Point{X: 7, Y: 0}) || A1 != (games.Point{X: 16, Y: 7}) {
		t.Errorf("flipped: a1 at %v, A1 at %v", a1, A1)
	}
	checkUpperOverBeneath(t, v)
	if !hasMark(v, 12, games.MarkFrom) || !hasMark(v, 28, games.MarkTo) {
		t.Errorf("last move not marked: %+v", v.Marks)
	}
}

// checkUpperOverBeneath checks that every upper square (f, r) is drawn
// exactly where the lower square (r, 9−f) beneath it is drawn, one board
// width to the right, with the same shade.
func checkUpperOverBeneath(t *testing.T, v games.View) {
	t.Helper()
	for f := 0; f < 8; f++ {
		for r := 0; r < 8; r++ {
			up := v.Cells[square(upper, f, r)]
			down := v.Cells[square(lower, r, 7-f)]
			for i, p := range up.Polygon {
				if q := down.Polygon[i]; p != (games.Point{X: q.X + upperOffset, Y: q.Y}) {
					t.Fatalf("%s corner %d at %v, %s beneath it at %v", up.Name, i, p, down.Name, q)
				}
			}
			if up.Shade != down.Shade {
				t.Fatalf("%s and %s beneath it have different shades", up.Name, down.Name)
			}
		}
	}
}

func hasMark(v games.View, cell int, kind games.MarkKind) bool {
	for _, m := range v.Marks {
		if m.Cell == cell && m.Kind == kind {
			return true
		}
	}
	return false
}

func TestViewMarksBoardChangesAndAttackedKings(t *testing.T) {
	g := gameWith(t, "Ke1 KE1 Nf3 ke8 kE8 pe5", "w - - 0 1")
	playText(t, g, "f3e5") // climbs to D5
	d5, _ := parseSquare("D5")
	if v := g.View(); !hasMark(v, d5, games.MarkBoardChange) {
		t.Errorf("climb to D5 not marked: %+v", v.Marks)
	}
	// The knight left f3: the square above it, F6, is marked on the upper
	// board; e5 beneath D5 is already marked as the capture square.
	f6, _ := parseSquare("F6")
	if v := g.View(); !hasMark(v, f6, games.MarkLinked) || hasMark(v, d5, games.MarkLinked) {
		t.Errorf("climb: want F6 (above f3) linked and D5 not: %+v", v.Marks)
	}
	g = gameWith(t, "Ke1 KE1 QD1 ke8 kE8", "w - - 0 1")
	playText(t, g, "D1-a5")
	a5, _ := parseSquare("a5")
	if v := g.View(); !hasMark(v, a5, games.MarkBoardChange) {
		t.Errorf("drop to a5 not marked: %+v", v.Marks)
	}

	// The rook on e2 could take Black's king on e8: shown, and announced.
	g = gameWith(t, "Ke1 Ra2 KE1 ke8 kE8", "w - - 0 1")
	evs := playText(t, g, "a2e2")
	e8, _ := parseSquare("e8")
	if v := g.View(); !hasMark(v, e8, games.MarkAttackedKing) {
		t.Errorf("attacked king not marked: %+v", v.Marks)
	}
	if !hasEvent(evs, games.EventCheck, "e8") {
		t.Errorf("attack not announced: %+v", evs)
	}
}

func TestDiagramShowsBothBoards(t *testing.T) {
	d := mustGame(t, "").Diagram()
	for _, want := range []string{"Lower board (humans)", "Upper board (aliens)", "a b c d e f g h", "A B C D E F G H", "White to move", "KQkq|KQkq"} {
		if !strings.Contains(d, want) {
			t.Errorf("diagram lacks %q:\n%s", want, d)
		}
	}
}

func TestRulesTextIsShortAndSaysWhatIsReconstructed(t *testing.T) {
	v, err := games.Lookup("bermuda")
	if err != nil {
		t.Fatal(err)
	}
	if n := len([]rune(v.Rules)); n > 1800 {
		t.Errorf("rules text is %d characters, at most 1800", n)
	}
	for _, want := range []string{"reconstructed", "E4-d4", "through", "queen"} {
		if !strings.Contains(v.Rules, want) {
			t.Errorf("rules text lacks %q", want)
		}
	}
	if !v.Reconstructed || v.StartSetup != StartSetup || v.Name == "" || v.Summary == "" || v.Source == "" {
		t.Errorf("variant entry incomplete: %+v", v)
	}
}

func TestTurnsAlternateWithWhiteFirst(t *testing.T) {
	g := mustGame(t, "")
	if tr := g.Turn(); tr.Player != games.Player1 || tr.Sides[0] != games.White || tr.MovesLeft != 1 || tr.MoveNumber != 1 {
		t.Fatalf("start turn %+v", tr)
	}
	playText(t, g, "E2E4")
	if tr := g.Turn(); tr.Player != games.Player2 || tr.Sides[0] != games.Black || tr.MoveNumber != 1 {
		t.Fatalf("after White's move: %+v", tr)
	}
	playText(t, g, "E7-g4")
	if tr := g.Turn(); tr.Player != games.Player1 || tr.MoveNumber != 2 {
		t.Fatalf("after Black's move: %+v", tr)
	}
	if g.Roles() != [2]string{"White", "Black"} || g.Variant() != "bermuda" {
		t.Errorf("roles %v variant %q", g.Roles(), g.Variant())
	}
	c := g.Clone()
	playText(t, c.(*game), "e2e4")
	if g.Position() == c.Position() {
		t.Error("Clone must be independent")
	}
}
