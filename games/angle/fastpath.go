package angle

import (
	"strconv"

	"github.com/bermudachess/bermuda/games"
)

var _ games.NotationLookup = (*Game)(nil)

// byNotation finds the generated move whose notation is exactly text.
// Only the piece on the origin square read from text is generated; the
// final comparison is with the notation itself, so nothing but the
// canonical spelling matches, and only one notation is formatted.
func (p *position) byNotation(text string) (move, bool) {
	from, n1, ok1 := leadingSquare(text)
	if !ok1 {
		return move{}, false
	}
	to, n2, ok2 := leadingSquare(text[n1:])
	if !ok2 {
		return move{}, false
	}
	rest := text[n1+n2:]
	var buf [64]move // more than one piece's moves, so no allocation
	for _, m := range p.pieceMoves(buf[:0], from) {
		if int(m.to) != to {
			continue
		}
		if (m.promo == 0) != (rest == "") {
			continue
		}
		if m.promo != 0 && rest[0] != pieceLetters[m.promo]|0x20 {
			continue
		}
		return m, notation(m) == text
	}
	return move{}, false
}

// leadingSquare reads the square name text starts with: a file letter and
// up to two rank digits ("e10" of "e10e9"). It returns a mailbox square and
// the length read.
func leadingSquare(text string) (sq, n int, ok bool) {
	if len(text) < 2 || text[0] < 'a' || text[0] >= 'a'+files {
		return 0, 0, false
	}
	rank, i := 0, 1
	for ; i < len(text) && i < 3 && text[i] >= '0' && text[i] <= '9'; i++ {
		rank = rank*10 + int(text[i]-'0')
	}
	if i == 1 || rank < 1 || rank > ranks {
		return 0, 0, false
	}
	return mail(int(text[0]-'a'), rank-1), i, true
}

// MoveByNotation returns the legal move whose notation is exactly
// notation, as LegalMoves lists it but without label or aliases; nothing
// once the game is over.
func (g *Game) MoveByNotation(notation string) (games.Move, bool) {
	if g.outcome.Over {
		return games.Move{}, false
	}
	m, ok := g.pos.byNotation(notation)
	if !ok {
		return games.Move{}, false
	}
	return games.Move{
		Notation: notation,
		Side:     games.Side(g.pos.side),
		From:     squareName(int(m.from)),
		To:       squareName(int(m.to)),
	}, true
}

// hasMove reports whether the side to move has a legal move, generating
// piece by piece and stopping at the first that can move (judge asks
// after every ply).
func (p *position) hasMove() bool {
	var buf [64]move
	for _, from := range playable {
		if len(p.pieceMoves(buf[:0], from)) > 0 {
			return true
		}
	}
	return false
}

// appendBoardField appends grid.FormatBoard(p.boardBytes()) to b without
// building either: ranks from the top, runs of empty squares as numbers,
// '/' between ranks.
func (p *position) appendBoardField(b []byte) []byte {
	for r := ranks - 1; r >= 0; r-- {
		run := 0
		for f := 0; f < files; f++ {
			pc := p.board[mail(f, r)]
			if pc == empty {
				run++
				continue
			}
			if run > 0 {
				b = strconv.AppendInt(b, int64(run), 10)
				run = 0
			}
			b = append(b, letterOf(pc))
		}
		if run > 0 {
			b = strconv.AppendInt(b, int64(run), 10)
		}
		if r > 0 {
			b = append(b, '/')
		}
	}
	return b
}
