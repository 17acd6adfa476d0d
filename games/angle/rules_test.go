package angle

import (
	"sort"
	"strings"
	"testing"

	"github.com/bermudachess/bermuda/games"
)

// movesFrom lists the destinations (with promotion letter) of the legal
// moves from one square, sorted.
func movesFrom(g *Game, from string) []string {
	var out []string
	for _, m := range g.LegalMoves() {
		if m.From == from {
			out = append(out, strings.TrimPrefix(m.Notation, from))
		}
	}
	sort.Strings(out)
	return out
}

func TestPieceMoves(t *testing.T) {
	cases := []struct {
		name, side, pieces, from string
		want                     string // sorted destinations, space separated
	}{
		{"Ship on an open board: one or two squares in 8 directions", "w", "Kj1 kj10 Se5", "e5",
			"c3 c5 c7 d4 d5 d6 e3 e4 e6 e7 f4 f5 f6 g3 g5 g7"},
		{"Ship cannot pass a piece; captures at one or two", "w", "Kj1 kj10 Se5 Pe6 pf6 pg3 Pc5", "e5",
			"c3 c7 d4 d5 d6 e3 e4 f4 f5 f6 g3 g5"},
		{"Ship at the edge stays on the board", "w", "Kj5 kj10 Sa1", "a1", "a2 a3 b1 b2 c1 c3"},
		{"Knight", "w", "Kj1 kj10 Na1", "a1", "b3 c2"},
		{"Bishop slides until blocked", "w", "Kj1 kj10 Bc1 Pe3", "c1", "a3 b2 d2"},
		{"Rook slides to the far edge", "w", "Kj2 kj10 Ra1", "a1", "a10 a2 a3 a4 a5 a6 a7 a8 a9 b1 c1 d1 e1 f1 g1 h1 i1 j1"},
		{"Queen", "w", "Kj2 kj10 Qa1 Pa2 Nb1", "a1", "b2 c3 d4 e5 f6 g7 h8 i9 j10"},
		{"King steps one square, may step next to the enemy king", "w", "Ke5 kf6", "e5",
			"d4 d5 d6 e4 e6 f4 f5 f6"},
		{"White pawn: one or two from rank 2, captures diagonally", "w", "Kj1 kj10 Pe2 nd3 Nf3", "e2", "d3 e3 e4"},
		{"White pawn off its start rank steps once", "w", "Kj1 kj10 Pe3", "e3", "e4"},
		{"White pawn blocked two ahead steps once", "w", "Kj1 kj10 Pe2 ne4", "e2", "e3"},
		{"White pawn blocked ahead cannot step", "w", "Kj1 kj10 Pe2 ne3", "e2", ""},
		{"Black pawn moves down", "b", "Kj1 kj10 pe9 Nd8", "e9", "d8 e7 e8"},
		{"White pawn promotes to Q, R, B, N or Ship", "w", "Kj1 kj8 Pc9 nd10", "c9",
			"c10b c10n c10q c10r c10s d10b d10n d10q d10r d10s"},
		{"Black pawn promotes on rank 1", "b", "Kj5 kj8 pa2", "a2", "a1b a1n a1q a1r a1s"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := mustNew(t, fenOf(t, c.side, c.pieces))
			if got := strings.Join(movesFrom(g, c.from), " "); got != c.want {
				t.Errorf("moves from %s:\n got %s\nwant %s\n%s", c.from, got, c.want, g.Diagram())
			}
		})
	}
}

func TestEnPassant(t *testing.T) {
	g := mustNew(t, fenOf(t, "b", "Kj1 kj10 pe9 Pd7 Pf7"))
	play(t, g, "e9e7", 1, 1) // crosses e8 into the Angle: a roll (c3, empty)
	if g.pos.ep != mail(4, 7) || strings.Fields(g.Position())[3] != "e8" {
		t.Fatalf("en passant square after e9e7: %s", g.Position())
	}
	if got := movesFrom(g, "d7"); strings.Join(got, " ") != "d8 e8" {
		t.Fatalf("d7 moves %v, want d8 and e8 (en passant)", got)
	}
	var label string
	for _, m := range g.LegalMoves() {
		if m.Notation == "d7e8" {
			label = m.Label
		}
	}
	if label != "Pawn d7→e8 takes Pawn en passant" {
		t.Errorf("label %q", label)
	}
	evs := play(t, g, "dxe8", 1, 1)
	if at(g, "e7") != '.' || at(g, "e8") != 'P' || at(g, "d7") != '.' {
		t.Fatalf("after d7xe8 e.p.:\n%s", g.Diagram())
	}
	if c := evs[1]; c.Kind != games.EventCaptured || c.Square != "e7" || c.Text != "White's Pawn took Black's Pawn on e7" {
		t.Errorf("capture event %+v", c)
	}

	// The chance lasts one move only.
	g = mustNew(t, fenOf(t, "b", "Kj1 kj10 pe9 Pd7 Pa2"))
	play(t, g, "e9e7", 1, 1)
	play(t, g, "a2a3", 1, 1)
	play(t, g, "j10j9", 1, 1)
	if has(notations(g), "d7e8") {
		t.Error("en passant must expire after one move")
	}
}

func TestCastling(t *testing.T) {
	full := "r4k3r/10/10/10/10/10/10/10/10/R4K3R w KQkq - 0 1"
	g := mustNew(t, full)
	got := movesFrom(g, "f1")
	for _, want := range []string{"i1", "b1"} {
		if !has(got, want) {
			t.Errorf("White castling f1%s missing from %v", want, got)
		}
	}
	play(t, g, "O-O")
	if at(g, "i1") != 'K' || at(g, "h1") != 'R' || at(g, "j1") != '.' || at(g, "f1") != '.' {
		t.Fatalf("after O-O:\n%s", g.Diagram())
	}
	play(t, g, "O-O-O")
	if at(g, "b10") != 'k' || at(g, "c10") != 'r' || at(g, "a10") != '.' || at(g, "f10") != '.' {
		t.Fatalf("after O-O-O:\n%s", g.Diagram())
	}
	if got := strings.Fields(g.Position())[2]; got != "-" {
		t.Errorf("castling rights after both castled: %q, want - (the other rook's rights go with the king)", got)
	}

	// Out of, through and into attack is legal: the bishop attacks f1, the
	// rooks h1 and i1, the queen d1.
	g = mustNew(t, "3q1k1rr1/10/10/10/b9/10/10/10/10/R4K3R w KQ - 0 1")
	for _, sq := range []string{"f1", "h1", "i1", "d1"} {
		i, _ := grid.Parse(sq)
		if !g.pos.attacked(fromGrid(i), 1) {
			t.Fatalf("test position: %s should be attacked", sq)
		}
	}
	if got := movesFrom(g, "f1"); !has(got, "i1") || !has(got, "b1") {
		t.Errorf("castling through attack must be legal, moves from f1: %v", got)
	}
	// A piece between king and rook blocks; a moved rook loses the right.
	for _, c := range []struct{ fen, missing string }{
		{"5k4/10/10/10/10/10/10/10/10/R2B1K2NR w KQ - 0 1", "b1 i1"},
		{"5k4/10/10/10/10/10/10/10/10/RN3K3R w KQ - 0 1", "b1"},
		{"5k4/10/10/10/10/10/10/10/10/R4K3R w Q - 0 1", "i1"},
		{"5k4/10/10/10/10/10/10/10/10/R4K3R w - - 0 1", "b1 i1"},
	} {
		got := movesFrom(mustNew(t, c.fen), "f1")
		for _, m := range strings.Fields(c.missing) {
			if has(got, m) {
				t.Errorf("%s: f1%s must not be legal (%v)", c.fen, m, got)
			}
		}
	}
	g = mustNew(t, full)
	play(t, g, "j1j2")
	play(t, g, "a10a9")
	if got := strings.Fields(g.Position())[2]; got != "Qk" {
		t.Errorf("rights after j1j2 a10a9: %q, want Qk", got)
	}
	play(t, g, "f1f2")
	if got := strings.Fields(g.Position())[2]; got != "k" {
		t.Errorf("rights after the king moved: %q, want k", got)
	}
}

func TestNoCheckRuleAndKingCapture(t *testing.T) {
	// The White king may step next to a queen, and may stay attacked.
	g := mustNew(t, fenOf(t, "w", "Ka1 ka10 qb3 Pj2"))
	if got := movesFrom(g, "a1"); strings.Join(got, " ") != "a2 b1 b2" {
		t.Errorf("king moves into attack must be legal: %v", got)
	}
	if !has(notations(g), "j2j3") {
		t.Error("a move leaving the king attacked must be legal")
	}
	evs := play(t, g, "a1b2")
	checks := eventsOf(evs, games.EventCheck)
	if len(checks) != 1 || checks[0] != "White's King on b2 is attacked: Black could capture it next move" {
		t.Errorf("check events %q", checks)
	}
	v := g.View()
	if !hasMark(v, "b2", games.MarkAttackedKing) || !strings.Contains(v.Status, "White's King is attacked") {
		t.Errorf("view must mark the attacked king: %+v %q", v.Marks, v.Status)
	}
	// Black takes the king: no dice needed (b3 is outside the Angle? no:
	// b-file is outside c–h, and the Angle is empty).
	evs = play(t, g, "b3b2")
	if o := g.Outcome(); !o.Over || o.Winner != games.Player2 || o.Reason != "White has no King left" {
		t.Errorf("outcome %+v", o)
	}
	if len(games.DiceEvents(evs)) != 0 {
		t.Error("no roll was due")
	}
}

func hasMark(v games.View, cell string, k games.MarkKind) bool {
	for _, m := range v.Marks {
		if v.Cells[m.Cell].Name == cell && m.Kind == k {
			return true
		}
	}
	return false
}

func TestThreefoldRepetition(t *testing.T) {
	g := mustNew(t, "")
	shuffle := []string{"i1j3", "i10j8", "j3i1", "j8i10"}
	for round := 0; round < 2; round++ {
		for i, m := range shuffle {
			if g.Outcome().Over {
				t.Fatalf("over too early, round %d move %d: %+v", round, i, g.Outcome())
			}
			play(t, g, m)
		}
	}
	if o := g.Outcome(); !o.Over || !o.Draw || o.Reason != "threefold repetition" {
		t.Fatalf("after the start position occurred a third time: %+v", o)
	}
}

func TestNoLegalMoveIsADraw(t *testing.T) {
	// White's king, bishops and pawns lock each other in; Black moves.
	g := mustNew(t, "KBBBBBBBBB/PPPPPPPPPP/10/10/10/10/10/10/10/k9 b - - 0 1")
	evs := play(t, g, "a1b1")
	if o := g.Outcome(); !o.Over || !o.Draw || o.Reason != "White has no legal move" {
		t.Fatalf("outcome %+v", o)
	}
	if evs[len(evs)-1].Kind != games.EventGameOver || evs[len(evs)-1].Text != "Game over: draw (White has no legal move)" {
		t.Errorf("last event %+v", evs[len(evs)-1])
	}
}

func TestOutcomeOfKinglessPositions(t *testing.T) {
	for fen, want := range map[string]string{
		fenOf(t, "w", "Ka1 Pb2"): "Black has no King left",
		fenOf(t, "b", "ka1 pb7"): "White has no King left",
		fenOf(t, "w", "Pa2 pb7"): "both kings are gone",
	} {
		g := mustNew(t, fen)
		if o := g.Outcome(); !o.Over || o.Reason != want || len(g.LegalMoves()) != 0 {
			t.Errorf("%s: %+v, want %q", fen, o, want)
		}
		if _, err := g.Play(games.Move{Notation: "a2a3"}, games.NewDice(nil)); err == nil {
			t.Errorf("%s: Play after the end must fail", fen)
		}
	}
}
