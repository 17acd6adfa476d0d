package beryl

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/bermudachess/bermuda/games"
)

// opponentWins is the rules' own answer to InCheck: in the position with
// the opponent to act and no army barred, which armies have a move of
// generate's that wins the game for them; then does the player to act have
// no way to bar them all by moving one (the army barred for them now, two
// armies, or one with no legal move for them).
func opponentWins(s spState) bool {
	if s.winner != games.NoPlayer {
		return false
	}
	probe := s
	probe.toMove, probe.last = s.toMove.Other(), -1
	w := map[int]bool{}
	for _, m := range probe.generate(nil) {
		c := probe
		c.apply(m)
		if c.winner == probe.toMove {
			w[probe.cells[m.from].army()] = true
		}
	}
	if len(w) != 1 {
		return len(w) > 0
	}
	for x := range w {
		if x == s.last {
			return true
		}
		for _, m := range s.generate(nil) {
			if s.cells[m.from].army() == x {
				return false
			}
		}
	}
	return true
}

// InCheck must be true exactly when the opponent could win at once, whatever
// army the player to act bars by moving it (opponentWins), and
// GivesCheck(m) exactly what InCheck says once m is pushed, along seeded
// random games: a state fresh at every ply, one pushed along the whole
// game, and every move of every position.
func TestSpInCheckIsAWinningReply(t *testing.T) {
	counts := map[bool]int{}
	gives := map[bool]int{}
	for seed := uint64(1); seed <= 150; seed++ {
		g := mustSp(t, "")
		rng := rand.New(rand.NewPCG(seed, 41))
		long, _ := g.SearchState()
		for ply := 0; ply < 150 && !g.Outcome().Over; ply++ {
			want := opponentWins(g.spState)
			counts[want]++
			fresh, _ := g.SearchState()
			if got := fresh.(games.Tactical).InCheck(); got != want {
				t.Fatalf("seed %d ply %d: InCheck %v, the opponent winning at once %v, in %s", seed, ply, got, want, g.Position())
			}
			if got := long.(games.Tactical).InCheck(); got != want {
				t.Fatalf("seed %d ply %d: InCheck after %d pushes %v, want %v, in %s", seed, ply, ply, got, want, g.Position())
			}
			for _, sm := range fresh.Moves(nil, false) {
				given := fresh.(games.CheckGiver).GivesCheck(sm)
				fresh.Push(sm, 0)
				after := fresh.(games.Tactical).InCheck()
				fresh.Pop()
				c := g.spState
				c.apply(decodeMove(sm.Code))
				if given != after || after != opponentWins(c) {
					t.Fatalf("seed %d ply %d: %s: GivesCheck %v, InCheck once pushed %v, the rules %v, in %s",
						seed, ply, fresh.Move(sm).Notation, given, after, opponentWins(c), g.Position())
				}
				gives[given]++
			}
			legal := g.LegalMoves()
			m := legal[rng.IntN(len(legal))]
			for _, sm := range long.Moves(nil, false) {
				if long.Move(sm).Notation == m.Notation {
					long.Push(sm, 0)
					break
				}
			}
			if _, err := g.Play(m, nil); err != nil {
				t.Fatal(err)
			}
		}
	}
	if counts[true] < 50 || counts[false] < 50 || gives[true] < 50 {
		t.Fatalf("too few positions of either kind to prove anything: in danger %v, moves that threaten %v", counts, gives)
	}
	t.Logf("positions in danger / not: %d / %d; moves threatening / not: %d / %d", counts[true], counts[false], gives[true], gives[false])
}

// Each player is in danger from the other's winning captures, whichever
// army is barred: with three kings touching, the opponent can win whatever
// the player to act moves; a finished game is no danger.
func TestSpInCheckExamples(t *testing.T) {
	for _, tc := range []struct {
		setup string
		want  bool
	}{
		{strings.Replace(kingsTouching, "%d", "1", 1), true},
		{strings.Replace(kingsTouching, "%d", "2", 1), true},
		{"W:R28,K38 B:K25 R:K29 2 R 3 4", true},
		{"W:R28,K38 B:K25 R:K29 1 W 3 4", true},
		{"W:R28,K38 B:K25 R:K29 2 - 3 4 winner:1", false},
		{spStart, false},
	} {
		st, _ := mustSp(t, tc.setup).SearchState()
		if got := st.(games.Tactical).InCheck(); got != tc.want {
			t.Errorf("%s: InCheck %v, want %v", tc.setup, got, tc.want)
		}
		if got := opponentWins(mustSp(t, tc.setup).spState); got != tc.want {
			t.Errorf("%s: the rules say %v, the example %v", tc.setup, got, tc.want)
		}
	}
}

// threatArmies reads threatTab; it must find exactly the armies that
// attackedBy, tracing each target's lines, finds, for both players, along
// seeded random games.
func TestSpThreatArmiesIsAttackedBy(t *testing.T) {
	byAttackedBy := func(s *spState, p games.Player) uint8 {
		var w uint8
		for c, q := range s.cells {
			if k := q.kind(); k != king && k != undecided {
				continue
			}
			x := counterClockwise[q.army()]
			if p == games.Player2 {
				x = clockwise[q.army()]
			}
			if s.cells.attackedBy(c, x, -1) {
				w |= 1 << x
			}
		}
		return w
	}
	seen := map[uint8]bool{}
	for seed := uint64(1); seed <= 100; seed++ {
		g := mustSp(t, "")
		rng := rand.New(rand.NewPCG(seed, 43))
		for ply := 0; ply < 150 && !g.Outcome().Over; ply++ {
			for _, p := range []games.Player{games.Player1, games.Player2} {
				got, want := g.threatArmies(p), byAttackedBy(&g.spState, p)
				if got != want {
					t.Fatalf("seed %d ply %d, %v: threatArmies %03b, attackedBy %03b, in %s", seed, ply, p, got, want, g.Position())
				}
				seen[got] = true
			}
			legal := g.LegalMoves()
			if _, err := g.Play(legal[rng.IntN(len(legal))], nil); err != nil {
				t.Fatal(err)
			}
		}
	}
	if len(seen) < 5 {
		t.Fatalf("only the sets %v were seen", seen)
	}
}
