package engine

import (
	"math/rand/v2"
	"testing"

	"github.com/bermudachess/bermuda/games"
)

// TestGivesCheckAsPushed: where a variant tells whether a move gives check
// without making it (games.CheckGiver), it says what making the move and
// asking would, for every move of the positions of random games.
func TestGivesCheckAsPushed(t *testing.T) {
	t.Parallel() // turns no search switch (the note after mustGame)
	checks := map[string]int{}
	for _, v := range games.All() {
		for seed := uint64(1); seed <= 3; seed++ {
			roller := games.Seeded(seed)
			g, _, _, err := games.Start(v.ID, "", roller)
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(seed, 5))
			for ply := 0; ply < 200 && !g.Outcome().Over; ply++ {
				s := searcherAt(t, g)
				ft, ok := s.t.(*fastTree)
				if !ok || ft.checks == nil {
					break
				}
				for _, m := range s.t.moves(nil, false) {
					got, _ := s.t.givesCheck(m)
					s.t.push(m, 0)
					want := s.t.inCheck()
					s.t.pop()
					if got != want {
						pm, _ := s.t.public(m)
						t.Fatalf("%s %s after %s: gives check %v, pushed %v", v.ID, g.Position(), pm.Notation, got, want)
					}
					if want {
						checks[v.ID]++
					}
				}
				legal := g.LegalMoves()
				g, _, _, err = games.Apply(g, legal[rng.IntN(len(legal))].Notation, roller)
				if err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	for _, id := range []string{"chess", "bede", "beryl"} {
		if checks[id] == 0 {
			t.Errorf("%s: no move gave check: the test shows nothing there", id)
		}
	}
	t.Logf("checks among the moves compared: %v", checks)
}

// TestKindMovesAsNamed: where a variant lists its moves with kinds as
// indexes (games.KindLister), the search reads the same moves from them as
// from Moves, tactical or not, asked before or after the whole list.
func TestKindMovesAsNamed(t *testing.T) {
	t.Parallel() // turns no search switch (the note after mustGame)
	compared := map[string]int{}
	for _, v := range games.All() {
		roller := games.Seeded(2)
		g, _, _, err := games.Start(v.ID, "", roller)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(2, 7))
		for ply := 0; ply < 200 && !g.Outcome().Over; ply++ {
			a, b := searcherAt(t, g), searcherAt(t, g)
			for _, tactical := range []bool{true, false, true} {
				ft, ok := a.t.(*fastTree)
				if !ok || ft.lister == nil {
					break
				}
				got := ft.kindMoves(nil, tactical)
				want := b.t.(*fastTree).namedMoves(nil, tactical)
				if len(got) != len(want) {
					t.Fatalf("%s %s tactical %v: %d moves, want %d", v.ID, g.Position(), tactical, len(got), len(want))
				}
				for i := range got {
					if got[i] != want[i] {
						t.Fatalf("%s %s tactical %v: move %d is %+v, want %+v", v.ID, g.Position(), tactical, i, got[i], want[i])
					}
				}
				compared[v.ID] += len(got)
			}
			legal := g.LegalMoves()
			g, _, _, err = games.Apply(g, legal[rng.IntN(len(legal))].Notation, roller)
			if err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, id := range []string{"chess", "bede", "beryl", "spindecision"} {
		if compared[id] == 0 {
			t.Errorf("%s: no move compared", id)
		}
	}
	t.Logf("moves compared: %v", compared)
}

// TestPseudoMovesKeepTheLegalOnes: where a variant lists candidates and
// tests legality on demand (games.LazyLister), the candidates Legal
// accepts are its legal moves in their order, tactical or not.
func TestPseudoMovesKeepTheLegalOnes(t *testing.T) {
	t.Parallel() // turns no search switch (the note after mustGame)
	compared := map[string]int{}
	for _, v := range games.All() {
		for seed := uint64(6); seed < 12; seed++ {
			comparePseudoMoves(t, v.ID, seed, compared)
		}
	}
	for _, id := range []string{"bede", "beryl"} {
		if compared[id] == 0 {
			t.Errorf("%s: no move compared", id)
		}
	}
	t.Logf("moves compared: %v", compared)
}

// comparePseudoMoves plays a random game of variant, comparing the legal
// candidates with the legal moves in every position.
func comparePseudoMoves(t *testing.T, variant string, seed uint64, compared map[string]int) {
	roller := games.Seeded(seed)
	g, _, _, err := games.Start(variant, "", roller)
	if err != nil {
		t.Fatal(err)
	}
	if ft, ok := searcherAt(t, g).t.(*fastTree); !ok || ft.lazy == nil {
		return // nothing to compare in this variant
	}
	rng := rand.New(rand.NewPCG(seed, 1))
	for ply := 0; ply < 200 && !g.Outcome().Over; ply++ {
		for _, tactical := range []bool{true, false} {
			a, b := searcherAt(t, g), searcherAt(t, g)
			ft, ok := a.t.(*fastTree)
			if !ok || ft.lazy == nil {
				break
			}
			var got []move
			for _, m := range ft.candidates(nil, tactical) {
				if ft.isLegal(&m) {
					m.legal = legalYes
					got = append(got, m)
				}
			}
			want := b.t.moves(nil, tactical)
			if len(got) != len(want) {
				t.Fatalf("%s %s tactical %v: %d legal candidates, want %d", variant, g.Position(), tactical, len(got), len(want))
			}
			for i := range got {
				if got[i] != want[i] {
					t.Fatalf("%s %s tactical %v: move %d is %+v, want %+v", variant, g.Position(), tactical, i, got[i], want[i])
				}
			}
			compared[variant] += len(got)
		}
		legal := g.LegalMoves()
		g, _, _, err = games.Apply(g, legal[rng.IntN(len(legal))].Notation, roller)
		if err != nil {
			t.Fatal(err)
		}
	}
}

// TestLegalMoveAsListed: where a variant looks a move up by its code
// (games.MoveLookup), it finds exactly the legal moves, as they are
// listed, and nothing else: the candidates that are not legal, the moves
// of the position before, and codes of no move.
func TestLegalMoveAsListed(t *testing.T) {
	t.Parallel() // turns no search switch (the note after mustGame)
	found := map[string]int{}
	for _, v := range games.All() {
		roller := games.Seeded(8)
		g, _, _, err := games.Start(v.ID, "", roller)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(8, 2))
		var before []move
		for ply := 0; ply < 200 && !g.Outcome().Over; ply++ {
			for _, listed := range []bool{false, true} {
				a, b := searcherAt(t, g), searcherAt(t, g)
				ft, ok := a.t.(*fastTree)
				if !ok || ft.lookup == nil {
					break
				}
				if listed {
					a.t.moves(nil, false) // the list made first
				}
				legal := map[uint32]move{}
				for _, m := range b.t.moves(nil, false) {
					legal[m.code] = m
				}
				codes := []uint32{1 << 31, 0xffff, 0, rng.Uint32()}
				for _, m := range append(b.t.candidates(nil, false), before...) {
					codes = append(codes, m.code)
				}
				for _, code := range codes {
					got, ok := a.t.legalMove(code)
					want, isLegal := legal[code]
					if ok != isLegal || ok && got != want {
						t.Fatalf("%s %s code %#x: %+v %v, want %+v %v", v.ID, g.Position(), code, got, ok, want, isLegal)
					}
					if ok {
						found[v.ID]++
					}
				}
			}
			before = searcherAt(t, g).t.moves(nil, false)
			legal := g.LegalMoves()
			g, _, _, err = games.Apply(g, legal[rng.IntN(len(legal))].Notation, roller)
			if err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, id := range []string{"bede", "beryl", "chess", "spindecision"} {
		if found[id] == 0 {
			t.Errorf("%s: no move found", id)
		}
	}
	t.Logf("moves found: %v", found)
}

// TestExchangeFromKindMoves: the exchange evaluation finds the same
// recaptures in the kind list (games.KindLister) as in Moves' list, for
// every capture in the positions of random chess games.
func TestExchangeFromKindMoves(t *testing.T) {
	t.Parallel() // turns no search switch (the note after mustGame)
	exchanges := 0
	for seed := uint64(1); seed <= 4; seed++ {
		roller := games.Seeded(seed)
		g, _, _, err := games.Start("chess", "", roller)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 9))
		for ply := 0; ply < 150 && !g.Outcome().Over; ply++ {
			a, b := searcherAt(t, g), searcherAt(t, g)
			b.t.(*fastTree).lister = nil // Moves and MoveFacts, by name
			for _, m := range a.t.moves(nil, true) {
				if m.to < 0 {
					continue
				}
				if got, want := a.see(m), b.see(m); got != want {
					pm, _ := a.t.public(m)
					t.Fatalf("%s %s: exchange %d, by name %d", g.Position(), pm.Notation, got, want)
				}
				exchanges++
			}
			legal := g.LegalMoves()
			g, _, _, err = games.Apply(g, legal[rng.IntN(len(legal))].Notation, roller)
			if err != nil {
				t.Fatal(err)
			}
		}
	}
	if exchanges == 0 {
		t.Fatal("no capture: the test shows nothing")
	}
	t.Logf("%d exchanges compared", exchanges)
}

// TestShortcutsFindTheSame: the search's own shortcuts (the table's move
// before the list, the end of a futile node) change nothing it finds, in
// the positions of random games of the variants where they apply.
func TestShortcutsFindTheSame(t *testing.T) {
	// The positions first (the random games need no search), then their
	// searches with the shortcuts, then without, two at a time (onAndOff).
	var positions []games.Game
	var names []string
	for _, id := range []string{"chess", "bede", "beryl", "spindecision"} {
		roller := games.Seeded(5)
		g, _, _, err := games.Start(id, "", roller)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(5, 5))
		for ply := 0; ply < 60 && !g.Outcome().Over; ply++ {
			if ply%6 == 0 {
				positions, names = append(positions, g), append(names, id)
			}
			legal := g.LegalMoves()
			g, _, _, err = games.Apply(g, legal[rng.IntN(len(legal))].Notation, roller)
			if err != nil {
				t.Fatal(err)
			}
		}
	}
	res := onAndOff(t, func(on bool) { tableMoveFirst, futileShortcut = on, on }, positions, Limits{Level: 5, Nodes: 20_000})
	for p, r := range res {
		a, b := r[0], r[1]
		if a.Move.Notation != b.Move.Notation || a.Score != b.Score || a.Depth != b.Depth || a.Nodes != b.Nodes {
			t.Fatalf("%s %s: %s %d depth %d nodes %d with the shortcuts, %s %d %d %d without",
				names[p], positions[p].Position(), a.Move.Notation, a.Score, a.Depth, a.Nodes, b.Move.Notation, b.Score, b.Depth, b.Nodes)
		}
	}
	t.Logf("%d searches compared", len(positions))
}
