package beryl

import "github.com/bermudachess/bermuda/games"

// The search fast path (games.Searchable) for both games on the board:
// copy-make of the small rules states on a stack, moves generated once per
// position, and a Zobrist hash of cells, player and barred army.

var (
	_ games.Searchable = (*bcGame)(nil)
	_ games.Searchable = (*spGame)(nil)
)

// SearchState starts a fast-path state at the current position.
func (g *bcGame) SearchState() (games.SearchState, bool) {
	st := newSearchState[bcState](g.bcState)
	st.twoCells = true
	return bcSearch{st}, true
}

// SearchState starts a fast-path state at the current position.
func (g *spGame) SearchState() (games.SearchState, bool) {
	st := newSearchState[spState](g.spState)
	st.twinCells = true
	return spSearch{st}, true
}

// searchRules is what the fast path needs of a rules state beyond
// generate and apply.
type searchRules interface {
	generate(out []move) []move
	// anyMove reports whether generate would list anything.
	anyMove() bool
	// tactical appends at least the legal captures and promotions (more
	// is allowed: Moves filters).
	tactical(out []move) []move
	hasMove() bool
	apply(m move)
	board() *layout
	acting() games.Player
	// ended judges the position given whether a move is left; repetition
	// is left to the caller.
	ended(hasMove bool) (bool, games.Player)
	extraHash() uint64
	// pieceMoves appends what generate lists for the piece on from.
	pieceMoves(out []move, from int) []move
	owner(army int) games.Player
	// progress is the fifty-move clock.
	progress() int
}

func (s *bcState) board() *layout           { return &s.cells }
func (s *bcState) acting() games.Player     { return games.Player(s.toMove) }
func (s *bcState) extraHash() uint64        { return zobristArmy[s.toMove] }
func (s *bcState) owner(a int) games.Player { return games.Player(a) }
func (s *bcState) progress() int            { return s.clock }
func (s *bcState) ended(hasMove bool) (bool, games.Player) {
	switch {
	case !hasMove && s.inCheck(s.toMove):
		return true, games.Player(1 - s.toMove)
	case !hasMove || s.clock >= fiftyMovePlies:
		return true, games.NoPlayer
	}
	return false, games.NoPlayer
}

func (s *bcState) pieceMoves(out []move, from int) []move { return s.movesFrom(out, from) }

func (s *spState) pieceMoves(out []move, from int) []move {
	if s.winner != games.NoPlayer {
		return out
	}
	return s.movesFrom(out, from)
}

// LegalMove finds code among the legal moves (games.MoveLookup): in the
// list when it is made, else among those of the piece on its cell.
func (st *searchState[S, P]) LegalMove(code uint32) (games.KindMove, bool) {
	l := st.cur()
	r := P(&l.s)
	m := decodeMove(code)
	if encodeMove(m) != code || m.from < 0 || int(m.from) >= numCells {
		return games.KindMove{}, false
	}
	list := l.Moves
	if !l.Generated {
		st.scratch = r.pieceMoves(st.scratch[:0], int(m.from))
		list = st.scratch
	}
	for _, x := range list {
		if x == m {
			var one [1]games.KindMove
			return appendKindMove(one[:0], r.board(), m, false)[0], true
		}
	}
	return games.KindMove{}, false
}

// tactical lists every move: spIndecision's generator is cheap enough.
func (s *spState) tactical(out []move) []move { return s.generate(out) }

func (s *spState) anyMove() bool { return s.hasMove() }

// anyMove is hasMove stopping at the first legal move rather than the
// first piece with one.
func (s *bcState) anyMove() bool { return s.anyMoveBy(s.legalStep) }

// anyMoveBy is anyMove with the legality test given: the search's own
// (bcSearch.legalStep) knows a shortcut the bare state does not.
func (s *bcState) anyMoveBy(legal func(from, to int) bool) bool {
	var buf [64]int8
	for from, p := range s.cells {
		if p.empty() || p.army() != s.toMove {
			continue
		}
		for _, to := range s.cells.destinations(from, p.kind(), s.toMove, buf[:0]) {
			if legal(from, int(to)) {
				return true
			}
		}
	}
	return false
}

// tactical appends the legal moves that capture or promote, as movesFrom
// would list them, testing no other move for legality.
func (s *bcState) tactical(out []move) []move {
	var buf [64]int8
	for from, p := range s.cells {
		if p.empty() || p.army() != s.toMove {
			continue
		}
		for _, to := range s.cells.destinations(from, p.kind(), s.toMove, buf[:0]) {
			promotes := p.kind() == pawn && geo.inZone[s.toMove][to]
			if s.cells[to].empty() && !promotes || !s.legalStep(from, int(to)) {
				continue
			}
			if promotes {
				for _, k := range []kind{rook, knight, bishop} {
					out = append(out, move{from: int8(from), to: to, as: k})
				}
				continue
			}
			out = append(out, move{from: int8(from), to: to})
		}
	}
	return out
}

// legalStep is movesFrom's test of one destination: a pawn falls only to
// a piece backed by another attacker, and the mover's king must not be
// left attacked.
func (s *bcState) legalStep(from, to int) bool {
	if s.cells[to].kind() == pawn && !s.cells.attackedBy(to, s.toMove, from) {
		return false
	}
	c := *s
	c.apply(move{from: int8(from), to: int8(to)})
	return !c.inCheck(s.toMove)
}

func (s *spState) board() *layout       { return &s.cells }
func (s *spState) acting() games.Player { return s.toMove }
func (s *spState) extraHash() uint64 {
	return zobristArmy[int(s.toMove)] ^ zobristBarred[s.last+1]
}
func (s *spState) owner(int) games.Player { return games.NoPlayer }
func (s *spState) progress() int          { return s.clock }
func (s *spState) ended(hasMove bool) (bool, games.Player) {
	switch {
	case s.winner != games.NoPlayer:
		return true, s.winner
	case !hasMove || s.clock >= fiftyMovePlies:
		return true, games.NoPlayer
	}
	return false, games.NoPlayer
}

type searchLevel[S any] struct {
	s    S
	hash uint64
	// the legal moves and whether there is any, found at most once
	games.MoveCache[move]
	// counts follows the board from level to level: pieces by army and
	// kind.
	counts [3][8]int16
	// whether the side to move is in check (Beryl Chess), or its king in
	// danger (spIndecision, spSearch.InCheck), once asked
	checked, checkKnown bool
}

type searchState[S any, P interface {
	*S
	searchRules
}] struct {
	games.Levels[searchLevel[S]]
	games.NoChance
	// twoCells says that a move changes its two cells and no other
	// (Beryl Chess), twinCells that it does unless a Schrödinger half
	// moves or is taken (spIndecision: the twin changes too): Push then
	// follows those cells instead of comparing the boards.
	twoCells, twinCells bool
	scratch             []move // for LegalMove
}

func newSearchState[S any, P interface {
	*S
	searchRules
}](s S) *searchState[S, P] {
	st := &searchState[S, P]{Levels: games.NewLevels(searchLevel[S]{})}
	l := st.Cur()
	l.s = s
	l.hash = berylHash(P(&l.s))
	for _, p := range P(&l.s).board() {
		if !p.empty() {
			l.counts[p.army()][p.kind()]++
		}
	}
	return st
}

func (st *searchState[S, P]) cur() *searchLevel[S] { return st.Cur() }
func (st *searchState[S, P]) rules() P             { return P(&st.Cur().s) }

func (st *searchState[S, P]) legal() []move {
	l := st.cur()
	return l.Legal(P(&l.s).generate)
}

func (st *searchState[S, P]) Player() games.Player { return st.rules().acting() }

func (st *searchState[S, P]) Status() (bool, games.Player) {
	return st.rules().ended(st.hasMove())
}

// hasMove reports whether the player to act can move, stopping at the
// first piece that can (most capture-search nodes need no more).
func (st *searchState[S, P]) hasMove() bool {
	l := st.cur()
	return l.HasMove(P(&l.s).anyMove)
}

func (st *searchState[S, P]) Hash() uint64 { return st.cur().hash }

func encodeMove(m move) uint32 {
	return uint32(uint8(m.from)) | uint32(uint8(m.to))<<8 | uint32(m.as)<<16 | uint32(m.capAs)<<20
}

func decodeMove(c uint32) move {
	return move{from: int8(uint8(c)), to: int8(uint8(c >> 8)), as: kind(c>>16) & 15, capAs: kind(c>>20) & 15}
}

func (st *searchState[S, P]) Moves(buf []games.SearchMove, tactical bool) []games.SearchMove {
	b := st.rules().board()
	for _, m := range st.list(tactical) {
		victim := b[m.to]
		promo := b[m.from].kind() == pawn && m.as != noKind
		if tactical && victim.empty() && !promo {
			continue
		}
		sm := games.SearchMove{Code: encodeMove(m)}
		if !victim.empty() {
			sm.Victim = victim.kind().viewKind()
			if m.capAs == king {
				sm.Victim = games.King
			}
		}
		if promo {
			sm.Promotion = m.as.viewKind()
		}
		buf = append(buf, sm)
	}
	return buf
}

// list is the moves Moves reads: the legal moves, or while they are not
// listed, at least the captures and promotions.
func (st *searchState[S, P]) list(tactical bool) []move {
	if l := st.cur(); tactical && !l.Generated {
		ms := P(&l.s).tactical(l.Moves[:0])
		l.Moves = ms[:0]
		return ms
	}
	return st.legal()
}

// KindMoves lists what Moves does, with the kinds as indexes of Kinds
// (berylKinds: the kinds in order, without noKind) (games.KindLister).
func (st *searchState[S, P]) KindMoves(buf []games.KindMove, tactical bool) []games.KindMove {
	b := st.rules().board()
	for _, m := range st.list(tactical) {
		buf = appendKindMove(buf, b, m, tactical)
	}
	return buf
}

// appendKindMove appends m as KindMoves lists it, unless the capture
// search has no use for it.
func appendKindMove(buf []games.KindMove, b *layout, m move, tactical bool) []games.KindMove {
	victim := b[m.to]
	promo := b[m.from].kind() == pawn && m.as != noKind
	if tactical && victim.empty() && !promo {
		return buf
	}
	km := games.KindMove{Code: encodeMove(m), Victim: -1, Promotion: -1}
	if !victim.empty() {
		km.Victim = int8(victim.kind()) - 1
		if m.capAs == king {
			km.Victim = int8(king) - 1
		}
	}
	if promo {
		km.Promotion = int8(m.as) - 1
	}
	return append(buf, km)
}

func (st *searchState[S, P]) Push(sm games.SearchMove, _ int) {
	prev, next := st.Above()
	next.s = prev.s
	P(&next.s).apply(decodeMove(sm.Code))
	// The hash and counts follow the cells the move changed.
	was, now := P(&prev.s).board(), P(&next.s).board()
	h := prev.hash ^ P(&prev.s).extraHash() ^ P(&next.s).extraHash()
	next.counts = prev.counts
	var changed [16]int
	var cells []int
	if m := decodeMove(sm.Code); st.twoCells || st.twinCells && was[m.from].kind() != undecided && was[m.to].kind() != undecided {
		changed[0], changed[1] = int(m.from), int(m.to)
		cells = changed[:2]
	} else {
		cells = games.AppendChanged(changed[:0], was[:], now[:])
	}
	for _, c := range cells {
		h ^= cellHash(was[c], c) ^ cellHash(now[c], c)
		if p := was[c]; !p.empty() {
			next.counts[p.army()][p.kind()]--
		}
		if p := now[c]; !p.empty() {
			next.counts[p.army()][p.kind()]++
		}
	}
	next.hash = h
	next.Forget()
	next.checkKnown = false
	st.Enter()
}

var berylKinds = []games.PieceKind{games.Pawn, games.Knight, games.Bishop, games.Rook, games.King, games.Schrodinger}

func (st *searchState[S, P]) Kinds() []games.PieceKind { return berylKinds }

func (st *searchState[S, P]) Counts(dst []int) []int {
	c := &st.cur().counts
	for a := 0; a < 3; a++ {
		for k := pawn; k <= undecided; k++ {
			dst = append(dst, int(c[a][k]))
		}
	}
	return dst
}

func (st *searchState[S, P]) Owner(side games.Side) games.Player {
	if side < 0 || side > 2 {
		return games.NoPlayer
	}
	return st.rules().owner(int(side))
}

func (st *searchState[S, P]) Move(sm games.SearchMove) games.Move {
	b := st.rules().board()
	m := decodeMove(sm.Code)
	return games.Move{Notation: notation(b, m), Side: games.Side(b[m.from].army())}
}

// Positional is only the tempo: the board's geometry is left to the search.
func (st *searchState[S, P]) Positional() int { return 5 }

// Clock is the fifty-move count (games.ProgressClock).
func (st *searchState[S, P]) Clock() (int, int) { return st.rules().progress(), fiftyMovePlies }

func berylHash(r searchRules) uint64 {
	h := r.extraHash()
	for i, p := range r.board() {
		h ^= cellHash(p, i)
	}
	return h
}

// cellHash is p's key on cell c, 0 for an empty cell.
func cellHash(p piece, c int) uint64 {
	if p.empty() {
		return 0
	}
	return zobristCell[p&31][c]
}

var (
	zobristCell   [32][numCells]uint64
	zobristArmy   [3]uint64
	zobristBarred [4]uint64
)

func init() {
	next := games.ZobristKeys(0x51af3c2d7e9b1a05)
	for i := range zobristCell {
		games.FillKeys(zobristCell[i][:], next)
	}
	games.FillKeys(zobristArmy[:], next)
	games.FillKeys(zobristBarred[:], next)
}

// bcSearch is Beryl Chess's search state: the shared one, which can also
// say whether the side to move is in check (games.Tactical); spIndecision's
// (spSearch, spdanger.go) says when a king can be lost. Neither game passes
// (games.Passer): Beryl Chess could, but its zugzwangs on 39 cells are not
// rare enough to risk it, and in spIndecision a pass would free the army
// the opponent just used.
type bcSearch struct {
	*searchState[bcState, *bcState]
}

// InCheck says whether the side to move is in check, worked out once per
// position: Legal asks it too.
func (st bcSearch) InCheck() bool {
	l := st.cur()
	if !l.checkKnown {
		l.checked, l.checkKnown = l.s.inCheck(l.s.toMove), true
	}
	return l.checked
}

// GivesCheck says whether m leaves the opponent in check, as InCheck would
// once it is pushed (games.CheckGiver): the move is made on the cells in
// place and taken back, without copying the state or hashing it.
func (st bcSearch) GivesCheck(sm games.SearchMove) bool {
	s := st.rules()
	m := decodeMove(sm.Code)
	was, at := s.cells[m.from], s.cells[m.to]
	p := was
	if m.as != noKind {
		p = mkPiece(p.army(), m.as)
	}
	s.cells[m.to], s.cells[m.from] = p, 0
	check := s.cells.attackedBy(int(s.kings[1-s.toMove]), s.toMove, -1)
	s.cells[m.from], s.cells[m.to] = was, at
	return check
}

// PseudoMoves lists Beryl Chess's moves before the legality test, which
// Legal makes (games.LazyLister): the destinations generate tries, in its
// order, promotions spelled out as it does them.
func (st bcSearch) PseudoMoves(buf []games.KindMove, tactical bool) ([]games.KindMove, bool) {
	l := st.cur()
	if l.Generated {
		return st.KindMoves(buf, tactical), true
	}
	s := &l.s
	var dest [64]int8
	for from, p := range s.cells {
		if p.empty() || p.army() != s.toMove {
			continue
		}
		for _, to := range s.cells.destinations(from, p.kind(), s.toMove, dest[:0]) {
			promotes := p.kind() == pawn && geo.inZone[s.toMove][to]
			if tactical && s.cells[to].empty() && !promotes {
				continue
			}
			if promotes {
				for _, k := range [...]kind{rook, knight, bishop} {
					buf = appendKindMove(buf, &s.cells, move{from: int8(from), to: to, as: k}, tactical)
				}
				continue
			}
			buf = appendKindMove(buf, &s.cells, move{from: int8(from), to: to}, tactical)
		}
	}
	return buf, false
}

// Legal is generate's test of one of PseudoMoves' moves (legalStep),
// sparing the attack test where the move cannot uncover the king: one
// not in check stays out of check when a piece other than the king leaves
// a cell on none of the lines the attack test traces from the king's
// cell (the leapers, pawns and kings attacking it are the same, and what
// the move takes only attacks less).
func (st bcSearch) Legal(km games.KindMove) bool {
	m := decodeMove(km.Code)
	return st.legalStep(int(m.from), int(m.to))
}

// legalStep is bcState.legalStep with the shortcut above.
func (st bcSearch) legalStep(from, to int) bool {
	s := st.rules()
	if s.cells[from].kind() != king && !onKingLine[s.kings[s.toMove]][from] && !st.InCheck() {
		return s.cells[to].kind() != pawn || s.cells.attackedBy(to, s.toMove, from)
	}
	return s.legalStep(from, to)
}

// Status is the shared Status with bcState.anyMove's search made through
// legalStep's shortcut: the check test it needs is the one the search
// asks of the position next.
func (st bcSearch) Status() (bool, games.Player) {
	l := st.cur()
	has := l.HasMove(func() bool { return l.s.anyMoveBy(st.legalStep) })
	return l.s.ended(has)
}

// onKingLine[k][c] says whether cell c is on one of the rays attackedBy
// traces from cell k (rook or bishop).
var onKingLine = func() (t [numCells][numCells]bool) {
	for k := 0; k < numCells; k++ {
		for _, rays := range [][][]int{geo.bishopRays[k], geo.rookRays[k]} {
			for _, r := range rays {
				for _, c := range r {
					t[k][c] = true
				}
			}
		}
	}
	return
}()

// LegalMove finds code among Beryl Chess's legal moves (games.MoveLookup):
// in the list when it is made, else among the destinations of the piece
// on its cell, promotions as generate spells them, then tested as Legal
// would.
func (st bcSearch) LegalMove(code uint32) (games.KindMove, bool) {
	l := st.cur()
	s := &l.s
	m := decodeMove(code)
	if encodeMove(m) != code || m.from < 0 || int(m.from) >= numCells || m.to < 0 || int(m.to) >= numCells || m.capAs != noKind {
		return games.KindMove{}, false
	}
	var one [1]games.KindMove
	if l.Generated {
		for _, x := range l.Moves {
			if x == m {
				return appendKindMove(one[:0], &s.cells, m, false)[0], true
			}
		}
		return games.KindMove{}, false
	}
	p := s.cells[m.from]
	if p.empty() || p.army() != s.toMove {
		return games.KindMove{}, false
	}
	promotes := p.kind() == pawn && geo.inZone[s.toMove][m.to]
	if promotes != (m.as != noKind) || promotes && m.as != rook && m.as != knight && m.as != bishop {
		return games.KindMove{}, false
	}
	var dest [64]int8
	for _, to := range s.cells.destinations(int(m.from), p.kind(), s.toMove, dest[:0]) {
		if to == m.to {
			if !s.legalStep(int(m.from), int(m.to)) {
				return games.KindMove{}, false
			}
			return appendKindMove(one[:0], &s.cells, m, false)[0], true
		}
	}
	return games.KindMove{}, false
}
