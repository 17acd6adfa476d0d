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
	return newSearchState[bcState](g.bcState), true
}

// SearchState starts a fast-path state at the current position.
func (g *spGame) SearchState() (games.SearchState, bool) {
	return newSearchState[spState](g.spState), true
}

// searchRules is what the fast path needs of a rules state beyond
// generate and apply.
type searchRules interface {
	generate(out []move) []move
	apply(m move)
	board() *layout
	acting() games.Player
	// ended judges the position given whether a move is left; repetition
	// is left to the caller.
	ended(hasMove bool) (bool, games.Player)
	extraHash() uint64
	owner(army int) games.Player
}

func (s *bcState) board() *layout           { return &s.cells }
func (s *bcState) acting() games.Player     { return games.Player(s.toMove) }
func (s *bcState) extraHash() uint64        { return zobristArmy[s.toMove] }
func (s *bcState) owner(a int) games.Player { return games.Player(a) }
func (s *bcState) ended(hasMove bool) (bool, games.Player) {
	switch {
	case !hasMove && s.inCheck(s.toMove):
		return true, games.Player(1 - s.toMove)
	case !hasMove || s.clock >= fiftyMovePlies:
		return true, games.NoPlayer
	}
	return false, games.NoPlayer
}

func (s *spState) board() *layout       { return &s.cells }
func (s *spState) acting() games.Player { return s.toMove }
func (s *spState) extraHash() uint64 {
	return zobristArmy[int(s.toMove)] ^ zobristBarred[s.last+1]
}
func (s *spState) owner(int) games.Player { return games.NoPlayer }
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
	s         S
	hash      uint64
	moves     []move
	generated bool
}

type searchState[S any, P interface {
	*S
	searchRules
}] struct {
	stack []searchLevel[S]
	top   int
}

func newSearchState[S any, P interface {
	*S
	searchRules
}](s S) *searchState[S, P] {
	st := &searchState[S, P]{stack: make([]searchLevel[S], 1, 64)}
	st.stack[0].s = s
	st.stack[0].hash = berylHash(P(&st.stack[0].s))
	return st
}

func (st *searchState[S, P]) cur() *searchLevel[S] { return &st.stack[st.top] }
func (st *searchState[S, P]) rules() P             { return P(&st.stack[st.top].s) }

func (st *searchState[S, P]) legal() []move {
	l := st.cur()
	if !l.generated {
		l.moves = P(&l.s).generate(l.moves[:0])
		l.generated = true
	}
	return l.moves
}

func (st *searchState[S, P]) Player() games.Player { return st.rules().acting() }

func (st *searchState[S, P]) Status() (bool, games.Player) {
	return st.rules().ended(len(st.legal()) > 0)
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
	for _, m := range st.legal() {
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

func (st *searchState[S, P]) Expand(_ games.SearchMove, probs []float64) []float64 {
	return append(probs, 1)
}

func (st *searchState[S, P]) Push(sm games.SearchMove, _ int) {
	if st.top+1 == len(st.stack) {
		st.stack = append(st.stack, searchLevel[S]{})
	}
	next := &st.stack[st.top+1]
	next.s = st.stack[st.top].s
	P(&next.s).apply(decodeMove(sm.Code))
	next.hash = berylHash(P(&next.s))
	next.generated = false
	st.top++
}

func (st *searchState[S, P]) Pop() {
	if st.top > 0 {
		st.top--
	}
}

var berylKinds = []games.PieceKind{games.Pawn, games.Knight, games.Bishop, games.Rook, games.King, games.Schrodinger}

func (st *searchState[S, P]) Kinds() []games.PieceKind { return berylKinds }

func (st *searchState[S, P]) Counts(dst []int) []int {
	var c [3][8]int
	for _, p := range st.rules().board() {
		if !p.empty() {
			c[p.army()][p.kind()]++
		}
	}
	for a := 0; a < 3; a++ {
		dst = append(dst, c[a][pawn:undecided+1]...)
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

func berylHash(r searchRules) uint64 {
	h := r.extraHash()
	for i, p := range r.board() {
		if !p.empty() {
			h ^= zobristCell[p&31][i]
		}
	}
	return h
}

var (
	zobristCell   [32][numCells]uint64
	zobristArmy   [3]uint64
	zobristBarred [4]uint64
)

func init() {
	x := uint64(0x51af3c2d7e9b1a05)
	next := func() uint64 { // splitmix64
		x += 0x9e3779b97f4a7c15
		z := x
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		return z ^ z>>31
	}
	for i := range zobristCell {
		for j := range zobristCell[i] {
			zobristCell[i][j] = next()
		}
	}
	for i := range zobristArmy {
		zobristArmy[i] = next()
	}
	for i := range zobristBarred {
		zobristBarred[i] = next()
	}
}
