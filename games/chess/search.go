package chess

import (
	"math/bits"

	"github.com/bermudachess/bermuda/games"
)

// The search fast path (games.Searchable): copy-make on a stack of
// positions, legal moves generated once per position, a Zobrist hash, and
// the placement sums of the positional evaluation (see Positional).

var _ games.Searchable = (*Game)(nil)

// SearchState starts a fast-path state at the current position.
func (g *Game) SearchState() (games.SearchState, bool) {
	root := searchLevel{pos: g.pos, hash: zobrist(&g.pos), version: 1}
	for sq, pc := range g.pos.board {
		root.placement.add(pc, sq)
	}
	return &searchState{Levels: games.NewLevels(root)}, true
}

type searchLevel struct {
	pos       position
	hash      uint64
	list      moveList
	generated bool
	// the captures and promotions alone, while the whole list is not
	// needed (the capture search asks for no more)
	tactical    moveList
	tacticalSet bool
	// whether there is a legal move, once asked without the whole list
	anyMove, anyKnown bool
	placement         placement
	pawns             pawnCache // the parent's until Positional looks
	// the verdict of Status, once asked
	judged bool
	over   bool
	winner games.Player
	// version counts the positions written to this level; made records
	// the move (or passCode) and the parent's version that made this one,
	// so that pushing the same move again (Random Move Number Chess
	// replays a move once per face of its die) keeps the moves and the
	// verdict found before.
	version uint64
	made    uint32
	parent  uint64
}

// passCode is what made records for a pass: no move has this code.
const passCode = ^uint32(0)

// reuse reports whether the level above prev already holds prev after
// the move (or pass) code, and if so enters it.
func (s *searchState) reuse(code uint32) bool {
	prev, next := s.Above()
	if next.parent != prev.version || next.made != code {
		return false
	}
	s.Enter()
	return true
}

// entering records, for a level just written, what made it.
func (s *searchState) entering(next *searchLevel, code uint32) {
	next.version++
	next.made, next.parent = code, s.Cur().version
	next.generated, next.judged = false, false
	next.tacticalSet, next.anyKnown = false, false
	s.Enter()
}

type searchState struct {
	games.Levels[searchLevel]
	games.NoChance
	probe moveList // scratch for hasMove
}

func (s *searchState) cur() *searchLevel { return s.Cur() }

func (s *searchState) legal() *moveList {
	l := s.cur()
	if !l.generated {
		l.list.n = 0
		l.pos.generate(&l.list)
		l.generated = true
	}
	return &l.list
}

// captures lists the legal captures and promotions, in the order of the
// whole list: from that list when it is made, else on their own.
func (s *searchState) captures() *moveList {
	l := s.cur()
	if l.generated {
		return &l.list
	}
	if !l.tacticalSet {
		l.tactical.n = 0
		l.pos.gen(&l.tactical, genTactical)
		l.tacticalSet = true
	}
	return &l.tactical
}

// hasMove says whether the side to move has a legal move, from a list
// already made where there is one, else by a generator that stops at the
// first move it finds (most nodes of the capture search need no more).
func (s *searchState) hasMove() bool {
	l := s.cur()
	switch {
	case l.generated:
		return l.list.n > 0
	case l.tacticalSet && l.tactical.n > 0:
		return true
	case !l.anyKnown:
		s.probe.n = 0
		l.pos.gen(&s.probe, genAny)
		l.anyMove, l.anyKnown = s.probe.n > 0, true
	}
	return l.anyMove
}

func (s *searchState) Player() games.Player { return games.Player(s.cur().pos.stm) }

// Status: mate, stalemate, the fifty-move rule and dead material. Repetition
// is the searcher's to see along its line.
func (s *searchState) Status() (bool, games.Player) {
	l := s.cur()
	if !l.judged {
		l.over, l.winner = s.judge()
		l.judged = true
	}
	return l.over, l.winner
}

func (s *searchState) judge() (bool, games.Player) {
	p := &s.cur().pos
	if !s.hasMove() {
		if p.inCheck() {
			return true, games.Player(p.stm ^ 1)
		}
		return true, games.NoPlayer
	}
	if p.halfmove >= 100 || s.Insufficient() {
		return true, games.NoPlayer
	}
	return false, games.NoPlayer
}

func (s *searchState) Hash() uint64 { return s.cur().hash }

var searchKinds = [6]games.PieceKind{games.Pawn, games.Knight, games.Bishop, games.Rook, games.Queen, games.King}

func (s *searchState) Moves(buf []games.SearchMove, tactical bool) []games.SearchMove {
	l, p := s.list(tactical), &s.cur().pos
	for _, m := range l.moves[:l.n] {
		if tactical && p.board[m.to()] == 0 && m.kind() != moveEnPassant && !m.isPromotion() {
			continue
		}
		sm := games.SearchMove{Code: uint32(m)}
		if c := p.board[m.to()]; c != 0 {
			sm.Victim = searchKinds[c.kind()]
		} else if m.kind() == moveEnPassant {
			sm.Victim = games.Pawn
		}
		if m.isPromotion() {
			sm.Promotion = searchKinds[m.promotion()]
		}
		buf = append(buf, sm)
	}
	return buf
}

// list is the moves Moves reads: the whole list, or the captures and
// promotions alone while it is not made.
func (s *searchState) list(tactical bool) *moveList {
	if tactical {
		return s.captures()
	}
	return s.legal()
}

// KindMoves lists what Moves does, with the kinds as indexes of Kinds
// (the piece codes' own kinds) and the facts of captures
// (games.KindLister).
func (s *searchState) KindMoves(buf []games.KindMove, tactical bool) []games.KindMove {
	l, p := s.list(tactical), &s.cur().pos
	for _, m := range l.moves[:l.n] {
		buf = appendKindMove(buf, p, m, tactical)
	}
	return buf
}

// appendKindMove appends m as KindMoves lists it, unless the capture
// search has no use for it.
func appendKindMove(buf []games.KindMove, p *position, m move, tactical bool) []games.KindMove {
	to := m.to()
	c := p.board[to]
	if tactical && c == 0 && m.kind() != moveEnPassant && !m.isPromotion() {
		return buf
	}
	km := games.KindMove{Code: uint32(m), Victim: -1, Promotion: -1}
	if c != 0 {
		km.Victim = int8(c.kind())
	} else if m.kind() == moveEnPassant {
		km.Victim = pawn
	}
	if km.Victim >= 0 {
		km.Mover, km.Target = int8(p.board[m.from()].kind()), int32(to)
	}
	if m.isPromotion() {
		km.Promotion = int8(m.promotion())
	}
	return append(buf, km)
}

func (s *searchState) Push(m games.SearchMove, _ int) {
	if s.reuse(m.Code) {
		return
	}
	prev, next := s.Above()
	next.pos = prev.pos
	next.pos.play(move(m.Code))
	next.hash = hashAfter(&prev.pos, &next.pos, move(m.Code), prev.hash)
	next.placement = prev.placement
	next.placement.play(&prev.pos, &next.pos, move(m.Code))
	next.pawns = prev.pawns
	s.entering(next, m.Code)
}

func (s *searchState) Kinds() []games.PieceKind { return searchKinds[:] }

func (s *searchState) Counts(dst []int) []int {
	p := &s.cur().pos
	for c := white; c <= black; c++ {
		for k := pawn; k <= king; k++ {
			dst = append(dst, bits.OnesCount64(uint64(p.pieces(c, k))))
		}
	}
	return dst
}

func (s *searchState) Owner(side games.Side) games.Player { return games.ColourOwner(side) }

func (s *searchState) Move(m games.SearchMove) games.Move {
	return games.Move{Notation: move(m.Code).uci(), Side: games.Side(s.cur().pos.stm)}
}

// hashAfter updates h, prev's hash, for next = prev after m: the moved
// piece (promoted or not), a capture (en passant's too), the castling
// rook, side, rights and en passant.
func hashAfter(prev, next *position, m move, h uint64) uint64 {
	from, to := m.from(), m.to()
	h ^= zobPiece[prev.board[from]][from] ^ zobPiece[next.board[to]][to]
	switch {
	case m.kind() == moveEnPassant:
		capSq := to - 8
		if prev.stm == black {
			capSq = to + 8
		}
		h ^= zobPiece[prev.board[capSq]][capSq]
	case prev.board[to] != 0:
		h ^= zobPiece[prev.board[to]][to]
	case m.kind() == moveCastle:
		rFrom, rTo := to+1, to-1
		if to < from {
			rFrom, rTo = to-2, to+1
		}
		h ^= zobPiece[prev.board[rFrom]][rFrom] ^ zobPiece[prev.board[rFrom]][rTo]
	}
	h ^= zobBlack ^ zobCastle[prev.castle&15] ^ zobCastle[next.castle&15]
	if prev.ep >= 0 {
		h ^= zobEP[prev.ep&7]
	}
	if next.ep >= 0 {
		h ^= zobEP[next.ep&7]
	}
	return h
}

// zobrist hashes a position: pieces on squares, side to move, castling
// rights and the en passant file.
func zobrist(p *position) uint64 {
	var h uint64
	for b := p.occupied(); b != 0; {
		sq := popLSB(&b)
		h ^= zobPiece[p.board[sq]][sq]
	}
	if p.stm == black {
		h ^= zobBlack
	}
	h ^= zobCastle[p.castle&15]
	if p.ep >= 0 {
		h ^= zobEP[p.ep&7]
	}
	return h
}

var (
	zobPiece  [13][64]uint64
	zobCastle [16]uint64
	zobEP     [8]uint64
	zobBlack  uint64
)

func init() {
	next := games.ZobristKeys(0x2545f4914f6cdd1d)
	for i := range zobPiece {
		games.FillKeys(zobPiece[i][:], next)
	}
	games.FillKeys(zobCastle[:], next)
	games.FillKeys(zobEP[:], next)
	zobBlack = next()
}

// TurnBoard is the chess fast path as Random Move Number Chess drives it:
// besides moves, a pass (a lost turn, or the mover moving again) and what
// its turn judgement reads.
type TurnBoard interface {
	games.SearchState
	// PushPass pushes the position with the other side to move (en
	// passant lapses); Pop takes it back.
	PushPass()
	InCheck() bool
	HasMove() bool
	// Insufficient is Game.InsufficientMaterial; Halfmove the clock.
	Insufficient() bool
	Halfmove() int
	SideToMove() games.Side
}

// TurnBoard starts a TurnBoard at the current position.
func (g *Game) TurnBoard() TurnBoard {
	s, _ := g.SearchState()
	return s.(*searchState)
}

func (s *searchState) PushPass() {
	if s.reuse(passCode) {
		return
	}
	prev, next := s.Above()
	next.pos = prev.pos
	next.placement = prev.placement
	next.pawns = prev.pawns
	next.pos.passTurn()
	next.hash = prev.hash ^ zobBlack // the side flips, en passant lapses
	if prev.pos.ep >= 0 {
		next.hash ^= zobEP[prev.pos.ep&7]
	}
	s.entering(next, passCode)
}

func (s *searchState) InCheck() bool          { return s.cur().pos.inCheck() }
func (s *searchState) HasMove() bool          { return s.hasMove() }
func (s *searchState) Halfmove() int          { return s.cur().pos.halfmove }
func (s *searchState) SideToMove() games.Side { return games.Side(s.cur().pos.stm) }

// Clock is the fifty-move count (games.ProgressClock).
func (s *searchState) Clock() (int, int) { return s.cur().pos.halfmove, 100 }

func (s *searchState) Insufficient() bool {
	p := &s.cur().pos
	if p.byKind[pawn]|p.byKind[rook]|p.byKind[queen] != 0 {
		return false
	}
	minors := p.byKind[knight] | p.byKind[bishop]
	if popCount(minors) <= 1 {
		return true
	}
	const darkSquares bitboard = 0xaa55aa55aa55aa55
	return p.byKind[knight] == 0 && (minors&darkSquares == 0 || minors&^darkSquares == 0)
}

// Target is the square m ends on (games.MoveFacts).
func (s *searchState) Target(m games.SearchMove) int { return move(m.Code).to() }

// Mover is the kind of piece m moves.
func (s *searchState) Mover(m games.SearchMove) games.PieceKind {
	return searchKinds[s.cur().pos.board[move(m.Code).from()].kind()]
}

// GivesCheck says whether m leaves the opponent in check, as InCheck would
// once it is pushed (games.CheckGiver): for an ordinary move, the attacks
// on their king with the piece on its new square, without copying the
// position or hashing it; castling, en passant and promotions are played
// on a copy.
func (s *searchState) GivesCheck(sm games.SearchMove) bool {
	p := &s.cur().pos
	m := move(sm.Code)
	if k := m.kind(); k != moveNormal && k != moveDouble {
		q := *p
		q.play(m)
		return q.inCheck()
	}
	us := p.stm
	from, to := m.from(), m.to()
	fromTo := bit(from) | bit(to)
	occ := p.occupied()&^bit(from) | bit(to)
	ours := p.byColour[us]
	var after [6]bitboard // our pieces by kind once m is made
	for k := pawn; k <= king; k++ {
		after[k] = p.byKind[k] & ours
	}
	after[p.board[from].kind()] ^= fromTo
	ksq := p.kingSquare(us ^ 1)
	return pawnAttacks[us^1][ksq]&after[pawn] != 0 ||
		knightAttacks[ksq]&after[knight] != 0 ||
		kingAttacks[ksq]&after[king] != 0 ||
		bishopAttacks(ksq, occ)&(after[bishop]|after[queen]) != 0 ||
		rookAttacks(ksq, occ)&(after[rook]|after[queen]) != 0
}

// LegalMove finds code among the legal moves (games.MoveLookup). Listing
// them costs little here; what a cut on the table's move spares is
// reading and ordering the whole list.
func (s *searchState) LegalMove(code uint32) (games.KindMove, bool) {
	l := s.legal()
	p := &s.cur().pos
	for _, m := range l.moves[:l.n] {
		if uint32(m) == code {
			var one [1]games.KindMove
			return appendKindMove(one[:0], p, m, false)[0], true
		}
	}
	return games.KindMove{}, false
}
