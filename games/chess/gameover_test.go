package chess

import (
	"testing"

	"github.com/bermudachess/bermuda/games/gamestest"
)

// Once the rules end a game nothing may be played, and perft counts
// nothing below a mate or a stalemate; below the draws a player would
// claim or that count moves it counts on, as perft does.
func TestGameOverIsGameOver(t *testing.T) {
	for _, c := range []struct{ name, fen, reason string }{
		{"checkmate", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", "checkmate"},
		{"stalemate", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "stalemate"},
		{"fifty moves", "4k3/8/8/8/8/8/8/R3K3 w - - 100 80", "fifty-move rule"},
		{"insufficient material", "4k3/8/8/8/8/8/8/1N2K3 w - - 0 1", "insufficient material"},
	} {
		g := mustGame(t, c.fen)
		if o := g.Outcome(); !o.Over || o.Reason != c.reason {
			t.Fatalf("%s: outcome %+v", c.name, o)
		}
		gamestest.CheckGameOver(t, g, func() string { return c.name + " " + c.fen })
	}
	g := mustGame(t, "")
	playAll(t, g, "Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8")
	gamestest.CheckGameOver(t, g, func() string { return "threefold repetition" })
}

// When the move that fills the fifty-move count also repeats a position a
// third time, the fifty-move rule is named: the FEN holds its clock, so
// the position loads back with the same outcome.
func TestFiftyMoveRuleNamedBeforeRepetition(t *testing.T) {
	g := mustGame(t, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 92 1")
	playAll(t, g, "Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8")
	if o := g.Outcome(); o.Reason != "fifty-move rule" {
		t.Errorf("outcome %+v", o)
	}
}
