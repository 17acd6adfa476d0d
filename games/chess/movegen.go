package chess

import "math/bits"

// move packs from (6 bits), to (6 bits) and a kind (4 bits).
type move uint16

const (
	moveNormal = iota
	moveDouble
	moveEnPassant
	moveCastle
	movePromoN
	movePromoB
	movePromoR
	movePromoQ
)

func newMove(from, to, kind int) move { return move(from | to<<6 | kind<<12) }
func (m move) from() int              { return int(m & 63) }
func (m move) to() int                { return int(m>>6) & 63 }
func (m move) kind() int              { return int(m >> 12) }
func (m move) isPromotion() bool      { return m.kind() >= movePromoN }

// promotion returns the piece type promoted to (valid for promotions).
func (m move) promotion() int { return m.kind() - movePromoN + knight }

// moveList is a fixed-size buffer. Legal chess positions have at most 218
// moves; parseFEN caps each side at 16 pieces with at most 8 promoted
// extras, which bounds any accepted position well below 320.
type moveList struct {
	moves [320]move
	n     int
}

func (l *moveList) add(m move) { l.moves[l.n] = m; l.n++ }

func (l *moveList) addAll(from int, targets bitboard) {
	for targets != 0 {
		l.moves[l.n] = newMove(from, popLSB(&targets), moveNormal)
		l.n++
	}
}

func (l *moveList) addPromotions(from, to int) {
	for k := movePromoQ; k >= movePromoN; k-- {
		l.add(newMove(from, to, k))
	}
}

// What gen lists: every legal move; only those that capture or promote
// (the capture search's, in the order the full list has them); or at
// least one legal move if there is any (whether the game goes on).
const (
	genAll = iota
	genTactical
	genAny
)

// generate appends every legal move. It generates pseudo-legal moves
// already filtered by the check and pin masks, so only king moves and en
// passant need an extra attack test.
func (p *position) generate(l *moveList) { p.gen(l, genAll) }

// gen is generate for one of the modes above. The tactical list is the
// full one without its quiet moves: every target set is narrowed to the
// enemy's pieces, in the same order.
func (p *position) gen(l *moveList, mode int) {
	us, them := p.stm, p.stm^1
	own, enemy := p.byColour[us], p.byColour[them]
	occ := own | enemy
	ks := p.kingSquare(us)
	enemyRQ := enemy & (p.byKind[rook] | p.byKind[queen])
	enemyBQ := enemy & (p.byKind[bishop] | p.byKind[queen])

	checkers := enemy & (pawnAttacks[us][ks]&p.byKind[pawn] |
		knightAttacks[ks]&p.byKind[knight] |
		bishopAttacks(ks, occ)&(p.byKind[bishop]|p.byKind[queen]) |
		rookAttacks(ks, occ)&(p.byKind[rook]|p.byKind[queen]))

	// King moves: test each destination with the king lifted off the board,
	// so it cannot hide behind itself from a slider.
	occNoKing := occ &^ bit(ks)
	kingTo := kingAttacks[ks] &^ own
	if mode == genTactical {
		kingTo &= enemy
	}
	for t := kingTo; t != 0; {
		to := popLSB(&t)
		if !p.attacked(to, them, occNoKing) {
			l.add(newMove(ks, to, moveNormal))
		}
	}
	if bits.OnesCount64(checkers) > 1 || mode == genAny && l.n > 0 {
		return
	}

	// A non-king move must land in target: anywhere not ours when not in
	// check, else capture the checker or block its ray. Kings are never
	// targets, which keeps the generator safe after a null move.
	target := ^own &^ p.byKind[king]
	if checkers != 0 {
		c := bits.TrailingZeros64(checkers)
		target &= between[ks][c] | checkers
	} else if mode != genTactical {
		p.genCastles(l, occ)
	}
	pieceTarget := target // where pieces other than pawns may go
	if mode == genTactical {
		pieceTarget &= enemy
	}
	stop := mode == genAny // at the first move found

	// Pins: an enemy slider on a line to our king with exactly one of our
	// pieces between pins that piece to the line.
	var pinned bitboard
	for snipers := (rookAttacks(ks, 0)&enemyRQ | bishopAttacks(ks, 0)&enemyBQ); snipers != 0; {
		s := popLSB(&snipers)
		if b := between[ks][s] & occ; b&(b-1) == 0 && b&own != 0 {
			pinned |= b
		}
	}

	if stop && l.n > 0 {
		return
	}
	for b := p.byKind[knight] & own &^ pinned; b != 0; {
		from := popLSB(&b)
		l.addAll(from, knightAttacks[from]&pieceTarget)
		if stop && l.n > 0 {
			return
		}
	}
	for b := (p.byKind[bishop] | p.byKind[queen]) & own; b != 0; {
		from := popLSB(&b)
		t := bishopAttacks(from, occ) & pieceTarget
		if pinned&bit(from) != 0 {
			t &= line[ks][from]
		}
		l.addAll(from, t)
		if stop && l.n > 0 {
			return
		}
	}
	for b := (p.byKind[rook] | p.byKind[queen]) & own; b != 0; {
		from := popLSB(&b)
		t := rookAttacks(from, occ) & pieceTarget
		if pinned&bit(from) != 0 {
			t &= line[ks][from]
		}
		l.addAll(from, t)
		if stop && l.n > 0 {
			return
		}
	}
	p.genPawns(l, us, occ, enemy, target, pinned, ks, mode == genTactical)
}

// genPawns adds the pawns' moves; tactical leaves out those that neither
// capture nor promote.
func (p *position) genPawns(l *moveList, us int, occ, enemy, target, pinned bitboard, ks int, tactical bool) {
	pawns := p.pieces(us, pawn)
	lastRank, doubleRank, fwd := rank8, rank3, 8
	if us == black {
		lastRank, doubleRank, fwd = rank1, rank6, -8
	}
	for b := pawns; b != 0; {
		from := popLSB(&b)
		allowed := target
		if pinned&bit(from) != 0 {
			allowed &= line[ks][from]
		}
		one := from + fwd
		var pushes bitboard
		if occ&bit(one) == 0 && (!tactical || bit(one)&lastRank != 0) {
			pushes = bit(one)
			if !tactical && bit(one)&doubleRank != 0 && occ&bit(one+fwd) == 0 {
				if bit(one+fwd)&allowed != 0 {
					l.add(newMove(from, one+fwd, moveDouble))
				}
			}
		}
		for t := (pushes | pawnAttacks[us][from]&enemy) & allowed; t != 0; {
			to := popLSB(&t)
			if bit(to)&lastRank != 0 {
				l.addPromotions(from, to)
			} else {
				l.add(newMove(from, to, moveNormal))
			}
		}
	}
	if p.ep < 0 {
		return
	}
	// En passant removes two pieces from one rank at once, which no pin
	// mask describes: test the king directly on the board after the capture.
	ep := int(p.ep)
	capSq := ep - fwd
	them := us ^ 1
	for b := pawnAttacks[them][ep] & pawns; b != 0; {
		from := popLSB(&b)
		after := occ&^bit(from)&^bit(capSq) | bit(ep)
		if bishopAttacks(ks, after)&(p.byKind[bishop]|p.byKind[queen])&p.byColour[them] != 0 ||
			rookAttacks(ks, after)&(p.byKind[rook]|p.byKind[queen])&p.byColour[them] != 0 ||
			knightAttacks[ks]&p.pieces(them, knight) != 0 ||
			pawnAttacks[us][ks]&p.pieces(them, pawn)&^bit(capSq) != 0 {
			continue
		}
		l.add(newMove(from, ep, moveEnPassant))
	}
}

// genCastles adds castling moves; the caller has checked we are not in
// check. The king may not pass through or land on an attacked square.
func (p *position) genCastles(l *moveList, occ bitboard) {
	us, them := p.stm, p.stm^1
	k, q := uint8(castleWK), uint8(castleWQ)
	e, base := sqE1, 0
	if us == black {
		k, q, e, base = castleBK, castleBQ, sqE8, 56
	}
	if p.castle&k != 0 && occ&(bit(base+5)|bit(base+6)) == 0 &&
		!p.attacked(base+5, them, occ) && !p.attacked(base+6, them, occ) {
		l.add(newMove(e, base+6, moveCastle))
	}
	if p.castle&q != 0 && occ&(bit(base+1)|bit(base+2)|bit(base+3)) == 0 &&
		!p.attacked(base+3, them, occ) && !p.attacked(base+2, them, occ) {
		l.add(newMove(e, base+2, moveCastle))
	}
}

// perft counts leaf nodes to depth, counting the last ply in bulk (the
// number of legal moves). One move buffer per ply is allocated up front,
// so the recursion neither allocates nor zeroes buffers.
func (p *position) perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	return p.perftInto(depth, make([]moveList, depth))
}

func (p *position) perftInto(depth int, buffers []moveList) uint64 {
	l := &buffers[0]
	l.n = 0
	p.generate(l)
	if depth == 1 {
		return uint64(l.n)
	}
	var nodes uint64
	for _, m := range l.moves[:l.n] {
		child := *p
		child.play(m)
		nodes += child.perftInto(depth-1, buffers[1:])
	}
	return nodes
}
