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
	// One pass over the board: the occupied cells, each army's pieces by
	// the patterns they attack with (an undecided piece as king and as
	// bishop), and the targets. Then each target is tested against its
	// attacking army's pieces with threatTab, as attackedBy would trace it.
	var occ, targets uint64
	var knights, kings, pawns, bishops, rooks [3]uint64
	for c, q := range s.cells {
		if q.empty() {
			continue
		}
		bit, a := uint64(1)<<c, q.army()
		occ |= bit
		switch q.kind() {
		case knight:
			knights[a] |= bit
		case king:
			kings[a] |= bit
			targets |= bit
		case undecided:
			kings[a] |= bit
			bishops[a] |= bit
			targets |= bit
		case pawn:
			pawns[a] |= bit
		case bishop:
			bishops[a] |= bit
		case rook:
			rooks[a] |= bit
		}
	}
	var w uint8
	for ; targets != 0; targets &= targets - 1 {
		c := bits.TrailingZeros64(targets)
		v := s.cells[c].army()
		x := counterClockwise[v] // Player 1 wins taking clockwise[x] = v
		if p == games.Player2 {
			x = clockwise[v]
		}
		if w&(1<<x) != 0 {
			continue
		}
		if threatTab.knight[c]&knights[x] != 0 || threatTab.king[c]&kings[x] != 0 || threatTab.pawn[x][c]&pawns[x] != 0 {
			w |= 1 << x
			continue
		}
		for b := bishops[x]; b != 0; b &= b - 1 {
			if threatTab.bishop[c][bits.TrailingZeros64(b)].reaches(occ) {
				w |= 1 << x
				break
			}
		}
		for r := rooks[x]; r != 0 && w&(1<<x) == 0; r &= r - 1 {
			if threatTab.rook[c][bits.TrailingZeros64(r)].reaches(occ) {
				w |= 1 << x
			}
		}
	}
	return w
}

// threatTables are what threatArmies reads: for each target cell c, the
// cells from which a knight, a king-mover and (by army) a pawn attack it,
// and for each slider's cell s the cells that must be empty for a bishop-
// or rook-mover on s to reach c, traced from c exactly as attackedBy does.
type threatTables struct {
	knight, king [numCells]uint64
	pawn         [3][numCells]uint64
	// bishop[c][s] and rook[c][s]: the empty paths from c to s along
	// attackedBy's rays (a rook's ring reaches a cell both ways round).
	bishop, rook [numCells][numCells]paths
}

type paths struct {
	n    uint8
	mask [4]uint64
}

var threatTab = func() *threatTables {
	t := &threatTables{}
	for c := 0; c < numCells; c++ {
		for _, s := range geo.knight[c] {
			t.knight[c] |= 1 << s
		}
		for _, s := range geo.king[c] {
			t.king[c] |= 1 << s
		}
		for _, r := range geo.bishopRays[c] {
			for a := 0; a < 3; a++ {
				if geo.far[a][c] > geo.far[a][r[0]] {
					t.pawn[a][c] |= 1 << r[0]
				}
			}
		}
		for k, rays := range [2][][]int{geo.bishopRays[c], geo.rookRays[c]} {
			for _, r := range rays {
				var between uint64
				for _, s := range r {
					p := &t.bishop[c][s]
					if k == 1 {
						p = &t.rook[c][s]
					}
					p.mask[p.n] = between
					p.n++
					between |= 1 << s
				}
			}
		}
	}
	return t
}()

// reaches reports whether a slider on s reaches c: one of the paths from c
// to s is empty.
func (p *paths) reaches(occ uint64) bool {
	for i := uint8(0); i < p.n; i++ {
		if p.mask[i]&occ == 0 {
			return true
		}
	}
	return false
}
