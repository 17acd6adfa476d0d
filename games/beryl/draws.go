package beryl

import (
	"fmt"
	"strconv"

	"github.com/bermudachess/bermuda/games"
)

// The draws by rule both games share (RULES.md §4): the source names none,
// so they are chess's, applied automatically so that every game ends.
const (
	// fiftyMovePlies is fifty moves by each player: plies since the last
	// capture or pawn move, as the position string's clock counts them.
	fiftyMovePlies = 100

	reasonRepetition = "threefold repetition"
	reasonFiftyMoves = "fifty-move rule: 50 moves each without a capture or a pawn move"
)

// repKey is what threefold repetition compares: the pieces on their cells
// (undecided pairs included, as S), who acts and, in spIndecision, the
// army barred (−1 when none is, before the first move; always −1 in
// Beryl Chess). Move number and clock are left out.
type repKey struct {
	cells  layout
	toAct  int8
	barred int8
}

// history is the repetition keys of the positions since the last
// irreversible move, the current one last. Nothing before a capture, a
// pawn move or a declaration can recur, so it never holds more than
// fiftyMovePlies+1 keys.
type history []repKey

// record adds the position just reached; irreversible drops what came
// before it.
func (h history) record(k repKey, irreversible bool) history {
	if irreversible {
		h = h[:0]
	}
	return append(h, k)
}

// repeated reports whether the current position has now stood three times.
func (h history) repeated() bool {
	if len(h) < 5 { // three occurrences stand at least two plies apart
		return false
	}
	cur, n := h[len(h)-1], 0
	for _, k := range h {
		if k == cur {
			n++
		}
	}
	return n >= 3
}

// clone copies h with room for the key the next Play appends.
func (h history) clone() history { return append(make(history, 0, len(h)+1), h...) }

// drawByRule is the outcome of the two draws that hold while moves remain.
// When one move brings both, the fifty-move rule is named: the position
// string holds its clock, so the string loads back with the same outcome.
func drawByRule(h history, clock int) games.Outcome {
	switch {
	case clock >= fiftyMovePlies:
		return games.DrawBy(reasonFiftyMoves)
	case h.repeated():
		return games.DrawBy(reasonRepetition)
	}
	return games.Ongoing
}

// nextClock is the fifty-move clock after a move: back to 0 on a capture
// or a pawn move.
func nextClock(clock int, mover, victim piece) int {
	if mover.kind() == pawn || !victim.empty() {
		return 0
	}
	return clock + 1
}

// parseClock reads the fifty-move clock field.
func parseClock(s string) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 || n > 100000 || s[0] == '+' {
		return 0, fmt.Errorf("fifty-move clock %q is not a whole number from 0 to 100000 (plies since the last capture or pawn move)", s)
	}
	return n, nil
}
