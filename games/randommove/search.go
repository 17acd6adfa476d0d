package randommove

import (
	"github.com/bermudachess/bermuda/games"
	"github.com/bermudachess/bermuda/games/chess"
)

// The search fast path (games.Searchable): the chess fast path for the
// board, and the turn (who plays which colour, moves left, the throws'
// streaks) as a small value per level. The throw that starts the next turn
// is the chance: Expand replays the end of the turn once per face, as Play
// does, chaining throws after a lost turn or a switch of sides up to
// maxChainedThrows (past that, the die shows 3, as games.RollOutcomes
// does), and merges faces that lead to the same state.

var _ games.Searchable = (*Game)(nil)

const maxChainedThrows = 3

// middleFace names the faces 2–5 by 2. They share one row of the throw
// table, so a streak of 3s and a streak of 4s of the same length have the
// same future: exactly one face of the next throw extends either. Naming
// them alike lets Expand merge the faces that give one move, and the table
// share their positions, without changing any outcome's probability.
func middleFace(f int8) int8 {
	if f >= 2 && f <= 5 {
		return 2
	}
	return f
}

// turnState is what Play keeps beyond the board, reduced to what decides
// the future: the last face and its run for each player.
type turnState struct {
	colour [2]games.Side
	last   [2]int8
	run    [2]int8
	begun  int8 // turns begun, capped at 3: only the first two are plain
	left   int8 // moves left in this turn
	over   bool
	winner games.Player
	pushes int8 // board pushes this level made on top of the previous one
}

// SearchState starts a fast-path state; a loaded position whose throw is
// due is left to Game.
func (g *Game) SearchState() (games.SearchState, bool) {
	if g.throwDue() {
		return nil, false
	}
	ts := turnState{colour: g.colour, begun: int8(min(g.turnsBegun, 3)), left: int8(g.movesLeft), winner: games.NoPlayer}
	for p := range ts.last {
		if h := g.history[p]; len(h) > 0 {
			ts.last[p] = middleFace(int8(h[len(h)-1]))
			ts.run[p] = int8(min(runLength(h), 7))
		}
	}
	if g.outcome.Over {
		ts.over, ts.winner = true, g.outcome.Winner
	}
	return &searchState{board: g.board.TurnBoard(), turns: []turnState{ts}}, true
}

type searchState struct {
	board chess.TurnBoard
	turns []turnState // one per level
	// outcomes of the move last expanded, per level: the faces to replay
	faces [][][maxChainedThrows]int8
	code  []uint32
	// seen holds the hash of each outcome Expand has listed so far.
	seen []uint64
}

func (s *searchState) cur() *turnState { return &s.turns[len(s.turns)-1] }

func (s *searchState) toAct() games.Player {
	t := s.cur()
	if t.colour[games.Player1] == s.board.SideToMove() {
		return games.Player1
	}
	return games.Player2
}

func (s *searchState) Player() games.Player { return s.toAct() }

func (s *searchState) Status() (bool, games.Player) {
	t := s.cur()
	if t.over {
		return true, t.winner
	}
	return false, games.NoPlayer
}

func (s *searchState) Hash() uint64 {
	t := s.cur()
	h := s.board.Hash()
	if t.colour[games.Player1] != games.White {
		h ^= rmZobristSwap
	}
	h ^= rmZobristLeft[t.left&7]
	for p := 0; p < 2; p++ {
		h ^= rmZobristRun[p][t.last[p]&7][t.run[p]&7]
	}
	return h
}

func (s *searchState) Moves(buf []games.SearchMove, tactical bool) []games.SearchMove {
	if s.cur().over {
		return buf
	}
	return s.board.Moves(buf, tactical)
}

// Expand lists the distinct ends of m's turn: one when the turn goes on,
// otherwise one per face (and chained face) of the next throw.
func (s *searchState) Expand(sm games.SearchMove, probs []float64) []float64 {
	depth := len(s.turns) - 1
	for len(s.faces) <= depth {
		s.faces = append(s.faces, nil)
		s.code = append(s.code, 0)
	}
	s.faces[depth] = s.faces[depth][:0]
	s.code[depth] = sm.Code
	start := len(probs)
	s.seen = s.seen[:0]
	var walk func(prefix [maxChainedThrows]int8, n int, prob float64)
	walk = func(prefix [maxChainedThrows]int8, n int, prob float64) {
		used := s.play(sm, prefix, n)
		h := s.Hash()
		s.Pop()
		p := prob
		for i := n; i < used && i < maxChainedThrows; i++ {
			p /= 6
		}
		if i := indexOf(s.seen, h); i >= 0 {
			probs[start+i] += p
		} else {
			s.seen = append(s.seen, h)
			s.faces[depth] = append(s.faces[depth], withOnes(prefix, n, used))
			probs = append(probs, p)
		}
		for i := n; i < used && i < maxChainedThrows; i++ {
			q := prob
			for j := n; j <= i; j++ {
				q /= 6
			}
			for f := int8(2); f <= 6; f++ {
				next := withOnes(prefix, n, i)
				next[i] = f
				walk(next, i+1, q)
			}
		}
	}
	walk([maxChainedThrows]int8{}, 0, 1)
	// likeliest first
	fs := s.faces[depth]
	for i := 1; i < len(fs); i++ {
		for j := i; j > 0 && probs[start+j] > probs[start+j-1]; j-- {
			probs[start+j], probs[start+j-1] = probs[start+j-1], probs[start+j]
			fs[j], fs[j-1] = fs[j-1], fs[j]
		}
	}
	return probs
}

// indexOf is the index of h in hs, -1 if absent (a few outcomes: a scan
// beats a map).
func indexOf(hs []uint64, h uint64) int {
	for i, x := range hs {
		if x == h {
			return i
		}
	}
	return -1
}

// withOnes is prefix with faces n…upto-1 set to 1, the face play rolls
// first when the script runs out.
func withOnes(prefix [maxChainedThrows]int8, n, upto int) [maxChainedThrows]int8 {
	for i := n; i < upto && i < maxChainedThrows; i++ {
		prefix[i] = 1
	}
	return prefix
}

func (s *searchState) Push(sm games.SearchMove, outcome int) {
	depth := len(s.turns) - 1
	if depth >= len(s.faces) || s.code[depth] != sm.Code || outcome >= len(s.faces[depth]) {
		s.Expand(sm, nil)
	}
	f := s.faces[depth][outcome]
	s.play(sm, f, maxChainedThrows)
}

// play makes m and, if the turn ends, the next turns' throws with the
// given faces (1 past n of them; 3 past maxChainedThrows), exactly as
// Game.Play and nextTurn do. It pushes one level and returns how many
// throws were made.
func (s *searchState) play(sm games.SearchMove, faces [maxChainedThrows]int8, n int) int {
	t := *s.cur()
	t.pushes = 1
	s.board.Push(sm, 0)
	t.left--
	throws := 0
	roll := func() int {
		i := throws
		throws++
		switch {
		case i >= maxChainedThrows:
			return 3
		case i < n && faces[i] > 0:
			return int(faces[i])
		}
		return 1
	}
	endTurn := true
	if !s.board.InCheck() && t.left > 0 {
		// The mover moves again if the passed position goes on.
		s.board.PushPass()
		if s.board.HasMove() && !s.board.Insufficient() && s.board.Halfmove() < 100 {
			t.pushes++
			endTurn = false
		} else {
			s.board.Pop()
		}
	}
	if endTurn {
		t.left = 0
		s.turns = append(s.turns, t)
		s.nextTurns(roll)
		return throws
	}
	s.turns = append(s.turns, t)
	return throws
}

// nextTurns is Game.turns on the state just pushed.
func (s *searchState) nextTurns(roll func() int) {
	t := s.cur()
	changed := true
	for {
		if t.begun < 3 {
			t.begun++
		}
		if changed {
			if over, winner := s.judge(); over {
				t.over, t.winner, t.left = true, winner, 0
				return
			}
		}
		if t.begun <= 2 {
			t.left = 1
			return
		}
		p := s.toAct()
		face := roll()
		if int8(face) == t.last[p] {
			t.run[p] = min(t.run[p]+1, 7)
		} else {
			t.last[p], t.run[p] = middleFace(int8(face)), 1
		}
		e := effectOf(face, int(t.run[p]))
		forced := e.moves == 0 && !e.switchSides && s.board.InCheck()
		switch {
		case e.throwerLoses:
			t.over, t.winner, t.left = true, p.Other(), 0
			return
		case e.switchSides:
			t.colour[0], t.colour[1] = t.colour[1], t.colour[0]
			changed = false
		case forced:
			t.left = 1
			return
		case e.moves == 0:
			s.board.PushPass()
			t.pushes++
			changed = true
		default:
			t.left = int8(min(e.moves, 7))
			return
		}
	}
}

// judge is judgeBoard on the board (repetition is the caller's).
func (s *searchState) judge() (bool, games.Player) {
	switch {
	case !s.board.HasMove() && s.board.InCheck():
		return true, s.toAct().Other()
	case !s.board.HasMove(), s.board.Insufficient(), s.board.Halfmove() >= 100:
		return true, games.NoPlayer
	}
	return false, games.NoPlayer
}

func (s *searchState) Pop() {
	if len(s.turns) <= 1 {
		return
	}
	for i := s.cur().pushes; i > 0; i-- {
		s.board.Pop()
	}
	s.turns = s.turns[:len(s.turns)-1]
}

func (s *searchState) Kinds() []games.PieceKind { return s.board.Kinds() }
func (s *searchState) Counts(dst []int) []int   { return s.board.Counts(dst) }

func (s *searchState) Owner(side games.Side) games.Player {
	t := s.cur()
	for p, c := range t.colour {
		if c == side {
			return games.Player(p)
		}
	}
	return games.NoPlayer
}

func (s *searchState) Move(sm games.SearchMove) games.Move { return s.board.Move(sm) }

// Positional is the board's, for the colour on move, which the player to
// act plays.
func (s *searchState) Positional() int { return s.board.Positional() }

// Clock is the count of single moves without a capture or pawn move
// (games.ProgressClock).
func (s *searchState) Clock() (int, int) { return s.board.Halfmove(), 100 }

var (
	rmZobristSwap uint64
	rmZobristLeft [8]uint64
	rmZobristRun  [2][8][8]uint64
)

func init() {
	next := games.ZobristKeys(0x6a09e667f3bcc909)
	rmZobristSwap = next()
	games.FillKeys(rmZobristLeft[:], next)
	for p := range rmZobristRun {
		for f := range rmZobristRun[p] {
			games.FillKeys(rmZobristRun[p][f][:], next)
		}
	}
}

// InCheck says whether the player to act is in check (games.Tactical).
// There is no pass (games.Passer): a turn's moves and throws are the rules.
func (s *searchState) InCheck() bool { return !s.cur().over && s.board.InCheck() }
