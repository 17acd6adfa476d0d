package chess

// Colours and piece types as the generator uses them.
const (
	white = 0
	black = 1
)

const (
	pawn = iota
	knight
	bishop
	rook
	queen
	king
)

// Castling-right bits.
const (
	castleWK = 1 << iota
	castleWQ
	castleBK
	castleBQ
)

// piece is a mailbox entry: 0 for empty, else 1 + type + 6*colour.
type piece uint8

func makePiece(colour, kind int) piece { return piece(1 + kind + 6*colour) }
func (p piece) kind() int              { return int(p-1) % 6 }
func (p piece) colour() int            { return int(p-1) / 6 }

// position is the whole rules state of a chess position, small enough to
// copy on every move (copy-make): pieces by type and by colour, a mailbox
// for "what stands here", side to move, rights and counters.
type position struct {
	byKind   [6]bitboard
	byColour [2]bitboard
	board    [64]piece
	stm      int
	castle   uint8
	ep       int8 // en passant target square after a double step, -1 if none
	halfmove int  // plies since the last capture or pawn move
	fullmove int  // full moves, from 1, incremented after Black's move
}

func (p *position) occupied() bitboard { return p.byColour[white] | p.byColour[black] }

func (p *position) pieces(colour, kind int) bitboard {
	return p.byColour[colour] & p.byKind[kind]
}

func (p *position) kingSquare(colour int) int {
	b := p.pieces(colour, king)
	return popLSB(&b)
}

func (p *position) put(sq int, pc piece) {
	p.board[sq] = pc
	p.byKind[pc.kind()] |= bit(sq)
	p.byColour[pc.colour()] |= bit(sq)
}

// attacked reports whether colour by attacks sq given occupancy occ.
func (p *position) attacked(sq, by int, occ bitboard) bool {
	them := p.byColour[by]
	return pawnAttacks[by^1][sq]&p.byKind[pawn]&them != 0 ||
		knightAttacks[sq]&p.byKind[knight]&them != 0 ||
		kingAttacks[sq]&p.byKind[king]&them != 0 ||
		bishopAttacks(sq, occ)&(p.byKind[bishop]|p.byKind[queen])&them != 0 ||
		rookAttacks(sq, occ)&(p.byKind[rook]|p.byKind[queen])&them != 0
}

func (p *position) inCheck() bool {
	return p.attacked(p.kingSquare(p.stm), p.stm^1, p.occupied())
}

// castleKeep[sq] is the rights that survive a move touching sq.
var castleKeep = func() (k [64]uint8) {
	for i := range k {
		k[i] = 0xf
	}
	k[sqE1] &^= castleWK | castleWQ
	k[sqH1] &^= castleWK
	k[sqA1] &^= castleWQ
	k[sqE8] &^= castleBK | castleBQ
	k[sqH8] &^= castleBK
	k[sqA8] &^= castleBQ
	return
}()

const (
	sqA1, sqB1, sqC1, sqD1, sqE1, sqF1, sqG1, sqH1 = 0, 1, 2, 3, 4, 5, 6, 7
	sqA8, sqB8, sqC8, sqD8, sqE8, sqF8, sqG8, sqH8 = 56, 57, 58, 59, 60, 61, 62, 63
)

// play makes a legal move (copy-make: callers copy first if they need the
// old position).
func (p *position) play(m move) {
	from, to, kind := m.from(), m.to(), m.kind()
	us, them := p.stm, p.stm^1
	pc := p.board[from]
	fromTo := bit(from) | bit(to)
	p.ep = -1
	p.halfmove++
	if cap := p.board[to]; cap != 0 {
		p.byKind[cap.kind()] &^= bit(to)
		p.byColour[them] &^= bit(to)
		p.halfmove = 0
	}
	p.byKind[pc.kind()] ^= fromTo
	p.byColour[us] ^= fromTo
	p.board[to] = pc
	p.board[from] = 0
	if pc.kind() == pawn {
		p.halfmove = 0
	}
	switch kind {
	case moveDouble:
		p.ep = int8((from + to) / 2)
	case moveEnPassant:
		capSq := to - 8
		if us == black {
			capSq = to + 8
		}
		p.byKind[pawn] &^= bit(capSq)
		p.byColour[them] &^= bit(capSq)
		p.board[capSq] = 0
	case moveCastle:
		rFrom, rTo := to+1, to-1 // king side: h→f
		if to < from {
			rFrom, rTo = to-2, to+1 // queen side: a→d
		}
		rt := bit(rFrom) | bit(rTo)
		p.byKind[rook] ^= rt
		p.byColour[us] ^= rt
		p.board[rTo] = p.board[rFrom]
		p.board[rFrom] = 0
	case movePromoN, movePromoB, movePromoR, movePromoQ:
		np := makePiece(us, m.promotion())
		p.byKind[pawn] &^= bit(to)
		p.byKind[np.kind()] |= bit(to)
		p.board[to] = np
	}
	p.castle &= castleKeep[from] & castleKeep[to]
	if us == black {
		p.fullmove++
	}
	p.stm = them
}

// passTurn is a null move: the other side moves next; en passant lapses.
func (p *position) passTurn() {
	p.stm ^= 1
	p.ep = -1
}
