package bermuda

import (
	"sort"
	"strings"
	"testing"

	"github.com/bermudachess/bermuda/games"
)

// boardTargets lists, sorted, where the piece on from may go without
// changing boards (drops, whose notation has a dash, are left out).
func boardTargets(g *game, from string) []string {
	var out []string
	for _, m := range g.LegalMoves() {
		if m.From == from && !strings.Contains(m.Notation, "-") {
			out = append(out, m.To)
		}
	}
	sort.Strings(out)
	return out
}

// squaresAt names the squares at the given (file, rank) offsets from the
// square from, on from's board, sorted; slide repeats each offset to the
// edge of the board.
func squaresAt(from string, slide bool, offs ...[2]int) []string {
	sq, _ := parseSquare(from)
	b, f, r := boardOf(sq), fileOf(sq), rankOf(sq)
	var out []string
	for _, o := range offs {
		for k := 1; onBoard(f+k*o[0], r+k*o[1]); k++ {
			out = append(out, squareName(square(b, f+k*o[0], r+k*o[1])))
			if !slide {
				break
			}
		}
	}
	sort.Strings(out)
	return out
}

var (
	rookDirs   = [][2]int{{0, 1}, {0, -1}, {1, 0}, {-1, 0}}
	bishopDirs = [][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
	knightJump = [][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}
)

// RULES.md §2: within a board every piece moves as in FIDE chess, in that
// board's own frame. Each piece alone on d4 of the lower board and on D4
// of the upper board (kings of both colours on both boards, off every line
// from d4, so Rule 4 lets everything move).
func TestFIDEMovesOnEitherBoard(t *testing.T) {
	const kings = "Kh1 KH1 ka8 kA8"
	for _, file := range []string{"d", "D"} {
		d4 := file + "4"
		for _, tc := range []struct {
			letter string
			want   []string
		}{
			{"N", squaresAt(d4, false, knightJump...)},
			{"B", squaresAt(d4, true, bishopDirs...)},
			{"R", squaresAt(d4, true, rookDirs...)},
			{"Q", squaresAt(d4, true, append(append([][2]int{}, rookDirs...), bishopDirs...)...)},
			{"K", squaresAt(d4, false, append(append([][2]int{}, rookDirs...), bishopDirs...)...)},
		} {
			g := gameWith(t, kings+" "+tc.letter+d4, "w - - 0 1")
			if got := boardTargets(g, d4); strings.Join(got, " ") != strings.Join(tc.want, " ") {
				t.Errorf("%s on %s: got %v, want %v", tc.letter, d4, got, tc.want)
			}
		}
	}
	// Boxed in by its own pieces on every neighbouring and knight square,
	// a piece takes none of them: sliders and the king stop, the knight
	// has nowhere to land.
	for _, file := range []string{"d", "D"} {
		d4 := file + "4"
		var own []string
		for _, sq := range squaresAt(d4, false, append(append(append([][2]int{}, rookDirs...), bishopDirs...), knightJump...)...) {
			own = append(own, "P"+sq)
		}
		for _, letter := range []string{"N", "B", "R", "Q", "K"} {
			g := gameWith(t, kings+" "+letter+d4+" "+strings.Join(own, " "), "w - - 0 1")
			if got := boardTargets(g, d4); len(got) != 0 {
				t.Errorf("%s on %s takes its own pieces: %v", letter, d4, got)
			}
		}
	}
	if n := len(squaresAt("d4", false, knightJump...)); n != 8 {
		t.Fatalf("helper: knight on d4 should have 8 squares, got %d", n)
	}
}

// FIDE pawns on either board: one step straight ahead (two from the second
// rank) onto empty squares only; captures one step diagonally forward only,
// never straight ahead. Black's pawns go down their board.
func TestFIDEPawnsOnEitherBoard(t *testing.T) {
	const kings = "Kh1 KH1 ka8 kA8"
	for _, tc := range []struct {
		pieces, side, from string
		want               []string
	}{
		{"Pd2", "w", "d2", []string{"d3", "d4"}},
		{"PD2", "w", "D2", []string{"D3", "D4"}},
		{"Pd4", "w", "d4", []string{"d5"}},
		{"PD4", "w", "D4", []string{"D5"}},
		// Blocked straight ahead by a black pawn, takes the two diagonal ones.
		{"Pd4 pc5 pd5 pe5", "w", "d4", []string{"c5", "e5"}},
		{"PD4 pC5 pD5 pE5", "w", "D4", []string{"C5", "E5"}},
		// White pieces in front and on the diagonals block and are not taken.
		{"Pd2 Nd3", "w", "d2", nil},
		{"Pd4 Nc5 Bd5 Re5", "w", "d4", nil},
		{"PD4 NC5 BD5 RE5", "w", "D4", nil},
		{"pd5 nc4 bd4 re4", "b", "d5", nil},
		{"pd7", "b", "d7", []string{"d5", "d6"}},
		{"pD7", "b", "D7", []string{"D5", "D6"}},
		{"pd5 Pc4 Pd4 Pe4", "b", "d5", []string{"c4", "e4"}},
		{"pD5 PC4 PD4 PE4", "b", "D5", []string{"C4", "E4"}},
	} {
		g := gameWith(t, kings+" "+tc.pieces, tc.side+" - - 0 1")
		if got := boardTargets(g, tc.from); strings.Join(got, " ") != strings.Join(tc.want, " ") {
			t.Errorf("%s (%s to move), pawn on %s: got %v, want %v", tc.pieces, tc.side, tc.from, got, tc.want)
		}
	}
}

// Rule 3: only a capture lifts a lower piece; a quiet move leaves it on the
// lower board even when the square above its target is empty.
func TestQuietLowerMoveStaysBelow(t *testing.T) {
	g := gameWith(t, "Kh1 KH1 ka8 kA8 Nd4", "w - - 0 1") // f5 lies beneath D6, empty
	evs := playText(t, g, "d4f5")
	wantPieces(t, g, map[string]byte{"f5": 'N', "D6": '.', "d4": '.'})
	for _, e := range evs {
		if e.Kind != games.EventMoved {
			t.Errorf("a quiet move reported %s: %s", e.Kind, e.Text)
		}
	}
}
