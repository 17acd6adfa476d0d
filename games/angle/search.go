package angle

import "github.com/bermudachess/bermuda/games"

// The search fast path (games.Searchable): copy-make on a stack, moves into
// a buffer, a Zobrist hash, and the Angle Factor as chance outcomes. Of the
// 36 squares the dice can name, those where nothing would vanish make one
// outcome; squares whose effect is the same (a mover vanishing because its
// path crossed an empty square) make one outcome too.

var _ games.Searchable = (*Game)(nil)

// SearchState starts a fast-path state at the current position.
func (g *Game) SearchState() (games.SearchState, bool) {
	s := &searchState{stack: make([]searchLevel, 1, 64)}
	s.stack[0].pos = g.pos
	s.stack[0].hash = angleHash(&g.pos)
	return s, true
}

// sMover is a piece that just moved and the path it took, without
// allocating: a line from..to by step, a knight's two squares, or a fixed
// castling path.
type sMover struct {
	at, from, to, step int
	knight             bool
	path               []int
}

func (m *sMover) contains(sq int) bool {
	switch {
	case m.path != nil:
		for _, s := range m.path {
			if s == sq {
				return true
			}
		}
		return false
	case m.knight:
		return sq == m.from || sq == m.to
	}
	for s := m.from; ; s += m.step {
		if s == sq {
			return true
		}
		if s == m.to {
			return false
		}
	}
}

func (m *sMover) touchesAngle() bool {
	switch {
	case m.path != nil:
		for _, s := range m.path {
			if inAngle(s) {
				return true
			}
		}
		return false
	case m.knight:
		return inAngle(m.from) || inAngle(m.to)
	}
	for s := m.from; ; s += m.step {
		if inAngle(s) {
			return true
		}
		if s == m.to {
			return false
		}
	}
}

// searchMovers is movers without allocation (p before the move).
func searchMovers(p *position, m move, out *[2]sMover) []sMover {
	from, to := int(m.from), int(m.to)
	switch {
	case m.flag == flagCastleKingside || m.flag == flagCastleQueenside:
		c := p.castlingOf(m)
		out[0] = sMover{at: c.kingTo, path: c.kingPath}
		out[1] = sMover{at: c.rookTo, path: c.rookPath}
		return out[:2]
	case p.board[from]&kindMask == knight:
		out[0] = sMover{at: to, from: from, to: to, knight: true}
		return out[:1]
	}
	step := sign(rankOf(to)-rankOf(from))*mailWidth + sign(fileOf(to)-fileOf(from))
	out[0] = sMover{at: to, from: from, to: to, step: step}
	return out[:1]
}

type searchLevel struct {
	pos       position
	hash      uint64
	moves     []move
	generated bool
	// the chance outcomes of the move last expanded here
	expanded bool
	code     uint32
	outSq    []int // square each outcome's dice name; 0: nothing vanishes
	// one scan of the board gives kings, counts and placement
	summarized bool
	hasKing    [2]bool
	counts     [2][8]int
	placement  [2]int
}

// summary scans the board once per position for Status, Counts and
// Positional.
func (s *searchState) summary() *searchLevel {
	l := s.cur()
	if l.summarized {
		return l
	}
	l.hasKing = [2]bool{}
	l.counts = [2][8]int{}
	l.placement = [2]int{}
	for _, sq := range playable {
		pc := l.pos.board[sq]
		if pc == empty {
			continue
		}
		c := colorOf(pc)
		k := pc & kindMask
		l.counts[c][k]++
		if k == king {
			l.hasKing[c] = true
		}
		if inAngle(sq) {
			l.placement[c] -= riskValue[k] * 6 / 100
		}
		switch k {
		case king:
		case pawn:
			adv := rankOf(sq) - 1
			if c == 1 {
				adv = 8 - rankOf(sq)
			}
			l.placement[c] += 3 * adv
		default:
			f, r := fileOf(sq), rankOf(sq)
			l.placement[c] += 8 - (absInt(2*f-9)+absInt(2*r-9))/2
		}
	}
	l.summarized = true
	return l
}

type searchState struct {
	stack []searchLevel
	top   int
}

func (s *searchState) cur() *searchLevel { return &s.stack[s.top] }

func (s *searchState) legal() []move {
	l := s.cur()
	if !l.generated {
		l.moves = l.pos.generate(l.moves[:0])
		l.generated = true
	}
	return l.moves
}

func (s *searchState) Player() games.Player { return games.Player(s.cur().pos.side) }

func (s *searchState) Status() (bool, games.Player) {
	l := s.summary()
	p := &l.pos
	wk, bk := l.hasKing[0], l.hasKing[1]
	switch {
	case !wk && !bk:
		return true, games.NoPlayer
	case !wk:
		return true, games.Player2
	case !bk:
		return true, games.Player1
	case len(s.legal()) == 0 || p.halfmove >= 100:
		return true, games.NoPlayer
	}
	return false, games.NoPlayer
}

func (s *searchState) Hash() uint64 { return s.cur().hash }

var searchKinds = [8]games.PieceKind{"", games.Pawn, games.Knight, games.Bishop, games.Rook, games.Queen, games.King, games.Ship}

func encode(m move) uint32 {
	return uint32(m.from) | uint32(m.to)<<8 | uint32(m.flag)<<16 | uint32(m.promo)<<20
}

func decode(c uint32) move {
	return move{from: uint8(c), to: uint8(c >> 8), flag: uint8(c>>16) & 15, promo: uint8(c>>20) & 15}
}

func (s *searchState) Moves(buf []games.SearchMove, tactical bool) []games.SearchMove {
	p := &s.cur().pos
	for _, m := range s.legal() {
		v := captured(p, m)
		if tactical && v == empty && m.promo == 0 {
			continue
		}
		sm := games.SearchMove{Code: encode(m)}
		if v != empty {
			sm.Victim = searchKinds[v&kindMask]
		}
		if m.promo != 0 {
			sm.Promotion = searchKinds[m.promo]
		}
		buf = append(buf, sm)
	}
	return buf
}

// Expand lists the outcomes of the Angle Factor after m.
func (s *searchState) Expand(sm games.SearchMove, probs []float64) []float64 {
	l := s.cur()
	m := decode(sm.Code)
	var buf [2]sMover
	ms := searchMovers(&l.pos, m, &buf)
	after := l.pos
	after.make(m)
	l.expanded, l.code, l.outSq = true, sm.Code, l.outSq[:0]
	if !triggered(&after, ms) {
		l.outSq = append(l.outSq, 0)
		return append(probs, 1)
	}
	// Effects: the piece standing on the square, and which movers whose
	// path holds it vanish. Squares with no effect share one outcome, and
	// so do empty squares that take the same movers.
	nothing := 0
	var pathOnly [4]int // representative square by mover mask (1..3)
	var pathCount [4]int
	start := len(probs)
	l.outSq = append(l.outSq, 0)
	probs = append(probs, 0)
	for _, sq := range angleSquares {
		mask := 0
		for i := range ms {
			if ms[i].at != sq && after.board[ms[i].at] != empty && ms[i].contains(sq) {
				mask |= 1 << i
			}
		}
		switch {
		case after.board[sq] != empty:
			l.outSq = append(l.outSq, sq)
			probs = append(probs, 1.0/36)
		case mask == 0:
			nothing++
		default:
			if pathCount[mask] == 0 {
				pathOnly[mask] = sq
			}
			pathCount[mask]++
		}
	}
	for mask := 1; mask < 4; mask++ {
		if pathCount[mask] > 0 {
			l.outSq = append(l.outSq, pathOnly[mask])
			probs = append(probs, float64(pathCount[mask])/36)
		}
	}
	probs[start] = float64(nothing) / 36
	if nothing == 0 {
		// every square names something: drop the empty outcome
		copy(probs[start:], probs[start+1:])
		probs = probs[:len(probs)-1]
		l.outSq = append(l.outSq[:0], l.outSq[1:]...)
	}
	// likeliest first
	for i := 1; i < len(l.outSq); i++ {
		for j := i; j > 0 && probs[start+j] > probs[start+j-1]; j-- {
			probs[start+j], probs[start+j-1] = probs[start+j-1], probs[start+j]
			l.outSq[j], l.outSq[j-1] = l.outSq[j-1], l.outSq[j]
		}
	}
	return probs
}

// triggered is triggerReason != "" without building the sentence.
func triggered(after *position, ms []sMover) bool {
	for i := range ms {
		if ms[i].touchesAngle() {
			return true
		}
	}
	for _, sq := range angleSquares {
		if after.board[sq] != empty {
			return true
		}
	}
	return false
}

// angleSquares lists the 36 squares the dice can name. It is filled in init,
// after board.go's init has laid out playable.
var angleSquares []int

func init() {
	for _, sq := range playable {
		if inAngle(sq) {
			angleSquares = append(angleSquares, sq)
		}
	}
}

func (s *searchState) Push(sm games.SearchMove, outcome int) {
	l := s.cur()
	if !l.expanded || l.code != sm.Code {
		s.Expand(sm, nil)
	}
	sq := 0
	if outcome >= 0 && outcome < len(l.outSq) {
		sq = l.outSq[outcome]
	}
	m := decode(sm.Code)
	var buf [2]sMover
	ms := searchMovers(&l.pos, m, &buf)
	if s.top+1 == len(s.stack) {
		s.stack = append(s.stack, searchLevel{})
	}
	next := &s.stack[s.top+1]
	next.pos = l.pos
	next.pos.make(m)
	if sq != 0 {
		searchVanish(&next.pos, sq, ms)
	}
	next.hash = angleHash(&next.pos)
	next.generated, next.expanded, next.summarized = false, false, false
	s.top++
}

// searchVanish is position.vanish for sMovers.
func searchVanish(p *position, sq int, ms []sMover) {
	var gone [3]int
	n := 0
	if p.board[sq] != empty {
		gone[n] = sq
		n++
	}
	for i := range ms {
		if ms[i].at == sq || p.board[ms[i].at] == empty {
			continue
		}
		if ms[i].contains(sq) {
			gone[n] = ms[i].at
			n++
		}
	}
	for _, at := range gone[:n] {
		p.board[at] = empty
		p.castle &= castleKeep[at]
	}
	if p.ep != 0 && p.board[epVictim(p.ep, p.side)] != pawn|(p.side^1)<<3 {
		p.ep = 0
	}
}

func (s *searchState) Pop() {
	if s.top > 0 {
		s.top--
	}
}

func (s *searchState) Kinds() []games.PieceKind { return searchKinds[1:] }

func (s *searchState) Counts(dst []int) []int {
	l := s.summary()
	for side := 0; side < 2; side++ {
		dst = append(dst, l.counts[side][1:]...)
	}
	return dst
}

func (s *searchState) Owner(side games.Side) games.Player {
	if side == games.White || side == games.Black {
		return games.Player(side)
	}
	return games.NoPlayer
}

func (s *searchState) Move(sm games.SearchMove) games.Move {
	l := s.cur()
	return describe(&l.pos, []move{decode(sm.Code)})[0]
}

// riskValue is what a piece is worth for the risk of standing in the Angle,
// in hundredths of a pawn: the king's loss is the game's.
var riskValue = [8]int{0, 100, 310, 330, 500, 950, 5000, 420}

// Positional is, for the player to act, the expected loss of standing in
// the Angle (a share of each piece's value there, the king's worth the
// game) and a little centralisation, minus the opponent's.
func (s *searchState) Positional() int {
	l := s.summary()
	me := l.pos.side
	return l.placement[me] - l.placement[me^1] + 10
}

func absInt(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func angleHash(p *position) uint64 {
	var h uint64
	for i, sq := range playable {
		if pc := p.board[sq]; pc != empty {
			h ^= angleZobrist[pc&15][i]
		}
	}
	if p.side == 1 {
		h ^= angleZobristSide
	}
	h ^= angleZobristCastle[p.castle&15]
	if p.ep != 0 {
		h ^= angleZobristEP[p.ep%mailWidth]
	}
	return h
}

var (
	angleZobrist       [16][files * ranks]uint64
	angleZobristCastle [16]uint64
	angleZobristEP     [mailWidth]uint64
	angleZobristSide   uint64
)

func init() {
	x := uint64(0x9e3779b97f4a7c15)
	next := func() uint64 { // splitmix64
		x += 0x9e3779b97f4a7c15
		z := x
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		return z ^ z>>31
	}
	for i := range angleZobrist {
		for j := range angleZobrist[i] {
			angleZobrist[i][j] = next()
		}
	}
	for i := range angleZobristCastle {
		angleZobristCastle[i] = next()
	}
	for i := range angleZobristEP {
		angleZobristEP[i] = next()
	}
	angleZobristSide = next()
}
