package gamestest

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sort"
	"strings"
	"testing"

	"github.com/bermudachess/bermuda/games"
)

// PlayCheckingSearch plays a seeded random game of variant id for up to
// maxPlies and checks the variant's games.SearchState against Game at
// every ply: the same legal moves; the same game-over verdict (where the
// Game's is not a repetition, which the state leaves to its user); for
// every move, chance outcomes whose probabilities match those of
// games.RollOutcomes grouped by position (compared by the hash of a fresh
// state); and a Push/Pop that leaves the state as it was.
func PlayCheckingSearch(t testing.TB, id string, seed uint64, maxPlies int) {
	t.Helper()
	dice := games.Seeded(seed)
	g, _, _, err := games.Start(id, "", dice)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 99))
	for ply := 0; ply < maxPlies; ply++ {
		sg, ok := g.(games.Searchable)
		if !ok {
			t.Fatalf("%s does not implement games.Searchable", id)
		}
		st, ok := sg.SearchState()
		if !ok {
			return
		}
		legal := g.LegalMoves()
		over, winner := st.Status()
		o := g.Outcome()
		if o.Over != over && !strings.Contains(o.Reason, "repetition") {
			t.Fatalf("ply %d: state says over=%v, game %+v (%s)", ply, over, o, g.Position())
		}
		if over && o.Over && winner != o.Winner {
			t.Fatalf("ply %d: state's winner %v, game's %v", ply, winner, o.Winner)
		}
		if o.Over {
			return
		}
		sms := st.Moves(nil, false)
		var a, b []string
		for _, m := range legal {
			a = append(a, m.Notation)
		}
		for _, m := range sms {
			b = append(b, st.Move(m).Notation)
		}
		sort.Strings(a)
		sort.Strings(b)
		if len(a) != len(b) {
			t.Fatalf("ply %d (%s): %d legal moves, state lists %d", ply, g.Position(), len(a), len(b))
		}
		for i := range a {
			if a[i] != b[i] {
				t.Fatalf("ply %d (%s): legal %s, state %s", ply, g.Position(), a[i], b[i])
			}
		}
		tactical := 0
		for _, m := range sms {
			if m.Victim != "" || m.Promotion != "" {
				tactical++
			}
		}
		if n := len(st.Moves(nil, true)); n != tactical {
			t.Fatalf("ply %d: %d tactical moves, %d captures and promotions among all moves", ply, n, tactical)
		}
		// A fresh state may list the captures without the other moves.
		if fresh, ok := sg.SearchState(); ok {
			fresh.Status()
			if n := len(fresh.Moves(nil, true)); n != tactical {
				t.Fatalf("ply %d: a fresh state lists %d tactical moves, %d captures and promotions among all moves", ply, n, tactical)
			}
		}
		h0 := st.Hash()
		byNotation := map[string]games.Move{}
		for _, m := range legal {
			byNotation[m.Notation] = m
		}
		for i, sm := range sms {
			if i%3 != ply%3 && len(sms) > 8 {
				continue // a third of the moves per ply keeps this quick
			}
			m := byNotation[st.Move(sm).Notation]
			outs, err := games.RollOutcomes(g, m, 3)
			if err != nil {
				t.Fatal(err)
			}
			want := map[uint64]float64{}
			if repetitionAmong(outs) {
				continue // the state leaves repetition to its user
			}
			for _, out := range outs {
				fs, ok := out.Game.(games.Searchable).SearchState()
				if !ok {
					continue
				}
				want[fs.Hash()] += out.Probability
			}
			probs := st.Expand(sm, nil)
			got := map[uint64]float64{}
			for k, p := range probs {
				st.Push(sm, k)
				got[st.Hash()] += p
				st.Pop()
			}
			if st.Hash() != h0 {
				t.Fatalf("ply %d: Push/Pop of %s changed the hash", ply, m.Notation)
			}
			for h, p := range want {
				if math.Abs(got[h]-p) > 1e-9 {
					t.Fatalf("ply %d (%s) move %s: an outcome of probability %v in the game has %v in the state (%d outcomes vs %d)",
						ply, g.Position(), m.Notation, p, got[h], len(probs), len(outs))
				}
			}
			if len(got) != len(want) {
				t.Fatalf("ply %d move %s: %d distinct outcomes in the state, %d in the game", ply, m.Notation, len(got), len(want))
			}
		}
		next, _, _, err := games.Apply(g, legal[rng.IntN(len(legal))].Notation, dice)
		if err != nil {
			t.Fatal(err)
		}
		g = next
	}
}

// repetitionAmong reports whether an outcome ends the game by repetition,
// which a SearchState does not judge.
func repetitionAmong(outs []games.RollOutcome) bool {
	for _, o := range outs {
		if r := o.Game.Outcome(); r.Over && strings.Contains(r.Reason, "repetition") {
			return true
		}
	}
	return false
}

// WalkCheckingSearch follows walks seeded random lines of up to depth
// plies from the start of variant id with Push alone, as a search does,
// and checks every position reached against a fresh state of the Game
// reached by playing the same moves (the outcome followed is found among
// games.RollOutcomes by its hash): the same hash, piece counts,
// positional score, verdict, captures listed first and legal moves. It
// catches incremental hashing, counts and cached move lists that drift as
// the stack deepens.
func WalkCheckingSearch(t testing.TB, id string, seed uint64, walks, depth int) {
	t.Helper()
	start, _, _, err := games.Start(id, "", games.Seeded(seed))
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 7))
	st, ok := start.(games.Searchable).SearchState()
	if !ok {
		t.Fatalf("%s: no search state at the start", id)
	}
	for w := 0; w < walks; w++ {
		g, pushed := start, 0
		for ; pushed < depth; pushed++ {
			fresh, ok := g.(games.Searchable).SearchState()
			if !ok {
				break
			}
			if st.Hash() != fresh.Hash() {
				t.Fatalf("walk %d ply %d (%s): hash %x after Push, %x fresh", w, pushed, g.Position(), st.Hash(), fresh.Hash())
			}
			if got, want := fmt.Sprint(st.Counts(nil), st.Positional()), fmt.Sprint(fresh.Counts(nil), fresh.Positional()); got != want {
				t.Fatalf("walk %d ply %d (%s): counts and placement %s after Push, %s fresh", w, pushed, g.Position(), got, want)
			}
			over, winner := st.Status()
			fOver, fWinner := fresh.Status()
			if over != fOver || winner != fWinner {
				t.Fatalf("walk %d ply %d (%s): status %v %v after Push, %v %v fresh", w, pushed, g.Position(), over, winner, fOver, fWinner)
			}
			if over {
				break
			}
			tactical := notations(st, st.Moves(nil, true))
			all := st.Moves(nil, false)
			var captures []games.SearchMove
			for _, m := range fresh.Moves(nil, false) {
				if m.Victim != "" || m.Promotion != "" {
					captures = append(captures, m)
				}
			}
			if want := notations(fresh, captures); strings.Join(tactical, " ") != strings.Join(want, " ") {
				t.Fatalf("walk %d ply %d (%s): captures %v after Push, %v fresh", w, pushed, g.Position(), tactical, want)
			}
			if got, want := notations(st, all), notations(fresh, fresh.Moves(nil, false)); strings.Join(got, " ") != strings.Join(want, " ") {
				t.Fatalf("walk %d ply %d (%s): moves %v after Push, %v fresh", w, pushed, g.Position(), got, want)
			}
			sm := all[rng.IntN(len(all))]
			probs := st.Expand(sm, nil)
			k := rng.IntN(len(probs))
			st.Push(sm, k)
			m, ok := legalByNotation(g, fresh.Move(sm).Notation)
			if !ok {
				t.Fatalf("walk %d ply %d: %s is not legal in the game", w, pushed, fresh.Move(sm).Notation)
			}
			outs, err := games.RollOutcomes(g, m, 3)
			if err != nil {
				t.Fatal(err)
			}
			found := false
			for _, o := range outs {
				if os, ok := o.Game.(games.Searchable).SearchState(); ok && os.Hash() == st.Hash() {
					g, found = o.Game, true
					break
				}
			}
			if !found {
				t.Fatalf("walk %d ply %d (%s): outcome %d of %s matches none of the game's", w, pushed, g.Position(), k, m.Notation)
			}
		}
		for ; pushed > 0; pushed-- {
			st.Pop()
		}
		if st.Hash() != hashOf(t, start) {
			t.Fatalf("walk %d: Pops did not come back to the start", w)
		}
	}
}

func notations(st games.SearchState, ms []games.SearchMove) []string {
	out := make([]string, 0, len(ms))
	for _, m := range ms {
		out = append(out, st.Move(m).Notation)
	}
	sort.Strings(out)
	return out
}

func hashOf(t testing.TB, g games.Game) uint64 {
	st, ok := g.(games.Searchable).SearchState()
	if !ok {
		t.Fatal("no search state")
	}
	return st.Hash()
}

func legalByNotation(g games.Game, notation string) (games.Move, bool) {
	for _, m := range g.LegalMoves() {
		if m.Notation == notation {
			return m, true
		}
	}
	return games.Move{}, false
}

// CheckTactical checks at the position of g that a fresh state's
// captures and promotions (Moves with tactical set, before anything else
// is asked) are exactly those among all its moves.
func CheckTactical(t testing.TB, g games.Game) {
	t.Helper()
	sg, ok := g.(games.Searchable)
	if !ok {
		t.Fatalf("%s does not implement games.Searchable", g.Variant())
	}
	a, okA := sg.SearchState()
	b, okB := sg.SearchState()
	if !okA || !okB {
		t.Fatalf("no search state at %s", g.Position())
	}
	got := notations(a, a.Moves(nil, true))
	var want []games.SearchMove
	for _, m := range b.Moves(nil, false) {
		if m.Victim != "" || m.Promotion != "" {
			want = append(want, m)
		}
	}
	if w := notations(b, want); strings.Join(got, " ") != strings.Join(w, " ") {
		t.Fatalf("%s: captures and promotions %v, among all moves %v", g.Position(), got, w)
	}
}
