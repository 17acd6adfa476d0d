package bede

import (
	"slices"

	"github.com/bermudachess/bermuda/games"
)

// The search fast path (games.Searchable): copy-make of the position on a
// stack, legal moves generated once per position, and a Zobrist hash of
// the board, the side to move, what each Jester copies and escalation.

var _ games.Searchable = (*game)(nil)

// SearchState starts a fast-path state at the current position.
func (g *game) SearchState() (games.SearchState, bool) {
	root := searchLevel{pos: g.pos, hash: bedeHash(&g.pos), sets: g.pos.pieceSets()}
	for sq, pc := range g.pos.board {
		root.count(pc, 1)
		if kindOf(pc) == jester {
			root.addJester(sideOf(pc), sq)
		}
	}
	return &searchState{Levels: games.NewLevels(root)}, true
}

type searchLevel struct {
	pos  position
	hash uint64
	// the legal moves and whether there is any, found at most once
	games.MoveCache[move]
	// counts follows the board from level to level: pieces by side and
	// kind.
	counts [2][jester + 1]int16
	// what searchLegal needs of the position, once asked (Legal)
	safety  safety
	jesters [4]int
	safe    bool
	// the Jesters' squares by side, followed move by move: jesterN is
	// how many, -1 once more than jesterSq holds stand (the board is then
	// searched for them)
	jesterSq [2][4]int8
	jesterN  [2]int8
	// whether the side to move is in check, once asked
	check, checkKnown bool
	// the squares of each side's pieces
	sets [2]pieceSet
	// whether the opponent's king is attacked now, once asked
	// (GivesCheck)
	enemyAttacked, enemyKnown bool
}

// addJester records a Jester of side on sq.
func (l *searchLevel) addJester(side, sq int) {
	switch n := l.jesterN[side]; {
	case n < 0:
	case int(n) == len(l.jesterSq[side]):
		l.jesterN[side] = -1
	default:
		l.jesterSq[side][n] = int8(sq)
		l.jesterN[side]++
	}
}

// moveJester follows a Jester of side from one square to another, or
// takes it off the board (to < 0).
func (l *searchLevel) moveJester(side, from, to int) {
	n := int(l.jesterN[side])
	sqs := &l.jesterSq[side]
	for i := 0; i < n; i++ {
		if int(sqs[i]) != from {
			continue
		}
		if to >= 0 {
			sqs[i] = int8(to)
		} else {
			sqs[i] = sqs[n-1]
			l.jesterN[side]--
		}
		return
	}
}

// inCheck is the position's inCheck, worked out once.
func (l *searchLevel) inCheck() bool {
	if !l.checkKnown {
		l.check, l.checkKnown = l.pos.inCheck(), true
	}
	return l.check
}

// count adds pc to the counts (sign 1) or takes it away (sign -1).
func (l *searchLevel) count(pc uint8, sign int16) {
	if pc != 0 {
		l.counts[sideOf(pc)&1][kindOf(pc)] += sign
	}
}

type searchState struct {
	games.Levels[searchLevel]
	games.NoChance
	pseudo []move // scratch for PseudoMoves
}

func (s *searchState) cur() *searchLevel { return s.Cur() }

func (s *searchState) legal() []move {
	l := s.cur()
	return l.Legal(func(buf []move) []move { return l.pos.searchMoves(buf, false) })
}

// hasMove reports whether the side to move can move, stopping at the
// first legal move found (most capture-search nodes need no more).
func (s *searchState) hasMove() bool {
	l := s.cur()
	return l.HasMove(func() bool { return l.pos.searchHasMove(l.safetyNow(), &l.sets[l.pos.side]) })
}

// safetyNow is searchSafety of the level's position, worked out once:
// whether any move is left and each move's legality (Legal) need it.
func (l *searchLevel) safetyNow() *safety {
	if !l.safe {
		p := &l.pos
		enemy := 1 - p.side
		if n := int(l.jesterN[enemy]); n >= 0 {
			// searchSafety, from what the levels know: the attack
			// by real pieces is one of inCheck's (which the Jester's
			// copy can only add to), and the Jesters were followed.
			s := safety{king: int(p.kings[p.side]), jesters: l.jesters[:0]}
			s.checked = l.inCheck() && p.attacked(s.king, enemy, noKind)
			for _, sq := range l.jesterSq[enemy][:n] {
				s.jesters = append(s.jesters, int(sq))
			}
			s.jesterThreats()
			l.safety = s
		} else {
			l.safety = p.searchSafety(&l.jesters)
		}
		l.safe = true
	}
	if len(l.safety.jesters) <= len(l.jesters) {
		l.safety.jesters = l.jesters[:len(l.safety.jesters)] // the stack of levels may have moved
	}
	return &l.safety
}

func (s *searchState) Player() games.Player { return games.Player(s.cur().pos.side) }

// Status follows judge: mate, stalemate and the fifty-move rule
// (repetition is the caller's).
func (s *searchState) Status() (bool, games.Player) {
	p := &s.cur().pos
	switch {
	case !s.hasMove() && s.cur().inCheck():
		return true, games.Player(1 - p.side)
	case !s.hasMove() || p.clock >= 100:
		return true, games.NoPlayer
	}
	return false, games.NoPlayer
}

func (s *searchState) Hash() uint64 { return s.cur().hash }

var bedeKinds = [9]games.PieceKind{"", games.Pawn, games.Squire, games.Bede, games.Chancellor, games.Zebra, games.Queen, games.King, games.Jester}

func (s *searchState) Moves(buf []games.SearchMove, tactical bool) []games.SearchMove {
	p := &s.cur().pos
	for _, m := range s.list(tactical) {
		t := p.board[m.to()]
		enemy := t != 0 && sideOf(t) != p.side // friendly fire is no gain
		if tactical && !enemy && !m.promote() {
			continue
		}
		sm := games.SearchMove{Code: uint32(m)}
		if enemy {
			sm.Victim = bedeKinds[kindOf(t)]
		}
		if m.promote() {
			sm.Promotion = games.Bede
		}
		buf = append(buf, sm)
	}
	return buf
}

// list is the moves Moves reads: the legal moves, or while they are not
// listed, only the captures and promotions tested for legality.
func (s *searchState) list(tactical bool) []move {
	l := s.cur()
	if tactical && !l.Generated {
		ms := l.pos.searchMoves(l.Moves[:0], true)
		l.Moves = ms[:0]
		return ms
	}
	return s.legal()
}

// KindMoves lists what Moves does, with the kinds as indexes of Kinds
// (games.KindLister).
func (s *searchState) KindMoves(buf []games.KindMove, tactical bool) []games.KindMove {
	p := &s.cur().pos
	for _, m := range s.list(tactical) {
		buf = appendKindMove(buf, p, m, tactical)
	}
	return buf
}

// appendKindMove appends m as KindMoves lists it, unless the capture
// search has no use for it.
func appendKindMove(buf []games.KindMove, p *position, m move, tactical bool) []games.KindMove {
	t := p.board[m.to()]
	enemy := t != 0 && sideOf(t) != p.side
	if tactical && !enemy && !m.promote() {
		return buf
	}
	km := games.KindMove{Code: uint32(m), Victim: -1, Promotion: -1}
	if enemy {
		km.Victim = int8(kindOf(t)) - 1 // Kinds leaves out noKind
	}
	if m.promote() {
		km.Promotion = int8(bede) - 1
	}
	return append(buf, km)
}

// PseudoMoves lists the moves before the legality test, which Legal makes
// (games.LazyLister): a node cut after a few moves tests only those.
func (s *searchState) PseudoMoves(buf []games.KindMove, tactical bool) ([]games.KindMove, bool) {
	l := s.cur()
	if l.Generated {
		return s.KindMoves(buf, tactical), true
	}
	p := &l.pos
	if tactical {
		s.pseudo = p.pseudoCapturesIn(s.pseudo[:0], &l.sets[p.side]) // all kept below
	} else {
		s.pseudo = p.pseudoIn(s.pseudo[:0], &l.sets[p.side])
	}
	// appendKindMove of every move, in one loop over a grown buffer.
	n := len(buf)
	buf = slices.Grow(buf, len(s.pseudo))[:n+len(s.pseudo)]
	out := buf[n:]
	for i, m := range s.pseudo {
		km := games.KindMove{Code: uint32(m), Victim: -1, Promotion: -1}
		if t := p.board[m.to()]; t != 0 && sideOf(t) != p.side {
			km.Victim = int8(kindOf(t)) - 1
		}
		if m.promote() {
			km.Promotion = int8(bede) - 1
		}
		out[i] = km
	}
	return buf, false
}

// Legal is searchMoves' test of one of PseudoMoves' moves.
func (s *searchState) Legal(km games.KindMove) bool {
	l := s.cur()
	return l.pos.searchLegal(move(km.Code), l.safetyNow())
}

func (s *searchState) Push(sm games.SearchMove, _ int) {
	prev, next := s.Above()
	next.pos = prev.pos
	m := move(sm.Code)
	next.pos.play(m)
	// The hash changes on the two squares the move touches and in the
	// state outside the board.
	from, to := m.from(), m.to()
	was, now := prev.pos.board[to], next.pos.board[to]
	h := prev.hash ^ stateHash(&prev.pos) ^ stateHash(&next.pos)
	h ^= squareHash(prev.pos.board[from], from) ^ squareHash(was, to)
	next.hash = h ^ squareHash(now, to)
	next.counts = prev.counts
	next.count(prev.pos.board[from], -1)
	next.count(was, -1)
	next.count(now, 1)
	next.sets = prev.sets
	if was != 0 {
		next.sets[sideOf(was)].remove(to)
	}
	next.sets[prev.pos.side].remove(from)
	next.sets[prev.pos.side].add(to)
	next.jesterSq, next.jesterN = prev.jesterSq, prev.jesterN
	if kindOf(was) == jester {
		next.moveJester(sideOf(was), to, -1) // friendly fire too
	}
	if kindOf(prev.pos.board[from]) == jester {
		next.moveJester(prev.pos.side, from, to)
	}
	next.Forget()
	next.safe = false
	// Whether the side to move is in check now is GivesCheck's answer,
	// from what the move changed, where the king it moved against stood
	// unattacked (below the root, always: every move pushed is legal).
	// For the same reason the mover's king stands unattacked now.
	next.checkKnown = prev.enemySafe()
	if next.checkKnown {
		next.check = prev.pos.checkAfter(m)
	}
	next.enemyKnown, next.enemyAttacked = true, false
	s.Enter()
}

func (s *searchState) Kinds() []games.PieceKind { return bedeKinds[1:] }

func (s *searchState) Counts(dst []int) []int {
	c := &s.cur().counts
	for side := 0; side < 2; side++ {
		for k := pawn; k <= jester; k++ {
			dst = append(dst, int(c[side][k]))
		}
	}
	return dst
}

func (s *searchState) Owner(side games.Side) games.Player { return games.ColourOwner(side) }

func (s *searchState) Move(sm games.SearchMove) games.Move {
	return games.Move{Notation: notation(move(sm.Code)), Side: games.Side(s.cur().pos.side)}
}

// Positional is only the tempo: Bede's pieces are judged by the search.
func (s *searchState) Positional() int { return 10 }

// Clock is the fifty-move count (games.ProgressClock).
func (s *searchState) Clock() (int, int) { return s.cur().pos.clock, 100 }

func bedeHash(p *position) uint64 {
	var h uint64
	for sq, pc := range p.board {
		h ^= squareHash(pc, sq)
	}
	return h ^ stateHash(p)
}

// squareHash is pc's key on sq, 0 for an empty square.
func squareHash(pc uint8, sq int) uint64 {
	if pc == 0 {
		return 0
	}
	return bedeZobrist[pc&31][sq]
}

// stateHash is the key of everything but the board.
func stateHash(p *position) uint64 {
	h := bedeZobristCopies[0][p.copies&15] ^ bedeZobristCopies[1][p.enemyCopies&15]
	if p.side == 1 {
		h ^= bedeZobristSide
	}
	if p.escalated {
		h ^= bedeZobristEscalated
	}
	return h
}

var (
	bedeZobrist          [32][squares]uint64
	bedeZobristCopies    [2][16]uint64
	bedeZobristSide      uint64
	bedeZobristEscalated uint64
)

func init() {
	next := games.ZobristKeys(0x3c6ef372fe94f82b)
	for i := range bedeZobrist {
		games.FillKeys(bedeZobrist[i][:], next)
	}
	for i := range bedeZobristCopies {
		games.FillKeys(bedeZobristCopies[i][:], next)
	}
	bedeZobristSide = next()
	bedeZobristEscalated = next()
}

// searchMoves appends the legal moves of the side to move, as legalMoves
// does, or only the captures of enemy pieces and the promotions when
// tactical is set (the others are never tested for legality). A piece on
// one of the king's lines is tested by walking that line only.
func (p *position) searchMoves(buf []move, tactical bool) []move {
	start := len(buf)
	buf = p.pseudo(buf)
	out := buf[:start]
	var jesters [4]int
	s := p.searchSafety(&jesters)
	for _, m := range buf[start:] {
		if tactical && !m.promote() {
			t := p.board[m.to()]
			if t == 0 || sideOf(t) == p.side {
				continue
			}
		}
		if p.searchLegal(m, &s) {
			out = append(out, m)
		}
	}
	return out
}

// searchSafety is safety listing the enemy Jesters in the caller's array
// (more than it holds still works, allocating).
func (p *position) searchSafety(jesters *[4]int) safety {
	s := safety{king: int(p.kings[p.side]), jesters: jesters[:0]}
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

// searchLegal is legalWith without the full attack test for pieces on
// the king's lines: unless the king is attacked already (or moves), a
// move can only expose it along the line it leaves, through a Squire's
// middle square (the king's diagonal neighbours), or to an enemy Jester
// now capturing as the moving kind.
func (p *position) searchLegal(m move, s *safety) bool {
	from := m.from()
	if s.checked || kindOf(p.board[from]) == king {
		return p.legal(m)
	}
	if !aligned[s.king][from] {
		return p.legalWith(m, s)
	}
	moving := p.movingKind(from)
	to := m.to()
	pc, taken := p.board[from], p.board[to]
	p.board[to], p.board[from] = pc, 0
	safe := !p.exposed(s.king, lineDir[s.king][from])
	if safe && moving != king && s.jesterKinds&(1<<moving) != 0 {
		for _, j := range s.jesters {
			if j != to && p.reaches(j, moving, 1-p.side, s.king) {
				safe = false
				break
			}
		}
	}
	p.board[from], p.board[to] = pc, taken
	return safe
}

// exposed reports whether a real enemy piece attacks the king on ksq
// along direction d or as a Squire over a middle square.
func (p *position) exposed(ksq int, d int8) bool {
	by := 1 - p.side
	q := pieceOf(queen, by)
	slider := pieceOf(chancellor, by) // orthogonal lines
	if d >= 4 {
		slider = pieceOf(bede, by) // diagonals
	}
	for _, sq := range rays[ksq][d] {
		if pc := p.board[sq]; pc != 0 {
			if pc == q || pc == slider {
				return true
			}
			break
		}
	}
	sq := pieceOf(squire, by)
	for _, sf := range squireTakenFrom[by][ksq] {
		if p.board[sf.from] != sq || len(sf.middles) == 0 {
			continue
		}
		for _, mid := range sf.middles {
			if p.board[mid] == 0 {
				return true
			}
		}
	}
	return false
}

// lineDir is the index in dirs of the line from one square to another
// (meaningful where aligned is set).
var lineDir [squares][squares]int8

func init() {
	for sq := 0; sq < squares; sq++ {
		f, r := sq%files, sq/files
		for d, dv := range dirs {
			for x, y := f+dv[0], r+dv[1]; grid.On(x, y); x, y = x+dv[0], y+dv[1] {
				lineDir[sq][grid.Index(x, y)] = int8(d)
			}
		}
	}
}

// InCheck says whether the side to move is in check (games.Tactical).
// There is no pass (games.Passer): the Jester moves as the piece the
// opponent just moved, so a pass would change what it is.
func (s *searchState) InCheck() bool { return s.cur().inCheck() }

// GivesCheck says whether m leaves the opponent in check, as InCheck would
// once it is pushed (games.CheckGiver): the move is made on the board in
// place and taken back, without copying the position or hashing it. The
// mover's Jester then attacks as what it copies now.
//
// When the opponent's king stands unattacked before the move (as after
// any legal move), only what the move changes can attack it after: the
// piece on its new square, a line through the square it left, or a
// Squire's middle square it left; the square it enters can only block.
// Otherwise the whole attack test is made.
func (s *searchState) GivesCheck(sm games.SearchMove) bool {
	l := s.cur()
	p := &l.pos
	m := move(sm.Code)
	if l.enemySafe() {
		return p.checkAfter(m)
	}
	from, to := m.from(), m.to()
	pc, taken := p.board[from], p.board[to]
	now := pc
	if m.promote() {
		now = pieceOf(bede, p.side)
	}
	p.board[from], p.board[to] = 0, now
	check := p.attacked(int(p.kings[1-p.side]), p.side, p.copies)
	p.board[from], p.board[to] = pc, taken
	return check
}

// checkAfter is GivesCheck where the opponent's king stands unattacked
// before m: only the piece on its new square, or what it uncovers where
// it stood, can attack the king after it. The move is made on the board
// in place and taken back.
func (p *position) checkAfter(m move) bool {
	from, to := m.from(), m.to()
	pc, taken := p.board[from], p.board[to]
	now := pc
	if m.promote() {
		now = pieceOf(bede, p.side)
	}
	ksq := int(p.kings[1-p.side])
	p.board[from], p.board[to] = 0, now
	check := p.attacksFrom(to, now, ksq) || p.uncovers(from, ksq)
	p.board[from], p.board[to] = pc, taken
	return check
}

// enemySafe reports whether the opponent's king is unattacked by the side
// to move (its Jester as what it copies now), worked out once per level.
func (l *searchLevel) enemySafe() bool {
	if !l.enemyKnown {
		p := &l.pos
		l.enemyAttacked = p.attacked(int(p.kings[1-p.side]), p.side, p.copies)
		l.enemyKnown = true
	}
	return !l.enemyAttacked
}

// attacksFrom reports whether piece pc of the side to move, standing on
// sq, attacks ksq as attacked counts it: a Jester as what it copies (as a
// king, nothing).
func (p *position) attacksFrom(sq int, pc uint8, ksq int) bool {
	k := kindOf(pc)
	switch k {
	case jester:
		k = p.copies
		if k == king {
			return false
		}
	case king:
		return containsSq(kingTo[sq], int8(ksq))
	}
	return p.reaches(sq, k, p.side, ksq)
}

// uncovers reports whether the side to move attacks ksq along the line
// through the emptied square from, or as a Squire (a real one or the
// Jester copying one) over a middle square now open.
func (p *position) uncovers(from, ksq int) bool {
	side := p.side
	jp := pieceOf(jester, side)
	if aligned[ksq][from] {
		d := lineDir[ksq][from]
		slider := pieceOf(chancellor, side) // orthogonal lines
		if d >= 4 {
			slider = pieceOf(bede, side) // diagonals
		}
		for _, sq := range rays[ksq][d] {
			if pc := p.board[sq]; pc != 0 {
				if pc == pieceOf(queen, side) || pc == slider {
					return true
				}
				if pc == jp {
					c := p.copies
					return c == queen || c == kindOf(slider)
				}
				break
			}
		}
	}
	sq, js := pieceOf(squire, side), p.copies == squire
	for _, sf := range squireTakenFrom[side][ksq] {
		if pc := p.board[sf.from]; pc != sq && !(js && pc == jp) {
			continue
		}
		for _, mid := range sf.middles {
			if p.board[mid] == 0 {
				return true
			}
		}
	}
	return false
}

// pieceCaptures is pieceMoves keeping only the moves that take an enemy
// piece or promote; every other move it would list is left out where it
// would be added, so the order is pieceMoves'.
func (p *position) pieceCaptures(buf []move, sq int, isJester bool, k kind) []move {
	side := p.side
	start := len(buf)
	realPromoter := !isJester && (k == pawn || k == squire)
	enemy := func(to int8) bool { t := p.board[to]; return t != 0 && sideOf(t) != side }
	keep := func(to int8) bool { return enemy(to) || realPromoter && promotes(side, int(to)) }
	add := func(to int8) {
		if keep(to) {
			buf = append(buf, newMove(sq, int(to), false))
		}
	}
	quietOrTake := func(to int8) {
		if p.board[to] == 0 || p.capturable(to) {
			add(to)
		}
	}
	// A slide's empty squares are never kept (only pawns and squires
	// promote): its first piece alone is looked at.
	slide := func(d0, d1 int) {
		for d := d0; d < d1; d++ {
			for _, to := range rays[sq][d] {
				if p.board[to] != 0 {
					if p.capturable(to) {
						add(to)
					}
					break
				}
			}
		}
	}
	switch k {
	case noKind:
		return buf
	case pawn:
		for _, sm := range pawnQuiet[side][sq] {
			if keep(sm.to) && p.board[sm.to] == 0 && p.routeOpen(sm.routes) {
				buf = append(buf, newMove(sq, int(sm.to), false))
			}
		}
		for _, to := range pawnTake[side][sq] {
			if p.capturable(to) {
				add(to)
			}
		}
	case squire:
		for _, sm := range squireQuiet[side][sq] {
			if keep(sm.to) && p.board[sm.to] == 0 && p.routeOpen(sm.routes) {
				buf = append(buf, newMove(sq, int(sm.to), false))
			}
		}
		for _, sm := range squireTake[side][sq] {
			if keep(sm.to) && p.capturable(sm.to) && p.routeOpen(sm.routes) {
				buf = append(buf, newMove(sq, int(sm.to), false))
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
	// Escalation and promotion, in place, as pieceMoves does them.
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

// LegalMove finds code among the legal moves (games.MoveLookup): in the
// list when it is made, else among the moves of the piece on its square,
// then tested as Legal would.
func (s *searchState) LegalMove(code uint32) (games.KindMove, bool) {
	l := s.cur()
	p := &l.pos
	m := move(code)
	if uint32(m) != code || m.from() >= squares || m.to() >= squares {
		return games.KindMove{}, false
	}
	var one [1]games.KindMove
	if l.Generated {
		for _, x := range l.Moves {
			if x == m {
				return appendKindMove(one[:0], p, m, false)[0], true
			}
		}
		return games.KindMove{}, false
	}
	from := m.from()
	pc := p.board[from]
	if pc == 0 || sideOf(pc) != p.side {
		return games.KindMove{}, false
	}
	s.pseudo = p.pieceMoves(s.pseudo[:0], from, kindOf(pc) == jester, p.movingKind(from))
	for _, x := range s.pseudo {
		if x == m {
			if !p.searchLegal(m, l.safetyNow()) {
				return games.KindMove{}, false
			}
			return appendKindMove(one[:0], p, m, false)[0], true
		}
	}
	return games.KindMove{}, false
}
