package beryl

import (
	"slices"
	"strings"
	"testing"

	"github.com/bermudachess/bermuda/games"
)

func mustBeryl(t *testing.T, setup string) *bcGame {
	t.Helper()
	g, err := newBerylChess(setup)
	if err != nil {
		t.Fatalf("setup %q: %v", setup, err)
	}
	return g
}

func mustSp(t *testing.T, setup string) *spGame {
	t.Helper()
	g, err := newSpIndecision(setup)
	if err != nil {
		t.Fatalf("setup %q: %v", setup, err)
	}
	return g
}

// play parses and plays text on g, failing the test on any error.
func play(t *testing.T, g games.Game, text string) []games.Event {
	t.Helper()
	m, err := g.ParseMove(text)
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	evs, err := g.Play(m, nil)
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	return evs
}

func notations(g games.Game) []string {
	var out []string
	for _, m := range g.LegalMoves() {
		out = append(out, m.Notation)
	}
	return out
}

func isLegal(g games.Game, notation string) bool { return slices.Contains(notations(g), notation) }

// hasEvent reports whether an event of kind k mentions every word.
func hasEvent(evs []games.Event, k games.EventKind, words ...string) bool {
	for _, e := range evs {
		if e.Kind != k {
			continue
		}
		all := true
		for _, w := range words {
			if !strings.Contains(e.Text, w) {
				all = false
			}
		}
		if all {
			return true
		}
	}
	return false
}
