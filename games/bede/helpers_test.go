package bede

import (
	"sort"
	"strings"
	"testing"

	"github.com/bermudachess/bermuda/games"
)

// place builds a position string from pieces by square (upper case White)
// and the fields after the board, e.g. "w e q 0 1".
func place(pieces map[string]byte, rest string) string {
	cells := make([]byte, squares)
	for name, c := range pieces {
		sq, ok := grid.Parse(name)
		if !ok {
			panic("bad square in test: " + name)
		}
		cells[sq] = c
	}
	return grid.FormatBoard(cells) + " " + rest
}

func mustGame(t *testing.T, setup string) *game {
	t.Helper()
	g, err := newGame(setup)
	if err != nil {
		t.Fatalf("newGame(%q): %v", setup, err)
	}
	return g
}

// targets lists, sorted, the notations of the legal moves from square.
func targets(g *game, from string) []string {
	var out []string
	for _, m := range g.LegalMoves() {
		if m.From == from {
			out = append(out, strings.TrimPrefix(m.Notation, from))
		}
	}
	sort.Strings(out)
	return out
}

// offsets lists the squares at the given (file, rank) offsets from square
// that lie on the board, sorted.
func offsets(from string, offs ...[2]int) []string {
	sq, _ := grid.Parse(from)
	f, r := grid.Coords(sq)
	var out []string
	for _, o := range offs {
		if grid.On(f+o[0], r+o[1]) {
			out = append(out, grid.Name(grid.Index(f+o[0], r+o[1])))
		}
	}
	sort.Strings(out)
	return out
}

// lines lists every square along the given directions from square up to
// the board's edge (an empty board), sorted.
func lines(from string, dirs ...[2]int) []string {
	var offs [][2]int
	for _, d := range dirs {
		for n := 1; n < 11; n++ {
			offs = append(offs, [2]int{d[0] * n, d[1] * n})
		}
	}
	return offsets(from, offs...)
}

func union(lists ...[]string) []string {
	seen := map[string]bool{}
	var out []string
	for _, l := range lists {
		for _, s := range l {
			if !seen[s] {
				seen[s] = true
				out = append(out, s)
			}
		}
	}
	sort.Strings(out)
	return out
}

func sameList(a, b []string) bool {
	return strings.Join(a, " ") == strings.Join(b, " ")
}

var (
	orthogonal = [][2]int{{0, 1}, {0, -1}, {1, 0}, {-1, 0}}
	diagonal   = [][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
	knightOffs = [][2]int{{1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1}}
	zebraOffs  = [][2]int{{2, 3}, {3, 2}, {-2, 3}, {-3, 2}, {2, -3}, {3, -2}, {-2, -3}, {-3, -2}}
	kingOffs   = [][2]int{{0, 1}, {0, -1}, {1, 0}, {-1, 0}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
	bedeJumps  = [][2]int{{0, 2}, {0, -2}, {2, 0}, {-2, 0}}
	// White's squire: 1–3 steps forward/left/right, at least one forward.
	squireOffs = [][2]int{{-2, 1}, {-1, 1}, {0, 1}, {1, 1}, {2, 1}, {-1, 2}, {0, 2}, {1, 2}, {0, 3}}
	// White's pawn: 1 or 2 diagonal-forward steps, turning allowed.
	pawnOffs = [][2]int{{-1, 1}, {1, 1}, {-2, 2}, {0, 2}, {2, 2}}
)

// mirror turns White's offsets into Black's.
func mirror(offs [][2]int) [][2]int {
	out := make([][2]int, len(offs))
	for i, o := range offs {
		out[i] = [2]int{o[0], -o[1]}
	}
	return out
}

// play applies a move by text and fails the test on error.
func play(t *testing.T, g games.Game, text string) (games.Game, []games.Event) {
	t.Helper()
	next, _, evs, err := games.Apply(g, text, nil)
	if err != nil {
		t.Fatalf("playing %s in %s: %v", text, g.Position(), err)
	}
	return next, evs
}

func field(g games.Game, i int) string {
	f := strings.Fields(g.Position())
	if i >= len(f) {
		return ""
	}
	return f[i]
}
