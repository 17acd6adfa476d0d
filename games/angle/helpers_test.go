package angle

import (
	"strings"
	"testing"

	"github.com/bermudachess/bermuda/games"
)

// mustNew builds a game from a FEN or fails the test.
func mustNew(t *testing.T, fen string) *Game {
	t.Helper()
	g, err := New(fen)
	if err != nil {
		t.Fatalf("New(%q): %v", fen, err)
	}
	return g
}

// play parses text and plays it with the given dice faces, failing the
// test on any error or on faces left unused.
func play(t *testing.T, g *Game, text string, faces ...int) []games.Event {
	t.Helper()
	m, err := g.ParseMove(text)
	if err != nil {
		t.Fatalf("ParseMove(%q): %v", text, err)
	}
	roller := games.Script(faces...)
	d := games.NewDice(roller)
	evs, err := g.Play(m, d)
	if err == nil {
		err = d.Err()
	}
	if err != nil {
		t.Fatalf("Play(%q): %v", text, err)
	}
	if roller.Remaining() != 0 {
		t.Fatalf("Play(%q) left %d scripted faces unused: no roll was due", text, roller.Remaining())
	}
	return evs
}

// eventsOf returns the texts of the events of kind k.
func eventsOf(evs []games.Event, k games.EventKind) []string {
	var out []string
	for _, e := range evs {
		if e.Kind == k {
			out = append(out, e.Text)
		}
	}
	return out
}

// at returns the FEN letter on a named square, or '.' if empty.
func at(g *Game, name string) byte {
	i, ok := grid.Parse(name)
	if !ok {
		panic("bad square in test: " + name)
	}
	if pc := g.pos.board[fromGrid(i)]; pc != empty {
		return letterOf(pc)
	}
	return '.'
}

// notations lists the legal moves' notations.
func notations(g *Game) []string {
	var out []string
	for _, m := range g.LegalMoves() {
		out = append(out, m.Notation)
	}
	return out
}

func has(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// fenOf places pieces ("Ke1 ra8 …") on an empty board; side is "w" or "b",
// optionally followed by castling rights ("w K").
func fenOf(t *testing.T, side string, pieces string) string {
	t.Helper()
	b := make([]byte, files*ranks)
	for _, p := range strings.Fields(pieces) {
		i, ok := grid.Parse(p[1:])
		if !ok {
			t.Fatalf("bad square in %q", p)
		}
		b[i] = p[0]
	}
	castling := "-"
	if f := strings.Fields(side); len(f) == 2 {
		side, castling = f[0], f[1]
	}
	return grid.FormatBoard(b) + " " + side + " " + castling + " - 0 1"
}
