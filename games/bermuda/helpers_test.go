package bermuda

import (
	"strings"
	"testing"

	"github.com/bermudachess/bermuda/games"
)

// placed builds a position string from tokens such as "Ke1 kE8 pd7": a
// piece letter (upper case White) and a square (a1–h8 lower, A1–H8 upper).
// rest is everything after the board field, e.g. "w - - 0 1".
func placed(t *testing.T, tokens, rest string) string {
	t.Helper()
	var cells [2][]byte
	cells[0], cells[1] = make([]byte, 64), make([]byte, 64)
	for _, tok := range strings.Fields(tokens) {
		sq, ok := parseSquare(tok[1:])
		if len(tok) != 3 || !ok || pieceFromLetter(tok[0]) == empty {
			t.Fatalf("bad token %q", tok)
		}
		cells[boardOf(sq)][localIndex(sq)] = tok[0]
	}
	return grid.FormatBoard(cells[0]) + "|" + grid.FormatBoard(cells[1]) + " " + rest
}

func mustGame(t *testing.T, setup string) *game {
	t.Helper()
	g, err := newGame(setup)
	if err != nil {
		t.Fatalf("newGame(%q): %v", setup, err)
	}
	return g
}

func gameWith(t *testing.T, tokens, rest string) *game {
	t.Helper()
	return mustGame(t, placed(t, tokens, rest))
}

// playText plays typed text through the public path and returns the events.
func playText(t *testing.T, g *game, text string) []games.Event {
	t.Helper()
	m, err := g.ParseMove(text)
	if err != nil {
		t.Fatalf("ParseMove(%q) in %s: %v", text, g.Position(), err)
	}
	evs, err := g.Play(m, nil)
	if err != nil {
		t.Fatalf("Play(%q): %v", text, err)
	}
	return evs
}

func notations(g games.Game) map[string]bool {
	out := map[string]bool{}
	for _, m := range g.LegalMoves() {
		out[m.Notation] = true
	}
	return out
}

// pieceAt returns the FEN letter on a named square, or '.'.
func pieceAt(t *testing.T, g *game, name string) byte {
	t.Helper()
	sq, ok := parseSquare(name)
	if !ok {
		t.Fatalf("bad square %q", name)
	}
	if p := g.pos.sq[sq]; p != empty {
		return p.letter()
	}
	return '.'
}

func wantPieces(t *testing.T, g *game, want map[string]byte) {
	t.Helper()
	for sq, w := range want {
		if got := pieceAt(t, g, sq); got != w {
			t.Errorf("%s holds %q, want %q (position %s)", sq, got, w, g.Position())
		}
	}
}

func countPieces(g *game) int {
	n := 0
	for _, p := range g.pos.sq {
		if p != empty {
			n++
		}
	}
	return n
}

func hasEvent(evs []games.Event, kind games.EventKind, square string) bool {
	for _, e := range evs {
		if e.Kind == kind && (square == "" || e.Square == square) {
			return true
		}
	}
	return false
}
