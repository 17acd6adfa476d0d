package engine

import (
	"context"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/bermudachess/bermuda/games"
	_ "github.com/bermudachess/bermuda/games/all"
)

func mustGame(t *testing.T, variant, setup string) games.Game {
	t.Helper()
	g, _, _, err := games.Start(variant, setup, games.Seeded(1))
	if err != nil {
		t.Fatalf("%s %q: %v", variant, setup, err)
	}
	return g
}

// The longer tests that turn no search switch (star1, checkExtension,
// scaledReductions, iterativeReduction, staticNullDepth, tableMoveFirst,
// futileShortcut) call t.Parallel: Go starts them once every test that
// does not call it has finished, and runs them two at a time on two
// cores. A test that turns a switch must not call it: the race detector
// would see the switch written while the others search.

func TestFindsMateInTwo(t *testing.T) {
	// Ra7 shuts the king on the back rank, then Rb8 mates.
	g := mustGame(t, "chess", "7k/8/8/8/8/8/R7/1R4K1 w - - 0 1")
	r, err := Search(context.Background(), g, Limits{Level: 5, Nodes: 200000})
	if err != nil {
		t.Fatal(err)
	}
	if MateIn(r.Score) != 3 {
		t.Fatalf("score %d (mate in %d plies), move %s; want a mate in 3 plies", r.Score, MateIn(r.Score), r.Move.Notation)
	}
	next, _, _, err := games.Apply(g, r.Move.Notation, nil)
	if err != nil {
		t.Fatal(err)
	}
	// Whatever Black replies, the engine mates at once.
	for _, reply := range next.LegalMoves() {
		after, _, _, err := games.Apply(next, reply.Notation, nil)
		if err != nil {
			t.Fatal(err)
		}
		r2, err := Search(context.Background(), after, Limits{Level: 5, Nodes: 50000})
		if err != nil {
			t.Fatal(err)
		}
		final, _, _, err := games.Apply(after, r2.Move.Notation, nil)
		if err != nil {
			t.Fatal(err)
		}
		if o := final.Outcome(); !o.Over || o.Winner != games.Player1 {
			t.Fatalf("after %s %s %s: %+v, want White to have mated", r.Move.Notation, reply.Notation, r2.Move.Notation, o)
		}
	}
}

func TestWinsHangingQueen(t *testing.T) {
	for _, c := range []struct{ variant, setup, to string }{
		{"chess", "4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1", "d5"},
		{"randommove", "4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1", "d5"},
		{"angle", "q3k5/10/10/10/10/10/10/10/10/R3K5 w - - 0 1", "a10"},
		{"bede", "4k4/9/9/9/3q5/9/9/9/9/9/3C1K3 w - - 0 1", "d7"},
		{"bermuda", "4k3/8/8/3q4/8/8/3R4/4K3|4k3/8/8/8/8/8/8/4K3 w -|- - 0 1", "d5"},
	} {
		g := mustGame(t, c.variant, c.setup)
		r, err := Search(context.Background(), g, Limits{Level: 5, Nodes: 20000, Seed: 3})
		if err != nil {
			t.Fatalf("%s: %v", c.variant, err)
		}
		if r.Move.To != c.to {
			t.Errorf("%s: played %s (to %s), want the queen on %s taken", c.variant, r.Move.Notation, r.Move.To, c.to)
		}
	}
}

func TestAnglePrefersSafeSquare(t *testing.T) {
	// The queen can take a pawn on a8, outside the Angle, or on d5, inside
	// it, where the dice may swallow her.
	g := mustGame(t, "angle", "4k5/10/p9/10/10/Q2p6/10/10/10/4K5 w - - 0 1")
	// One ply: the dice alone must tell the squares apart.
	r, err := Search(context.Background(), g, Limits{Level: 5, Depth: 1, Nodes: 20000})
	if err != nil {
		t.Fatal(err)
	}
	if r.Move.To != "a8" {
		t.Fatalf("played %s, want the queen to take on a8, outside the Angle", r.Move.Notation)
	}
}

func TestSelfPlayEveryVariant(t *testing.T) {
	t.Parallel() // turns no search switch (the note after mustGame)
	for _, v := range games.All() {
		t.Run(v.ID, func(t *testing.T) {
			roller := games.Seeded(11)
			g, _, _, err := games.Start(v.ID, "", roller)
			if err != nil {
				t.Fatal(err)
			}
			plies := 0
			for ; plies < 300 && !g.Outcome().Over; plies++ {
				lvl := 1 + plies%2 // level 1 against level 2: games end
				r, err := Search(context.Background(), g, Limits{Level: lvl, Nodes: 100, Seed: uint64(plies)})
				if err != nil {
					t.Fatalf("ply %d: %v", plies+1, err)
				}
				if r.Fallback {
					t.Fatalf("ply %d: the search failed and fell back to a random move", plies+1)
				}
				next, _, _, err := games.Apply(g, r.Move.Notation, roller)
				if err != nil {
					t.Fatalf("ply %d: engine played %q: %v", plies+1, r.Move.Notation, err)
				}
				g = next
			}
			t.Logf("%s: %d plies, %+v", v.ID, plies, g.Outcome())
		})
	}
}

func TestSameSeedAndNodesSameMove(t *testing.T) {
	for _, id := range []string{"chess", "angle"} {
		g := mustGame(t, id, "")
		var first string
		for i := 0; i < 2; i++ {
			r, err := Search(context.Background(), g, Limits{Level: 3, Nodes: 3000, Seed: 9})
			if err != nil {
				t.Fatal(err)
			}
			if i == 0 {
				first = r.Move.Notation
			} else if r.Move.Notation != first {
				t.Fatalf("%s: %s then %s from the same seed and node budget", id, first, r.Move.Notation)
			}
		}
	}
}

func TestConcurrentSearchesAndCancel(t *testing.T) {
	var wg sync.WaitGroup
	for _, id := range []string{"chess", "chess", "bermuda", "spindecision"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			g := mustGame(t, id, "")
			ctx, cancel := context.WithCancel(context.Background())
			cancel() // cancelled before it starts: still a legal move
			r, err := Search(ctx, g, Limits{Level: 5, MoveTime: time.Hour})
			if err != nil {
				t.Error(err)
				return
			}
			if _, _, _, err := games.Apply(g, r.Move.Notation, games.Seeded(1)); err != nil {
				t.Errorf("%s: %v", id, err)
			}
		}()
	}
	wg.Wait()
}

func TestLevelsAndOverGame(t *testing.T) {
	g := mustGame(t, "chess", "")
	if _, err := Search(context.Background(), g, Limits{Level: 6}); err == nil {
		t.Error("level 6 accepted")
	}
	mated := mustGame(t, "chess", "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1")
	if _, err := Search(context.Background(), mated, Limits{Level: 1}); err == nil {
		t.Error("a search of a finished game gave no error")
	}
}

func TestContemptAvoidsRepetitionWhenAhead(t *testing.T) {
	// White, a rook up, has shuffled Rh1-h2 twice: Rh1 now would make the
	// start position stand a third time, which the rules declare a draw.
	g := playScripted(t, "chess", "k7/8/2K5/8/8/8/8/7R b - - 0 1", 1,
		[]string{"a8a7", "h1h2", "a7a8", "h2h1", "a8a7", "h1h2", "a7a8"})
	// The fast path cannot see the earlier positions: the root knows.
	tr := newTree(g, newEvaluator(g, nil))
	if marked := markedMoves(t, tr, repetitionDraws(g, tr, g.LegalMoves())); !slices.Equal(marked, []string{"h2h1"}) {
		t.Fatalf("root moves marked as repetition draws: %v, want [h2h1]", marked)
	}
	r, err := Search(context.Background(), g, Limits{Level: 5, Nodes: 30000})
	if err != nil {
		t.Fatal(err)
	}
	next, _, _, err := games.Apply(g, r.Move.Notation, nil)
	if err != nil {
		t.Fatal(err)
	}
	if o := next.Outcome(); o.Draw {
		t.Fatalf("played %s into a draw (%s) a rook up", r.Move.Notation, o.Reason)
	}
}
