package bede

import (
	"strings"
	"testing"

	"github.com/bermudachess/bermuda/games"
	"github.com/bermudachess/bermuda/games/gamestest"
)

// Once the rules end a game nothing may be played, and perft counts
// nothing below a mate or a stalemate; below repetition and the
// fifty-move rule it counts on, as perft does.
func TestGameOverIsGameOver(t *testing.T) {
	mate, _ := play(t, mustGame(t, place(map[string]byte{"a11": 'k', "b9": 'Q', "c10": 'K'}, "w e - 0 1")), "b9b10")
	stale := mustGame(t, place(map[string]byte{"a11": 'k', "b9": 'Q', "e1": 'K'}, "b - - 0 1"))
	fifty, _ := play(t, mustGame(t, place(map[string]byte{"a1": 'K', "i11": 'k', "c3": 'P'}, "w e - 99 80")), "a1a2")
	var rep games.Game = mustGame(t, place(map[string]byte{"a1": 'K', "i11": 'k'}, "w e - 0 1"))
	for ply := 0; ply < 9; ply++ {
		rep, _ = play(t, rep, []string{"a1a2", "i11i10", "a2a1", "i10i11"}[ply%4])
	}
	for reason, g := range map[string]games.Game{"checkmate": mate, "stalemate": stale, "fifty-move rule": fifty, "threefold repetition": rep} {
		if o := g.Outcome(); !o.Over || !strings.HasPrefix(o.Reason, reason) {
			t.Fatalf("%s: outcome %+v", reason, o)
		}
		gamestest.CheckGameOver(t, g, func() string { return reason + " " + g.Position() })
	}
}

// When the move that fills the fifty-move count also repeats a position a
// third time, the fifty-move rule is named: the position string holds its
// clock, so the position loads back with the same outcome.
func TestFiftyMoveRuleNamedBeforeRepetition(t *testing.T) {
	var g games.Game = mustGame(t, place(map[string]byte{"a1": 'K', "i11": 'k'}, "w e - 91 1"))
	for ply := 0; ply < 9; ply++ {
		g, _ = play(t, g, []string{"a1a2", "i11i10", "a2a1", "i10i11"}[ply%4])
	}
	if o := g.Outcome(); !strings.HasPrefix(o.Reason, "fifty-move rule") {
		t.Errorf("outcome %+v", o)
	}
}
