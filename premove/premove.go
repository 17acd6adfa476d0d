// Package premove checks and follows conditional moves: a line a player
// queues after moving, "if they play X1 I play Y1, then if they play X2 I
// play Y2, …". It is pure (it imports only games): the bot stores the line
// and calls Follow whenever the game has moved on.
//
// A line is checked move by move in the position each move would arise in,
// with the variant's own forgiving parser, and kept in the canonical
// notation the move log stores, so that matching the opponent's actual move
// is an exact comparison. Variants with dice do not offer conditional
// moves: the roll, not the opponent's choice alone, decides what comes
// next.
package premove

import (
	"errors"
	"fmt"
	"strings"

	"github.com/bermudachess/bermuda/games"
)

// MaxMoves bounds a line: eight pairs of the opponent's move and the
// answer.
const MaxMoves = 16

// Line is a checked line in canonical notation: the opponent's move, the
// owner's answer, the opponent's next move, … always of even length.
type Line []string

// String is the line as stored and shown: the moves separated by spaces.
func (l Line) String() string { return strings.Join(l, " ") }

var (
	// ErrDice refuses a variant whose rules roll dice.
	ErrDice = errors.New("this variant rolls dice: the roll decides what comes next, so moves cannot be queued")
	// ErrEmpty: no move was given.
	ErrEmpty = errors.New("no move was given")
)

// Offered reports whether the variant offers conditional moves (it has no
// dice); an unknown variant is an error.
func Offered(variantID string) (bool, error) {
	v, err := games.Lookup(variantID)
	if err != nil {
		return false, err
	}
	return !v.Dice, nil
}

// LineError says which move of a line is wrong and why.
type LineError struct {
	Index  int    // 0-based position in the line
	Input  string // what was typed for it ("" when a move is missing)
	Answer bool   // the owner's answer (true) or the opponent's move (false)
	// Illegal is true when the move is not a legal move in the position
	// it would arise in (Reason is the parser's); false when the line is
	// wrong otherwise (too long, past the game's end, an answer missing).
	Illegal bool
	Reason  string
	// Move is the parser's own error when the move is not legal there.
	Move *games.MoveError
}

func (e *LineError) Error() string {
	return fmt.Sprintf("move %d of the line (%q): %s", e.Index+1, e.Input, e.Reason)
}

// Split cuts typed text into its moves: words separated by spaces, commas
// or semicolons; move numbers such as "1." or "12..." are left out.
func Split(text string) []string {
	words := strings.FieldsFunc(text, func(r rune) bool {
		return r == ' ' || r == '\t' || r == '\n' || r == ',' || r == ';'
	})
	out := words[:0]
	for _, w := range words {
		if isMoveNumber(w) {
			continue
		}
		out = append(out, w)
	}
	return out
}

// isMoveNumber is "12." or "3..." (digits then only dots).
func isMoveNumber(w string) bool {
	d := strings.TrimRight(w, ".")
	if d == w || d == "" {
		return false
	}
	for _, r := range d {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// Check reads words (see Split) as a line for owner in g, where the
// opponent is to move, and returns it in canonical notation. Every move is
// parsed in the position it would arise in; a move that rolls a die, a
// line that goes on after the game would be over, a line ending with the
// opponent's move (the answer is missing) and a line longer than MaxMoves
// are refused with a *LineError. A variant with dice gives ErrDice.
func Check(g games.Game, owner games.Player, words []string) (Line, error) {
	offered, err := Offered(g.Variant())
	if err != nil {
		return nil, err
	}
	if !offered {
		return nil, ErrDice
	}
	if o := g.Outcome(); o.Over {
		return nil, fmt.Errorf("the game is over (%s)", o.Reason)
	}
	if g.Turn().Player == owner {
		return nil, errors.New("it is your turn: play your move, then queue the answers to the next one")
	}
	if len(words) == 0 {
		return nil, ErrEmpty
	}
	if len(words) > MaxMoves {
		return nil, &LineError{Index: MaxMoves, Input: words[MaxMoves], Answer: MaxMoves%2 == 1,
			Reason: fmt.Sprintf("a line holds at most %d moves (%d pairs)", MaxMoves, MaxMoves/2)}
	}
	line := make(Line, 0, len(words))
	pos := g
	for i, w := range words {
		answer := i%2 == 1
		want := owner.Other()
		if answer {
			want = owner
		}
		if o := pos.Outcome(); o.Over {
			return nil, &LineError{Index: i, Input: w, Answer: answer,
				Reason: fmt.Sprintf("the game would already be over (%s) after move %d", o.Reason, i)}
		}
		if t := pos.Turn(); t.Player != want || t.MovesLeft != 1 {
			return nil, &LineError{Index: i, Input: w, Answer: answer, Reason: "the turns would not alternate there"}
		}
		// No roller: a move that needs a die is refused (none should, in
		// a variant without dice).
		next, ply, _, err := games.Apply(pos, w, nil)
		if err != nil {
			le := &LineError{Index: i, Input: w, Answer: answer, Illegal: true, Reason: err.Error()}
			if me := (*games.MoveError)(nil); errors.As(err, &me) {
				le.Move, le.Reason = me, me.Reason
			}
			return nil, le
		}
		line = append(line, ply.Move)
		pos = next
	}
	if len(line)%2 == 1 {
		i := len(line)
		return nil, &LineError{Index: i, Answer: true,
			Reason: fmt.Sprintf("your answer to %s is missing (a line is pairs: their move, then your answer)", line[i-1])}
	}
	return line, nil
}

// Position plays the checked words on a copy of g and returns the position
// after them, for suggesting the next move; ok is false if a word is not a
// legal move there (the game is left as it is either way).
func Position(g games.Game, words []string) (games.Game, Line, bool) {
	pos := g
	var line Line
	for _, w := range words {
		if pos.Outcome().Over {
			return nil, nil, false
		}
		next, ply, _, err := games.Apply(pos, w, nil)
		if err != nil {
			return nil, nil, false
		}
		line = append(line, ply.Move)
		pos = next
	}
	return pos, line, true
}

// Next is the line's answer to the opponent's move played: on a match,
// the answer and what stays queued after it; otherwise ok is false and
// the line is cleared.
func Next(line Line, played string) (answer string, rest Line, ok bool) {
	if len(line) < 2 || line[0] != played {
		return "", nil, false
	}
	return line[1], line[2:], true
}

// State is what a queued line means once the game has moved on.
type State int

const (
	// Waiting: the line still holds and waits for the opponent's move.
	Waiting State = iota
	// Due: the opponent's last move matched; Reply is to be played now.
	Due
	// Gone: the line was cleared (another move) or played to its end.
	Gone
)

// Step is what Follow found.
type Step struct {
	State State
	// Skip (Waiting) is how many of the played moves the line followed:
	// the line now starts that many plies later.
	Skip int
	// Reply (Due) is the answer to play now, after all the played moves.
	Reply string
	// Rest is what stays queued: after Skip moves (Waiting), or after
	// Reply (Due).
	Rest Line
}

// Follow compares the moves played since the line was queued (canonical,
// in order) with it. It is idempotent: after a crash between the
// opponent's move and the answer, or between the answer and the queue's
// update, following the same line over the longer log gives the same
// answer once (Due while the answer is missing from the log, Waiting
// after it).
func Follow(line Line, played []string) Step {
	i := 0
	for {
		if len(line) < 2 {
			return Step{State: Gone}
		}
		if i == len(played) {
			return Step{State: Waiting, Skip: i, Rest: line}
		}
		answer, rest, ok := Next(line, played[i])
		if !ok {
			return Step{State: Gone}
		}
		if i+1 == len(played) {
			return Step{State: Due, Reply: answer, Rest: rest}
		}
		if played[i+1] != answer {
			return Step{State: Gone} // the owner played something else
		}
		line, i = rest, i+2
	}
}

// Describe names each move of a checked line from g as the variant's own
// label says it (e.g. "Nf3 (knight g1→f3)"), so a line typed as
// coordinates reads back the way a player says it; a move without a
// label, or past a point the line no longer plays, keeps its notation.
func Describe(g games.Game, line Line) []string {
	out := make([]string, len(line))
	copy(out, line)
	pos := g
	for i, w := range line {
		if pos == nil || pos.Outcome().Over {
			break
		}
		for _, m := range pos.LegalMoves() {
			if m.Notation == w && m.Label != "" {
				out[i] = m.Label
				break
			}
		}
		next, _, _, err := games.Apply(pos, w, nil)
		if err != nil {
			break
		}
		pos = next
	}
	return out
}
