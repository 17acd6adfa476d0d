package angle

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/bermudachess/bermuda/games"
)

var grid = games.Grid{Files: files, Ranks: ranks}

const fenHelp = "a position is a FEN with 10 ranks of 10 squares, e.g. " + StartSetup

// parseFEN reads a position string. It accepts positions without a king
// (a finished game's position is still a position); the game's outcome
// then says who lost.
func parseFEN(s string) (position, error) {
	var p position
	fields := strings.Fields(s)
	if len(fields) != 6 {
		return p, fmt.Errorf("want 6 fields (board, side, castling, en passant, halfmove clock, move number), got %d; %s", len(fields), fenHelp)
	}
	squares, err := grid.ParseBoard(fields[0], func(c byte) bool { _, ok := pieceOfLetter(c); return ok })
	if err != nil {
		return p, fmt.Errorf("board: %v (pieces are KQRBNSP for White, kqrbnsp for Black, S = Ship)", err)
	}
	p.board = emptyBoard
	kings := [2]int{}
	for i, c := range squares {
		if c == 0 {
			continue
		}
		pc, _ := pieceOfLetter(c)
		sq := fromGrid(i)
		if pc&kindMask == pawn && (rankOf(sq) == 0 || rankOf(sq) == ranks-1) {
			return p, fmt.Errorf("board: a pawn stands on %s; pawns cannot stand on rank 1 or 10", squareName(sq))
		}
		if pc&kindMask == king {
			kings[colorOf(pc)]++
		}
		p.board[sq] = pc
	}
	for side, n := range kings {
		if n > 1 {
			return p, fmt.Errorf("board: %s has %d kings; at most one is allowed", sideNames[side], n)
		}
	}
	switch fields[1] {
	case "w":
		p.side = 0
	case "b":
		p.side = 1
	default:
		return p, fmt.Errorf("side to move must be w or b, got %q", fields[1])
	}
	if p.castle, err = parseCastling(fields[2], &p.board); err != nil {
		return p, err
	}
	if p.ep, err = parseEnPassant(fields[3], &p); err != nil {
		return p, err
	}
	if p.halfmove, err = strconv.Atoi(fields[4]); err != nil || p.halfmove < 0 {
		return p, fmt.Errorf("halfmove clock must be a number ≥ 0, got %q", fields[4])
	}
	if p.fullmove, err = strconv.Atoi(fields[5]); err != nil || p.fullmove < 1 || p.fullmove > 1_000_000 {
		return p, fmt.Errorf("move number must be a number from 1, got %q", fields[5])
	}
	return p, nil
}

func parseCastling(field string, b *[mailSize]uint8) (uint8, error) {
	if field == "-" {
		return 0, nil
	}
	var rights uint8
	for i := 0; i < len(field); i++ {
		var side, which int
		switch field[i] {
		case 'K':
			side, which = 0, 0
		case 'Q':
			side, which = 0, 1
		case 'k':
			side, which = 1, 0
		case 'q':
			side, which = 1, 1
		default:
			return 0, fmt.Errorf("castling rights must be '-' or letters from KQkq, got %q", field)
		}
		c := castlings[side][which]
		if rights&c.right != 0 {
			return 0, fmt.Errorf("castling right %q is listed twice", string(field[i]))
		}
		own := uint8(side) << 3
		if b[c.kingFrom] != king|own || b[c.rookFrom] != rook|own {
			return 0, fmt.Errorf("castling right %q needs %s's king on %s and rook on %s",
				string(field[i]), sideNames[side], squareName(c.kingFrom), squareName(c.rookFrom))
		}
		rights |= c.right
	}
	return rights, nil
}

// parseEnPassant accepts '-' or the square a pawn just passed over with its
// double step, which must still stand in front of it.
func parseEnPassant(field string, p *position) (int, error) {
	if field == "-" {
		return 0, nil
	}
	g, ok := grid.Parse(field)
	if !ok {
		return 0, fmt.Errorf("en passant square must be '-' or a square such as e3, got %q", field)
	}
	sq := fromGrid(g)
	mover := p.side ^ 1 // the side that just double-stepped
	wantRank, ahead := 2, north
	if mover == 1 {
		wantRank, ahead = 7, south
	}
	if rankOf(sq) != wantRank || p.board[sq] != empty || p.board[sq+ahead] != pawn|mover<<3 || p.board[sq-ahead] != empty {
		return 0, fmt.Errorf("en passant square %s does not follow a double step by %s (want an empty square on rank %d with that pawn in front of it)",
			field, sideNames[mover], wantRank+1)
	}
	return sq, nil
}

// boardBytes returns the board as FEN letters by grid index (0 = empty).
func (p *position) boardBytes() []byte {
	out := make([]byte, files*ranks)
	for i, sq := range playable {
		if pc := p.board[sq]; pc != empty {
			out[i] = letterOf(pc)
		}
	}
	return out
}

func (p *position) castlingField() string {
	var b strings.Builder
	for i, c := range "KQkq" {
		if p.castle&(1<<i) != 0 {
			b.WriteRune(c)
		}
	}
	if b.Len() == 0 {
		return "-"
	}
	return b.String()
}

func (p *position) fen() string {
	ep := "-"
	if p.ep != 0 {
		ep = squareName(p.ep)
	}
	return fmt.Sprintf("%s %s %s %s %d %d", grid.FormatBoard(p.boardBytes()), "wb"[p.side:p.side+1],
		p.castlingField(), ep, p.halfmove, p.fullmove)
}

// key identifies the position for repetition: board, side to move, castling
// rights, and the en passant square only when a capture there is possible.
func (p *position) key() string {
	ep := "-"
	if p.ep != 0 {
		for _, m := range p.generate(nil) {
			if m.flag == flagEnPassant {
				ep = squareName(p.ep)
				break
			}
		}
	}
	// One buffer instead of FormatBoard's and the concatenation's: the key
	// is made after every ply, replays included.
	var buf [160]byte
	k := p.appendBoardField(buf[:0])
	k = append(k, ' ', "wb"[p.side], ' ')
	k = append(k, p.castlingField()...)
	k = append(k, ' ')
	k = append(k, ep...)
	return string(k)
}
