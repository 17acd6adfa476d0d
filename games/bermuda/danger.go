package bermuda

import (
	"math/bits"

	"github.com/bermudachess/bermuda/games"
)

// A king in danger (games.Tactical, games.CheckGiver). Bermuda chess has no
// check: kings are captured like other pieces, and a side loses with its
// last king. Losing either king decides the game all the same (each is
// worth 40 pawns in the fitted values; a board without its side's king is
// frozen, Rule 4), so the search treats a king that the opponent could
// capture or remove with their next move as a chess engine treats check:
// exactly the kings attackedKings reports, the "king attacked" the game
// announces.

var (
	_ games.Tactical   = (*searchState)(nil)
	_ games.CheckGiver = (*searchState)(nil)
)

// InCheck says whether a king of the player to act could be captured or
// removed from the game by the opponent's next move, were the opponent to
// move now (len(attackedKings(toMove)) > 0), worked out once a position.
func (s *searchState) InCheck() bool {
	l := s.cur()
	if !l.dangerKnown {
		l.danger, l.dangerKnown = l.pos.kingInDanger(l.pos.toMove, &l.kingBits[l.pos.toMove]), true
	}
	return l.danger
}

// GivesCheck says whether m leaves a king of the opponent in danger, as
// InCheck would once m is pushed: m is made on a copy of the position.
func (s *searchState) GivesCheck(sm games.SearchMove) bool {
	l := s.cur()
	o := 1 - l.pos.toMove
	m := decodeMove(sm.Code)
	after := l.pos
	after.play(m, nil)
	// The opponent's kings after m: where they were, but on the squares
	// m can change (its own two, the one above or below its target where
	// a victim falls or a capturer climbs, and for en passant the taken
	// pawn's and the one it falls to), what stands there now.
	kings := l.kingBits[o]
	changed := [5]int{int(m.from), int(m.to), int(complement[m.to]), int(m.to), int(m.to)}
	if m.kind == enPassant {
		v := int(m.to) - pawnStep(l.pos.toMove)
		changed[3], changed[4] = v, int(complement[v])
	}
	for _, sq := range changed {
		kings[sq>>6] &^= 1 << (sq & 63)
		if after.sq[sq] == colored(king, o) {
			kings[sq>>6] |= 1 << (sq & 63)
		}
	}
	return after.kingInDanger(o, &kings)
}

// kingInDanger reports whether one of colour c's kings, on the squares
// set in kings, could be captured or removed from the game by the other
// side's next move, were it theirs (c's en-passant right aside: it takes
// pawns only). The ways, Rules 1–4:
//   - a king on either board: the other side's piece on that board takes
//     it (a king taken on the upper board falls, alive, but the square
//     no longer holds it);
//   - a king on the lower board: the other side's upper piece above it
//     drops onto it (Rule 2), or takes c's piece above it, which falls and
//     crushes the king (Rule 1).
//
// The other side moves on a board only while one of its kings stands
// there (Rule 4), and not at all once a side has no king left.
func (pos *position) kingInDanger(c int, kings *[2]uint64) bool {
	o := 1 - c
	if pos.kingsOf(c) == 0 || pos.kingsOf(o) == 0 {
		return false
	}
	for b := 0; b < 2; b++ {
		for k := kings[b]; k != 0; k &= k - 1 {
			sq := baseOf(b) | bits.TrailingZeros64(k)
			if pos.kings[b][o] > 0 && pos.attacks(sq, o) {
				return true
			}
			if b == lower && pos.kings[upper][o] > 0 {
				above := int(complement[sq])
				if p := pos.sq[above]; p != empty && (p.color() == o || pos.attacks(above, o)) {
					return true
				}
			}
		}
	}
	return false
}

// attacks reports whether a piece of colour by on sq's board could take a
// piece of the other colour on sq by its movement within that board (the
// caller checks Rule 4).
func (pos *position) attacks(sq, by int) bool {
	base, l := sq&^63, sq&63
	knightP, kingP := colored(knight, by), colored(king, by)
	for _, t := range knightTargets[l] {
		if pos.sq[base+int(t)] == knightP {
			return true
		}
	}
	for _, t := range kingTargets[l] {
		if pos.sq[base+int(t)] == kingP {
			return true
		}
	}
	// a pawn of by takes one rank forward in its own frame, diagonally
	f, r := l&7, l>>3
	if pr := r - (1 - 2*by); pr >= 0 && pr <= 7 {
		pawnP := colored(pawn, by)
		if f > 0 && pos.sq[base+pr*8+f-1] == pawnP || f < 7 && pos.sq[base+pr*8+f+1] == pawnP {
			return true
		}
	}
	queenP, rookP, bishopP := colored(queen, by), colored(rook, by), colored(bishop, by)
	for d := 0; d < 8; d++ {
		slider := rookP
		if d >= 4 {
			slider = bishopP
		}
		for _, t := range rays[l][d] {
			p := pos.sq[base+int(t)]
			if p == empty {
				continue
			}
			if p == slider || p == queenP {
				return true
			}
			break
		}
	}
	return false
}
