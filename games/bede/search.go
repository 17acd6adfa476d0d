package bede

import "github.com/bermudachess/bermuda/games"

// The search fast path (games.Searchable): copy-make of the position on a
// stack, legal moves generated once per position, and a Zobrist hash of
// the board, the side to move, what each Jester copies and escalation.

var _ games.Searchable = (*game)(nil)

// SearchState starts a fast-path state at the current position.
func (g *game) SearchState() (games.SearchState, bool) {
	s := &searchState{stack: make([]searchLevel, 1, 64)}
	s.stack[0].pos = g.pos
	s.stack[0].hash = bedeHash(&g.pos)
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
		l.moves = l.pos.legalMoves(l.moves[:0])
		l.generated = true
	}
	return l.moves
}

func (s *searchState) Player() games.Player { return games.Player(s.cur().pos.side) }

// Status follows judge: mate, stalemate and the fifty-move rule
// (repetition is the caller's).
func (s *searchState) Status() (bool, games.Player) {
	p := &s.cur().pos
	switch {
	case len(s.legal()) == 0 && p.inCheck():
		return true, games.Player(1 - p.side)
	case len(s.legal()) == 0 || p.clock >= 100:
		return true, games.NoPlayer
	}
	return false, games.NoPlayer
}

func (s *searchState) Hash() uint64 { return s.cur().hash }

var bedeKinds = [9]games.PieceKind{"", games.Pawn, games.Squire, games.Bede, games.Chancellor, games.Zebra, games.Queen, games.King, games.Jester}

func (s *searchState) Moves(buf []games.SearchMove, tactical bool) []games.SearchMove {
	p := &s.cur().pos
	for _, m := range s.legal() {
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

func (s *searchState) Expand(_ games.SearchMove, probs []float64) []float64 {
	return append(probs, 1)
}

func (s *searchState) Push(sm games.SearchMove, _ int) {
	if s.top+1 == len(s.stack) {
		s.stack = append(s.stack, searchLevel{})
	}
	next := &s.stack[s.top+1]
	next.pos = s.stack[s.top].pos
	next.pos.play(move(sm.Code))
	next.hash = bedeHash(&next.pos)
	next.generated = false
	s.top++
}

func (s *searchState) Pop() {
	if s.top > 0 {
		s.top--
	}
}

func (s *searchState) Kinds() []games.PieceKind { return bedeKinds[1:] }

func (s *searchState) Counts(dst []int) []int {
	var c [2][9]int
	for _, pc := range s.cur().pos.board {
		if pc != 0 {
			c[sideOf(pc)][kindOf(pc)]++
		}
	}
	for side := 0; side < 2; side++ {
		dst = append(dst, c[side][pawn:jester+1]...)
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
	return games.Move{Notation: notation(move(sm.Code)), Side: games.Side(s.cur().pos.side)}
}

// Positional is only the tempo: Bede's pieces are judged by the search.
func (s *searchState) Positional() int { return 10 }

func bedeHash(p *position) uint64 {
	var h uint64
	for sq, pc := range p.board {
		if pc != 0 {
			h ^= bedeZobrist[pc&31][sq]
		}
	}
	if p.side == 1 {
		h ^= bedeZobristSide
	}
	h ^= bedeZobristCopies[0][p.copies&15] ^ bedeZobristCopies[1][p.enemyCopies&15]
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
	x := uint64(0x3c6ef372fe94f82b)
	next := func() uint64 { // splitmix64
		x += 0x9e3779b97f4a7c15
		z := x
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		return z ^ z>>31
	}
	for i := range bedeZobrist {
		for j := range bedeZobrist[i] {
			bedeZobrist[i][j] = next()
		}
	}
	for i := range bedeZobristCopies {
		for j := range bedeZobristCopies[i] {
			bedeZobristCopies[i][j] = next()
		}
	}
	bedeZobristSide = next()
	bedeZobristEscalated = next()
}
