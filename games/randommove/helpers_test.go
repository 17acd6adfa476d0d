package randommove

import (
	"strings"
	"testing"

	"github.com/bermudachess/bermuda/games"
)

// begun returns a game from fen after colour throws scripted by rolls.
func begun(t *testing.T, fen string, rolls ...int) *Game {
	t.Helper()
	g, err := New(fen)
	if err != nil {
		t.Fatalf("New(%q): %v", fen, err)
	}
	s := games.Script(rolls...)
	if _, err := g.Begin(games.NewDice(s)); err != nil {
		t.Fatalf("Begin: %v", err)
	}
	if s.Remaining() != 0 {
		t.Fatalf("Begin left %d colour throws unused", s.Remaining())
	}
	return g
}

// inTurn returns a game from fen in the middle of the game (past the two
// plain turns), with the player to move holding moves moves.
func inTurn(t *testing.T, fen string, moves int) *Game {
	t.Helper()
	g, err := New(fen)
	if err != nil {
		t.Fatalf("New(%q): %v", fen, err)
	}
	g.turnsBegun = 3
	g.granted, g.movesLeft = moves, moves
	return g
}

// play parses move and plays it with exactly the scripted rolls.
func play(t *testing.T, g *Game, move string, rolls ...int) []games.Event {
	t.Helper()
	m, err := g.ParseMove(move)
	if err != nil {
		t.Fatalf("ParseMove(%q): %v", move, err)
	}
	s := games.Script(rolls...)
	evs, err := g.Play(m, games.NewDice(s))
	if err != nil {
		t.Fatalf("Play(%q): %v", move, err)
	}
	if s.Remaining() != 0 {
		t.Fatalf("Play(%q) left %d of the rolls %v unused", move, s.Remaining(), rolls)
	}
	return evs
}

// kinds lists the event kinds, for comparing sequences.
func kinds(evs []games.Event) string {
	var ks []string
	for _, e := range evs {
		ks = append(ks, string(e.Kind))
	}
	return strings.Join(ks, " ")
}

// find returns the first event of kind k, failing if there is none.
func find(t *testing.T, evs []games.Event, k games.EventKind) games.Event {
	t.Helper()
	for _, e := range evs {
		if e.Kind == k {
			return e
		}
	}
	t.Fatalf("no %s event in %s", k, kinds(evs))
	return games.Event{}
}

func wantTurn(t *testing.T, g *Game, p games.Player, side games.Side, left int) {
	t.Helper()
	tu := g.Turn()
	if tu.Player != p || len(tu.Sides) != 1 || tu.Sides[0] != side || tu.MovesLeft != left {
		t.Fatalf("Turn() = %+v, want %s with [%s] and %d moves left", tu, p, side, left)
	}
	if g.board.SideToMove() != side {
		t.Fatalf("chess side to move is %s, want %s", g.board.SideToMove(), side)
	}
}
