package bede

import "github.com/bermudachess/bermuda/games"

var _ games.NotationLookup = (*game)(nil)

// byNotation finds the legal move whose notation is exactly text. Only
// the piece on the origin square read from text is generated and only the
// matching move is tested for legality, as legalMoves would test it. The
// final comparison is with the notation itself, so nothing but the
// canonical spelling matches.
func (p *position) byNotation(text string) (move, bool) {
	from, n1, ok1 := leadingSquare(text)
	if !ok1 {
		return 0, false
	}
	to, n2, ok2 := leadingSquare(text[n1:])
	if !ok2 {
		return 0, false
	}
	pc := p.board[from]
	if pc == 0 || sideOf(pc) != p.side {
		return 0, false
	}
	promo := text[n1+n2:] != ""
	var buf [64]move // more than one piece's moves, so no allocation
	for _, m := range p.pieceMoves(buf[:0], from, kindOf(pc) == jester, p.movingKind(from)) {
		if m.to() == to && m.promote() == promo {
			s := p.safety()
			return m, p.legalWith(m, &s) && notation(m) == text
		}
	}
	return 0, false
}

// hasLegalMove reports whether legalMoves would list anything, generating
// piece by piece and stopping at the first legal move (judge asks after
// every ply).
func (p *position) hasLegalMove() bool {
	var buf [64]move
	s := p.safety()
	for sq := 0; sq < squares; sq++ {
		pc := p.board[sq]
		if pc == 0 || sideOf(pc) != p.side {
			continue
		}
		for _, m := range p.pieceMoves(buf[:0], sq, kindOf(pc) == jester, p.movingKind(sq)) {
			if p.legalWith(m, &s) {
				return true
			}
		}
	}
	return false
}

// leadingSquare reads the lower-case square name text starts with: a file
// letter and up to two rank digits ("e10" of "e10e9"). It returns the
// square and the length read.
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
	return grid.Index(int(text[0]-'a'), rank-1), i, true
}

// MoveByNotation returns the legal move whose notation is exactly
// notation, as LegalMoves lists it but without label or aliases; nothing
// once the game is over.
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
		Side:     games.Side(g.pos.side),
		From:     grid.Name(m.from()),
		To:       grid.Name(m.to()),
	}, true
}
