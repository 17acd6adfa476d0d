package angle

// The board is a 12×14 mailbox: the 10×10 playing area sits inside one
// sentinel column on each side and two sentinel rows above and below, so a
// knight's jump or a Ship's two-step off any edge lands on a sentinel and
// the generators never need bounds checks.
const (
	mailWidth  = 12
	mailHeight = 14
	mailSize   = mailWidth * mailHeight

	files = 10
	ranks = 10
)

// Piece codes: the kind in the low three bits, bit 3 for Black, and a
// separate code for the sentinel squares.
const (
	empty  uint8 = 0
	pawn   uint8 = 1
	knight uint8 = 2
	bishop uint8 = 3
	rook   uint8 = 4
	queen  uint8 = 5
	king   uint8 = 6
	ship   uint8 = 7

	blackBit uint8 = 8
	kindMask uint8 = 7
	offBoard uint8 = 16
)

// Mailbox steps.
const (
	north = mailWidth
	south = -mailWidth
	east  = 1
	west  = -1
)

var (
	rookDirs   = [4]int{north, south, east, west}
	bishopDirs = [4]int{north + east, north + west, south + east, south + west}
	allDirs    = [8]int{north, south, east, west, north + east, north + west, south + east, south + west}
	knightJump = [8]int{2*north + east, 2*north + west, north + 2*east, north + 2*west,
		south + 2*east, south + 2*west, 2*south + east, 2*south + west}
)

// Castling-right bits, as in FEN: K and Q for White, k and q for Black.
const (
	whiteKingside  uint8 = 1
	whiteQueenside uint8 = 2
	blackKingside  uint8 = 4
	blackQueenside uint8 = 8
)

// mail returns the mailbox index of (file, rank), both 0-based.
func mail(file, rank int) int { return (rank+2)*mailWidth + file + 1 }

// fileOf and rankOf invert mail for squares on the board.
func fileOf(sq int) int { return sq%mailWidth - 1 }
func rankOf(sq int) int { return sq/mailWidth - 2 }

// gridIndex converts a mailbox index to games.Grid's index (rank*10+file).
func gridIndex(sq int) int { return rankOf(sq)*files + fileOf(sq) }

// fromGrid converts games.Grid's index to a mailbox index.
func fromGrid(i int) int { return mail(i%files, i/files) }

// squareName names a mailbox square, e.g. "e4" or "j10".
func squareName(sq int) string {
	return string(rune('a'+fileOf(sq))) + itoa(rankOf(sq)+1)
}

func itoa(n int) string {
	if n >= 10 {
		return string(rune('0'+n/10)) + string(rune('0'+n%10))
	}
	return string(rune('0' + n))
}

// inAngle reports whether a board square lies in the Angle, c3–h8.
func inAngle(sq int) bool {
	f, r := fileOf(sq), rankOf(sq)
	return f >= 2 && f <= 7 && r >= 2 && r <= 7
}

// playable lists the 100 board squares in a1, b1, …, j10 order: the order
// in which moves are generated, so LegalMoves is stable.
var playable [files * ranks]int

// castleKeep[sq] is the mask of castling rights that survive a move from or
// to sq (a king or rook leaving home, or a rook captured at home).
var castleKeep [mailSize]uint8

// emptyBoard has sentinels everywhere except on the 100 board squares.
var emptyBoard [mailSize]uint8

func init() {
	for i := range emptyBoard {
		emptyBoard[i] = offBoard
		castleKeep[i] = 0xF
	}
	for r := 0; r < ranks; r++ {
		for f := 0; f < files; f++ {
			playable[r*files+f] = mail(f, r)
			emptyBoard[mail(f, r)] = empty
		}
	}
	castleKeep[mail(5, 0)] &^= whiteKingside | whiteQueenside
	castleKeep[mail(9, 0)] &^= whiteKingside
	castleKeep[mail(0, 0)] &^= whiteQueenside
	castleKeep[mail(5, 9)] &^= blackKingside | blackQueenside
	castleKeep[mail(9, 9)] &^= blackKingside
	castleKeep[mail(0, 9)] &^= blackQueenside
}

// Castling geometry for each side: king f→i with rook j→h, king f→b with
// rook a→c; the squares between king and rook must be empty.
type castling struct {
	right              uint8
	kingFrom, kingTo   int
	rookFrom, rookTo   int
	between            []int
	kingPath, rookPath []int
}

var castlings [2][2]castling // [side][0 kingside, 1 queenside]

func init() {
	for side, r := range [2]int{0, 9} {
		rights := [2]uint8{whiteKingside, whiteQueenside}
		if side == 1 {
			rights = [2]uint8{blackKingside, blackQueenside}
		}
		castlings[side][0] = castling{
			right: rights[0], kingFrom: mail(5, r), kingTo: mail(8, r), rookFrom: mail(9, r), rookTo: mail(7, r),
			between:  []int{mail(6, r), mail(7, r), mail(8, r)},
			kingPath: []int{mail(5, r), mail(6, r), mail(7, r), mail(8, r)},
			rookPath: []int{mail(9, r), mail(8, r), mail(7, r)},
		}
		castlings[side][1] = castling{
			right: rights[1], kingFrom: mail(5, r), kingTo: mail(1, r), rookFrom: mail(0, r), rookTo: mail(2, r),
			between:  []int{mail(1, r), mail(2, r), mail(3, r), mail(4, r)},
			kingPath: []int{mail(5, r), mail(4, r), mail(3, r), mail(2, r), mail(1, r)},
			rookPath: []int{mail(0, r), mail(1, r), mail(2, r)},
		}
	}
}

// position is the fast state: board, side to move, castling rights, the en
// passant square (0 if none), and the FEN counters.
type position struct {
	board    [mailSize]uint8
	side     uint8 // 0 White, 1 Black
	castle   uint8
	ep       int
	halfmove int
	fullmove int
}

func colorOf(p uint8) uint8 { return (p >> 3) & 1 }

// pieceLetters maps kinds to FEN letters (White upper case).
const pieceLetters = " PNBRQKS"

func letterOf(p uint8) byte {
	c := pieceLetters[p&kindMask]
	if p&blackBit != 0 {
		c += 'a' - 'A'
	}
	return c
}

func pieceOfLetter(c byte) (uint8, bool) {
	for k := 1; k < len(pieceLetters); k++ {
		if pieceLetters[k] == c {
			return uint8(k), true
		}
		if pieceLetters[k]+('a'-'A') == c {
			return uint8(k) | blackBit, true
		}
	}
	return 0, false
}

var kindNames = [8]string{"", "Pawn", "Knight", "Bishop", "Rook", "Queen", "King", "Ship"}

func kindName(p uint8) string { return kindNames[p&kindMask] }

var sideNames = [2]string{"White", "Black"}
