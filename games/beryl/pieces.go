package beryl

import "github.com/bermudachess/bermuda/games"

// kind is what a piece is. undecided is one half of a Schrödinger King:
// a piece that is the army's king or its bishop, not yet known which.
type kind uint8

const (
	noKind kind = iota
	pawn
	knight
	bishop
	rook
	king
	undecided
)

// letter is the kind's letter in position strings and notation.
func (k kind) letter() byte { return " PNBRKS"[k] }

func (k kind) String() string {
	return [...]string{"nothing", "pawn", "knight", "bishop", "rook", "king", "undecided piece"}[k]
}

func (k kind) viewKind() games.PieceKind {
	return [...]games.PieceKind{"", games.Pawn, games.Knight, games.Bishop, games.Rook, games.King, games.Schrodinger}[k]
}

// kindOf reads a piece letter (upper case).
func kindOf(c byte) kind {
	switch c {
	case 'P':
		return pawn
	case 'N':
		return knight
	case 'B':
		return bishop
	case 'R':
		return rook
	case 'K':
		return king
	case 'S':
		return undecided
	}
	return noKind
}

// The armies, in the core's Side order.
const (
	white = int(games.White)
	black = int(games.Black)
	red   = int(games.Red)
)

// armyLetter is the army's letter in position strings: W, B, R.
var armyLetter = [3]byte{'W', 'B', 'R'}

// clockwise is the army directly clockwise as drawn (top corner up):
// White → Red → Black → White.
var clockwise = [3]int{white: red, red: black, black: white}

// counterClockwise is the inverse of clockwise.
var counterClockwise = [3]int{white: black, black: red, red: white}

// piece is one piece on a cell: army in the high bits, kind in the low
// three; 0 is an empty cell (kind noKind).
type piece uint8

func mkPiece(army int, k kind) piece { return piece(army<<3) | piece(k) }

func (p piece) kind() kind { return kind(p & 7) }
func (p piece) army() int  { return int(p >> 3) }
func (p piece) empty() bool {
	return p.kind() == noKind
}

// name is e.g. "White's knight".
func (p piece) name() string { return games.Side(p.army()).Possessive() + " " + p.kind().String() }

// code is the two-letter form used in diagrams: army in lower case, kind in
// upper case ("wK", "rS").
func (p piece) code() string {
	if p.empty() {
		return " ."
	}
	return string([]byte{armyLetter[p.army()] | 0x20, p.kind().letter()})
}
