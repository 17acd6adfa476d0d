package gamestest

import (
	"strings"
	"testing"

	"github.com/bermudachess/bermuda/games"
)

// PerftIgnores reports whether perft counts on below a position that ended
// with o: the draws a player would claim or that count moves (threefold
// repetition, the fifty-move rule, insufficient material), as perft
// usually does. Variants name these draws in Outcome.Reason.
func PerftIgnores(o games.Outcome) bool {
	if !o.Draw {
		return false
	}
	for _, r := range []string{"repetition", "fifty-move", "insufficient material"} {
		if strings.Contains(o.Reason, r) {
			return true
		}
	}
	return false
}

// CheckGameOver checks that g, whose game the rules have ended, has nothing
// left to play: no legal moves, nothing ParseMove, MoveByNotation, Play or
// games.Apply accept. Below a draw perft ignores, Perft(1) and Divide(1)
// still count the moves on the board; below any other end, Perft(1),
// Perft(2) and Divide(1) count nothing.
func CheckGameOver(t testing.TB, g games.Game, where func() string) {
	t.Helper()
	o := g.Outcome()
	if !o.Over {
		t.Fatalf("%s: the game is not over", where())
	}
	if n := len(g.LegalMoves()); n != 0 {
		t.Fatalf("%s: over (%s), yet %d legal moves", where(), o.Reason, n)
	}
	if !PerftIgnores(o) {
		for depth := 1; depth <= 2; depth++ {
			if n := g.Perft(depth); n != 0 {
				t.Fatalf("%s: over (%s), yet Perft(%d) = %d", where(), o.Reason, depth, n)
			}
		}
		if d := g.Divide(1); len(d) != 0 {
			t.Fatalf("%s: over (%s), yet Divide(1) lists %v", where(), o.Reason, d)
		}
		return
	}
	d := g.Divide(1)
	if n := g.Perft(1); n == 0 || n != uint64(len(d)) {
		t.Fatalf("%s: perft ignores a draw by %s, but Perft(1) = %d and Divide(1) lists %d moves", where(), o.Reason, n, len(d))
	}
	// The moves perft sees are refused everywhere else.
	for _, mc := range d {
		if _, err := g.ParseMove(mc.Move); err == nil {
			t.Fatalf("%s: over (%s), yet ParseMove(%q) accepts it", where(), o.Reason, mc.Move)
		}
		if nl, ok := g.(games.NotationLookup); ok {
			if _, found := nl.MoveByNotation(mc.Move); found {
				t.Fatalf("%s: over (%s), yet MoveByNotation(%q) finds it", where(), o.Reason, mc.Move)
			}
		}
		if _, _, _, err := games.Apply(g, mc.Move, games.Seeded(1)); err == nil {
			t.Fatalf("%s: over (%s), yet games.Apply(%q) plays it", where(), o.Reason, mc.Move)
		}
		c := g.Clone()
		if _, err := c.Play(games.Move{Notation: mc.Move}, games.NewDice(games.Seeded(1))); err == nil {
			t.Fatalf("%s: over (%s), yet Play(%q) plays it", where(), o.Reason, mc.Move)
		}
	}
}
