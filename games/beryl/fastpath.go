package beryl

import (
	"fmt"
	"strconv"

	"github.com/bermudachess/bermuda/games"
)

var (
	_ games.NotationLookup = (*spGame)(nil)
	_ games.NotationLookup = (*bcGame)(nil)
)

// notationCells reads the two cell numbers a notation starts with ("28" and
// "33" of "28x33=B") as 0-based cells; ok is false when text does not
// start like a notation.
func notationCells(text string) (from, to int, ok bool) {
	from, n := leadingNumber(text)
	if n == 0 || n == len(text) || (text[n] != '-' && text[n] != 'x') {
		return 0, 0, false
	}
	to, n2 := leadingNumber(text[n+1:])
	if n2 == 0 || from < 1 || from > numCells || to < 1 || to > numCells {
		return 0, 0, false
	}
	return from - 1, to - 1, true
}

// leadingNumber reads up to two leading digits.
func leadingNumber(text string) (value, n int) {
	for n < len(text) && n < 2 && text[n] >= '0' && text[n] <= '9' {
		value = value*10 + int(text[n]-'0')
		n++
	}
	return value, n
}

// pick finds among ms (the moves of the piece on from) the one to the
// given cell whose notation is exactly text: the final comparison is with
// the notation itself, so nothing but the canonical spelling matches.
func pick(l *layout, ms []move, to int, text string) (move, bool) {
	for _, m := range ms {
		if int(m.to) == to && notation(l, m) == text {
			return m, true
		}
	}
	return move{}, false
}

// publicMove is the core's form of m without label or aliases, as
// publicMoves would give it.
func publicMove(l *layout, m move, text string) games.Move {
	return games.Move{
		Notation: text,
		Side:     games.Side(l[m.from].army()),
		From:     strconv.Itoa(int(m.from) + 1),
		To:       strconv.Itoa(int(m.to) + 1),
	}
}

// byNotation generates only the named piece's moves.
func (s *spState) byNotation(text string) (move, bool) {
	from, to, ok := notationCells(text)
	if !ok || s.winner != games.NoPlayer {
		return move{}, false
	}
	var buf [64]move
	return pick(&s.cells, s.movesFrom(buf[:0], from), to, text)
}

// hasMove reports whether generate would list anything, stopping at the
// first piece that can move.
func (s *spState) hasMove() bool {
	if s.winner != games.NoPlayer {
		return false
	}
	var buf [64]move
	for from := range s.cells {
		if len(s.movesFrom(buf[:0], from)) > 0 {
			return true
		}
	}
	return false
}

// MoveByNotation returns the legal move whose notation is exactly
// notation, as LegalMoves lists it but without label or aliases.
func (g *spGame) MoveByNotation(notation string) (games.Move, bool) {
	m, ok := g.find(notation)
	if !ok {
		return games.Move{}, false
	}
	return publicMove(&g.cells, m, notation), true
}

// byNotation generates only the named piece's moves.
func (s *bcState) byNotation(text string) (move, bool) {
	from, to, ok := notationCells(text)
	if !ok {
		return move{}, false
	}
	var buf [64]move
	return pick(&s.cells, s.movesFrom(buf[:0], from), to, text)
}

// hasMove reports whether generate would list anything, stopping at the
// first piece that can move.
func (s *bcState) hasMove() bool {
	var buf [64]move
	for from := range s.cells {
		if len(s.movesFrom(buf[:0], from)) > 0 {
			return true
		}
	}
	return false
}

// MoveByNotation returns the legal move whose notation is exactly
// notation, as LegalMoves lists it but without label or aliases.
func (g *bcGame) MoveByNotation(notation string) (games.Move, bool) {
	m, ok := g.find(notation)
	if !ok {
		return games.Move{}, false
	}
	return publicMove(&g.cells, m, notation), true
}

// notLegal is Play's error for a notation no legal move has.
func notLegal(notation string) error {
	return fmt.Errorf("%q is not a legal move in this position", notation)
}
