package beryl

import (
	"slices"
	"sort"
	"strconv"
	"testing"
)

// cellsOf turns cell numbers (1–39) into indices.
func cellsOf(numbers ...int) []int {
	out := make([]int, len(numbers))
	for i, n := range numbers {
		out[i] = n - 1
	}
	return out
}

func TestBoardCounts(t *testing.T) {
	points := 0
	for a := 0; a <= side; a++ {
		for b := 0; a+b <= side; b++ {
			if onBoard(point{a, b}) {
				points++
			}
		}
	}
	tris := map[point]bool{}
	for _, c := range geo.cells {
		tris[c.apex3()] = true
	}
	if points != 12 || len(tris) != 13 || len(geo.cells) != 39 {
		t.Fatalf("%d points, %d triangles, %d cells; want 12, 13, 39", points, len(tris), len(geo.cells))
	}
	// Each triangle holds three cells, one per edge.
	per := map[point]int{}
	for _, c := range geo.cells {
		per[c.apex3()]++
	}
	for p, n := range per {
		if n != 3 {
			t.Errorf("triangle %v has %d cells", p, n)
		}
	}
}

func TestNumberingTopToBottomLeftToRight(t *testing.T) {
	for c := 1; c < numCells; c++ {
		prev, cur := geo.cells[c-1].centroid9, geo.cells[c].centroid9
		higher := prev.b > cur.b
		sameRowLeft := prev.b == cur.b && 2*prev.a+prev.b < 2*cur.a+cur.b
		if !higher && !sameRowLeft {
			t.Errorf("cell %d (centroid×9 %v) is not before cell %d (%v)", c, prev, c+1, cur)
		}
	}
	// Cell 1 is Red's corner cell, at the top; 28 and 33 are White's and
	// Black's corner cells at the bottom left and right.
	if geo.corner[red] != 0 || geo.corner[white] != 27 || geo.corner[black] != 32 {
		t.Errorf("corner cells %v, want 1 (Red), 28 (White), 33 (Black)", cellNumbers(geo.corner[:]))
	}
	// In the view (y downwards) cell 1 is the topmost, 38 and 39 lowest.
	cells, _ := boardCells(3)
	top := 0
	for i, c := range cells {
		if c.Center().Y < cells[top].Center().Y {
			top = i
		}
		if c.Number != cells[i].Name || c.Name != strconv.Itoa(i+1) {
			t.Errorf("cell %d is named %q numbered %q", i+1, c.Name, c.Number)
		}
	}
	if top != 0 {
		t.Errorf("topmost cell in the view is %d, want 1", top+1)
	}
	if cells[37].Center().Y <= cells[27].Center().Y || cells[28].Center().X >= cells[32].Center().X {
		t.Errorf("bottom row misplaced: 38 at %v, 28 at %v", cells[37].Center(), cells[27].Center())
	}
}

func TestNeighboursSymmetricAndShareAnEdge(t *testing.T) {
	for c := range geo.cells {
		if n := len(geo.neighbours[c]); n < 2 || n > 3 {
			t.Errorf("cell %d has %d neighbours", c+1, n)
		}
		for _, n := range geo.neighbours[c] {
			if !slices.Contains(geo.neighbours[n], c) {
				t.Errorf("%d lists %d as neighbour but not the reverse", c+1, n+1)
			}
			if shared := sharedVertices(c, n); shared != 2 {
				t.Errorf("neighbours %d and %d share %d polygon vertices, want an edge (2)", c+1, n+1, shared)
			}
		}
	}
}

func sharedVertices(x, y int) int {
	cells, _ := boardCells(3)
	n := 0
	for _, p := range cells[x].Polygon {
		for _, q := range cells[y].Polygon {
			if abs(p.X-q.X) < 1e-9 && abs(p.Y-q.Y) < 1e-9 {
				n++
			}
		}
	}
	return n
}

func abs(f float64) float64 {
	if f < 0 {
		return -f
	}
	return f
}

func TestThreeClosedTwelveCellRings(t *testing.T) {
	closed := 0
	for p, ring := range geo.rings {
		isClosed := true
		for _, c := range ring {
			if len(geo.ringNeighbours(c, p)) != 2 {
				isClosed = false
			}
		}
		if isClosed {
			closed++
			if len(ring) != 12 {
				t.Errorf("closed ring about %v has %d cells", p, len(ring))
			}
			if p != (point{1, 1}) && p != (point{2, 1}) && p != (point{1, 2}) {
				t.Errorf("closed ring about %v, which is not an inner point", p)
			}
		}
	}
	if closed != 3 {
		t.Errorf("%d closed rings, want 3", closed)
	}
}

func TestRookRays(t *testing.T) {
	for c := range geo.cells {
		// A cell on the outline stands at the end of the open rings about
		// its base's ends, so only one way round each is open.
		want := 4
		if geo.isEdge(c) {
			want = 2
		}
		if len(geo.rookRays[c]) != want {
			t.Errorf("cell %d has %d rook directions, want %d", c+1, len(geo.rookRays[c]), want)
		}
		for _, r := range geo.rookRays[c] {
			if slices.Contains(r, c) {
				t.Errorf("a rook ray from %d comes back to it: %v", c+1, cellNumbers(r))
			}
			for i := 1; i < len(r); i++ {
				if !slices.Contains(geo.neighbours[r[i-1]], r[i]) {
					t.Errorf("rook ray from %d jumps from %d to %d", c+1, r[i-1]+1, r[i]+1)
				}
			}
		}
	}
	// Cell 18's base joins the inner points (1,1) and (1,2): 11 cells each
	// way round either ring, the cell across the base (13) on both.
	got := destinationsOn(layout{}, 17, rook, white)
	if len(got) != 21 || !slices.Contains(got, 12) {
		t.Errorf("rook on open 18 reaches %d cells %v, want 21 including 13", len(got), cellNumbers(got))
	}
}

func TestBishopRays(t *testing.T) {
	for c := range geo.cells {
		edge := geo.isEdge(c)
		if edge != (len(geo.bishopRays[c]) == 0) {
			t.Errorf("cell %d: edge %v but %d bishop directions", c+1, edge, len(geo.bishopRays[c]))
		}
		// Lines run both ways: from the far end back to c through the same
		// cells (and maybe on beyond c).
		for _, r := range geo.bishopRays[c] {
			end := r[len(r)-1]
			back := append(slices.Clone(r[:len(r)-1]), c)
			slices.Reverse(back[:len(back)-1])
			found := false
			for _, br := range geo.bishopRays[end] {
				if len(br) >= len(back) && slices.Equal(br[:len(back)], back) {
					found = true
				}
			}
			if !found {
				t.Errorf("bishop line %d→%v does not run back", c+1, cellNumbers(r))
			}
		}
	}
	// Worked by hand: 5 (base (0,3)–(1,2)) reflected through (1,2) is 14,
	// then through (2,1) is 37, then the line leaves the board.
	if !slices.Equal(geo.bishopRays[4][0], cellsOf(14, 37)) {
		t.Errorf("bishop line from 5: %v, want [14 37]", cellNumbers(geo.bishopRays[4][0]))
	}
}

func TestKingAndKnightTargets(t *testing.T) {
	eight := 0
	for c := range geo.cells {
		if slices.Contains(geo.knight[c], c) {
			t.Errorf("knight on %d may stay", c+1)
		}
		for _, k := range geo.king[c] {
			if slices.Contains(geo.knight[c], k) {
				t.Errorf("knight on %d may go to king cell %d", c+1, k+1)
			}
		}
		for _, n := range geo.knight[c] {
			if !slices.Contains(geo.knight[n], c) {
				t.Errorf("knight %d→%d does not go back", c+1, n+1)
			}
		}
		switch n := len(geo.knight[c]); {
		case n == 8:
			eight++
		case n > 8:
			t.Errorf("knight on %d has %d targets", c+1, n)
		}
	}
	// The open cells around the centre triangle: 18, 19, 23 and their images.
	if eight == 0 || len(geo.knight[17]) != 8 {
		t.Errorf("no knight has 8 targets on an open board")
	}
	if want := cellsOf(1, 2, 6, 25, 27, 28, 32, 34); !slices.Equal(geo.knight[17], want) {
		t.Errorf("knight from 18: %v, want %v", cellNumbers(geo.knight[17]), cellNumbers(want))
	}
	if want := cellsOf(3, 13, 19, 23, 29); !slices.Equal(geo.king[17], want) {
		t.Errorf("king from 18: %v, want %v", cellNumbers(geo.king[17]), cellNumbers(want))
	}
}

// rotateCell maps a cell by the board's third of a turn, or −1.
func rotateCell(c int) int {
	g := geo.cells[c]
	tri := g.tri
	apex3 := rotate(tri[0]).add(rotate(tri[1])).add(rotate(tri[2]))
	return geo.find(rotate(g.base[0]), rotate(g.base[1]), apex3)
}

func TestThreefoldRotation(t *testing.T) {
	img := map[int]bool{}
	for c := range geo.cells {
		r := rotateCell(c)
		if r < 0 {
			t.Fatalf("cell %d rotates off the board", c+1)
		}
		img[r] = true
		if rotateCell(rotateCell(r)) != c {
			t.Errorf("three rotations do not bring %d back", c+1)
		}
		for _, list := range [][2][]int{{geo.neighbours[c], geo.neighbours[r]}, {geo.king[c], geo.king[r]}, {geo.knight[c], geo.knight[r]}} {
			var mapped []int
			for _, n := range list[0] {
				mapped = append(mapped, rotateCell(n))
			}
			sort.Ints(mapped)
			if !slices.Equal(mapped, list[1]) {
				t.Errorf("rotation does not carry %d's targets %v to %d's %v", c+1, cellNumbers(list[0]), r+1, cellNumbers(list[1]))
			}
		}
		// White's corner turns into Red's, Red's into Black's.
		if geo.far[white][c] != geo.far[red][r] || geo.far[red][c] != geo.far[black][r] {
			t.Errorf("rotation does not carry home distances of %d", c+1)
		}
	}
	if len(img) != numCells {
		t.Errorf("rotation maps onto %d cells", len(img))
	}
}

func TestLobesZonesAndHome(t *testing.T) {
	seen := map[int]bool{}
	for a := 0; a < 3; a++ {
		if len(geo.lobes[a]) != 9 {
			t.Errorf("army %d lobe has %d cells", a, len(geo.lobes[a]))
		}
		for _, c := range geo.lobes[a] {
			if seen[c] {
				t.Errorf("cell %d in two lobes", c+1)
			}
			seen[c] = true
		}
		// The corner cell is the nearest to home; the 4 zone cells are
		// strictly farther than every other cell.
		for c := range geo.cells {
			if c != geo.corner[a] && geo.far[a][c] <= geo.far[a][geo.corner[a]] {
				t.Errorf("army %d: cell %d as near home as the corner", a, c+1)
			}
			if !geo.inZone[a][c] {
				for _, z := range geo.zone[a] {
					if geo.far[a][c] >= geo.far[a][z] {
						t.Errorf("army %d: cell %d as far as zone cell %d", a, c+1, z+1)
					}
				}
			}
		}
	}
	if want := cellsOf(1, 7, 21, 33); !slices.Equal(geo.zone[white], want) {
		t.Errorf("White's promotion zone %v, want %v", cellNumbers(geo.zone[white]), cellNumbers(want))
	}
}

func destinationsOn(l layout, c int, k kind, army int) []int {
	var out []int
	for _, t := range l.destinations(c, k, army, nil) {
		out = append(out, int(t))
	}
	sort.Ints(out)
	return out
}
