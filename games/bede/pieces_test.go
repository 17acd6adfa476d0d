package bede

import "testing"

// Kings in the corners a1 and i11 stay off every line and leap from e6.
func alone(piece byte, on string, kingsAway bool, rest string) string {
	m := map[string]byte{on: piece}
	if kingsAway {
		m["a1"], m["i11"] = 'K', 'k'
	}
	return place(m, rest)
}

func TestEmptyBoardMoveSets(t *testing.T) {
	cases := []struct {
		name  string
		setup string
		from  string
		want  []string
	}{
		{"Bede: bishop slide plus two-square orthogonal jumps", alone('B', "e6", true, "w e - 0 1"), "e6",
			union(lines("e6", diagonal...), offsets("e6", bedeJumps...))},
		{"Bede near an edge", alone('B', "a2", true, "w e - 0 1"), "a2",
			union(lines("a2", diagonal...), offsets("a2", bedeJumps...))},
		{"Chancellor: rook plus knight", alone('C', "e6", true, "w e - 0 1"), "e6",
			union(lines("e6", orthogonal...), offsets("e6", knightOffs...))},
		{"Zebra: (2,3) leaper", alone('Z', "e6", true, "w e - 0 1"), "e6", offsets("e6", zebraOffs...)},
		{"Zebra in a corner", place(map[string]byte{"a1": 'Z', "e1": 'K', "i11": 'k'}, "w e - 0 1"), "a1", []string{"c4", "d3"}},
		{"Queen", alone('Q', "e6", true, "w e - 0 1"), "e6", union(lines("e6", orthogonal...), lines("e6", diagonal...))},
		{"King", place(map[string]byte{"e6": 'K', "i11": 'k'}, "w e - 0 1"), "e6", offsets("e6", kingOffs...)},
		{"White squire: 9 destinations", alone('S', "e6", true, "w e - 0 1"), "e6", offsets("e6", squireOffs...)},
		{"Black squire points down", alone('s', "e6", true, "b e - 0 1"), "e6", offsets("e6", mirror(squireOffs)...)},
		{"Squire on the edge", alone('S', "a6", true, "w e - 0 1"), "a6", offsets("a6", squireOffs...)},
		{"White pawn: 1 or 2 diagonal steps", alone('P', "e6", true, "w e - 0 1"), "e6", offsets("e6", pawnOffs...)},
		{"Black pawn points down", alone('p', "e6", true, "b e - 0 1"), "e6", offsets("e6", mirror(pawnOffs)...)},
		{"Pawn double step from anywhere, not only the start rank", alone('P', "b5", true, "w e - 0 1"), "b5", offsets("b5", pawnOffs...)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := mustGame(t, c.setup)
			if got := targets(g, c.from); !sameList(got, c.want) {
				t.Errorf("moves from %s:\n got %v\nwant %v", c.from, got, c.want)
			}
		})
	}
}

func TestMoveSetsAmongBlockers(t *testing.T) {
	cases := []struct {
		name   string
		pieces map[string]byte
		rest   string
		from   string
		want   []string
	}{
		{
			// Slides stop at the first piece (taking it, friend or foe);
			// the orthogonal jump flies over e7 and lands on g6's enemy.
			"Bede", map[string]byte{"e6": 'B', "f7": 'P', "c4": 'p', "e7": 'S', "g6": 'c', "a1": 'K', "i11": 'k'},
			"w e - 0 1", "e6",
			[]string{"a10", "b9", "c4", "c6", "c8", "d5", "d7", "e4", "e8", "f5", "f7", "g4", "g6", "h3", "i2"},
		},
		{
			// Rook lines blocked (e7 own, c6 enemy); knight leaps over.
			"Chancellor", map[string]byte{"e6": 'C', "e7": 'S', "d6": 'P', "e5": 'p', "f6": 'Z', "d7": 'p', "f7": 'p', "a1": 'K', "i11": 'k'},
			"w e - 0 1", "e6",
			[]string{"c5", "c7", "d4", "d6", "d8", "e5", "e7", "f4", "f6", "f8", "g5", "g7"},
		},
		{
			"Zebra leaps over a wall", map[string]byte{"e6": 'Z', "d6": 'P', "f6": 'P', "d7": 'P', "e7": 'P', "f7": 'P', "d5": 'P', "e5": 'P', "f5": 'P', "g9": 'b', "c3": 'P', "a1": 'K', "i11": 'k'},
			"w e - 0 1", "e6",
			[]string{"b4", "b8", "c3", "c9", "g3", "g9", "h4", "h8"},
		},
		{
			// Never through an occupied square: e7 and d6 are occupied, so
			// only routes starting to the right survive. Captures: d7
			// (1 step), e8 via the empty f7, g8 via f7; not c8 (d7 is full).
			"Squire", map[string]byte{"e6": 'S', "e7": 'p', "d6": 'P', "d7": 'b', "c8": 'P', "e8": 'z', "g8": 'p', "a1": 'K', "i11": 'k'},
			"w e - 0 1", "e6",
			[]string{"d7", "e8", "f7", "f8", "g7", "g8"},
		},
		{
			// Quiet moves need an empty middle (c8 goes through d7);
			// captures are straight forward or sideways, friend or foe.
			"Pawn", map[string]byte{"e6": 'P', "d7": 'p', "e7": 'p', "d6": 'P', "a1": 'K', "i11": 'k'},
			"w e - 0 1", "e6",
			[]string{"d6", "e7", "e8", "f7", "g8"},
		},
		{
			"Pawn does not capture diagonally nor move straight", map[string]byte{"e6": 'P', "d7": 'p', "f7": 'p', "a1": 'K', "i11": 'k'},
			"w e - 0 1", "e6",
			[]string{},
		},
		{
			"King takes friend and foe", map[string]byte{"e6": 'K', "e7": 'z', "d6": 'P', "i11": 'k'},
			"w e - 0 1", "e6",
			[]string{"d5", "d6", "d7", "e5", "e7", "f5", "f6", "f7"},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := mustGame(t, place(c.pieces, c.rest))
			got := targets(g, c.from)
			if len(c.want) == 0 && len(got) == 0 {
				return
			}
			if !sameList(got, c.want) {
				t.Errorf("moves from %s:\n got %v\nwant %v", c.from, got, c.want)
			}
		})
	}
}

func TestStartPositionMoves(t *testing.T) {
	g := mustGame(t, "")
	// The Jester (d1) cannot move before Black has moved; the squires are
	// walled in by their own pawns, so they can only take them.
	want := map[string][]string{
		"a1": {"a3", "b2", "c1"},
		"b1": {"d4", "e3"},
		"c1": {"a2", "b1", "b3", "c2", "d1", "d3", "e2"},
		"d1": nil,
		"e1": {"d1", "d2", "e2", "f1", "f2"},
		"f1": {"e2", "f2", "g1", "g2"},
		"b2": {"a3", "c3"},
		"e3": {"c5", "d3", "d4", "e5", "f3", "f4", "g5"},
		"a3": {"a5", "b3", "b4", "c5"},
	}
	for from, w := range want {
		if got := targets(g, from); !sameList(got, w) {
			t.Errorf("start, moves from %s: got %v want %v", from, got, w)
		}
	}
}

func TestNoCastlingNoEnPassant(t *testing.T) {
	// The king only steps, even with open lines to its chancellors.
	g := mustGame(t, place(map[string]byte{"e1": 'K', "a1": 'C', "i1": 'C', "e11": 'k'}, "w - - 0 1"))
	if got := targets(g, "e1"); !sameList(got, []string{"d1", "d2", "e2", "f1", "f2"}) {
		t.Errorf("king moves %v", got)
	}
	// Black's pawn has just gone f9→d7 past White's pawn on e6's capture
	// square: nothing may be taken "in passing"; White's pawn captures only
	// straight ahead or sideways, on occupied squares.
	g = mustGame(t, place(map[string]byte{"e6": 'P', "d7": 'p', "a1": 'K', "i11": 'k'}, "w - p 0 1"))
	for _, to := range targets(g, "e6") {
		if to == "e7" || to == "d6" || to == "f6" {
			t.Errorf("pawn takes on the empty %s", to)
		}
	}
}
