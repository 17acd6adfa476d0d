package chess

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/bermudachess/bermuda/games"
)

// StartFEN is the orthodox starting position.
const StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

var grid = games.Grid{Files: 8, Ranks: 8}

const pieceLetters = "PNBRQKpnbrqk"

func pieceFromLetter(c byte) piece {
	if i := strings.IndexByte(pieceLetters, c); i >= 0 {
		return piece(i + 1)
	}
	return 0
}

func (pc piece) letter() byte { return pieceLetters[pc-1] }

// parseFEN reads a FEN. The halfmove clock and fullmove number may be left
// out (they default to 0 and 1). Positions that cannot arise are refused
// with a reason: a missing or extra king, pawns on the first or last rank,
// castling rights without king and rook at home, an impossible en passant
// square, or the side not to move standing in check.
func parseFEN(fen string) (position, error) {
	p := position{ep: -1}
	fields := strings.Fields(fen)
	if len(fields) < 4 || len(fields) > 6 {
		return p, fmt.Errorf("a FEN has 4 to 6 fields separated by spaces (board, side to move, castling, en passant, halfmove clock, move number), got %d; e.g. %q", len(fields), StartFEN)
	}
	cells, err := grid.ParseBoard(fields[0], func(c byte) bool { return pieceFromLetter(c) != 0 })
	if err != nil {
		return p, fmt.Errorf("board field: %v (pieces are PNBRQK for White, pnbrqk for Black, digits count empty squares)", err)
	}
	for sq, c := range cells {
		if c != 0 {
			p.put(sq, pieceFromLetter(c))
		}
	}
	for colour, name := range [2]string{"White", "Black"} {
		if n := popCount(p.pieces(colour, king)); n != 1 {
			return p, fmt.Errorf("%s must have exactly one king, found %d", name, n)
		}
	}
	for colour := range 2 {
		if err := p.checkMaterial(colour); err != nil {
			return p, err
		}
	}
	if p.byKind[pawn]&(rank1|rank8) != 0 {
		return p, fmt.Errorf("pawns cannot stand on the first or last rank")
	}
	switch fields[1] {
	case "w":
		p.stm = white
	case "b":
		p.stm = black
	default:
		return p, fmt.Errorf("side to move must be w or b, got %q", fields[1])
	}
	if err := p.parseCastling(fields[2]); err != nil {
		return p, err
	}
	if err := p.parseEnPassant(fields[3]); err != nil {
		return p, err
	}
	p.fullmove = 1
	if len(fields) >= 5 {
		n, err := strconv.Atoi(fields[4])
		if err != nil || n < 0 || n > 10000 {
			return p, fmt.Errorf("halfmove clock must be a whole number from 0, got %q", fields[4])
		}
		p.halfmove = n
	}
	if len(fields) == 6 {
		n, err := strconv.Atoi(fields[5])
		if err != nil || n < 1 || n > 100000 {
			return p, fmt.Errorf("move number must be a whole number from 1, got %q", fields[5])
		}
		p.fullmove = n
	}
	them := p.stm ^ 1
	if p.attacked(p.kingSquare(them), p.stm, p.occupied()) {
		return p, fmt.Errorf("%s is not to move but is in check: that cannot happen", colourName(them))
	}
	return p, nil
}

// checkMaterial refuses armies that no game can produce: more than 16
// pieces, more than 8 pawns, or more promoted pieces than missing pawns.
func (p *position) checkMaterial(colour int) error {
	name := colourName(colour)
	if n := popCount(p.byColour[colour]); n > 16 {
		return fmt.Errorf("%s has %d pieces; at most 16 are possible", name, n)
	}
	pawns := popCount(p.pieces(colour, pawn))
	if pawns > 8 {
		return fmt.Errorf("%s has %d pawns; at most 8 are possible", name, pawns)
	}
	extra := 0
	for kind, start := range [5]int{knight: 2, bishop: 2, rook: 2, queen: 1} {
		if kind != pawn {
			extra += max(0, popCount(p.pieces(colour, kind))-start)
		}
	}
	if extra > 8-pawns {
		return fmt.Errorf("%s has %d pieces beyond the starting set but only %d missing pawns to have promoted", name, extra, 8-pawns)
	}
	return nil
}

func (p *position) parseCastling(field string) error {
	if field == "-" {
		return nil
	}
	for i := 0; i < len(field); i++ {
		var right uint8
		var kingSq, rookSq int
		var kingPc, rookPc piece
		switch field[i] {
		case 'K':
			right, kingSq, rookSq, kingPc, rookPc = castleWK, sqE1, sqH1, makePiece(white, king), makePiece(white, rook)
		case 'Q':
			right, kingSq, rookSq, kingPc, rookPc = castleWQ, sqE1, sqA1, makePiece(white, king), makePiece(white, rook)
		case 'k':
			right, kingSq, rookSq, kingPc, rookPc = castleBK, sqE8, sqH8, makePiece(black, king), makePiece(black, rook)
		case 'q':
			right, kingSq, rookSq, kingPc, rookPc = castleBQ, sqE8, sqA8, makePiece(black, king), makePiece(black, rook)
		default:
			return fmt.Errorf("castling field must be - or some of KQkq, got %q", field)
		}
		if p.castle&right != 0 {
			return fmt.Errorf("castling field %q repeats %c", field, field[i])
		}
		if p.board[kingSq] != kingPc || p.board[rookSq] != rookPc {
			return fmt.Errorf("castling right %c needs the king on %s and a rook on %s", field[i], grid.Name(kingSq), grid.Name(rookSq))
		}
		p.castle |= right
	}
	return nil
}

func (p *position) parseEnPassant(field string) error {
	if field == "-" {
		return nil
	}
	sq, ok := grid.Parse(field)
	wantRank := 5 // rank 6, after a black double step
	if p.stm == black {
		wantRank = 2
	}
	if !ok || field != strings.ToLower(field) || sq/8 != wantRank {
		return fmt.Errorf("en passant field must be - or a square on rank %d (the square a pawn just skipped), got %q", wantRank+1, field)
	}
	mover := p.stm ^ 1
	pawnSq, startSq := sq-8, sq+8
	if mover == white {
		pawnSq, startSq = sq+8, sq-8
	}
	if p.board[pawnSq] != makePiece(mover, pawn) || p.board[sq] != 0 || p.board[startSq] != 0 {
		return fmt.Errorf("en passant square %s needs a %s pawn on %s that just came from %s (both of those squares empty)", field, strings.ToLower(colourName(mover)), grid.Name(pawnSq), grid.Name(startSq))
	}
	p.ep = int8(sq)
	return nil
}

// boardField is the FEN board field.
func (p *position) boardField() string {
	cells := make([]byte, 64)
	for sq, pc := range p.board {
		if pc != 0 {
			cells[sq] = pc.letter()
		}
	}
	return grid.FormatBoard(cells)
}

func (p *position) castleField() string {
	var b strings.Builder
	for i, c := range "KQkq" {
		if p.castle&(1<<uint(i)) != 0 {
			b.WriteRune(c)
		}
	}
	if b.Len() == 0 {
		return "-"
	}
	return b.String()
}

// fen writes the full FEN, with the en passant square whenever the last
// move was a double step (as most tools do).
func (p *position) fen() string {
	ep := "-"
	if p.ep >= 0 {
		ep = grid.Name(int(p.ep))
	}
	return fmt.Sprintf("%s %s %s %s %d %d", p.boardField(), "wb"[p.stm:p.stm+1], p.castleField(), ep, p.halfmove, p.fullmove)
}

// key identifies the position for repetition (FIDE 9.2): board, side to
// move, castling rights, and the en passant square only when an en passant
// capture is actually legal.
func (p *position) key() string {
	ep := "-"
	if p.ep >= 0 {
		var l moveList
		p.generate(&l)
		for _, m := range l.moves[:l.n] {
			if m.kind() == moveEnPassant {
				ep = grid.Name(int(p.ep))
				break
			}
		}
	}
	// One buffer instead of FormatBoard's and the concatenation's: the key
	// is made after every ply, replays included.
	var buf [100]byte
	k := p.appendBoardField(buf[:0])
	k = append(k, ' ', "wb"[p.stm], ' ')
	k = append(k, p.castleField()...)
	k = append(k, ' ')
	k = append(k, ep...)
	return string(k)
}

func colourName(c int) string {
	if c == white {
		return "White"
	}
	return "Black"
}
