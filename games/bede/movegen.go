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
	realPromoter := !isJester && (k == pawn || k == squire)
	if p.escalated && !realPromoter {
		return buf
	}
	out := buf[:start]
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
func (p *position) routeOpen(routes []route) bool {
	for _, r := range routes {
		if (r[0] < 0 || p.board[r[0]] == 0) && (r[1] < 0 || p.board[r[1]] == 0) {
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
	// For each kind, the piece codes that capture as it: the real piece
	// and, when it copies that kind, the Jester (never as a king). 0xff
	// matches nothing.
	var as [jester]uint8
	for k := pawn; k < jester; k++ {
		as[k] = 0xff
	}
	if jesterAs != noKind && jesterAs != king {
		as[jesterAs] = pieceOf(jester, by)
	}
	bC, bZ, bB, bQ := pieceOf(chancellor, by), pieceOf(zebra, by), pieceOf(bede, by), pieceOf(queen, by)
	aC, aZ, aB, aQ := as[chancellor], as[zebra], as[bede], as[queen]
	for _, s := range knightTo[sq] {
		if pc := b[s]; pc == bC || pc == aC {
			return true
		}
	}
	for _, s := range zebraTo[sq] {
		if pc := b[s]; pc == bZ || pc == aZ {
			return true
		}
	}
	bK := pieceOf(king, by)
	for _, s := range kingTo[sq] {
		if b[s] == bK {
			return true
		}
	}
	for _, s := range jumpTo[sq] {
		if pc := b[s]; pc == bB || pc == aB {
			return true
		}
	}
	for d := 0; d < 4; d++ {
		for _, s := range rays[sq][d] {
			if pc := b[s]; pc != 0 {
				if pc == bQ || pc == aQ || pc == bC || pc == aC {
					return true
				}
				break
			}
		}
	}
	for d := 4; d < 8; d++ {
		for _, s := range rays[sq][d] {
			if pc := b[s]; pc != 0 {
				if pc == bQ || pc == aQ || pc == bB || pc == aB {
					return true
				}
				break
			}
		}
	}
	bP, aP := pieceOf(pawn, by), as[pawn]
	for _, s := range pawnTakenFrom[by][sq] {
		if pc := b[s]; pc == bP || pc == aP {
			return true
		}
	}
	bS, aS := pieceOf(squire, by), as[squire]
	for _, sf := range squireTakenFrom[by][sq] {
		if pc := b[sf.from]; pc != bS && pc != aS {
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

// safety is what legalMoves works out once per position to spare most
// moves the full check test.
type safety struct {
	king    int
	checked bool  // attacked by a piece other than the Jester
	jesters []int // squares of the enemy Jesters
	// jesterKinds has bit k set when an enemy Jester moving as kind k
	// could take the king on an empty board: for the other kinds no
	// move can let a Jester take it (see jesterThreats).
	jesterKinds uint16
}

// jesterThreats sets s.jesterKinds from s.jesters.
func (s *safety) jesterThreats() {
	s.jesterKinds = 0
	for _, j := range s.jesters {
		s.jesterKinds |= reachKinds[j][s.king]
	}
}

// reachKinds[from][to] has bit k set when a piece of kind k on from
// captures on to on an empty board, as reaches counts captures (pawn
// captures of either side).
var reachKinds [squares][squares]uint16

func init() {
	for from := 0; from < squares; from++ {
		set := func(k kind, to int8) { reachKinds[from][to] |= 1 << k }
		for side := 0; side < 2; side++ {
			for _, to := range pawnTake[side][from] {
				set(pawn, to)
			}
			for _, sm := range squireTake[side][from] {
				set(squire, sm.to)
			}
		}
		for _, to := range jumpTo[from] {
			set(bede, to)
		}
		for _, to := range knightTo[from] {
			set(chancellor, to)
		}
		for _, to := range zebraTo[from] {
			set(zebra, to)
		}
		for d := range rays[from] {
			for _, to := range rays[from][d] {
				set(queen, to)
				if d < 4 {
					set(chancellor, to)
				} else {
					set(bede, to)
				}
			}
		}
	}
}

func (p *position) safety() safety {
	s := safety{king: int(p.kings[p.side])}
	s.checked = p.attacked(s.king, 1-p.side, noKind)
	jp := pieceOf(jester, 1-p.side)
	for sq, pc := range p.board {
		if pc == jp {
			s.jesters = append(s.jesters, sq)
		}
	}
	s.jesterThreats()
	return s
}

// legalWith is legal, faster: a piece that is neither the king nor on one
// of the king's lines cannot uncover an attack (leapers are never blocked,
// and the squire's middles are the king's diagonal neighbours), so unless
// the king is already attacked only the enemy Jester, now capturing as
// the moving kind, needs testing.
func (p *position) legalWith(m move, s *safety) bool {
	from := m.from()
	if s.checked || kindOf(p.board[from]) == king || aligned[s.king][from] {
		return p.legal(m)
	}
	moving := p.movingKind(from)
	if moving == king || s.jesterKinds&(1<<moving) == 0 {
		return true
	}
	to := m.to()
	pc, taken := p.board[from], p.board[to]
	p.board[to], p.board[from] = pc, 0
	safe := true
	for _, j := range s.jesters {
		if j != to && p.reaches(j, moving, 1-p.side, s.king) {
			safe = false
			break
		}
	}
	p.board[from], p.board[to] = pc, taken
	return safe
}

// reaches reports whether a piece of side by on from, capturing as k,
// could capture on sq.
func (p *position) reaches(from int, k kind, by int, sq int) bool {
	switch k {
	case pawn:
		return containsSq(pawnTake[by][from], int8(sq))
	case squire:
		for _, sm := range squireTake[by][from] {
			if int(sm.to) == sq {
				return p.routeOpen(sm.routes)
			}
		}
		return false
	case bede:
		return containsSq(jumpTo[from], int8(sq)) || p.lineClear(from, sq, false, true)
	case chancellor:
		return containsSq(knightTo[from], int8(sq)) || p.lineClear(from, sq, true, false)
	case zebra:
		return containsSq(zebraTo[from], int8(sq))
	case queen:
		return p.lineClear(from, sq, true, true)
	}
	return false
}

// lineClear reports whether from and sq share an open orthogonal or
// diagonal line (as allowed): the ray from from towards sq is walked up
// to it, no square computed by division.
func (p *position) lineClear(from, sq int, orth, diag bool) bool {
	if !aligned[from][sq] {
		return false
	}
	d := lineDir[from][sq]
	if d < 4 && !orth || d >= 4 && !diag {
		return false
	}
	for _, s := range rays[from][d] {
		if int(s) == sq {
			return true
		}
		if p.board[s] != 0 {
			return false
		}
	}
	return false
}

// legalMoves appends the legal moves of the side to move.
func (p *position) legalMoves(buf []move) []move {
	start := len(buf)
	buf = p.pseudo(buf)
	out := buf[:start]
	s := p.safety()
	for _, m := range buf[start:] {
		if p.legalWith(m, &s) {
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
