package bede

// position is the fast internal state: everything the rules need except
// the repetition history.
type position struct {
	board [squares]uint8
	side  int // 0 White, 1 Black: who moves now
	// copies is what the side to move's Jester copies: the kind the
	// opponent last moved (noKind before the opponent's first move).
	copies kind
	// enemyCopies is what the opponent's Jester copies now: the kind the
	// side to move last moved. It only decides whether the side to move
	// stands in check (mate or stalemate); legality uses the moving kind.
	enemyCopies kind
	escalated   bool
	clock       int // plies since the last capture or pawn/squire move
	fullmove    int
	kings       [2]int8 // -1 when absent (never in a valid position)
}

// move is packed: from | to<<7 | promotion<<14.
type move uint16

const promoFlag = 1 << 14

func newMove(from, to int, promo bool) move {
	m := move(from) | move(to)<<7
	if promo {
		m |= promoFlag
	}
	return m
}

func (m move) from() int     { return int(m & 0x7f) }
func (m move) to() int       { return int(m>>7) & 0x7f }
func (m move) promote() bool { return m&promoFlag != 0 }

// movingKind is the kind a piece on sq moves as: a Jester moves as what it
// copies (noKind: it cannot move yet).
func (p *position) movingKind(sq int) kind {
	k := kindOf(p.board[sq])
	if k == jester {
		return p.copies
	}
	return k
}

// capturable reports whether the side to move may take what stands on sq:
// something, friend or foe, but never a king (its own is forbidden; the
// enemy's is never left attacked in a legal position).
func (p *position) capturable(sq int8) bool {
	t := p.board[sq]
	return t != 0 && kindOf(t) != king
}

// pseudo appends the moves of the side to move that obey movement,
// blocking, capture and escalation rules, without the check test.
func (p *position) pseudo(buf []move) []move {
	side := p.side
	for sq := 0; sq < squares; sq++ {
		pc := p.board[sq]
		if pc == 0 || sideOf(pc) != side {
			continue
		}
		buf = p.pieceMoves(buf, sq, kindOf(pc) == jester, p.movingKind(sq))
	}
	return buf
}

// pieceMoves appends the moves of the piece on sq moving as k.
func (p *position) pieceMoves(buf []move, sq int, isJester bool, k kind) []move {
	side := p.side
	start := len(buf)
	add := func(to int8) {
		buf = append(buf, newMove(sq, int(to), false))
	}
	quietOrTake := func(to int8) {
		if p.board[to] == 0 || p.capturable(to) {
			add(to)
		}
	}
	slide := func(d0, d1 int) {
		for d := d0; d < d1; d++ {
			for _, to := range rays[sq][d] {
				if p.board[to] != 0 {
					if p.capturable(to) {
						add(to)
					}
					break
				}
				add(to)
			}
		}
	}
	switch k {
	case noKind:
		return buf
	case pawn:
		for _, sm := range pawnQuiet[side][sq] {
			if p.board[sm.to] == 0 && p.routeOpen(sm.routes) {
				add(sm.to)
			}
		}
		for _, to := range pawnTake[side][sq] {
			if p.capturable(to) {
				add(to)
			}
		}
	case squire:
		for _, sm := range squireQuiet[side][sq] {
			if p.board[sm.to] == 0 && p.routeOpen(sm.routes) {
				add(sm.to)
			}
		}
		for _, sm := range squireTake[side][sq] {
			if p.capturable(sm.to) && p.routeOpen(sm.routes) {
				add(sm.to)
			}
		}
	case bede:
		slide(4, 8)
		for _, to := range jumpTo[sq] {
			quietOrTake(to)
		}
	case chancellor:
		slide(0, 4)
		for _, to := range knightTo[sq] {
			quietOrTake(to)
		}
	case zebra:
		for _, to := range zebraTo[sq] {
			quietOrTake(to)
		}
	case queen:
		slide(0, 8)
	case king:
		for _, to := range kingTo[sq] {
			if p.board[to] == 0 || (!isJester && p.capturable(to)) {
				add(to)
			}
		}
	}
	// Escalation and promotion, in place.
	out := buf[:start]
	realPromoter := !isJester && (k == pawn || k == squire)
	for _, m := range buf[start:] {
		if !p.escalated && behind(side, sq, m.to()) {
			continue
		}
		if realPromoter && promotes(side, m.to()) {
			m |= promoFlag
		}
		out = append(out, m)
	}
	return out
}

// routeOpen reports whether some route has all its squares empty.
func (p *position) routeOpen(routes [][]int8) bool {
	for _, r := range routes {
		open := true
		for _, s := range r {
			if p.board[s] != 0 {
				open = false
				break
			}
		}
		if open {
			return true
		}
	}
	return false
}

// attacked reports whether side by could capture on sq, its Jester
// capturing as jesterAs (a Jester copying a king captures nothing).
// Attacks are geometric: the escalation rule limits where moves end, and a
// king left attacked would itself be escalation.
func (p *position) attacked(sq int, by int, jesterAs kind) bool {
	b := &p.board
	jp := pieceOf(jester, by)
	is := func(pc uint8, k kind) bool {
		return pc == pieceOf(k, by) || (pc == jp && jesterAs == k)
	}
	for _, s := range knightTo[sq] {
		if is(b[s], chancellor) {
			return true
		}
	}
	for _, s := range zebraTo[sq] {
		if is(b[s], zebra) {
			return true
		}
	}
	for _, s := range kingTo[sq] {
		if b[s] == pieceOf(king, by) {
			return true
		}
	}
	for _, s := range jumpTo[sq] {
		if is(b[s], bede) {
			return true
		}
	}
	for d := 0; d < 8; d++ {
		for _, s := range rays[sq][d] {
			pc := b[s]
			if pc == 0 {
				continue
			}
			if is(pc, queen) || (d < 4 && is(pc, chancellor)) || (d >= 4 && is(pc, bede)) {
				return true
			}
			break
		}
	}
	for _, s := range pawnTakenFrom[by][sq] {
		if is(b[s], pawn) {
			return true
		}
	}
	for _, sf := range squireTakenFrom[by][sq] {
		if !is(b[sf.from], squire) {
			continue
		}
		if len(sf.middles) == 0 {
			return true
		}
		for _, m := range sf.middles {
			if b[m] == 0 {
				return true
			}
		}
	}
	return false
}

// legal reports whether pseudo-legal m leaves the mover's king safe, the
// enemy Jester capturing as the kind being moved.
func (p *position) legal(m move) bool {
	from, to := m.from(), m.to()
	moving := p.movingKind(from)
	pc, taken := p.board[from], p.board[to]
	p.board[to], p.board[from] = pc, 0
	ksq := int(p.kings[p.side])
	if kindOf(pc) == king {
		ksq = to
	}
	safe := !p.attacked(ksq, 1-p.side, moving)
	p.board[from], p.board[to] = pc, taken
	return safe
}

// inCheck reports whether the side to move's king is attacked now, the
// enemy Jester as what it copies now.
func (p *position) inCheck() bool {
	return p.attacked(int(p.kings[p.side]), 1-p.side, p.enemyCopies)
}

// legalMoves appends the legal moves of the side to move.
func (p *position) legalMoves(buf []move) []move {
	start := len(buf)
	buf = p.pseudo(buf)
	out := buf[:start]
	for _, m := range buf[start:] {
		if p.legal(m) {
			out = append(out, m)
		}
	}
	return out
}

// play makes legal move m and returns what was taken (0 if nothing) and
// the kind the piece moved as.
func (p *position) play(m move) (taken uint8, moved kind) {
	from, to := m.from(), m.to()
	pc := p.board[from]
	moved = p.movingKind(from)
	taken = p.board[to]
	p.board[from] = 0
	if m.promote() {
		p.board[to] = pieceOf(bede, p.side)
	} else {
		p.board[to] = pc
	}
	if kindOf(pc) == king {
		p.kings[p.side] = int8(to)
	}
	if taken != 0 || kindOf(pc) == pawn || kindOf(pc) == squire {
		p.clock = 0
	} else {
		p.clock++
	}
	if taken != 0 && kindOf(taken) != pawn {
		p.escalated = true
	}
	if p.side == 1 {
		p.fullmove++
	}
	p.side = 1 - p.side
	p.enemyCopies, p.copies = p.copies, moved
	if !p.escalated && p.inCheck() {
		p.escalated = true
	}
	return taken, moved
}

// perft counts leaves to depth (repetition and the fifty-move rule are
// ignored, as usual for perft).
func (p *position) perft(depth int, bufs [][]move) uint64 {
	if depth == 0 {
		return 1
	}
	moves := p.legalMoves(bufs[depth][:0])
	bufs[depth] = moves
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		child := *p
		child.play(m)
		n += child.perft(depth-1, bufs)
	}
	return n
}

func perftBuffers(depth int) [][]move {
	bufs := make([][]move, depth+1)
	for i := range bufs {
		bufs[i] = make([]move, 0, 256)
	}
	return bufs
}
