package bede

import (
	"fmt"
	"strconv"
	"strings"
)

// A position string is the FEN board (rank 11 first), the side to move
// (w/b), escalation (e, or - before it), the kind the opponent last moved
// (what the side to move's Jester copies, or -), the halfmove clock and the
// move number. An optional seventh field gives the kind the side to move
// last moved (what the enemy Jester copies now); it is written only when
// known, because it alone decides whether a Jester's check stands, which
// tells checkmate from stalemate.
const positionHelp = "want \"<board> <w|b> <e|-> <kind the opponent last moved or -> <halfmove clock> <move number> [<kind the side to move last moved>]\", e.g. \"" + StartSetup + "\""

func parsePosition(s string) (*position, error) {
	fields := strings.Fields(s)
	if len(fields) != 6 && len(fields) != 7 {
		return nil, fmt.Errorf("position has %d fields; %s", len(fields), positionHelp)
	}
	cells, err := grid.ParseBoard(fields[0], func(c byte) bool { return kindOfLetter(c) != noKind })
	if err != nil {
		return nil, fmt.Errorf("board: %v (letters: p pawn, s squire, b Bede, c chancellor, z zebra, q queen, k king, j Jester; upper case White)", err)
	}
	p := &position{kings: [2]int8{-1, -1}}
	for sq, c := range cells {
		if c == 0 {
			continue
		}
		side := 1
		if c < 'a' {
			side = 0
		}
		k := kindOfLetter(c)
		p.board[sq] = pieceOf(k, side)
		switch {
		case k == king && p.kings[side] >= 0:
			return nil, fmt.Errorf("%s has two kings (%s and %s); each side needs exactly one", sideNames[side], grid.Name(int(p.kings[side])), grid.Name(sq))
		case k == king:
			p.kings[side] = int8(sq)
		case (k == pawn || k == squire) && promotes(side, sq):
			return nil, fmt.Errorf("%s %s on %s stands on its promotion zone, where it would already be a Bede", sideNames[side], kindNames[k], grid.Name(sq))
		}
	}
	for side, k := range p.kings {
		if k < 0 {
			return nil, fmt.Errorf("%s has no king; each side needs exactly one", sideNames[side])
		}
	}
	switch fields[1] {
	case "w":
		p.side = 0
	case "b":
		p.side = 1
	default:
		return nil, fmt.Errorf("side to move %q: want w or b", fields[1])
	}
	switch fields[2] {
	case "e":
		p.escalated = true
	case "-":
	default:
		return nil, fmt.Errorf("escalation %q: want e (it has happened) or -", fields[2])
	}
	if p.copies, err = parseCopied(fields[3], "the kind the opponent last moved"); err != nil {
		return nil, err
	}
	if p.clock, err = strconv.Atoi(fields[4]); err != nil || p.clock < 0 {
		return nil, fmt.Errorf("halfmove clock %q: want a whole number, 0 or more", fields[4])
	}
	if p.fullmove, err = strconv.Atoi(fields[5]); err != nil || p.fullmove < 1 {
		return nil, fmt.Errorf("move number %q: want a whole number, 1 or more", fields[5])
	}
	if len(fields) == 7 {
		if p.enemyCopies, err = parseCopied(fields[6], "the kind the side to move last moved"); err != nil {
			return nil, err
		}
	}
	if p.attacked(int(p.kings[1-p.side]), p.side, p.copies) {
		return nil, fmt.Errorf("%s, who is not to move, stands in check: that cannot arise in play", sideNames[1-p.side])
	}
	if p.inCheck() && !p.escalated {
		return nil, fmt.Errorf("%s stands in check, so escalation has happened: write e, not -, in the third field", sideNames[p.side])
	}
	return p, nil
}

func parseCopied(f, what string) (kind, error) {
	if f == "-" {
		return noKind, nil
	}
	if len(f) == 1 {
		switch k := kindOfLetter(f[0]); k {
		case noKind:
		case jester:
			return noKind, fmt.Errorf("%s is %q, but a Jester that moves passes on what it copied, so this is never j; want one of p s b c z q k or -", what, f)
		default:
			return k, nil
		}
	}
	return noKind, fmt.Errorf("%s is %q; want one of p s b c z q k, or - if none", what, f)
}

func (p *position) boardField() string {
	cells := make([]byte, squares)
	for sq, pc := range p.board {
		if pc != 0 {
			cells[sq] = pieceLetter(pc)
		}
	}
	return grid.FormatBoard(cells)
}

// key is the position without clocks: what repetition compares. The kind
// the enemy Jester copies now changes no legal move, so it is left out.
func (p *position) key() string {
	esc := "-"
	if p.escalated {
		esc = "e"
	}
	return fmt.Sprintf("%s %c %s %c", p.boardField(), "wb"[p.side], esc, letters[p.copies])
}

func (p *position) String() string {
	s := fmt.Sprintf("%s %d %d", p.key(), p.clock, p.fullmove)
	if p.enemyCopies != noKind {
		s += " " + string(letters[p.enemyCopies])
	}
	return s
}
