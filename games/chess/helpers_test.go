package chess

import (
	"strings"
	"testing"

	"github.com/bermudachess/bermuda/games"
)

func mustGame(t *testing.T, fen string) *Game {
	t.Helper()
	g, err := NewGame(fen)
	if err != nil {
		t.Fatalf("NewGame(%q): %v", fen, err)
	}
	return g
}

// playAll plays each typed move with Play (full rules), failing on error,
// and returns the events of the last one.
func playAll(t *testing.T, g *Game, moves ...string) []games.Event {
	t.Helper()
	var evs []games.Event
	for _, text := range moves {
		m, err := g.ParseMove(text)
		if err != nil {
			t.Fatalf("ParseMove(%q) in %s: %v", text, g.Position(), err)
		}
		if evs, err = g.Play(m, nil); err != nil {
			t.Fatalf("Play(%q): %v", text, err)
		}
	}
	return evs
}

func notations(g *Game) map[string]games.Move {
	out := map[string]games.Move{}
	for _, m := range g.LegalMoves() {
		out[m.Notation] = m
	}
	return out
}

func hasEvent(evs []games.Event, kind games.EventKind, text string) bool {
	for _, e := range evs {
		if e.Kind == kind && strings.Contains(e.Text, text) {
			return true
		}
	}
	return false
}
