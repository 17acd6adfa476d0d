package beryl

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/bermudachess/bermuda/games"
)

// Move notation names cells by number: "28-33" moves, "28x33" captures.
// Then comes the mover's letter, if any: "=K"/"=B" for the declaration of an
// undecided piece, "=R"/"=N"/"=B" for a promotion; then the captured
// piece's letter, if it was undecided: "=K"/"=B". So "17x12=B=K" is an
// undecided piece moving as the bishop and capturing an undecided piece
// declared the king. Given the position the letters are never ambiguous:
// the mover and the victim say which declarations apply.

// notation is the canonical text of m in l (before the move).
func notation(l *layout, m move) string {
	var b strings.Builder
	b.WriteString(strconv.Itoa(int(m.from) + 1))
	if l[m.to].empty() {
		b.WriteByte('-')
	} else {
		b.WriteByte('x')
	}
	b.WriteString(strconv.Itoa(int(m.to) + 1))
	if m.as != noKind {
		b.WriteByte('=')
		b.WriteByte(m.as.letter())
	}
	if m.capAs != noKind {
		b.WriteByte('=')
		b.WriteByte(m.capAs.letter())
	}
	return b.String()
}

// label describes m in words, e.g. "White's rook 28→33 takes Black's pawn".
func label(l *layout, m move) string {
	mover, victim := l[m.from], l[m.to]
	var b strings.Builder
	b.WriteString(mover.name())
	fmt.Fprintf(&b, " %d→%d", m.from+1, m.to+1)
	if mover.kind() == undecided {
		fmt.Fprintf(&b, " as the %s", m.as)
	}
	if !victim.empty() {
		b.WriteString(" takes " + victim.name())
		if m.capAs != noKind {
			fmt.Fprintf(&b, " (declared the %s)", m.capAs)
		}
	}
	if mover.kind() == pawn && m.as != noKind {
		fmt.Fprintf(&b, ", promotes to %s", m.as)
	}
	return b.String()
}

// publicMoves turns generated moves into the core's form, sorted by from,
// to, then letters. The plain "F-T" spelling is an alias when it names one
// move only; otherwise ParseMove asks which declaration was meant.
func publicMoves(l *layout, ms []move) []games.Move {
	sort.Slice(ms, func(i, j int) bool {
		a, b := ms[i], ms[j]
		if a.from != b.from {
			return a.from < b.from
		}
		if a.to != b.to {
			return a.to < b.to
		}
		if a.as != b.as {
			return a.as > b.as // by kind, highest first: K, R, B, N
		}
		return a.capAs > b.capAs
	})
	pairs := map[[2]int8]int{}
	for _, m := range ms {
		pairs[[2]int8{m.from, m.to}]++
	}
	out := make([]games.Move, 0, len(ms))
	for _, m := range ms {
		n := notation(l, m)
		var aliases []string
		if bare := strings.ReplaceAll(n, "=", ""); bare != n {
			aliases = append(aliases, bare)
			if pairs[[2]int8{m.from, m.to}] == 1 {
				aliases = append(aliases, fmt.Sprintf("%d-%d", m.from+1, m.to+1))
			}
		}
		out = append(out, games.Move{
			Notation: n,
			Label:    label(l, m),
			Aliases:  aliases,
			Side:     games.Side(l[m.from].army()),
			From:     strconv.Itoa(int(m.from) + 1),
			To:       strconv.Itoa(int(m.to) + 1),
		})
	}
	return out
}

// parseMove matches typed text against the legal moves; when only the
// cells were given and several declarations or promotions fit, the error
// lists them.
func parseMove(text string, legal []games.Move) (games.Move, error) {
	m, err := games.MatchMove(text, legal)
	if err == nil {
		return m, nil
	}
	from, to, ok := strings.Cut(strings.Join(strings.FieldsFunc(text, func(r rune) bool {
		return r == ' ' || r == '-' || r == 'x' || r == 'X'
	}), " "), " ")
	if !ok {
		return m, err
	}
	var fits []string
	for _, lm := range legal {
		if lm.From == strings.TrimSpace(from) && lm.To == strings.TrimSpace(to) {
			fits = append(fits, lm.Notation)
		}
	}
	if len(fits) > 1 {
		return games.Move{}, &games.MoveError{Input: text, Reason: "say which piece it is or becomes: " + strings.Join(fits, " or ")}
	}
	return m, err
}
