package bermuda

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/bermudachess/bermuda/games"
)

// piece: kind in the low 3 bits, blackBit for Black, 0 = empty.
type piece uint8

const (
	empty piece = iota
	pawn
	knight
	bishop
	rook
	queen
	king

	blackBit piece = 8
)

const (
	white = 0
	black = 1
)

func (p piece) kind() piece { return p & 7 }
func (p piece) color() int  { return int(p >> 3) }
func colored(kind piece, c int) piece {
	if c == black {
		return kind | blackBit
	}
	return kind
}

var kindNames = [7]string{"", "pawn", "knight", "bishop", "rook", "queen", "king"}

func (p piece) name() string { return kindNames[p.kind()] }

// letter is the FEN letter: upper case White, lower case Black.
func (p piece) letter() byte {
	c := " PNBRQK"[p.kind()]
	if p.color() == black {
		c += 'a' - 'A'
	}
	return c
}

func pieceFromLetter(c byte) piece {
	i := strings.IndexByte("PNBRQKpnbrqk", c)
	if i < 0 {
		return empty
	}
	return colored(piece(i%6+1), i/6)
}

// lastRank is the rank (0-based, in a board's own frame) where c's pawns
// promote; every board has the same frame rule: White toward rank 8.
func lastRank(c int) int { return 7 * (1 - c) }

// Castling rights: one bit per board, colour and wing.
const (
	kingSide  = 0
	queenSide = 1
)

func rightBit(b, c, wing int) uint8 { return 1 << (b*4 + c*2 + wing) }

// rightsKeep[sq] is the mask of rights that survive any piece leaving,
// arriving on or being removed from sq: touching a king's or rook's home
// square ends the rights that depend on it.
var rightsKeep [numSquares]uint8

func init() {
	for sq := range rightsKeep {
		rightsKeep[sq] = 0xff
	}
	for b := 0; b < 2; b++ {
		for c := 0; c < 2; c++ {
			r := 7 * c
			rightsKeep[square(b, 4, r)] &^= rightBit(b, c, kingSide) | rightBit(b, c, queenSide)
			rightsKeep[square(b, 7, r)] &^= rightBit(b, c, kingSide)
			rightsKeep[square(b, 0, r)] &^= rightBit(b, c, queenSide)
		}
	}
}

// position is the whole state the rules need. It is a value: copying it is
// how the perft and the game make and take back moves.
type position struct {
	sq       [numSquares]piece
	toMove   int
	castle   uint8
	ep       int // en-passant target square, -1 if none
	halfmove int
	fullmove int
	kings    [2][2]int8 // [board][colour]: how many kings stand there
}

// set puts p on sq (empty clears it), keeping the king counts right.
func (pos *position) set(sq int, p piece) {
	if old := pos.sq[sq]; old.kind() == king {
		pos.kings[boardOf(sq)][old.color()]--
	}
	if p.kind() == king {
		pos.kings[boardOf(sq)][p.color()]++
	}
	pos.sq[sq] = p
}

func (pos *position) kingsOf(c int) int { return int(pos.kings[lower][c] + pos.kings[upper][c]) }

var grid = games.Grid{Files: 8, Ranks: 8}

// The position string names both boards, then the usual FEN fields:
//
//	<lower board>|<upper board> <w|b> <lower rights>|<upper rights> <en passant> <halfmove> <fullmove>
//
// Each board is a FEN board field in that board's own frame (its rank 8
// first, files a–h / A–H left to right). Rights are FEN "KQkq" letters per
// board or "-". The en-passant square is a lower (e3) or upper (E3) name.
const startSetup = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq|KQkq - 0 1"

const positionFormat = "<lower board>|<upper board> <w|b> <lower castling>|<upper castling> <en passant> <halfmove> <fullmove>, e.g. " + startSetup

func parsePosition(s string) (position, error) {
	var pos position
	fields := strings.Fields(s)
	if len(fields) != 6 && len(fields) != 4 {
		return pos, fmt.Errorf("a position has 6 fields (4 without the clocks), got %d; the format is %s", len(fields), positionFormat)
	}
	boards := strings.Split(fields[0], "|")
	if len(boards) != 2 {
		return pos, fmt.Errorf("the board field must name both boards as <lower>|<upper>, got %q", fields[0])
	}
	for b, field := range boards {
		cells, err := grid.ParseBoard(field, func(c byte) bool { return pieceFromLetter(c) != empty })
		if err != nil {
			return pos, fmt.Errorf("%s board: %v", boardName(b), err)
		}
		for l, c := range cells {
			if c != 0 {
				pos.set(globalIndex(b, l), pieceFromLetter(c))
			}
		}
	}
	switch fields[1] {
	case "w":
		pos.toMove = white
	case "b":
		pos.toMove = black
	default:
		return pos, fmt.Errorf("side to move must be w or b, got %q", fields[1])
	}
	if err := pos.parseCastling(fields[2]); err != nil {
		return pos, err
	}
	if err := pos.parseEnPassant(fields[3]); err != nil {
		return pos, err
	}
	pos.fullmove = 1
	if len(fields) == 6 {
		h, err := strconv.Atoi(fields[4])
		if err != nil || h < 0 {
			return pos, fmt.Errorf("halfmove clock must be a whole number ≥ 0, got %q", fields[4])
		}
		n, err := strconv.Atoi(fields[5])
		if err != nil || n < 1 {
			return pos, fmt.Errorf("fullmove number must be a whole number ≥ 1, got %q", fields[5])
		}
		pos.halfmove, pos.fullmove = h, n
	}
	return pos, pos.validate()
}

func (pos *position) parseCastling(field string) error {
	pos.castle = 0
	if field == "-" {
		return nil
	}
	parts := strings.Split(field, "|")
	if len(parts) != 2 {
		return fmt.Errorf("castling rights must be given per board as <lower>|<upper> (e.g. KQkq|Kq, -|- or -), got %q", field)
	}
	for b, part := range parts {
		if part == "-" {
			continue
		}
		for i := 0; i < len(part); i++ {
			c, wing := white, kingSide
			switch part[i] {
			case 'K':
			case 'Q':
				wing = queenSide
			case 'k':
				c = black
			case 'q':
				c, wing = black, queenSide
			default:
				return fmt.Errorf("%s castling rights: %q is not one of K, Q, k, q", boardName(b), string(part[i]))
			}
			bit := rightBit(b, c, wing)
			if pos.castle&bit != 0 {
				return fmt.Errorf("%s castling rights: %q is given twice", boardName(b), string(part[i]))
			}
			kingSq, rookSq := castlingSquares(b, c, wing)
			if pos.sq[kingSq] != colored(king, c) || pos.sq[rookSq] != colored(rook, c) {
				return fmt.Errorf("%s castling right %q needs the %s king on %s and a rook on %s",
					boardName(b), string(part[i]), colorName(c), squareName(kingSq), squareName(rookSq))
			}
			pos.castle |= bit
		}
	}
	return nil
}

func (pos *position) parseEnPassant(field string) error {
	pos.ep = -1
	if field == "-" {
		return nil
	}
	sq, ok := parseSquare(field)
	if !ok {
		return fmt.Errorf("en-passant square must be - or a square such as e3 (lower) or E3 (upper), got %q", field)
	}
	// The side that just moved is the other one; its pawn stands one step
	// beyond the target and came from one step behind it.
	mover := 1 - pos.toMove
	wantRank := 2 + 3*mover // rank 3 after a white double step, rank 6 after a black one
	step := pawnStep(mover)
	if rankOf(sq) != wantRank || pos.sq[sq] != empty || pos.sq[sq+step] != colored(pawn, mover) || pos.sq[sq-step] != empty {
		return fmt.Errorf("en-passant square %s does not follow a %s double step (it must be empty on rank %d with a %s pawn just beyond it)",
			field, colorName(mover), wantRank+1, colorName(mover))
	}
	pos.ep = sq
	return nil
}

// validate refuses what no game can reach. A side without kings is a
// finished game (it has lost) and loads as one; both sides without kings
// cannot happen, as the game ends when the first side loses its last.
func (pos *position) validate() error {
	if pos.kingsOf(white) == 0 && pos.kingsOf(black) == 0 {
		return fmt.Errorf("neither side has a king on either board: a game ends when the first side loses its last king")
	}
	for sq, p := range pos.sq {
		if p.kind() == pawn && rankOf(sq) == lastRank(p.color()) {
			return fmt.Errorf("a %s pawn stands on %s, its last rank; it should have promoted", colorName(p.color()), squareName(sq))
		}
	}
	return nil
}

func (pos *position) String() string {
	var b strings.Builder
	for bd := 0; bd < 2; bd++ {
		cells := make([]byte, 64)
		for l := range cells {
			if p := pos.sq[globalIndex(bd, l)]; p != empty {
				cells[l] = p.letter()
			}
		}
		if bd == upper {
			b.WriteByte('|')
		}
		b.WriteString(grid.FormatBoard(cells))
	}
	b.WriteString([2]string{" w ", " b "}[pos.toMove])
	b.WriteString(pos.castlingField())
	b.WriteByte(' ')
	if pos.ep < 0 {
		b.WriteByte('-')
	} else {
		b.WriteString(squareName(pos.ep))
	}
	fmt.Fprintf(&b, " %d %d", pos.halfmove, pos.fullmove)
	return b.String()
}

func (pos *position) castlingField() string { return string(pos.appendCastling(nil)) }

// appendCastling appends the rights per board, "KQkq|Kq" or "-|-".
func (pos *position) appendCastling(b []byte) []byte {
	for bd := 0; bd < 2; bd++ {
		if bd == upper {
			b = append(b, '|')
		}
		n := len(b)
		for i := 0; i < 4; i++ {
			if pos.castle&rightBit(bd, i/2, i%2) != 0 {
				b = append(b, "KQkq"[i])
			}
		}
		if len(b) == n {
			b = append(b, '-')
		}
	}
	return b
}

// key identifies the position for repetition: both boards, the side to
// move, the castling rights, and the en-passant square only while a pawn
// can take there (FIDE 9.2). The clocks are left out. It is String
// without the clocks, built in one buffer: Play makes a key every ply,
// replays included.
func (pos *position) key() string {
	var buf [160]byte
	k := pos.appendBoard(buf[:0], lower)
	k = append(k, '|')
	k = pos.appendBoard(k, upper)
	k = append(k, ' ', "wb"[pos.toMove], ' ')
	k = pos.appendCastling(k)
	k = append(k, ' ')
	if pos.ep >= 0 && pos.canTakeEnPassant() {
		k = append(k, squareName(pos.ep)...)
	} else {
		k = append(k, '-')
	}
	return string(k)
}

// appendBoard appends board bd's FEN board field, as String writes it.
func (pos *position) appendBoard(b []byte, bd int) []byte {
	for r := 7; r >= 0; r-- {
		run := byte(0)
		for f := 0; f < 8; f++ {
			p := pos.sq[globalIndex(bd, r*8+f)]
			if p == empty {
				run++
				continue
			}
			if run > 0 {
				b = append(b, '0'+run)
				run = 0
			}
			b = append(b, p.letter())
		}
		if run > 0 {
			b = append(b, '0'+run)
		}
		if r > 0 {
			b = append(b, '/')
		}
	}
	return b
}

// canTakeEnPassant reports whether the side to move has an en-passant
// capture.
func (pos *position) canTakeEnPassant() bool {
	var buf [256]move
	for _, m := range pos.generate(buf[:0]) {
		if m.kind == enPassant {
			return true
		}
	}
	return false
}

func colorName(c int) string { return [2]string{"White", "Black"}[c] }

func pawnStep(c int) int { return 8 - 16*c }

// castlingSquares are the home squares of the king and the rook of a wing,
// in board b's own frame.
func castlingSquares(b, c, wing int) (kingSq, rookSq int) {
	r := 7 * c
	return square(b, 4, r), square(b, 7*(1-wing), r)
}
