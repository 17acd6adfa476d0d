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
	s := &searchState{Levels: games.NewLevels(searchLevel{})}
	l := s.Cur()
	l.pos = g.pos
	l.hash = angleHash(&g.pos)
	for _, sq := range playable {
		l.addCell(g.pos.board[sq], sq, 1)
	}
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
	pos  position
	hash uint64
	// the legal moves and whether there is any, found at most once
	games.MoveCache[move]
	// the chance outcomes of the move last expanded here
	expanded bool
	code     uint32
	outSq    []int // square each outcome's dice name; 0: nothing vanishes
	// counts and placement follow the board from level to level: pieces
	// by colour and kind, and each colour's placement score.
	counts    [2][8]int16
	placement [2]int32
}

// addCell counts pc on sq in (sign 1) or out (sign -1) of the level's
// counts and placement.
func (l *searchLevel) addCell(pc uint8, sq int, sign int) {
	if pc == empty || int(pc&15) >= len(placeScore) {
		return
	}
	c := colorOf(pc)
	l.counts[c][pc&kindMask] += int16(sign)
	l.placement[c] += int32(sign) * int32(placeScore[pc&15][sq])
}

// placeScore[piece][square] is what Positional counts for a piece there:
// minus a share of its worth in the Angle, plus its advance for a pawn or
// its centralisation for a piece other than the king. It is filled in
// init, after board.go's init has laid out playable.
var placeScore [16][mailSize]int16

func init() {
	t := &placeScore
	for pc := uint8(0); pc < 16; pc++ {
		k := pc & kindMask
		if k == empty || k >= uint8(len(riskValue)) {
			continue
		}
		for _, sq := range playable {
			v := 0
			if inAngle(sq) {
				v -= riskValue[k] * 6 / 100
			}
			switch k {
			case king:
			case pawn:
				adv := rankOf(sq) - 1
				if colorOf(pc) == 1 {
					adv = 8 - rankOf(sq)
				}
				v += 3 * adv
			default:
				f, r := fileOf(sq), rankOf(sq)
				v += 8 - (absInt(2*f-9)+absInt(2*r-9))/2
			}
			t[pc][sq] = int16(v)
		}
	}
}

type searchState struct {
	games.Levels[searchLevel]
}

func (s *searchState) cur() *searchLevel { return s.Cur() }

func (s *searchState) legal() []move {
	l := s.cur()
	return l.Legal(l.pos.generate)
}

func (s *searchState) Player() games.Player { return games.Player(s.cur().pos.side) }

// hasMove reports whether the side to move can move, stopping at the
// first piece that can (most capture-search nodes need no more).
func (s *searchState) hasMove() bool {
	l := s.cur()
	return l.HasMove(l.pos.hasMove)
}

func (s *searchState) Status() (bool, games.Player) {
	l := s.cur()
	p := &l.pos
	wk, bk := l.counts[0][king] > 0, l.counts[1][king] > 0
	switch {
	case !wk && !bk:
		return true, games.NoPlayer
	case !wk:
		return true, games.Player2
	case !bk:
		return true, games.Player1
	case !s.hasMove() || p.halfmove >= 100:
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
	l := s.cur()
	p := &l.pos
	ms := l.Moves
	if tactical && !l.Generated {
		ms = p.tacticalMoves(l.Moves[:0])
		l.Moves = ms[:0]
	} else {
		ms = s.legal()
	}
	for _, m := range ms {
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

// tacticalMoves appends the moves of generate that capture or promote
// (Moves drops an en passant whose victim is gone), generating no other.
func (p *position) tacticalMoves(ms []move) []move {
	side := p.side
	b := &p.board
	enemy := func(t uint8) bool { return t != empty && t != offBoard && colorOf(t) != side }
	for _, from := range playable {
		pc := b[from]
		if pc == empty || colorOf(pc) != side {
			continue
		}
		f8 := uint8(from)
		switch pc & kindMask {
		case pawn:
			ms = p.pawnTactics(ms, from)
		case knight:
			for _, d := range knightJump {
				if enemy(b[from+d]) {
					ms = append(ms, move{from: f8, to: uint8(from + d)})
				}
			}
		case king:
			for _, d := range allDirs {
				if enemy(b[from+d]) {
					ms = append(ms, move{from: f8, to: uint8(from + d)})
				}
			}
		case ship:
			for _, d := range allDirs {
				switch t := b[from+d]; {
				case t == empty:
					if enemy(b[from+2*d]) {
						ms = append(ms, move{from: f8, to: uint8(from + 2*d)})
					}
				case enemy(t):
					ms = append(ms, move{from: f8, to: uint8(from + d)})
				}
			}
		case bishop:
			ms = slideTactics(ms, b, from, side, bishopDirs[:])
		case rook:
			ms = slideTactics(ms, b, from, side, rookDirs[:])
		case queen:
			ms = slideTactics(ms, b, from, side, allDirs[:])
		}
	}
	return ms
}

// slideTactics is slide listing only the captures.
func slideTactics(ms []move, b *[mailSize]uint8, from int, side uint8, dirs []int) []move {
	for _, d := range dirs {
		to := from + d
		for b[to] == empty {
			to += d
		}
		if t := b[to]; t != offBoard && colorOf(t) != side {
			ms = append(ms, move{from: uint8(from), to: uint8(to)})
		}
	}
	return ms
}

// pawnTactics is pawnMoves listing only captures and promotions.
func (p *position) pawnTactics(ms []move, from int) []move {
	b := &p.board
	fwd, lastRank := north, 9
	if p.side == 1 {
		fwd, lastRank = south, 0
	}
	one := from + fwd
	promotes := rankOf(one) == lastRank
	add := func(to int) {
		if !promotes {
			ms = append(ms, move{from: uint8(from), to: uint8(to)})
			return
		}
		for _, k := range promoKinds {
			ms = append(ms, move{from: uint8(from), to: uint8(to), promo: k})
		}
	}
	if promotes && b[one] == empty {
		add(one)
	}
	for _, to := range [2]int{one + west, one + east} {
		t := b[to]
		if t != empty && t != offBoard && colorOf(t) != p.side {
			add(to)
		} else if to == p.ep && p.ep != 0 {
			ms = append(ms, move{from: uint8(from), to: uint8(to), flag: flagEnPassant})
		}
	}
	return ms
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
	l, next := s.Above()
	next.pos = l.pos
	next.pos.make(m)
	if sq != 0 {
		searchVanish(&next.pos, sq, ms)
	}
	// Hash, counts and placement follow the squares that changed.
	h := l.hash ^ stateHash(&l.pos) ^ stateHash(&next.pos)
	next.counts, next.placement = l.counts, l.placement
	var changed [16]int
	for _, sq := range games.AppendChanged(changed[:0], l.pos.board[:], next.pos.board[:]) {
		was, now := l.pos.board[sq], next.pos.board[sq]
		h ^= cellHash(was, sq) ^ cellHash(now, sq)
		next.addCell(was, sq, -1)
		next.addCell(now, sq, 1)
	}
	next.hash = h
	next.Forget()
	next.expanded = false
	s.Enter()
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

func (s *searchState) Kinds() []games.PieceKind { return searchKinds[1:] }

func (s *searchState) Counts(dst []int) []int {
	l := s.cur()
	for side := 0; side < 2; side++ {
		for k := 1; k < len(searchKinds); k++ {
			dst = append(dst, int(l.counts[side][k]))
		}
	}
	return dst
}

func (s *searchState) Owner(side games.Side) games.Player { return games.ColourOwner(side) }

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
	l := s.cur()
	me := l.pos.side
	return int(l.placement[me]-l.placement[me^1]) + 10
}

// Clock is the fifty-move count, which a vanishing restarts too
// (games.ProgressClock).
func (s *searchState) Clock() (int, int) { return s.cur().pos.halfmove, 100 }

func absInt(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func angleHash(p *position) uint64 {
	var h uint64
	for _, sq := range playable {
		h ^= cellHash(p.board[sq], sq)
	}
	return h ^ stateHash(p)
}

// cellHash is pc's key on square sq, 0 for an empty square.
func cellHash(pc uint8, sq int) uint64 {
	if pc == empty {
		return 0
	}
	return angleZobrist[pc&15][playIndex[sq]]
}

// stateHash is the key of everything but the board.
func stateHash(p *position) uint64 {
	h := angleZobristCastle[p.castle&15]
	if p.side == 1 {
		h ^= angleZobristSide
	}
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
	// playIndex numbers the playable squares from 0, by mailbox square.
	playIndex [mailSize]int
)

func init() {
	next := games.ZobristKeys(0x9e3779b97f4a7c15)
	for i := range angleZobrist {
		games.FillKeys(angleZobrist[i][:], next)
	}
	games.FillKeys(angleZobristCastle[:], next)
	games.FillKeys(angleZobristEP[:], next)
	angleZobristSide = next()
	for i, sq := range playable {
		playIndex[sq] = i
	}
}

// InCheck says whether the side to move's king stands attacked
// (games.Tactical): there is no check rule, but a king taken loses the
// game. There is no pass (games.Passer): every move may roll the dice
// (the BCAF), which a pass would skip.
func (s *searchState) InCheck() bool {
	p := &s.cur().pos
	k := p.kingSquare(p.side)
	return k != 0 && p.attacked(k, p.side^1)
}
