package beryl

import (
	"slices"
	"strings"
	"testing"

	"github.com/bermudachess/bermuda/games"
)

func TestSpThreeArmiesTwoPlayersAnyArmyFirst(t *testing.T) {
	g := mustSp(t, "")
	turn := g.Turn()
	if turn.Player != games.Player1 || !slices.Equal(turn.Sides, []games.Side{games.White, games.Black, games.Red}) || turn.MoveNumber != 1 {
		t.Fatalf("start turn %+v", turn)
	}
	armies := map[games.Side]int{}
	for _, m := range g.LegalMoves() {
		armies[m.Side]++
	}
	if armies[games.White] != 12 || armies[games.Black] != 12 || armies[games.Red] != 12 {
		t.Errorf("first-turn moves per army %v, want 12 each", armies)
	}
}

func TestSpClockwiseRunsWhiteRedBlack(t *testing.T) {
	// Clockwise as drawn: White (bottom left) → Red (top) → Black (bottom
	// right) → White.
	for _, tc := range []struct {
		player         games.Player
		mover, victim  int
		wantWinOrLegal bool
	}{
		{games.Player1, white, red, true}, {games.Player1, red, black, true}, {games.Player1, black, white, true},
		{games.Player1, white, black, false}, {games.Player1, black, red, false}, {games.Player1, red, white, false},
		{games.Player2, white, black, true}, {games.Player2, black, red, true}, {games.Player2, red, white, true},
		{games.Player2, white, red, false}, {games.Player2, red, black, false}, {games.Player2, black, white, false},
	} {
		if got := wins(tc.player, tc.mover, tc.victim); got != tc.wantWinOrLegal {
			t.Errorf("%s, %s takes %s's king: wins=%v", tc.player, games.Side(tc.mover), games.Side(tc.victim), got)
		}
	}
}

// In this position White's rook on 28 touches Red's king on 29 and Black's
// on 25, and those two kings touch each other.
const kingsTouching = "W:R28,K38 B:K25 R:K29 %d - 3"

func TestSpWinningDirectionsAndWrongWayKingCapturesIllegal(t *testing.T) {
	for _, tc := range []struct {
		player       string
		legal, wrong []string
	}{
		// Player 1: White takes Red (clockwise), Red takes Black.
		{"1", []string{"28x29", "29x25"}, []string{"28x25", "25x29"}},
		// Player 2: White takes Black, Black takes Red.
		{"2", []string{"28x25", "25x29"}, []string{"28x29", "29x25"}},
	} {
		setup := strings.Replace(kingsTouching, "%d", tc.player, 1)
		for _, n := range tc.wrong {
			g := mustSp(t, setup)
			if isLegal(g, n) {
				t.Errorf("player %s: wrong-way king capture %s is legal", tc.player, n)
			}
			if _, err := g.ParseMove(n); err == nil {
				t.Errorf("player %s: %s parsed", tc.player, n)
			}
		}
		for _, n := range tc.legal {
			g := mustSp(t, setup)
			p := g.toMove
			evs := play(t, g, n)
			o := g.Outcome()
			if !o.Over || o.Winner != p || len(g.LegalMoves()) != 0 {
				t.Errorf("player %s: %s gave outcome %+v", tc.player, n, o)
			}
			if !hasEvent(evs, games.EventGameOver, p.String()+" wins") {
				t.Errorf("player %s: %s events %+v", tc.player, n, evs)
			}
			// The finished game round-trips through its position string.
			again := mustSp(t, g.Position())
			if again.Outcome() != o {
				t.Errorf("finished position %q reads back as %+v", g.Position(), again.Outcome())
			}
		}
	}
}

func TestSpTurnsSkipTheArmyTheOpponentJustUsed(t *testing.T) {
	g := mustSp(t, "")
	play(t, g, "25-18") // Player 1 moves White
	if got := g.Turn().Sides; !slices.Equal(got, []games.Side{games.Black, games.Red}) {
		t.Fatalf("after White moved, Player 2 may move %v", got)
	}
	for _, m := range g.LegalMoves() {
		if m.Side == games.White {
			t.Fatalf("Player 2 may move White: %s", m.Notation)
		}
	}
	if v := g.View(); v.ToAct != "Player 2 to move (any army but White)" {
		t.Errorf("ToAct %q", v.ToAct)
	}
	play(t, g, "2-14") // Player 2 moves Red
	// Player 1 may use White again: only Red, the opponent's army, is barred.
	if got := g.Turn().Sides; !slices.Equal(got, []games.Side{games.White, games.Black}) {
		t.Fatalf("after Red moved, Player 1 may move %v", got)
	}
	play(t, g, "18-27") // White again, taking Black's knight
	if g.Turn().MoveNumber != 2 || g.View().ToAct != "Player 2 to move (any army but White)" {
		t.Errorf("turn %+v, %q", g.Turn(), g.View().ToAct)
	}
}

func TestSpCapturesOnlyOtherArmies(t *testing.T) {
	// White's rook on 28: own pawn on 29 blocks; Black's and Red's pawns are
	// both fair game whichever player moves.
	for _, p := range []string{"1", "2"} {
		g := mustSp(t, "W:R28,P29,K38 B:P25,K39 R:P22,K1 "+p+" - 4")
		got := notations(g)
		if slices.Contains(got, "28x29") || !slices.Contains(got, "28x25") || isLegal(g, "28x22") {
			t.Errorf("player %s: rook moves %v", p, got)
		}
		g = mustSp(t, "W:R28,K38 B:P25,K39 R:P29,K1 "+p+" - 4")
		if !isLegal(g, "28x25") || !isLegal(g, "28x29") {
			t.Errorf("player %s: %v", p, notations(g))
		}
	}
}

func TestSpPawnCaptureHasNoSecondAttackerRule(t *testing.T) {
	// The Beryl Chess restriction does not apply: a lone rook takes a pawn.
	g := mustSp(t, "W:R13,K38 B:P18,K39 R:K1 1 - 5")
	if !isLegal(g, "13x18") {
		t.Errorf("lone rook cannot take the pawn: %v", notations(g))
	}
}

func TestSpNoCheck(t *testing.T) {
	// White's king may step next to Black's rook (onto a cell it attacks).
	g := mustSp(t, "W:K38 B:R29,K39 R:K1 1 - 3")
	if !isLegal(g, "38-34") {
		t.Errorf("no check rule: 38-34 should be legal, moves %v", notations(g))
	}
}

func TestSpSchrodingerDeclaredWhenMoving(t *testing.T) {
	for _, tc := range []struct {
		move           string
		at30, at35     kind
		declaredWord   string
		twinBecomeWord string
	}{
		{"17-30=K", king, bishop, "the king", "is the bishop"},
		{"17-30=B", bishop, king, "the bishop", "is the king"},
	} {
		g := mustSp(t, "")
		evs := play(t, g, tc.move)
		if g.cells[29] != mkPiece(white, tc.at30) || g.cells[34] != mkPiece(white, tc.at35) || !g.cells[16].empty() {
			t.Errorf("%s: 30 holds %s, 35 holds %s", tc.move, g.cells[29].name(), g.cells[34].name())
		}
		if evs[0].Kind != games.EventDeclared || !strings.Contains(evs[0].Text, tc.declaredWord) || !strings.Contains(evs[0].Text, tc.twinBecomeWord) || evs[0].Side != games.White {
			t.Errorf("%s: first event %+v", tc.move, evs[0])
		}
		if evs[1].Kind != games.EventMoved || evs[1].Side != games.White || !strings.Contains(evs[1].Text, "White's") {
			t.Errorf("%s: second event %+v", tc.move, evs[1])
		}
	}
	// 17 reaches 12 as a king only (its bishop line is 17→30), 30 both ways.
	g := mustSp(t, "")
	got := notations(g)
	for _, n := range []string{"17-30=K", "17-30=B", "17-12=K"} {
		if !slices.Contains(got, n) {
			t.Errorf("%s missing from %v", n, got)
		}
	}
	if slices.Contains(got, "17-12=B") || slices.Contains(got, "17-30") {
		t.Errorf("undeclared or impossible move listed: %v", got)
	}
}

func TestSpSchrodingerDeclaredWhenCaptured(t *testing.T) {
	// White's rook on 28 takes Red's undecided piece on 29; its twin is on 9.
	const setup = "W:R28,K38 B:K39 R:S9,S29 %s - 6"
	p1 := mustSp(t, strings.Replace(setup, "%s", "1", 1))
	if got := notations(p1); !slices.Contains(got, "28x29=K") || !slices.Contains(got, "28x29=B") {
		t.Fatalf("Player 1 (clockwise) may declare either: %v", got)
	}
	// Declared the bishop: the twin is the king, the game goes on.
	evs := play(t, p1, "28x29=B")
	if p1.cells[8] != mkPiece(red, king) || p1.Outcome().Over || !hasEvent(evs, games.EventDeclared, "bishop", "on 9 is now the king") {
		t.Errorf("after 28x29=B: 9 holds %s, outcome %+v, events %+v", p1.cells[8].name(), p1.Outcome(), evs)
	}
	// Declared the king: the clockwise capture wins.
	p1 = mustSp(t, strings.Replace(setup, "%s", "1", 1))
	play(t, p1, "28x29=K")
	if o := p1.Outcome(); !o.Over || o.Winner != games.Player1 {
		t.Errorf("after 28x29=K: %+v", o)
	}
	// Player 2 captures the wrong way and must declare the bishop.
	p2 := mustSp(t, strings.Replace(setup, "%s", "2", 1))
	if got := notations(p2); slices.Contains(got, "28x29=K") || !slices.Contains(got, "28x29=B") {
		t.Errorf("Player 2 (wrong way) must declare bishop: %v", got)
	}
	if m, err := p2.ParseMove("28x29"); err != nil || m.Notation != "28x29=B" {
		t.Errorf("the only declaration may be left out: %v %v", m, err)
	}
}

func TestSpUndecidedTakesUndecided(t *testing.T) {
	// White's undecided 18 reaches 29 as king and as bishop; Red's 29 is
	// undecided too: four moves, mover's letter first.
	g := mustSp(t, "W:S18,S35 B:K39 R:S9,S29 1 - 7")
	var to29 []string
	for _, n := range notations(g) {
		if strings.HasPrefix(n, "18x29") {
			to29 = append(to29, n)
		}
	}
	if want := []string{"18x29=K=K", "18x29=K=B", "18x29=B=K", "18x29=B=B"}; !slices.Equal(to29, want) {
		t.Fatalf("captures of 29: %v, want %v", to29, want)
	}
	evs := play(t, g, "18x29=B=B")
	if g.cells[28] != mkPiece(white, bishop) || g.cells[34] != mkPiece(white, king) || g.cells[8] != mkPiece(red, king) {
		t.Errorf("after 18x29=B=B: 29 %s, 35 %s, 9 %s", g.cells[28].name(), g.cells[34].name(), g.cells[8].name())
	}
	if n := countKind(evs, games.EventDeclared); n != 2 {
		t.Errorf("%d declarations, want 2: %+v", n, evs)
	}
}

func countKind(evs []games.Event, k games.EventKind) int {
	n := 0
	for _, e := range evs {
		if e.Kind == k {
			n++
		}
	}
	return n
}

// stuck: Player 1 may move Black or Red (White moved last). Red's king on 1
// may not take White's king on 2 (Red → White is counter-clockwise) and its
// pawn on 3 is blocked by 6; Black's king on 33 is walled in by its pawns
// on 27 and 32, whose steps (24, 37) are taken and whose capture cells (23,
// 19) are empty.
const stuck = "W:K2,P6,P24,P37 B:P27,P32,K33 R:K1,P3 1 W 0 10"

func TestSpNoLegalMoveIsADraw(t *testing.T) {
	g := mustSp(t, stuck)
	if o := g.Outcome(); !o.Over || !o.Draw {
		t.Fatalf("outcome %+v, moves %v", o, notations(g))
	}
	// For Player 2 the same board leaves 1x2 (Red takes White, counter-
	// clockwise): a win, not a draw.
	if g2 := mustSp(t, strings.Replace(stuck, " 1 W ", " 2 W ", 1)); g2.Outcome().Over || !isLegal(g2, "1x2") {
		t.Errorf("Player 2: %v", notations(g2))
	}
	// Reached in play: Player 2 moves White's pawn 36-37.
	g = mustSp(t, "W:K2,P6,P24,P36 B:P27,P32,K33 R:K1,P3 2 R 4 9")
	evs := play(t, g, "36-37")
	if g.Position() != stuck || !hasEvent(evs, games.EventGameOver, "draw") {
		t.Errorf("position %q events %+v", g.Position(), evs)
	}
}

func TestSpNotationAndParsing(t *testing.T) {
	g := mustSp(t, "")
	for _, in := range []string{"17-30=K", "17 30 k", "17-30K", "17x30=k", " 17 - 30 = K "} {
		m, err := g.ParseMove(in)
		if err != nil || m.Notation != "17-30=K" {
			t.Errorf("%q → %v, %v", in, m.Notation, err)
		}
	}
	_, err := g.ParseMove("17-30")
	if err == nil || !strings.Contains(err.Error(), "17-30=K or 17-30=B") {
		t.Errorf("17-30 should ask which: %v", err)
	}
	if m, err := g.ParseMove("17-12"); err != nil || m.Notation != "17-12=K" {
		t.Errorf("17-12 (only as king): %v %v", m.Notation, err)
	}
	_, err = g.ParseMove("17-13")
	var me *games.MoveError
	if err == nil || !asMoveError(err, &me) || len(me.Suggestions) == 0 {
		t.Errorf("17-13: %v", err)
	}
	m, _ := g.ParseMove("25-18")
	if m.Label != "White's knight 25→18" || m.Side != games.White || m.From != "25" || m.To != "18" {
		t.Errorf("move %+v", m)
	}
}

func asMoveError(err error, me **games.MoveError) bool {
	e, ok := err.(*games.MoveError)
	*me = e
	return ok
}

func TestSpViewAndDiagram(t *testing.T) {
	g := mustSp(t, "")
	v := g.View()
	if len(v.Cells) != 39 || v.ToAct != "Player 1 to move (any army)" || v.Variant != "spIndecision Beryl" {
		t.Fatalf("view %q %q %d cells", v.Variant, v.ToAct, len(v.Cells))
	}
	kinds := map[games.PieceKind]int{}
	sides := map[games.Side]int{}
	for _, p := range v.Pieces {
		kinds[p.Kind]++
		sides[p.Side]++
	}
	if kinds[games.Schrodinger] != 6 || kinds[games.Rook] != 3 || kinds[games.Pawn] != 12 || sides[games.Red] != 9 {
		t.Errorf("pieces %v sides %v", kinds, sides)
	}
	for i, c := range v.Cells {
		if c.Shade != games.ShadeCell || len(c.Polygon) != 3 {
			t.Errorf("cell %d: %+v", i+1, c)
		}
	}
	play(t, g, "2-14") // Player 1 moves Red
	v = g.View()
	if v.ToAct != "Player 2 to move (any army but Red)" || !slices.Contains(v.Marks, games.Mark{Cell: 1, Kind: games.MarkFrom}) || !slices.Contains(v.Marks, games.Mark{Cell: 13, Kind: games.MarkTo}) {
		t.Errorf("after 2-14: %q %v", v.ToAct, v.Marks)
	}
	if d := g.Diagram(); !strings.Contains(d, "14rN") || !strings.Contains(d, "17wS") || !strings.Contains(d, "any army but Red") {
		t.Errorf("diagram:\n%s", d)
	}
	// A king Player 1 could take the winning way is marked.
	k := mustSp(t, strings.Replace(kingsTouching, "%d", "1", 1))
	if !slices.Contains(k.View().Marks, games.Mark{Cell: 28, Kind: games.MarkAttackedKing}) {
		t.Errorf("marks %v", k.View().Marks)
	}
}
