package randommove

import (
	"fmt"
	"strconv"

	"github.com/bermudachess/bermuda/games"
)

// effect is what one throw does to the thrower's turn (RULES.md §5 table).
type effect struct {
	moves        int  // moves granted; 0 means the turn is lost
	switchSides  bool // third six in a row: the players swap colours and the turn is lost
	throwerLoses bool // sixth six in a row
}

// effectOf reads the table: face is the throw, n how many times in a row it
// now ends the thrower's own history (n ≥ 1).
func effectOf(face, n int) effect {
	switch face {
	case 1:
		return effect{moves: n - 1}
	case 6:
		switch {
		case n == 1:
			return effect{moves: 2}
		case n == 2:
			return effect{moves: 3}
		case n == 3:
			return effect{switchSides: true}
		case n >= 6:
			return effect{throwerLoses: true}
		default: // n = 4, 5
			return effect{moves: n + 1}
		}
	default: // 2–5
		return effect{moves: n}
	}
}

// runLength is how many times in a row the last throw ends history.
func runLength(history []int) int {
	if len(history) == 0 {
		return 0
	}
	last := history[len(history)-1]
	n := 0
	for i := len(history) - 1; i >= 0 && history[i] == last; i-- {
		n++
	}
	return n
}

// throwText is the sentence posted for a turn's throw: who threw what, the
// streak when there is one, and what it caused. forced says the throw gave
// no move but the thrower is in check and must still move once.
func throwText(p games.Player, side games.Side, face, n int, e effect, forced bool) string {
	s := fmt.Sprintf("%s (%s) throws `%d`", p, side, face)
	if n > 1 {
		s += fmt.Sprintf(" — %s %d in a row", ordinal(n), face)
	}
	switch {
	case e.throwerLoses:
		return s + fmt.Sprintf(": six sixes, %s loses the game", p)
	case e.switchSides:
		return s + fmt.Sprintf(": the players switch sides and %s loses the turn", p)
	case e.moves == 0 && forced:
		return s + fmt.Sprintf(": turn lost, but %s is in check and must still make 1 move", side)
	case e.moves == 0:
		return s + ": turn lost"
	}
	return s + ": " + plural(e.moves, "move")
}

func ordinal(n int) string {
	words := []string{"", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"}
	if n < len(words) {
		return words[n]
	}
	suffix := "th"
	if n%100 < 11 || n%100 > 13 {
		switch n % 10 {
		case 1:
			suffix = "st"
		case 2:
			suffix = "nd"
		case 3:
			suffix = "rd"
		}
	}
	return strconv.Itoa(n) + suffix
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}
