package chess

import "github.com/bermudachess/bermuda/games"

var _ games.NotationLookup = (*Game)(nil)

// lookupUCI finds the legal move whose UCI text is exactly notation
// (lower-case squares, lower-case promotion letter), without formatting a
// string per legal move: replay and Play use it for every stored ply.
func (p *position) lookupUCI(notation string) (move, bool) {
	n := len(notation)
	if n != 4 && n != 5 {
		return 0, false
	}
	from, ok1 := squareOf(notation[0], notation[1])
	to, ok2 := squareOf(notation[2], notation[3])
	if !ok1 || !ok2 {
		return 0, false
	}
	kind := -1 // not a promotion
	if n == 5 {
		switch notation[4] {
		case 'n':
			kind = movePromoN
		case 'b':
			kind = movePromoB
		case 'r':
			kind = movePromoR
		case 'q':
			kind = movePromoQ
		default:
			return 0, false
		}
	}
	var l moveList
	p.generate(&l)
	for _, m := range l.moves[:l.n] {
		if m.from() != from || m.to() != to {
			continue
		}
		if m.isPromotion() {
			if m.kind() == kind {
				return m, true
			}
		} else if kind < 0 {
			return m, true
		}
	}
	return 0, false
}

// squareOf reads a lower-case chess square name such as "e4".
func squareOf(file, rank byte) (int, bool) {
	if file < 'a' || file > 'h' || rank < '1' || rank > '8' {
		return 0, false
	}
	return int(rank-'1')*8 + int(file-'a'), true
}

// MoveByNotation returns the legal move whose UCI notation is exactly
// notation, as LegalMoves lists it but without label or aliases. Like
// LegalMoves it finds nothing once the game is over.
func (g *Game) MoveByNotation(notation string) (games.Move, bool) {
	m, ok := g.pos.lookupUCI(notation)
	if !ok || g.drawnWithMovesLeft() {
		return games.Move{}, false
	}
	return games.Move{
		Notation: m.uci(),
		Side:     games.Side(g.pos.stm),
		From:     grid.Name(m.from()),
		To:       grid.Name(m.to()),
	}, true
}

// drawnWithMovesLeft is Outcome's judgement for a side that still has a
// legal move: insufficient material, threefold repetition or fifty moves.
func (g *Game) drawnWithMovesLeft() bool {
	return g.InsufficientMaterial() || g.repetitions() >= 3 || g.pos.halfmove >= 100
}

// appendBoardField appends boardField() to b without building it: ranks
// from the 8th down, runs of empty squares as digits, '/' between ranks.
func (p *position) appendBoardField(b []byte) []byte {
	for r := 7; r >= 0; r-- {
		run := byte(0)
		for f := 0; f < 8; f++ {
			pc := p.board[r*8+f]
			if pc == 0 {
				run++
				continue
			}
			if run > 0 {
				b = append(b, '0'+run)
				run = 0
			}
			b = append(b, pc.letter())
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
