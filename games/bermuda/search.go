package bermuda

import "github.com/bermudachess/bermuda/games"

// The search fast path (games.Searchable): copy-make of the position on a
// stack, moves generated once per position, and a Zobrist hash.

var _ games.Searchable = (*game)(nil)

// SearchState starts a fast-path state at the current position.
func (g *game) SearchState() (games.SearchState, bool) {
	s := &searchState{stack: make([]searchLevel, 1, 64)}
	s.stack[0].pos = g.pos
	s.stack[0].hash = bermudaHash(&g.pos)
	return s, true
}

type searchLevel struct {
	pos       position
	hash      uint64
	moves     []move
	generated bool
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

func (s *searchState) Player() games.Player { return games.Player(s.cur().pos.toMove) }

// Status follows judge: no king left or no legal move loses; a hundred
// plies without capture or pawn move draw (repetition is the caller's).
func (s *searchState) Status() (bool, games.Player) {
	p := &s.cur().pos
	for c := 0; c < 2; c++ {
		if p.kingsOf(c) == 0 {
			return true, games.Player(1 - c)
		}
	}
	if len(s.legal()) == 0 {
		return true, games.Player(1 - p.toMove)
	}
	if p.halfmove >= 100 {
		return true, games.NoPlayer
	}
	return false, games.NoPlayer
}

func (s *searchState) Hash() uint64 { return s.cur().hash }

var bermudaKinds = [7]games.PieceKind{"", games.Pawn, games.Knight, games.Bishop, games.Rook, games.Queen, games.King}

func encodeMove(m move) uint32 {
	return uint32(m.from) | uint32(m.to)<<8 | uint32(m.kind)<<16 | uint32(m.promo)<<20
}

func decodeMove(c uint32) move {
	return move{from: uint8(c), to: uint8(c >> 8), kind: moveKind(c>>16) & 15, promo: piece(c>>20) & 15}
}

func (s *searchState) Moves(buf []games.SearchMove, tactical bool) []games.SearchMove {
	p := &s.cur().pos
	for _, m := range s.legal() {
		var victim piece
		switch {
		case m.kind == enPassant:
			victim = pawn
		case p.sq[m.to] != empty && p.sq[m.to].color() != p.toMove:
			victim = p.sq[m.to].kind()
		}
		if tactical && victim == empty && m.promo == 0 {
			continue
		}
		sm := games.SearchMove{Code: encodeMove(m)}
		if victim != empty {
			sm.Victim = bermudaKinds[victim]
		}
		if m.promo != 0 {
			sm.Promotion = bermudaKinds[m.promo.kind()]
		}
		buf = append(buf, sm)
	}
	return buf
}

func (s *searchState) Expand(_ games.SearchMove, probs []float64) []float64 {
	return append(probs, 1)
}

func (s *searchState) Push(sm games.SearchMove, _ int) {
	if s.top+1 == len(s.stack) {
		s.stack = append(s.stack, searchLevel{})
	}
	next := &s.stack[s.top+1]
	next.pos = s.stack[s.top].pos
	next.pos.play(decodeMove(sm.Code), nil)
	next.hash = bermudaHash(&next.pos)
	next.generated = false
	s.top++
}

func (s *searchState) Pop() {
	if s.top > 0 {
		s.top--
	}
}

func (s *searchState) Kinds() []games.PieceKind { return bermudaKinds[1:] }

func (s *searchState) Counts(dst []int) []int {
	var c [2][8]int
	for _, p := range s.cur().pos.sq {
		if p != empty {
			c[p.color()][p.kind()]++
		}
	}
	for side := 0; side < 2; side++ {
		dst = append(dst, c[side][pawn:king+1]...)
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
	return games.Move{Notation: notationOf(decodeMove(sm.Code)), Side: games.Side(s.cur().pos.toMove)}
}

// Positional rewards centralised minor pieces and advanced pawns on either
// board (each in its own frame), for the player to act.
func (s *searchState) Positional() int {
	p := &s.cur().pos
	var score [2]int
	for sq, pc := range p.sq {
		if pc == empty {
			continue
		}
		i := sq & 63
		f, r := i&7, i>>3
		c := pc.color()
		switch pc.kind() {
		case knight, bishop:
			score[c] += 6 - (absInt(2*f-7)+absInt(2*r-7))/2
		case pawn:
			adv := r - 1
			if c == black {
				adv = 6 - r
			}
			score[c] += 4 * adv
		}
	}
	me := p.toMove
	return score[me] - score[1-me] + 10
}

func absInt(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func bermudaHash(p *position) uint64 {
	var h uint64
	for sq, pc := range p.sq {
		if pc != empty {
			h ^= bermudaZobrist[pc&15][sq]
		}
	}
	if p.toMove == black {
		h ^= bermudaZobristSide
	}
	h ^= bermudaZobristCastle[p.castle]
	if p.ep >= 0 {
		h ^= bermudaZobristEP[p.ep&127]
	}
	return h
}

var (
	bermudaZobrist       [16][numSquares]uint64
	bermudaZobristCastle [256]uint64
	bermudaZobristEP     [numSquares]uint64
	bermudaZobristSide   uint64
)

func init() {
	x := uint64(0x7f4a7c159e3779b9)
	next := func() uint64 { // splitmix64
		x += 0x9e3779b97f4a7c15
		z := x
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		return z ^ z>>31
	}
	for i := range bermudaZobrist {
		for j := range bermudaZobrist[i] {
			bermudaZobrist[i][j] = next()
		}
	}
	for i := range bermudaZobristCastle {
		bermudaZobristCastle[i] = next()
	}
	for i := range bermudaZobristEP {
		bermudaZobristEP[i] = next()
	}
	bermudaZobristSide = next()
}
