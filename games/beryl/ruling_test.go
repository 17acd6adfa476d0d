package beryl

import (
	"slices"
	"testing"

	"github.com/bermudachess/bermuda/games"
)

// Rulings of RULES.md §4 that the other tests left unguarded (found by
// mutating the engine: each test here fails when its clause is broken).

func TestPawnStepMustBeStrictlyFarther(t *testing.T) {
	// White's pawn on 18 (home distance 597): of its neighbours 13 (543) is
	// nearer, 23 (597) exactly as far and 19 (867) farther. Only 19 is a
	// step; "strictly farther" keeps it off the equally distant 23.
	if geo.far[white][17] != geo.far[white][22] {
		t.Fatalf("18 and 23 no longer equally far from White's home: %d, %d", geo.far[white][17], geo.far[white][22])
	}
	l := place(t, "W P 18")
	if got := destinationsOn(l, 17, pawn, white); !slices.Equal(got, cellsOf(19)) {
		t.Errorf("White's pawn on 18 steps to %v, want [19]", cellNumbers(got))
	}
	// The same for Black, whose 19 and 23 tie.
	l = place(t, "B P 19")
	var want []int
	for _, n := range geo.neighbours[18] {
		if geo.far[black][n] > geo.far[black][18] {
			want = append(want, n)
		}
	}
	if got := destinationsOn(l, 18, pawn, black); !slices.Equal(got, want) || slices.Contains(got, 22) {
		t.Errorf("Black's pawn on 19 steps to %v, want %v (not 23)", cellNumbers(got), cellNumbers(want))
	}
}

func TestPawnHomeIsTheShortEdgeMidpoint(t *testing.T) {
	// Measured from the midpoint of White's short edge, 5 (1191) and 37
	// (1191) are farther than 14 (1083); measured from the cut corner
	// itself all three would be equally far. So the pawn on 14 captures on
	// both of its bishop steps, and steps to 11 and 15 but not back to 19.
	l := place(t, "W P 14", "B N 5", "R N 37")
	if got := destinationsOn(l, 13, pawn, white); !slices.Equal(got, cellsOf(5, 11, 15, 37)) {
		t.Errorf("White's pawn on 14 reaches %v, want [5 11 15 37]", cellNumbers(got))
	}
	// home2 is twice the midpoint of the short edge: (1,0)–(0,1) for White,
	// (3,0)–(3,1) for Black, (0,3)–(1,3) for Red.
	if geo.home2[white] != (point{1, 1}) || geo.home2[black] != (point{6, 1}) || geo.home2[red] != (point{1, 6}) {
		t.Errorf("home points ×2: %v", geo.home2)
	}
}

func TestSpPawnPromotes(t *testing.T) {
	// spIndecision pawns promote as in Beryl Chess, whichever player moves
	// the army: White's pawn on 6 steps into White's zone on 7.
	for _, player := range []string{"1", "2"} {
		g := mustSp(t, "W:K28,P6 B:K39 R:K1 "+player+" R 3")
		var got []string
		for _, m := range g.LegalMoves() {
			if m.From == "6" {
				got = append(got, m.Notation)
			}
		}
		if want := []string{"6-7=R", "6-7=B", "6-7=N"}; !slices.Equal(got, want) {
			t.Fatalf("player %s: pawn moves %v, want %v", player, got, want)
		}
		for _, tc := range []struct {
			move string
			want kind
		}{{"6-7=R", rook}, {"6-7=B", bishop}, {"6-7=N", knight}} {
			g := mustSp(t, "W:K28,P6 B:K39 R:K1 "+player+" R 3")
			evs := play(t, g, tc.move)
			if g.cells[6] != mkPiece(white, tc.want) || !g.cells[5].empty() || !hasEvent(evs, games.EventPromoted, "White's pawn on 7 promoted to a "+tc.want.String()) {
				t.Errorf("player %s, %s: cell 7 holds %s; events %+v", player, tc.move, g.cells[6].name(), evs)
			}
		}
	}
}

func TestEventsNameTheArmyThatMoved(t *testing.T) {
	// spIndecision: Player 1 moves Red's knight, Player 2 Black's.
	g := mustSp(t, "")
	for _, tc := range []struct {
		move   string
		player games.Player
		army   games.Side
		words  string
	}{
		{"2-14", games.Player1, games.Red, "Player 1 moved Red's knight 2→14"},
		{"27-26", games.Player2, games.Black, "Player 2 moved Black's knight 27→26"},
	} {
		evs := play(t, g, tc.move)
		if evs[0].Kind != games.EventMoved || evs[0].Side != tc.army || evs[0].Player != tc.player || evs[0].Text != tc.words+"." {
			t.Errorf("%s: first event %+v", tc.move, evs[0])
		}
	}
	// Beryl Chess: Black's reply is Black's.
	b := mustBeryl(t, "")
	play(t, b, "25-18")
	evs := play(t, b, "27-26")
	if evs[0].Kind != games.EventMoved || evs[0].Side != games.Black || evs[0].Player != games.Player2 || evs[0].Text != "Black's knight 27→26." {
		t.Errorf("27-26: first event %+v", evs[0])
	}
}
