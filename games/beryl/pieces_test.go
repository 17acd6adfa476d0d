package beryl

import (
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/bermudachess/bermuda/games"
)

// place builds a layout from "army kind cell" triples like "W R 18".
func place(t *testing.T, pieces ...string) layout {
	t.Helper()
	var l layout
	for _, p := range pieces {
		f := strings.Fields(p)
		army := strings.IndexByte("WBR", f[0][0])
		c, err := parseCell(f[2])
		if err != nil || army < 0 || kindOf(f[1][0]) == noKind {
			t.Fatalf("bad test piece %q", p)
		}
		l[c] = mkPiece(army, kindOf(f[1][0]))
	}
	return l
}

func TestPieceMoves(t *testing.T) {
	tests := []struct {
		name   string
		pieces []string
		at     int // cell number of the piece to move (the first listed)
		want   []int
	}{
		// Rook: round the rings about (1,2) and (1,1); 19 (own) stops the
		// way round (1,2) at once, 10 (Black) is taken and stops the other.
		{"rook blocked and capturing", []string{"W R 18", "W P 19", "B P 10"}, 18,
			[]int{10, 12, 13, 17, 22, 23, 25, 26, 29, 30, 34, 35}},
		// Rook on the outline: two open rings, one way round each.
		{"rook on an edge cell", []string{"W R 4"}, 4, []int{1, 2, 5, 8, 10, 12, 16, 17}},
		{"rook never comes back to its own cell", []string{"W R 13"}, 13,
			[]int{2, 3, 5, 6, 8, 9, 10, 11, 12, 14, 17, 18, 19, 22, 23, 25, 26, 29, 30, 34, 35}},
		{"bishop line", []string{"W B 5"}, 5, []int{14, 37}},
		{"bishop takes and stops", []string{"W B 5", "R N 14"}, 5, []int{14}},
		{"bishop blocked by own piece", []string{"W B 5", "W N 14"}, 5, nil},
		{"bishop on an edge cell has no move", []string{"W B 16"}, 16, nil},
		{"king: first cells of rook and bishop lines", []string{"W K 18"}, 18, []int{3, 13, 19, 23, 29}},
		// Knight leaps over the five king cells, all occupied.
		{"knight leaps", []string{"W N 18", "W P 3", "W P 13", "W P 19", "W P 23", "W P 29", "B P 25"}, 18,
			[]int{1, 2, 6, 25, 27, 28, 32, 34}},
		// White pawn on 22 (home distance 111): rook steps to 16 (219) and
		// 17 (273) are farther, 25 (57) nearer; its bishop step 26 (543) is
		// a capture when an enemy stands there.
		{"pawn steps away from home", []string{"W P 22"}, 22, []int{16, 17}},
		{"pawn captures by bishop step", []string{"W P 22", "B N 26", "R N 25"}, 22, []int{16, 17, 26}},
		{"pawn does not capture by rook step", []string{"W P 22", "B N 16", "R N 17"}, 22, nil},
		// 30 (381) to its bishop step 17 (273) goes back towards home.
		{"pawn never captures towards home", []string{"W P 30", "B N 17"}, 30, []int{26, 31}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			l := place(t, tc.pieces...)
			p := l[tc.at-1]
			got := destinationsOn(l, tc.at-1, p.kind(), p.army())
			want := cellsOf(tc.want...)
			sort.Ints(want)
			if !slices.Equal(got, want) {
				t.Errorf("%s on %d reaches %v, want %v", p.name(), tc.at, cellNumbers(got), tc.want)
			}
		})
	}
}

func TestPawnPromotesToRookKnightOrBishop(t *testing.T) {
	// White's pawn on 6 (home distance 1731) steps to 7 (2109), in White's
	// promotion zone {1, 7, 21, 33}.
	g := mustBeryl(t, "W:K28,P6 B:K39 w 1")
	var got []string
	for _, m := range g.LegalMoves() {
		if m.From == "6" {
			got = append(got, m.Notation)
		}
	}
	if want := []string{"6-7=R", "6-7=B", "6-7=N"}; !slices.Equal(got, want) {
		t.Fatalf("pawn moves %v, want %v", got, want)
	}
	evs := play(t, g, "6-7=N")
	if g.cells[6] != mkPiece(white, knight) || !hasEvent(evs, games.EventPromoted, "knight") {
		t.Errorf("after 6-7=N: cell 7 holds %s; events %+v", g.cells[6].name(), evs)
	}
}

func TestStartSetupFollowsTheRules(t *testing.T) {
	sp, err := newSpIndecision("")
	if err != nil {
		t.Fatal(err)
	}
	bc := mustBeryl(t, "")
	centre := point{12, 12} // 9 × the board's centre (4/3, 4/3)
	for a := 0; a < 3; a++ {
		lobe := slices.Clone(geo.lobes[a])
		corner := geo.corner[a]
		if sp.cells[corner] != mkPiece(a, rook) {
			t.Errorf("army %c: corner cell %d holds %s, want the rook", armyLetter[a], corner+1, sp.cells[corner].name())
		}
		near := func(c int) int { return dist2(geo.cells[c].centroid9.sub(centre)) }
		sort.SliceStable(lobe, func(i, j int) bool { return near(lobe[i]) < near(lobe[j]) })
		if near(lobe[1]) >= near(lobe[2]) {
			t.Fatalf("army %c: the two cells nearest the centre are not unique", armyLetter[a])
		}
		for _, c := range lobe {
			want := pawn
			switch {
			case c == corner:
				want = rook
			case geo.cells[c].apex3() == geo.cells[corner].apex3():
				want = knight
			case c == lobe[0] || c == lobe[1]:
				want = undecided
			}
			if sp.cells[c] != mkPiece(a, want) {
				t.Errorf("spIndecision cell %d holds %s, want %s's %s", c+1, sp.cells[c].name(), games.Side(a), want)
			}
			if a == red {
				if !bc.cells[c].empty() {
					t.Errorf("Beryl Chess has a piece on Red's cell %d", c+1)
				}
				continue
			}
			if want == undecided {
				// The king takes the cell of the pair farther from the
				// opponent's home corner.
				other := lobe[0] + lobe[1] - c
				want = bishop
				if geo.far[1-a][c] > geo.far[1-a][other] {
					want = king
				}
			}
			if bc.cells[c] != mkPiece(a, want) {
				t.Errorf("Beryl Chess cell %d holds %s, want %s's %s", c+1, bc.cells[c].name(), games.Side(a), want)
			}
		}
	}
	for c, p := range sp.cells {
		if !p.empty() && !slices.Contains(geo.lobes[p.army()], c) {
			t.Errorf("%s on %d is outside its lobe", p.name(), c+1)
		}
	}
}
