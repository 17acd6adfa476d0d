package bermuda

import "github.com/bermudachess/bermuda/games"

var _ games.NotationLookup = (*game)(nil)

// byNotation finds the legal move whose notation is exactly text. The
// squares read from text only narrow the candidates; the final comparison
// is with the notation itself, so nothing but the canonical spelling
// matches (e2e4 and E2E4 stay apart), and at most one notation is
// formatted.
func (pos *position) byNotation(text string) (move, bool) {
	if len(text) < 4 {
		return move{}, false
	}
	from, ok := parseSquare(text[:2])
	rest := text[2:]
	if rest[0] == '-' {
		rest = rest[1:]
	}
	if !ok || len(rest) < 2 {
		return move{}, false
	}
	to, ok := parseSquare(rest[:2])
	if !ok {
		return move{}, false
	}
	var buf [64]move // more than one piece's moves, so no allocation
	for _, m := range pos.movesFrom(buf[:0], from) {
		if int(m.to) == to && notationOf(m) == text {
			return m, true
		}
	}
	return move{}, false
}

// movesFrom appends the legal moves of the piece on from: what generate
// lists for it, generating nothing else.
func (pos *position) movesFrom(buf []move, from int) []move {
	c := pos.toMove
	b := boardOf(from)
	if pos.kingsOf(white) == 0 || pos.kingsOf(black) == 0 || pos.kings[b][c] == 0 {
		return buf // the game is over, or this army is frozen (Rule 4)
	}
	buf = pos.pieceMoves(buf, b, localIndex(from), c)
	if b == upper {
		buf = pos.dropMove(buf, from, c)
	}
	return buf
}

// hasMove reports whether generate would list anything, stopping at the
// first piece that can move (Outcome asks after every ply).
func (pos *position) hasMove() bool {
	var buf [64]move
	for from := 0; from < numSquares; from++ {
		if len(pos.movesFrom(buf[:0], from)) > 0 {
			return true
		}
	}
	return false
}

// MoveByNotation returns the legal move whose notation is exactly
// notation, as LegalMoves lists it but without the label (which plays
// every move on a copy to describe it).
func (g *game) MoveByNotation(notation string) (games.Move, bool) {
	if g.outcome.Over {
		return games.Move{}, false
	}
	m, ok := g.pos.byNotation(notation)
	if !ok {
		return games.Move{}, false
	}
	return games.Move{
		Notation: notation,
		Side:     games.Side(g.pos.toMove),
		From:     squareName(int(m.from)),
		To:       squareName(int(m.to)),
	}, true
}

// touchesAny reports whether m's target, or the square complementary to
// it, is one of sqs.
func touchesAny(m move, sqs []int) bool {
	for _, sq := range sqs {
		if sq == int(m.to) || sq == int(complement[m.to]) {
			return true
		}
	}
	return false
}
