package bermuda

// Squares are numbered 0–127: 0–63 the lower board, 64–127 the upper board.
// Within a board, index = rank*8 + file (0-based) in that board's own frame,
// so every FIDE rule can be written once and used on either board.
const (
	lower = 0
	upper = 1

	numSquares = 128
)

func boardOf(sq int) int       { return sq >> 6 }
func fileOf(sq int) int        { return sq & 7 }
func rankOf(sq int) int        { return (sq >> 3) & 7 }
func square(b, f, r int) int   { return b<<6 | r<<3 | f }
func boardName(b int) string   { return [2]string{"lower", "upper"}[b] }
func onBoard(f, r int) bool    { return f >= 0 && f < 8 && r >= 0 && r < 8 }
func baseOf(b int) int         { return b << 6 }
func localIndex(sq int) int    { return sq & 63 }
func globalIndex(b, l int) int { return b<<6 | l }

// beneath is the quarter turn of RULES.md §2 — the ONLY place the two boards'
// geometry is written down: the upper square (file f, rank r) lies above the
// lower square (file r, rank 9−f), 1-based; with 0-based coordinates that is
// (f, r) → (r, 7−f). Upper A1 is over a8, H1 over a1, A8 over h8, H8 over h1.
func beneath(upperFile, upperRank int) (lowerFile, lowerRank int) {
	return upperRank, 7 - upperFile
}

// complement maps every square to the one directly above or below it,
// built from beneath in both directions.
var complement [numSquares]uint8

func init() {
	for f := 0; f < 8; f++ {
		for r := 0; r < 8; r++ {
			lf, lr := beneath(f, r)
			up, down := square(upper, f, r), square(lower, lf, lr)
			complement[up] = uint8(down)
			complement[down] = uint8(up)
		}
	}
}

// squareName names lower squares a1–h8 and upper squares A1–H8, each in its
// own board's frame (as labelled on the picture).
func squareName(sq int) string { return squareNames[sq] }

// squareNames is built once: labels and notations name squares for every
// legal move, so naming must not allocate.
var squareNames = func() (names [numSquares]string) {
	for sq := range names {
		letter := byte('a')
		if boardOf(sq) == upper {
			letter = 'A'
		}
		names[sq] = string([]byte{letter + byte(fileOf(sq)), '1' + byte(rankOf(sq))})
	}
	return names
}()

// parseSquare reads "e4" (lower) or "E4" (upper).
func parseSquare(s string) (int, bool) {
	if len(s) != 2 || s[1] < '1' || s[1] > '8' {
		return 0, false
	}
	r := int(s[1] - '1')
	switch c := s[0]; {
	case c >= 'a' && c <= 'h':
		return square(lower, int(c-'a'), r), true
	case c >= 'A' && c <= 'H':
		return square(upper, int(c-'A'), r), true
	}
	return 0, false
}

// Local move tables, shared by both boards (each in its own frame).
var (
	knightTargets [64][]uint8
	kingTargets   [64][]uint8
	// rays[l][d] lists the squares from l outward in direction d; directions
	// 0–3 are orthogonal (rook), 4–7 diagonal (bishop).
	rays [64][8][]uint8
)

var directions = [8][2]int{{0, 1}, {0, -1}, {1, 0}, {-1, 0}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}}

func init() {
	jumps := [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}
	for l := 0; l < 64; l++ {
		f, r := l&7, l>>3
		for _, j := range jumps {
			if onBoard(f+j[0], r+j[1]) {
				knightTargets[l] = append(knightTargets[l], uint8((r+j[1])*8+f+j[0]))
			}
		}
		for d, dir := range directions {
			if onBoard(f+dir[0], r+dir[1]) {
				kingTargets[l] = append(kingTargets[l], uint8((r+dir[1])*8+f+dir[0]))
			}
			for k := 1; onBoard(f+k*dir[0], r+k*dir[1]); k++ {
				rays[l][d] = append(rays[l][d], uint8((r+k*dir[1])*8+f+k*dir[0]))
			}
		}
	}
}
