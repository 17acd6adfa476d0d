package angle

import (
	"fmt"
	"strings"
)

// The Bermuda Chess Angle Factor (RULES.md §1): after every move the mover
// rolls two dice if the move's path touched the Angle or any piece stands
// in it. The piece on the named square vanishes, and so does every piece
// that just moved whose path contains the square.

// mover is a piece that just moved: where it stands now and its path.
type mover struct {
	at   int
	path []int
}

// movers lists the pieces m moves and their paths, computed before m is
// made. Sliders, pawns and kings: every square from origin to destination;
// knights: origin and destination only; castling: the king's and the rook's
// paths.
func movers(p *position, m move) []mover {
	from, to := int(m.from), int(m.to)
	switch {
	case m.flag == flagCastleKingside || m.flag == flagCastleQueenside:
		c := p.castlingOf(m)
		return []mover{{at: c.kingTo, path: c.kingPath}, {at: c.rookTo, path: c.rookPath}}
	case p.board[from]&kindMask == knight:
		return []mover{{at: to, path: []int{from, to}}}
	}
	return []mover{{at: to, path: line(from, to)}}
}

// line returns the squares from `from` to `to` inclusive along a rank, file
// or diagonal.
func line(from, to int) []int {
	df, dr := sign(fileOf(to)-fileOf(from)), sign(rankOf(to)-rankOf(from))
	step := dr*mailWidth + df
	out := []int{from}
	for s := from; s != to; {
		s += step
		out = append(out, s)
	}
	return out
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// markedPath is what the view marks besides origin and destination: the
// squares crossed, and for castling the rook's origin and destination.
func markedPath(ms []mover, m move) []int {
	var out []int
	seen := map[int]bool{int(m.from): true, int(m.to): true}
	for _, mv := range ms {
		for _, s := range mv.path {
			if !seen[s] {
				seen[s] = true
				out = append(out, s)
			}
		}
	}
	return out
}

// triggerReason says why the BCAF is due after the move, or "" if it is
// not. p is the position after the move. Counting the pieces after rather
// than before the move changes nothing: a piece leaves the Angle during a
// move only as the mover (its path touched the Angle) or as a capture victim
// (the capturer lands in the Angle; en passant lands on the victim's file,
// c–h, on rank 3 or 8).
func triggerReason(p *position, ms []mover) string {
	touched := false
	for _, mv := range ms {
		for _, s := range mv.path {
			touched = touched || inAngle(s)
		}
	}
	if touched {
		path := ms[0].path
		start, end := inAngle(path[0]), inAngle(path[len(path)-1])
		switch {
		case start && end:
			return "the move was made within the Angle"
		case end:
			return "the move entered the Angle"
		case start:
			return "the move left the Angle"
		}
		return "the move crossed the Angle"
	}
	n := 0
	for _, sq := range playable {
		if inAngle(sq) && p.board[sq] != empty {
			n++
		}
	}
	switch n {
	case 0:
		return ""
	case 1:
		return "a piece stands in the Angle"
	}
	return fmt.Sprintf("%d pieces stand in the Angle", n)
}

// vanished is a piece removed by the BCAF.
type vanished struct {
	at      int
	piece   uint8
	crossed bool // it vanished because its path contains the square, not by standing on it
}

// vanish removes the piece on sq and every mover whose path contains sq,
// and returns them in that order. It drops rights and the en passant
// square that depended on a vanished piece.
func (p *position) vanish(sq int, ms []mover) []vanished {
	var out []vanished
	if pc := p.board[sq]; pc != empty {
		out = append(out, vanished{at: sq, piece: pc})
	}
	for _, mv := range ms {
		if mv.at == sq || p.board[mv.at] == empty {
			continue
		}
		for _, s := range mv.path {
			if s == sq {
				out = append(out, vanished{at: mv.at, piece: p.board[mv.at], crossed: true})
				break
			}
		}
	}
	for _, v := range out {
		p.board[v.at] = empty
		p.castle &= castleKeep[v.at]
	}
	if p.ep != 0 && p.board[epVictim(p.ep, p.side)] != pawn|(p.side^1)<<3 {
		p.ep = 0
	}
	return out
}

// diceText is the sentence posted for a roll: the faces, the square, what
// vanished, and why the roll was due.
func diceText(file, rank, sq int, vs []vanished, why string) string {
	head := fmt.Sprintf("BCAF `%d, %d` → %s: ", file, rank, squareName(sq))
	if len(vs) == 0 {
		return head + "empty, nothing vanished (" + why + ")"
	}
	var names []string
	for _, v := range vs {
		s := sideNames[colorOf(v.piece)] + "'s " + kindName(v.piece)
		if v.crossed {
			s += fmt.Sprintf(" on %s, whose path ran through %s,", squareName(v.at), squareName(sq))
		}
		names = append(names, s)
	}
	return head + strings.Join(names, " and ") + " vanished into the Angle (" + why + ")"
}
