package bede

import "math/bits"

// pieceSet is the squares of one side's pieces, which the search's levels
// follow move by move: listing a side's moves then visits its pieces
// instead of every square of the board. Squares 0–63 are the first
// word's bits, 64–98 the second's.
type pieceSet [2]uint64

func (s *pieceSet) add(sq int)    { s[sq>>6] |= 1 << (sq & 63) }
func (s *pieceSet) remove(sq int) { s[sq>>6] &^= 1 << (sq & 63) }

// pieceSets are the squares of each side's pieces.
func (p *position) pieceSets() [2]pieceSet {
	var sets [2]pieceSet
	for sq, pc := range p.board {
		if pc != 0 {
			sets[sideOf(pc)].add(sq)
		}
	}
	return sets
}

// pseudoIn is pseudo, the side to move's pieces read from own (its
// pieceSet): the same moves in the same order, squares ascending.
func (p *position) pseudoIn(buf []move, own *pieceSet) []move {
	for w, bb := range own {
		for bb != 0 {
			sq := w<<6 | bits.TrailingZeros64(bb)
			bb &= bb - 1
			buf = p.pieceMoves(buf, sq, kindOf(p.board[sq]) == jester, p.movingKind(sq))
		}
	}
	return buf
}

// pseudoCapturesIn is pseudoCaptures (the capture search's candidates in
// pseudo's order), the side to move's pieces read from own.
func (p *position) pseudoCapturesIn(buf []move, own *pieceSet) []move {
	for w, bb := range own {
		for bb != 0 {
			sq := w<<6 | bits.TrailingZeros64(bb)
			bb &= bb - 1
			buf = p.pieceCaptures(buf, sq, kindOf(p.board[sq]) == jester, p.movingKind(sq))
		}
	}
	return buf
}

// searchHasMove reports whether searchMoves would list anything, stopping
// at the first legal move. The pieces are visited from the side's own
// first rank, where most of them stand: the first piece with a legal
// move is found sooner (the answer is the same in any order).
func (p *position) searchHasMove(s *safety, own *pieceSet) bool {
	var buf [64]move
	test := func(sq int) bool {
		for _, m := range p.pieceMoves(buf[:0], sq, kindOf(p.board[sq]) == jester, p.movingKind(sq)) {
			if p.searchLegal(m, s) {
				return true
			}
		}
		return false
	}
	if p.side == 0 {
		for w, bb := range own {
			for bb != 0 {
				sq := w<<6 | bits.TrailingZeros64(bb)
				bb &= bb - 1
				if test(sq) {
					return true
				}
			}
		}
		return false
	}
	for w := len(own) - 1; w >= 0; w-- {
		for bb := own[w]; bb != 0; {
			b := 63 - bits.LeadingZeros64(bb)
			bb &^= 1 << b
			if test(w<<6 | b) {
				return true
			}
		}
	}
	return false
}
