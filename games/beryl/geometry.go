package beryl

import (
	"fmt"
	"math"
	"sort"
)

// The board is computed, not typed in. Lattice points (a, b) with a, b ≥ 0
// and a+b ≤ 4, less the three corners, are drawn at x = a + b/2,
// y = b·√3/2 (y up). The unit triangles between them form a triangle of
// side 4 with its corner triangles cut off; each triangle is split into three
// cells by joining its centroid to its vertices. A cell is therefore one
// lattice edge (its base) plus one triangle's centroid (its apex).
//
// All comparisons are exact: coordinates are kept as integers in lattice
// units scaled up where centroids and midpoints need it.

const (
	side     = 4  // side of the uncut triangle, in lattice units
	numCells = 39 // 13 triangles × 3
)

// point is a lattice point in the (a, b) basis.
type point struct{ a, b int }

func (p point) add(q point) point     { return point{p.a + q.a, p.b + q.b} }
func (p point) sub(q point) point     { return point{p.a - q.a, p.b - q.b} }
func (p point) scale(k int) point     { return point{p.a * k, p.b * k} }
func (p point) reflect(c point) point { return c.scale(2).sub(p) } // point reflection through c

// onBoard reports whether p is one of the 12 lattice points.
func onBoard(p point) bool {
	if p.a < 0 || p.b < 0 || p.a+p.b > side {
		return false
	}
	return p != point{0, 0} && p != point{side, 0} && p != point{0, side}
}

// rotate turns the board a third of a turn: the barycentric coordinates
// (a, b, 4−a−b) are permuted cyclically, which carries the point set to
// itself (corner (0,0) → (0,4) → (4,0) → (0,0)).
func rotate(p point) point { return point{p.b, side - p.a - p.b} }

// dist2 is the squared drawn distance of a lattice vector: with
// x = a + b/2 and y = b·√3/2, x²+y² = a² + ab + b².
func dist2(v point) int { return v.a*v.a + v.a*v.b + v.b*v.b }

// triangle is a unit triangle by its vertices in a fixed order.
type triangle [3]point

// cellGeom is one of the 39 cells.
type cellGeom struct {
	base [2]point // the lattice edge the cell stands on
	tri  triangle // the unit triangle the cell belongs to
	// centroid9 is 9 × the cell's centroid in lattice coordinates:
	// centroid = (P + Q + apex)/3 and apex = (V1+V2+V3)/3.
	centroid9 point
}

func (c cellGeom) apex3() point { return c.tri[0].add(c.tri[1]).add(c.tri[2]) }

// board holds everything derived from the geometry, indexed by cell number
// minus one.
type board struct {
	cells [numCells]cellGeom
	// neighbours are the cells across an edge (at most 3), ascending.
	neighbours [numCells][]int
	// rookRays are the rook's slides: around each endpoint of the base, both
	// ways, each ray in order and ending at the ring's end or just before it
	// would come back to its own cell.
	rookRays [numCells][][]int
	// bishopRays are the point-reflection lines, one per base endpoint.
	bishopRays [numCells][][]int
	// king and knight targets, ascending.
	king, knight [numCells][]int
	// rings lists the cells whose base touches each lattice point, by point.
	rings map[point][]int
	// lobes[army] are the 9 cells of the three triangles at that army's cut
	// corner; corner[army] is the lobe's cell on the cut edge.
	lobes  [3][]int
	corner [3]int
	// home2[army] is 2 × the army's home point (the midpoint of its cut
	// corner's short edge).
	home2 [3]point
	// far[army][c] is 324 × the squared drawn distance from the home point
	// to cell c's centroid (exact integers, so ties are ties).
	far [3][numCells]int
	// zone[army] are the 4 cells farthest from the home point.
	zone [3][]int
	// inZone[army][c] reports whether c is in zone[army].
	inZone [3][numCells]bool
}

// geo is the one board, built at start-up.
var geo = buildBoard()

// cutCorners are the cut corners of White (bottom left), Black (bottom
// right) and Red (top), in army order.
var cutCorners = [3]point{{0, 0}, {side, 0}, {0, side}}

func buildBoard() *board {
	var tris []triangle
	for a := 0; a < side; a++ {
		for b := 0; a+b < side; b++ {
			up := triangle{{a, b}, {a + 1, b}, {a, b + 1}}
			if onBoard(up[0]) && onBoard(up[1]) && onBoard(up[2]) {
				tris = append(tris, up)
			}
			if a+b < side-1 {
				down := triangle{{a + 1, b}, {a, b + 1}, {a + 1, b + 1}}
				if onBoard(down[0]) && onBoard(down[1]) && onBoard(down[2]) {
					tris = append(tris, down)
				}
			}
		}
	}
	var cells []cellGeom
	for _, t := range tris {
		for i := 0; i < 3; i++ {
			c := cellGeom{base: [2]point{t[i], t[(i+1)%3]}, tri: t}
			c.centroid9 = c.base[0].add(c.base[1]).scale(3).add(c.apex3())
			cells = append(cells, c)
		}
	}
	if len(tris) != 13 || len(cells) != numCells {
		panic(fmt.Sprintf("beryl: geometry gave %d triangles and %d cells", len(tris), len(cells)))
	}
	// Number the cells by centroid: top (largest drawn y, i.e. largest b)
	// first, then left to right (drawn x = a + b/2, compared as 2a + b).
	sort.Slice(cells, func(i, j int) bool {
		ci, cj := cells[i].centroid9, cells[j].centroid9
		if ci.b != cj.b {
			return ci.b > cj.b
		}
		return 2*ci.a+ci.b < 2*cj.a+cj.b
	})
	bd := &board{rings: map[point][]int{}}
	copy(bd.cells[:], cells)
	bd.linkNeighbours()
	bd.buildRookRays()
	bd.buildBishopRays()
	bd.buildKingKnight()
	bd.buildArmies()
	return bd
}

// sameEdge reports whether two bases are the same lattice edge.
func sameEdge(x, y [2]point) bool {
	return (x[0] == y[0] && x[1] == y[1]) || (x[0] == y[1] && x[1] == y[0])
}

// hasVertex reports whether p is an endpoint of the cell's base.
func (c cellGeom) hasVertex(p point) bool { return c.base[0] == p || c.base[1] == p }

// find returns the cell with base {p, q} in the triangle with centroid
// apex3/3, or -1 when there is none on the board.
func (bd *board) find(p, q point, apex3 point) int {
	for i, c := range bd.cells {
		if sameEdge(c.base, [2]point{p, q}) && c.apex3() == apex3 {
			return i
		}
	}
	return -1
}

// linkNeighbours: two cells of one triangle share an apex-to-vertex edge;
// two cells on the same lattice edge in different triangles share their base.
func (bd *board) linkNeighbours() {
	for i := range bd.cells {
		for j := range bd.cells {
			if i == j {
				continue
			}
			ci, cj := bd.cells[i], bd.cells[j]
			sameTri := ci.apex3() == cj.apex3()
			if sameTri || sameEdge(ci.base, cj.base) {
				bd.neighbours[i] = append(bd.neighbours[i], j)
			}
		}
		for _, p := range bd.cells[i].base {
			bd.rings[p] = append(bd.rings[p], i)
		}
	}
}

// ringNeighbours are the neighbours of c whose base also touches p: the
// next cells round the ring about p.
func (bd *board) ringNeighbours(c int, p point) []int {
	var out []int
	for _, n := range bd.neighbours[c] {
		if bd.cells[n].hasVertex(p) {
			out = append(out, n)
		}
	}
	return out
}

func (bd *board) buildRookRays() {
	for c := range bd.cells {
		for _, p := range bd.cells[c].base {
			for _, first := range bd.ringNeighbours(c, p) {
				ray := []int{first}
				prev, cur := c, first
				for {
					next := -1
					for _, n := range bd.ringNeighbours(cur, p) {
						if n != prev {
							next = n
						}
					}
					if next < 0 || next == c {
						break
					}
					ray = append(ray, next)
					prev, cur = cur, next
				}
				bd.rookRays[c] = append(bd.rookRays[c], ray)
			}
		}
	}
}

// buildBishopRays: reflecting a cell through an endpoint of its base gives
// the next cell of the line; the line then goes on through the new cell's
// far endpoint, and so on until it leaves the board.
func (bd *board) buildBishopRays() {
	for c := range bd.cells {
		for _, pivot := range bd.cells[c].base {
			var ray []int
			cur, piv := bd.cells[c], pivot
			for {
				other := cur.base[0]
				if other == piv {
					other = cur.base[1]
				}
				np, nq := piv, other.reflect(piv)
				apex3 := cur.apex3().reflect(piv.scale(3)) // 3×(2·pivot − apex)
				next := bd.find(np, nq, apex3)
				if next < 0 {
					break
				}
				ray = append(ray, next)
				cur, piv = bd.cells[next], nq
			}
			if len(ray) > 0 {
				bd.bishopRays[c] = append(bd.bishopRays[c], ray)
			}
		}
	}
}

func (bd *board) buildKingKnight() {
	for c := range bd.cells {
		seen := map[int]bool{}
		for _, r := range bd.rookRays[c] {
			seen[r[0]] = true
		}
		for _, r := range bd.bishopRays[c] {
			seen[r[0]] = true
		}
		bd.king[c] = sortedKeys(seen)
	}
	for c := range bd.cells {
		isKing := map[int]bool{c: true}
		for _, k := range bd.king[c] {
			isKing[k] = true
		}
		found := map[int]bool{}
		add := func(t int) {
			if !isKing[t] {
				found[t] = true
			}
		}
		for _, n := range bd.neighbours[c] {
			for _, r := range bd.bishopRays[n] {
				add(r[0])
			}
		}
		for _, r := range bd.bishopRays[c] {
			for _, n := range bd.neighbours[r[0]] {
				add(n)
			}
		}
		bd.knight[c] = sortedKeys(found)
	}
}

func (bd *board) buildArmies() {
	for army, corner := range cutCorners {
		// The cut corner's short edge joins its two lattice neighbours.
		var ends []point
		for _, d := range []point{{1, 0}, {0, 1}, {-1, 1}, {-1, 0}, {0, -1}, {1, -1}} {
			if q := corner.add(d); onBoard(q) {
				ends = append(ends, q)
			}
		}
		bd.home2[army] = ends[0].add(ends[1])
		for c := range bd.cells {
			if sameEdge(bd.cells[c].base, [2]point{ends[0], ends[1]}) {
				bd.corner[army] = c
			}
		}
		// The lobe: the corner triangle (the one on the short edge) and the
		// two triangles across its other edges.
		cornerTri := bd.cells[bd.corner[army]].apex3()
		for c := range bd.cells {
			ap := bd.cells[c].apex3()
			if ap == cornerTri || bd.sharesEdgeWith(ap, cornerTri) {
				bd.lobes[army] = append(bd.lobes[army], c)
			}
		}
		// 18 × centroid − 18 × home = 2·centroid9 − 9·home2.
		for c := range bd.cells {
			v := bd.cells[c].centroid9.scale(2).sub(bd.home2[army].scale(9))
			bd.far[army][c] = dist2(v)
		}
		order := make([]int, numCells)
		for i := range order {
			order[i] = i
		}
		sort.SliceStable(order, func(i, j int) bool { return bd.far[army][order[i]] > bd.far[army][order[j]] })
		bd.zone[army] = append([]int(nil), order[:4]...)
		sort.Ints(bd.zone[army])
		for _, c := range bd.zone[army] {
			bd.inZone[army][c] = true
		}
	}
}

// sharesEdgeWith reports whether the triangles with centroids x/3 and y/3
// share an edge (some cell of one has its base on a cell of the other).
func (bd *board) sharesEdgeWith(x, y point) bool {
	for _, ci := range bd.cells {
		if ci.apex3() != x {
			continue
		}
		for _, cj := range bd.cells {
			if cj.apex3() == y && sameEdge(ci.base, cj.base) {
				return true
			}
		}
	}
	return false
}

func sortedKeys(m map[int]bool) []int {
	out := make([]int, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Ints(out)
	return out
}

// drawn converts a lattice position scaled by k to drawn board space for
// the view: x to the right, y downwards, the top row of points at y = 0 and
// the leftmost point at x = 0.
func drawn(p point, k int) (x, y float64) {
	a, b := float64(p.a)/float64(k), float64(p.b)/float64(k)
	return a + b/2 - 0.5, (side - 1 - b) * math.Sqrt(3) / 2
}

// isEdge reports whether c's base lies on the board's outline: no cell
// stands across it.
func (bd *board) isEdge(c int) bool {
	for _, n := range bd.neighbours[c] {
		if sameEdge(bd.cells[n].base, bd.cells[c].base) {
			return false
		}
	}
	return true
}
