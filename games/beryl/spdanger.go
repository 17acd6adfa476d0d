package beryl

import "github.com/bermudachess/bermuda/games"

// A king in danger in spIndecision (games.Tactical, games.CheckGiver). There
// is no check, but a player loses the moment the opponent captures a king
// the opponent's way: Player 1 wins with a piece of army X taking the king
// of the army clockwise of X, Player 2 counter-clockwise, and an undecided
// piece may be declared the king it was when taken. The player to act is
// in danger when the opponent, were it to move now with no army barred (a
// pass bars nothing), could win so: any of the three armies may be the one
// the opponent moves after our move, except the one we move, so a threat by
// one army is met by moving that army, or otherwise, and the search must
// look at the answers as at a chess engine's check.

// spSearch is spIndecision's search state: the shared one, which can also
// say whether the player to act is in danger.
type spSearch struct {
	*searchState[spState, *spState]
}

var (
	_ games.Tactical   = spSearch{}
	_ games.CheckGiver = spSearch{}
)

// InCheck says whether the opponent of the player to act has a winning
// capture, ignoring the barred army, worked out once a position.
func (st spSearch) InCheck() bool {
	l := st.cur()
	if !l.checkKnown {
		l.checked, l.checkKnown = l.s.threatens(l.s.toMove.Other()), true
	}
	return l.checked
}

// GivesCheck says whether m leaves the player who makes it a winning
// capture (InCheck once m is pushed): m is made on a copy of the state.
func (st spSearch) GivesCheck(sm games.SearchMove) bool {
	s := st.rules()
	c := *s
	c.apply(decodeMove(sm.Code))
	return c.threatens(s.toMove)
}

// threatens reports whether player p, moving now with any army, could
// capture a king its winning way: for each army V, is V's king (or either
// of its undecided pieces) attacked by the army from which taking V wins
// for p. Nothing once the game is won.
func (s *spState) threatens(p games.Player) bool {
	if s.winner != games.NoPlayer {
		return false
	}
	for c, q := range s.cells {
		if k := q.kind(); k != king && k != undecided {
			continue
		}
		v := q.army()
		x := counterClockwise[v] // Player 1 wins taking clockwise[x] = v
		if p == games.Player2 {
			x = clockwise[v]
		}
		if s.cells.attackedBy(c, x, -1) {
			return true
		}
	}
	return false
}
