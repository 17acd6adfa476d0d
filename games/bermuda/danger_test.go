package bermuda

import (
	"math/rand/v2"
	"testing"

	"github.com/bermudachess/bermuda/games"
)

// InCheck must say exactly whether the game's attackedKings (itself held
// to playing every reply, TestAttackedKingsMatchesPlayingEveryReply) finds
// a king of the player to act, and GivesCheck(m) what InCheck says once m
// is pushed, along seeded random games: a state fresh at every ply, one
// pushed along the whole game (its kings followed move by move), and every
// move of every position.
func TestInCheckIsAttackedKings(t *testing.T) {
	counts := map[bool]int{}
	gives := map[bool]int{}
	for seed := uint64(1); seed <= 16; seed++ {
		g := mustGame(t, "")
		rng := rand.New(rand.NewPCG(seed, 41))
		long, _ := g.SearchState()
		for ply := 0; ply < 300 && !g.Outcome().Over; ply++ {
			want := len(g.attackedKings(g.pos.toMove)) > 0
			counts[want]++
			fresh, _ := g.SearchState()
			if got := fresh.(games.Tactical).InCheck(); got != want {
				t.Fatalf("seed %d ply %d: InCheck %v, attackedKings %v, in %s", seed, ply, got, g.attackedKings(g.pos.toMove), g.pos.String())
			}
			if got := long.(games.Tactical).InCheck(); got != want {
				t.Fatalf("seed %d ply %d: InCheck after %d pushes %v, want %v, in %s", seed, ply, ply, got, want, g.pos.String())
			}
			for _, sm := range fresh.Moves(nil, false) {
				given := fresh.(games.CheckGiver).GivesCheck(sm)
				fresh.Push(sm, 0)
				after := fresh.(games.Tactical).InCheck()
				fresh.Pop()
				c := g.Clone().(*game)
				if _, err := c.Play(games.Move{Notation: fresh.Move(sm).Notation}, nil); err != nil {
					t.Fatal(err)
				}
				rules := len(c.attackedKings(c.pos.toMove)) > 0
				if given != after || after != rules {
					t.Fatalf("seed %d ply %d: %s: GivesCheck %v, InCheck once pushed %v, attackedKings %v, in %s",
						seed, ply, fresh.Move(sm).Notation, given, after, rules, g.pos.String())
				}
				gives[given]++
			}
			ms := g.pos.generate(nil)
			m := ms[rng.IntN(len(ms))]
			long.Push(games.SearchMove{Code: encodeMove(m)}, 0)
			if _, err := g.Play(g.describe(m), nil); err != nil {
				t.Fatal(err)
			}
		}
	}
	if counts[true] < 50 || counts[false] < 50 || gives[true] < 50 {
		t.Fatalf("too few positions of either kind to prove anything: in danger %v, moves that endanger a king %v", counts, gives)
	}
	t.Logf("positions with a king in danger / not: %d / %d; moves endangering one / not: %d / %d", counts[true], counts[false], gives[true], gives[false])
}

// Each way a king is lost, with White to move: lower e1 lies beneath upper
// H5. A piece moves only on a board where a king of its side stands.
func TestInCheckEachWay(t *testing.T) {
	for _, tc := range []struct {
		name, tokens string
		want         bool
	}{
		{"a lower rook takes the lower king", "Ke1 KA1 re8 ka8", true},
		{"the rook is frozen: no black king below", "Ke1 KA1 re8 kA8", false},
		{"a white piece blocks", "Ke1 KA1 re8 ka8 Be4", false},
		{"an upper knight drops onto it", "Ke1 KA1 nH5 kA8", true},
		{"the knight is frozen: no black king above", "Ke1 KA1 nH5 ka8", false},
		{"a white pawn above is taken and crushes it", "Ke1 KA1 PH5 qH8 kA8", true},
		{"no black king above to take it", "Ke1 KA1 PH5 qH8 ka8", false},
		{"a black pawn takes the pawn above", "Ke1 KA1 PH5 pG6 kA8", true},
		{"a black pawn does not take backwards", "Ke1 KA1 PH5 pG4 kA8", false},
		{"the upper king is taken and falls", "Ke1 KE1 rE8 kA8", true},
		{"nothing attacks either king", "Ke1 KE1 rD8 kA8 ka7", false},
	} {
		g := gameWith(t, tc.tokens, "w - - 0 1")
		st, _ := g.SearchState()
		got := st.(games.Tactical).InCheck()
		if rules := len(g.attackedKings(white)) > 0; got != tc.want || rules != tc.want {
			t.Errorf("%s (%s): InCheck %v, attackedKings %v, want %v", tc.name, g.pos.String(), got, rules, tc.want)
		}
	}
}
