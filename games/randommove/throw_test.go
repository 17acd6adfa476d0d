package randommove

import (
	"fmt"
	"strings"
	"testing"

	"github.com/bermudachess/bermuda/games"
)

func TestRunLength(t *testing.T) {
	for _, c := range []struct {
		h    []int
		want int
	}{{nil, 0}, {[]int{4}, 1}, {[]int{4, 4}, 2}, {[]int{6, 4, 4, 4}, 3}, {[]int{4, 6}, 1}} {
		if got := runLength(c.h); got != c.want {
			t.Errorf("runLength(%v) = %d, want %d", c.h, got, c.want)
		}
	}
}

// throwCell is one cell of the RULES.md §5 table.
type throwCell struct {
	face, n int
	moves   int // moves granted; 0 with neither flag = turn lost
	switch_ bool
	loses   bool
}

var table = []throwCell{
	{face: 2, n: 1, moves: 1}, {face: 3, n: 2, moves: 2}, {face: 4, n: 3, moves: 3},
	{face: 5, n: 4, moves: 4}, {face: 2, n: 5, moves: 5}, {face: 3, n: 6, moves: 6},
	{face: 1, n: 1, moves: 0}, {face: 1, n: 2, moves: 1}, {face: 1, n: 3, moves: 2},
	{face: 1, n: 4, moves: 3}, {face: 1, n: 5, moves: 4}, {face: 1, n: 6, moves: 5},
	{face: 6, n: 1, moves: 2}, {face: 6, n: 2, moves: 3}, {face: 6, n: 3, switch_: true},
	{face: 6, n: 4, moves: 5}, {face: 6, n: 5, moves: 6}, {face: 6, n: 6, loses: true},
}

func TestEffectTable(t *testing.T) {
	for _, c := range table {
		want := effect{moves: c.moves, switchSides: c.switch_, throwerLoses: c.loses}
		if got := effectOf(c.face, c.n); got != want {
			t.Errorf("effectOf(%d, n=%d) = %+v, want %+v", c.face, c.n, got, want)
		}
	}
	// Every face 2–5 follows the same row.
	for face := 2; face <= 5; face++ {
		for n := 1; n <= 8; n++ {
			if got := effectOf(face, n); got != (effect{moves: n}) {
				t.Errorf("effectOf(%d, n=%d) = %+v, want %d moves", face, n, got, n)
			}
		}
	}
}

// TestThrowTableInPlay plays every table cell through a real turn: Player 1
// (White) has thrown face n−1 times in a row before, then throws it again
// at the start of White's second turn.
func TestThrowTableInPlay(t *testing.T) {
	for _, c := range table {
		t.Run(fmt.Sprintf("%d_n%d", c.face, c.n), func(t *testing.T) {
			g := begun(t, "", 5, 3) // Player 1 plays White
			play(t, g, "e2e4")
			other := 2
			if c.face == 2 {
				other = 3
			}
			g.history[games.Player1] = []int{other}
			for i := 1; i < c.n; i++ {
				g.history[games.Player1] = append(g.history[games.Player1], c.face)
			}
			rolls := []int{c.face}
			if c.moves == 0 && !c.loses {
				rolls = append(rolls, 4) // the next player's own throw: a first 4, 1 move
			}
			evs := play(t, g, "e7e5", rolls...)
			dice := games.DiceEvents(evs)
			if dice[0].Player != games.Player1 || dice[0].Side != games.White || dice[0].Dice[0] != c.face {
				t.Fatalf("first throw event %+v, want Player 1 (White) throwing %d", dice[0], c.face)
			}
			if c.n > 1 && !strings.Contains(dice[0].Text, ordinal(c.n)+" "+fmt.Sprint(c.face)+" in a row") {
				t.Errorf("throw text %q does not name the streak", dice[0].Text)
			}
			switch {
			case c.loses:
				o := g.Outcome()
				if !o.Over || o.Winner != games.Player2 || o.Reason != "six sixes in a row" {
					t.Fatalf("outcome %+v, want Player 2 winning by six sixes", o)
				}
				find(t, evs, games.EventGameOver)
			case c.switch_:
				if r := g.Roles(); r != [2]string{"Black", "White"} {
					t.Fatalf("Roles() = %v after a switch, want [Black White]", r)
				}
				wantTurn(t, g, games.Player2, games.White, 1)
				if k := kinds(evs); k != "moved dice sides_switched dice" {
					t.Fatalf("events %s", k)
				}
			case c.moves == 0:
				wantTurn(t, g, games.Player2, games.Black, 1)
				if k := kinds(evs); k != "moved dice turn_passed dice" {
					t.Fatalf("events %s", k)
				}
			default:
				wantTurn(t, g, games.Player1, games.White, c.moves)
				if !strings.HasSuffix(dice[0].Text, ": "+plural(c.moves, "move")) {
					t.Errorf("throw text %q does not say %s", dice[0].Text, plural(c.moves, "move"))
				}
			}
		})
	}
}

func TestOrdinal(t *testing.T) {
	for n, want := range map[int]string{2: "second", 10: "tenth", 11: "11th", 12: "12th", 21: "21st", 22: "22nd", 23: "23rd"} {
		if got := ordinal(n); got != want {
			t.Errorf("ordinal(%d) = %q, want %q", n, got, want)
		}
	}
}
