package beryl

import (
	"fmt"
	"strconv"
	"strings"
)

// Position strings list each army's pieces, then the turn state:
//
//	W:P16,S17,P22,N25,R28,N29,P34,S35,P38 B:… R:… 1 - 0 1
//
// An army field is the army's letter (W, B, R), a colon and its pieces as
// kind letter + cell number (K king, S undecided king-or-bishop, R rook,
// B bishop, N knight, P pawn), comma-separated, or "-" for none. Pieces are
// written in cell order. The turn state follows:
//
//   - Beryl Chess: the side to move (w or b), the fifty-move clock and the
//     move number, e.g. "w 0 1".
//   - spIndecision: the player to act (1 or 2), the army barred because the
//     opponent just moved it (W, B, R, or - before the first move), the
//     fifty-move clock, the move number, and winner:1 or winner:2 once a
//     king has been captured the winning way, e.g. "2 W 14 9".
//
// The clock counts plies since the last capture or pawn move. Strings
// written before it existed (one field fewer) still load, with clock 0.

// parseArmies reads the army fields: exactly one per army in armies, in
// any order, and returns the layout.
func parseArmies(fields []string, armies int, allowUndecided bool) (layout, error) {
	var l layout
	seen := [3]bool{}
	want := string(armyLetter[:armies])
	for _, f := range fields {
		letter, list, ok := strings.Cut(f, ":")
		army := strings.IndexByte(want, upper(letter))
		if !ok || len(letter) != 1 || army < 0 {
			return l, fmt.Errorf("%q is not an army field: want one of %s followed by ':' and its pieces, e.g. W:K17,P22", f, armyList(armies))
		}
		if seen[army] {
			return l, fmt.Errorf("army %c is listed twice", armyLetter[army])
		}
		seen[army] = true
		if list == "-" || list == "" {
			continue
		}
		for _, tok := range strings.Split(list, ",") {
			if len(tok) < 2 {
				return l, fmt.Errorf("army %c: %q is not a piece: want a letter (K, S, R, B, N, P) and a cell 1–39, e.g. N25", armyLetter[army], tok)
			}
			k := kindOf(upper(tok[:1]))
			if k == noKind || (k == undecided && !allowUndecided) {
				letters := "K, R, B, N or P"
				if allowUndecided {
					letters = "K, S, R, B, N or P"
				}
				return l, fmt.Errorf("army %c: %q does not start with a piece letter (%s)", armyLetter[army], tok, letters)
			}
			c, err := parseCell(tok[1:])
			if err != nil {
				return l, fmt.Errorf("army %c: %q: %v", armyLetter[army], tok, err)
			}
			if !l[c].empty() {
				return l, fmt.Errorf("cell %d holds two pieces", c+1)
			}
			if k == pawn && geo.inZone[army][c] {
				return l, fmt.Errorf("army %c: a pawn cannot stand on %d, in its own promotion zone %v", armyLetter[army], c+1, cellNumbers(geo.zone[army]))
			}
			l[c] = mkPiece(army, k)
		}
	}
	for a := 0; a < armies; a++ {
		if !seen[a] {
			return l, fmt.Errorf("army %c is missing: list every army (%s), '-' for an army with no pieces", armyLetter[a], armyList(armies))
		}
	}
	return l, nil
}

// formatArmies writes the army fields, pieces in cell order.
func formatArmies(l *layout, armies int) string {
	var b strings.Builder
	for a := 0; a < armies; a++ {
		if a > 0 {
			b.WriteByte(' ')
		}
		b.WriteByte(armyLetter[a])
		b.WriteByte(':')
		n := 0
		for c, p := range l {
			if p.empty() || p.army() != a {
				continue
			}
			if n > 0 {
				b.WriteByte(',')
			}
			b.WriteByte(p.kind().letter())
			b.WriteString(strconv.Itoa(c + 1))
			n++
		}
		if n == 0 {
			b.WriteByte('-')
		}
	}
	return b.String()
}

// parseCell reads a cell number 1–39 and returns its index.
func parseCell(s string) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > numCells || s[0] == '+' || s[0] == '0' {
		return 0, fmt.Errorf("%q is not a cell number from 1 to 39", s)
	}
	return n - 1, nil
}

// parseMoveNumber reads the full-move number field.
func parseMoveNumber(s string) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > 100000 {
		return 0, fmt.Errorf("move number %q is not a whole number from 1 to 100000", s)
	}
	return n, nil
}

func upper(s string) byte {
	if s == "" {
		return 0
	}
	c := s[0]
	if c >= 'a' && c <= 'z' {
		c -= 'a' - 'A'
	}
	return c
}

func armyList(armies int) string {
	names := []string{"W (White)", "B (Black)", "R (Red)"}[:armies]
	return strings.Join(names, ", ")
}

func cellNumbers(cells []int) []int {
	out := make([]int, len(cells))
	for i, c := range cells {
		out[i] = c + 1
	}
	return out
}

// countArmy counts army's pieces of kind k.
func (l *layout) countArmy(army int, k kind) int {
	n := 0
	for _, p := range l {
		if !p.empty() && p.army() == army && p.kind() == k {
			n++
		}
	}
	return n
}
