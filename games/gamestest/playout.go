package gamestest

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/bermudachess/bermuda/games"
)

// PlayOut plays a seeded random game of variant id from the start until the
// rules end it, and fails the test if it is still going after safetyCap
// plies (the cap only detects a game that does not end; it never ends one).
// Dice come from games.Seeded(seed), moves from a PCG seeded with seed. At
// every ply, the finished position included, it checks CheckReload; at the
// end, CheckGameOver. It returns the final game and its length in plies.
func PlayOut(t testing.TB, id string, seed uint64, safetyCap int) (games.Game, int) {
	t.Helper()
	dice := games.Seeded(seed)
	g, _, _, err := games.Start(id, "", dice)
	if err != nil {
		t.Fatalf("%s seed %d: %v", id, seed, err)
	}
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	for ply := 0; ; ply++ {
		where := func() string { return fmt.Sprintf("%s seed %d ply %d (%s)", id, seed, ply, g.Position()) }
		legal := g.LegalMoves()
		CheckReload(t, g, legal, where)
		if g.Outcome().Over {
			CheckGameOver(t, g, where)
			return g, ply
		}
		if len(legal) == 0 {
			t.Fatalf("%s: no legal move, yet the game is not over", where())
		}
		if ply >= safetyCap {
			t.Fatalf("%s: still going after %d plies", where(), safetyCap)
		}
		next, _, _, err := games.Apply(g, legal[rng.IntN(len(legal))].Notation, dice)
		if err != nil {
			t.Fatalf("%s: %v", where(), err)
		}
		g = next
	}
}

// CheckReload loads g.Position() into a new game and requires the same
// position string, Key, Turn, Outcome and legal moves (legal is
// g.LegalMoves()). A threefold repetition is the one outcome a position
// string cannot hold: then the reloaded game must simply be still going.
func CheckReload(t testing.TB, g games.Game, legal []games.Move, where func() string) {
	t.Helper()
	r, err := games.NewGame(g.Variant(), g.Position())
	if err != nil {
		t.Fatalf("%s: the position string does not load: %v", where(), err)
	}
	switch {
	case r.Position() != g.Position():
		t.Fatalf("%s: reloads as %q", where(), r.Position())
	case r.Key() != g.Key():
		t.Fatalf("%s: reloaded key %q, want %q", where(), r.Key(), g.Key())
	case !reflect.DeepEqual(r.Turn(), g.Turn()):
		t.Fatalf("%s: reloaded turn %+v, want %+v", where(), r.Turn(), g.Turn())
	}
	o := g.Outcome()
	if o.Draw && strings.Contains(o.Reason, "repetition") {
		if r.Outcome().Over {
			t.Fatalf("%s: drawn by repetition, and the reloaded game, which has no history, is over too: %+v", where(), r.Outcome())
		}
		return
	}
	if r.Outcome() != o {
		t.Fatalf("%s: reloaded outcome %+v, want %+v", where(), r.Outcome(), o)
	}
	if rl := r.LegalMoves(); !reflect.DeepEqual(rl, legal) {
		t.Fatalf("%s: reloaded legal moves differ: %d, want %d", where(), len(rl), len(legal))
	}
}
