package bermuda

import "github.com/bermudachess/bermuda/games"

// The search fast path (games.Searchable): copy-make of the position on a
// stack, moves generated once per position, and a Zobrist hash.

var _ games.Searchable = (*game)(nil)

// SearchState starts a fast-path state at the current position.
func (g *game) SearchState() (games.SearchState, bool) {
	s := &searchState{Levels: games.NewLevels(searchLevel{})}
	l := s.Cur()
	l.pos = g.pos
	l.hash = bermudaHash(&g.pos)
	for sq, pc := range g.pos.sq {
		l.addCell(pc, sq, 1)
	}
	return s, true
}

type searchLevel struct {
	pos  position
	hash uint64
	// the legal moves and whether there is any, found at most once
	games.MoveCache[move]
	// counts and place follow the board from level to level: pieces by
	// colour and kind, and each colour's placement score.
	counts [2][8]int16
	place  [2]int32
}

// addCell counts pc on sq in (sign 1) or out (sign -1) of the level's
// counts and placement scores.
func (l *searchLevel) addCell(pc piece, sq int, sign int) {
	if pc == empty {
		return
	}
	c := pc.color()
	l.counts[c][pc.kind()] += int16(sign)
	l.place[c] += int32(sign) * int32(placeScore[pc&15][sq])
}

type searchState struct {
	games.Levels[searchLevel]
	games.NoChance
}

func (s *searchState) cur() *searchLevel { return s.Cur() }

func (s *searchState) legal() []move {
	l := s.cur()
	return l.Legal(l.pos.generate)
}

// hasMove reports whether the side to move can move, stopping at the
// first piece that can (most capture-search nodes need no more).
func (s *searchState) hasMove() bool {
	l := s.cur()
	return l.HasMove(l.pos.hasMove)
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
	if !s.hasMove() {
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

func (s *searchState) Push(sm games.SearchMove, _ int) {
	prev, next := s.Above()
	next.pos = prev.pos
	next.pos.play(decodeMove(sm.Code), nil)
	// Hash, counts and placement follow the cells the move changed.
	next.counts, next.place = prev.counts, prev.place
	h := prev.hash ^ stateHash(&prev.pos) ^ stateHash(&next.pos)
	var changed [16]int
	for _, sq := range games.AppendChanged(changed[:0], prev.pos.sq[:], next.pos.sq[:]) {
		was, now := prev.pos.sq[sq], next.pos.sq[sq]
		h ^= cellHash(was, sq) ^ cellHash(now, sq)
		next.addCell(was, sq, -1)
		next.addCell(now, sq, 1)
	}
	next.hash = h
	next.Forget()
	s.Enter()
}

func (s *searchState) Kinds() []games.PieceKind { return bermudaKinds[1:] }

func (s *searchState) Counts(dst []int) []int {
	l := s.cur()
	for side := 0; side < 2; side++ {
		for k := pawn; k <= king; k++ {
			dst = append(dst, int(l.counts[side][k]))
		}
	}
	return dst
}

func (s *searchState) Owner(side games.Side) games.Player { return games.ColourOwner(side) }

func (s *searchState) Move(sm games.SearchMove) games.Move {
	return games.Move{Notation: notationOf(decodeMove(sm.Code)), Side: games.Side(s.cur().pos.toMove)}
}

// Positional rewards centralised minor pieces and advanced pawns on either
// board (each in its own frame), for the player to act.
func (s *searchState) Positional() int {
	l := s.cur()
	me := l.pos.toMove
	return int(l.place[me]-l.place[1-me]) + 10
}

// Clock is the fifty-move count (games.ProgressClock).
func (s *searchState) Clock() (int, int) { return s.cur().pos.halfmove, 100 }

// placeScore[piece][square] is what Positional counts for a piece there.
var placeScore = func() (t [16][numSquares]int8) {
	for pc := piece(0); pc < 16; pc++ {
		for sq := 0; sq < numSquares; sq++ {
			i := sq & 63
			f, r := i&7, i>>3
			switch pc.kind() {
			case knight, bishop:
				t[pc][sq] = int8(6 - (absInt(2*f-7)+absInt(2*r-7))/2)
			case pawn:
				adv := r - 1
				if pc.color() == black {
					adv = 6 - r
				}
				t[pc][sq] = int8(4 * adv)
			}
		}
	}
	return t
}()

func absInt(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func bermudaHash(p *position) uint64 {
	var h uint64
	for sq, pc := range p.sq {
		h ^= cellHash(pc, sq)
	}
	return h ^ stateHash(p)
}

// cellHash is pc's key on sq, 0 for an empty square.
func cellHash(pc piece, sq int) uint64 {
	if pc == empty {
		return 0
	}
	return bermudaZobrist[pc&15][sq]
}

// stateHash is the key of everything but the board.
func stateHash(p *position) uint64 {
	h := bermudaZobristCastle[p.castle]
	if p.toMove == black {
		h ^= bermudaZobristSide
	}
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
	next := games.ZobristKeys(0x7f4a7c159e3779b9)
	for i := range bermudaZobrist {
		games.FillKeys(bermudaZobrist[i][:], next)
	}
	games.FillKeys(bermudaZobristCastle[:], next)
	games.FillKeys(bermudaZobristEP[:], next)
	bermudaZobristSide = next()
}
