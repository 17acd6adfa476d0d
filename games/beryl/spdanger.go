package beryl

import (
	"math/bits"

	"github.com/bermudachess/bermuda/games"
)

// A king in danger in spIndecision (games.Tactical, games.CheckGiver). There
// is no check, but a player loses the moment the opponent captures a king
// the opponent's way: Player 1 wins with a piece of army X taking the king
// of the army clockwise of X, Player 2 counter-clockwise, and an undecided
// piece may be declared the king it was when taken. Such a capture open to
// the opponent is not yet danger: the player to act may move any army but
// the one the opponent just moved, and whatever army they move is barred
// for the opponent's reply, so moving any piece of the army that has the
// capture takes it away. The player to act is in danger (inDanger) when
// that does not help: the capture is the barred army's, or two armies have
// one, or the army has no legal move; then only a move that changes the
// board (the king leaving, the attacker taken, a piece between) saves the
// game, as in check. That is what the search must look at a ply further.
// Counting every open capture as danger (half of all positions in random
// play) extended so much that the review's search reached 2–4 plies less
// deep, and it won fewer games (engine/README.md).

// spSearch is spIndecision's search state: the shared one, which can also
// say whether the player to act is in danger.
type spSearch struct {
	*searchState[spState, *spState]
}

var (
	_ games.Tactical   = spSearch{}
	_ games.CheckGiver = spSearch{}
)

// InCheck says whether the player to act is in danger (inDanger), worked
// out once a position.
func (st spSearch) InCheck() bool {
	l := st.cur()
	if !l.checkKnown {
		l.checked, l.checkKnown = l.s.inDanger(), true
	}
	return l.checked
}

// inDanger: the opponent has a winning capture (with any army, none
// barred), and the player to act cannot take it away just by moving the
// army that has it, which would bar that army for the opponent's next
// turn: that army is barred for the player to act (the opponent just moved
// it), or has no legal move, or two armies have one.
func (s *spState) inDanger() bool {
	w := s.threatArmies(s.toMove.Other())
	if w == 0 {
		return false
	}
	if s.last >= 0 && w&(1<<s.last) != 0 || w&(w-1) != 0 {
		return true
	}
	x := bits.TrailingZeros8(w)
	var buf [64]move
	for from, q := range s.cells {
		if !q.empty() && q.army() == x && len(s.movesFrom(buf[:0], from)) > 0 {
			return false
		}
	}
	return true
}

// GivesCheck says whether m leaves the player who makes it a winning
// capture (InCheck once m is pushed): m is made on a copy of the state.
func (st spSearch) GivesCheck(sm games.SearchMove) bool {
	s := st.rules()
	c := *s
	c.apply(decodeMove(sm.Code))
	return c.inDanger()
}

// threatArmies has bit x set when player p, moving now with army x (no
// army barred), could capture a king its winning way: for each king (or
// undecided piece) of an army v, is it attacked by the army from which
// taking v wins for p. None once the game is won.
func (s *spState) threatArmies(p games.Player) uint8 {
	if s.winner != games.NoPlayer {
		return 0
	}
	var w uint8
	for c, q := range s.cells {
		if k := q.kind(); k != king && k != undecided {
			continue
		}
		v := q.army()
		x := counterClockwise[v] // Player 1 wins taking clockwise[x] = v
		if p == games.Player2 {
			x = clockwise[v]
		}
		if w&(1<<x) == 0 && s.cells.attackedBy(c, x, -1) {
			w |= 1 << x
		}
	}
	return w
}
