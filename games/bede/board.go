package bede

import "github.com/bermudachess/bermuda/games"

// The board is 9 files (a–i) by 11 ranks; square index = rank*9 + file.
const (
	files   = 9
	ranks   = 11
	squares = files * ranks
)

var grid = games.Grid{Files: files, Ranks: ranks}

// kind is a piece type without colour.
type kind uint8

const (
	noKind kind = iota
	pawn
	squire
	bede
	chancellor
	zebra
	queen
	king
	jester
)

// A piece on the board is its kind with blackBit set for Black; 0 is empty.
const blackBit = 0x10

func pieceOf(k kind, side int) uint8 { return uint8(k) | uint8(side)<<4 }
func kindOf(p uint8) kind            { return kind(p & 0x0f) }
func sideOf(p uint8) int             { return int(p >> 4) }

// letters maps kinds to their FEN letters (White's in upper case).
var letters = [...]byte{noKind: '-', pawn: 'p', squire: 's', bede: 'b', chancellor: 'c', zebra: 'z', queen: 'q', king: 'k', jester: 'j'}

var kindNames = [...]string{noKind: "nothing", pawn: "pawn", squire: "squire", bede: "Bede", chancellor: "chancellor", zebra: "zebra", queen: "queen", king: "king", jester: "Jester"}

var pieceKinds = [...]games.PieceKind{pawn: games.Pawn, squire: games.Squire, bede: games.Bede, chancellor: games.Chancellor, zebra: games.Zebra, queen: games.Queen, king: games.King, jester: games.Jester}

func kindOfLetter(c byte) kind {
	c |= 0x20
	for k, l := range letters {
		if k != int(noKind) && l == c {
			return kind(k)
		}
	}
	return noKind
}

func pieceLetter(p uint8) byte {
	l := letters[kindOf(p)]
	if sideOf(p) == 0 {
		l -= 'a' - 'A'
	}
	return l
}

var sideNames = [2]string{"White", "Black"}

// forward is the rank step of a side's pawns and squires.
func forward(side int) int { return 1 - 2*side }

// promotes reports whether a pawn or squire of side ending on sq promotes:
// its 10th or 11th rank.
func promotes(side int, sq int) bool {
	r := sq / files
	if side == 1 {
		r = ranks - 1 - r
	}
	return r >= ranks-2
}

// behind reports whether a move of side from → to ends on a rank behind its
// start rank (forbidden before escalation).
func behind(side, from, to int) bool {
	return (to/files-from/files)*forward(side) < 0
}

// stepMove is a multi-step pawn or squire move: it reaches to when some
// route has all its intermediate squares empty (a route with no
// intermediate squares is a single step).
type stepMove struct {
	to     int8
	routes []route
}

// route is the intermediate squares of one route of a step move, -1 where
// there are fewer than two: a fixed pair rather than a slice, so testing
// the routes reads no further memory (routeOpen, the movement of every
// pawn and squire).
type route [2]int8

// Precomputed geometry, filled by init.
var (
	knightTo, zebraTo, kingTo, jumpTo [squares][]int8
	// aligned[a][b]: b lies on one of a's eight lines.
	aligned [squares][squares]bool
	// rays[sq][d] lists the squares from sq outward; d 0–3 orthogonal, 4–7 diagonal.
	rays [squares][8][]int8
	// Per side: pawn quiet moves and capture targets, squire quiet moves
	// and captures.
	pawnQuiet, squireQuiet, squireTake [2][squares][]stepMove
	pawnTake                           [2][squares][]int8
	// Reverse tables for attack detection: from which squares (and
	// through which middles) a side's pawn or squire captures on sq.
	pawnTakenFrom   [2][squares][]int8
	squireTakenFrom [2][squares][]stepFrom
)

// stepFrom is a reverse squire capture: an attacker on from reaches the
// target when some middle (if any) is empty.
type stepFrom struct {
	from    int8
	middles []int8 // empty: direct
}

var dirs = [8][2]int{{0, 1}, {0, -1}, {1, 0}, {-1, 0}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}}

func leaps(sq int, offs [][2]int) []int8 {
	f, r := sq%files, sq/files
	var out []int8
	for _, o := range offs {
		if grid.On(f+o[0], r+o[1]) {
			out = append(out, int8(grid.Index(f+o[0], r+o[1])))
		}
	}
	return out
}

// symmetric expands (a,b) into the 8 leaps (±a,±b), (±b,±a).
func symmetric(a, b int) [][2]int {
	var out [][2]int
	seen := map[[2]int]bool{}
	for _, p := range [][2]int{{a, b}, {b, a}} {
		for _, sx := range []int{1, -1} {
			for _, sy := range []int{1, -1} {
				o := [2]int{p[0] * sx, p[1] * sy}
				if !seen[o] {
					seen[o] = true
					out = append(out, o)
				}
			}
		}
	}
	return out
}

func init() {
	var kingOffs [][2]int
	for _, d := range dirs {
		kingOffs = append(kingOffs, d)
	}
	for sq := 0; sq < squares; sq++ {
		knightTo[sq] = leaps(sq, symmetric(1, 2))
		zebraTo[sq] = leaps(sq, symmetric(2, 3))
		kingTo[sq] = leaps(sq, kingOffs)
		jumpTo[sq] = leaps(sq, [][2]int{{0, 2}, {0, -2}, {2, 0}, {-2, 0}})
		f, r := sq%files, sq/files
		for d, dv := range dirs {
			for x, y := f+dv[0], r+dv[1]; grid.On(x, y); x, y = x+dv[0], y+dv[1] {
				rays[sq][d] = append(rays[sq][d], int8(grid.Index(x, y)))
				aligned[sq][grid.Index(x, y)] = true
			}
		}
		for side := 0; side < 2; side++ {
			pawnQuiet[side][sq] = walks(sq, side, diagonalSteps(side), 2, false)
			squireQuiet[side][sq] = walks(sq, side, [][2]int{{0, forward(side)}, {1, 0}, {-1, 0}}, 3, true)
			squireTake[side][sq] = walks(sq, side, diagonalSteps(side), 2, false)
			pawnTake[side][sq] = leaps(sq, [][2]int{{0, forward(side)}, {1, 0}, {-1, 0}})
		}
	}
	for side := 0; side < 2; side++ {
		for sq := 0; sq < squares; sq++ {
			for _, t := range pawnTake[side][sq] {
				pawnTakenFrom[side][t] = append(pawnTakenFrom[side][t], int8(sq))
			}
			for _, sm := range squireTake[side][sq] {
				sf := stepFrom{from: int8(sq)}
				for _, r := range sm.routes {
					for _, mid := range r {
						if mid >= 0 {
							sf.middles = append(sf.middles, mid)
						}
					}
				}
				squireTakenFrom[side][sm.to] = append(squireTakenFrom[side][sm.to], sf)
			}
		}
	}
}

func diagonalSteps(side int) [][2]int {
	return [][2]int{{-1, forward(side)}, {1, forward(side)}}
}

// walks lists the destinations of 1..maxSteps steps from sq, each step one
// of steps, never entering a square twice (nor the start again), with the
// routes (intermediate squares) that reach each destination, shortest
// first. needForward demands at least one straight-forward step (the
// squire). Revisiting a square could only ever re-reach a destination that
// a shorter route reaches with fewer empty squares needed, so forbidding it
// changes no move.
func walks(sq, side int, steps [][2]int, maxSteps int, needForward bool) []stepMove {
	var out []stepMove
	var lists [][][]int8 // each destination's routes, as out's
	index := map[int8]int{}
	var walk func(f, r int, path []int8, forwardSeen bool)
	walk = func(f, r int, path []int8, forwardSeen bool) {
		if len(path) > 0 && (forwardSeen || !needForward) {
			to := path[len(path)-1]
			route := append([]int8(nil), path[:len(path)-1]...)
			i, ok := index[to]
			if !ok {
				i = len(out)
				index[to] = i
				out = append(out, stepMove{to: to})
				lists = append(lists, nil)
			}
			lists[i] = addRoute(lists[i], route)
		}
		if len(path) == maxSteps {
			return
		}
		for _, st := range steps {
			x, y := f+st[0], r+st[1]
			if !grid.On(x, y) {
				continue
			}
			next := int8(grid.Index(x, y))
			if int(next) == sq || containsSq(path, next) {
				continue
			}
			walk(x, y, append(path, next), forwardSeen || st[0] == 0)
		}
	}
	walk(sq%files, sq/files, nil, false)
	// Shortest routes first, so the common case is decided by one test.
	for i := range out {
		rs := lists[i]
		for a := 1; a < len(rs); a++ {
			for b := a; b > 0 && len(rs[b]) < len(rs[b-1]); b-- {
				rs[b], rs[b-1] = rs[b-1], rs[b]
			}
		}
		for _, r := range rs {
			if len(r) > len(route{}) {
				panic("bede: a route longer than a route holds")
			}
			pair := route{-1, -1}
			copy(pair[:], r)
			out[i].routes = append(out[i].routes, pair)
		}
	}
	return out
}

func addRoute(routes [][]int8, route []int8) [][]int8 {
	for _, r := range routes {
		if len(r) == len(route) && sameSquares(r, route) {
			return routes
		}
	}
	return append(routes, route)
}

func sameSquares(a, b []int8) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func containsSq(s []int8, x int8) bool {
	for _, y := range s {
		if y == x {
			return true
		}
	}
	return false
}
