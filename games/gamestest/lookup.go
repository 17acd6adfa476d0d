// Package gamestest holds checks every variant package runs in its tests:
// that the exact-notation fast path (games.NotationLookup) agrees with
// LegalMoves along seeded games, and the replay benchmark storage relies
// on. It is imported only from _test.go files.
package gamestest

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/bermudachess/bermuda/games"
)

// PlayCheckingLookup plays a seeded random game of variant id for up to
// maxPlies through games.Apply (which takes the MoveByNotation fast path).
// At every ply it checks the fast path against LegalMoves: every legal
// notation is found with the same Notation, Side, From and To; every other
// spelling (aliases, case changes, truncations, spaces, notations legal a
// ply ago, extra) is refused; probing changes nothing; and playing the
// LegalMoves entry gives the same position and events as the applied move.
func PlayCheckingLookup(t testing.TB, id string, seed uint64, maxPlies int, extra ...string) games.Record {
	t.Helper()
	dice := games.Seeded(seed)
	g, rolls, _, err := games.Start(id, "", dice)
	if err != nil {
		t.Fatal(err)
	}
	rec := games.Record{Variant: id, StartRolls: rolls}
	rng := rand.New(rand.NewPCG(seed, 17))
	var before []string // notations legal one ply ago
	for ply := 1; ply <= maxPlies; ply++ {
		legal := g.LegalMoves()
		CheckLookup(t, g, legal, append(before, extra...))
		if g.Outcome().Over || len(legal) == 0 {
			break
		}
		before = before[:0]
		for _, m := range legal {
			before = append(before, m.Notation)
		}
		m := legal[rng.IntN(len(legal))]
		next, p, evs, err := games.Apply(g, m.Notation, dice)
		if err != nil {
			t.Fatalf("%s seed %d ply %d: Apply(%q): %v", id, seed, ply, m.Notation, err)
		}
		// The same move as LegalMoves gave it, with the same rolls.
		slow := g.Clone()
		script := games.Script(p.Rolls...)
		slowEvs, err := slow.Play(m, games.NewDice(script))
		if err != nil || script.Remaining() != 0 {
			t.Fatalf("%s seed %d ply %d: Play(LegalMoves entry %q): %v (%d rolls left)", id, seed, ply, m.Notation, err, script.Remaining())
		}
		if slow.Position() != next.Position() || slow.Key() != next.Key() || !reflect.DeepEqual(slowEvs, evs) {
			t.Fatalf("%s seed %d ply %d: %q played from LegalMoves and from MoveByNotation differ:\n%s\n%v\nvs\n%s\n%v",
				id, seed, ply, m.Notation, slow.Position(), slowEvs, next.Position(), evs)
		}
		rec.Plies = append(rec.Plies, p)
		g = next
	}
	r, err := games.Replay(rec)
	if err != nil {
		t.Fatalf("%s seed %d: %v", id, seed, err)
	}
	if r.Position() != g.Position() || r.Key() != g.Key() || r.Outcome() != g.Outcome() {
		t.Fatalf("%s seed %d: replay gives %s, want %s", id, seed, r.Position(), g.Position())
	}
	t.Logf("%s seed %d: %d plies checked, outcome %+v", id, seed, len(rec.Plies), g.Outcome())
	return rec
}

// CheckLookup compares MoveByNotation with legal in g, probing every legal
// notation, its aliases, case changes, truncations and padding, and other.
func CheckLookup(t testing.TB, g games.Game, legal []games.Move, other []string) {
	t.Helper()
	nl, ok := g.(games.NotationLookup)
	if !ok {
		t.Fatalf("%s does not implement games.NotationLookup", g.Variant())
	}
	pos, key := g.Position(), g.Key()
	byNotation := map[string]games.Move{}
	for _, m := range legal {
		byNotation[m.Notation] = m
	}
	probe := func(text string) {
		got, ok := nl.MoveByNotation(text)
		want, legal := byNotation[text]
		switch {
		case ok != legal:
			t.Fatalf("%s %s: MoveByNotation(%q) found=%v, but it is legal=%v", g.Variant(), pos, text, ok, legal)
		case ok && (got.Notation != want.Notation || got.Side != want.Side || got.From != want.From || got.To != want.To):
			t.Fatalf("%s %s: MoveByNotation(%q) = %+v, LegalMoves has %+v", g.Variant(), pos, text, got, want)
		}
	}
	for _, m := range legal {
		probe(m.Notation)
		for _, a := range m.Aliases {
			probe(a)
		}
		n := m.Notation
		for _, s := range []string{strings.ToUpper(n), strings.ToLower(n), " " + n, n + " ", n[:len(n)-1], n + n[len(n)-1:]} {
			probe(s)
		}
	}
	for _, s := range other {
		probe(s)
	}
	for _, s := range []string{"", "-", "x", "0", "99", "a", "zz", "z9z9", "resign", "1-2-3", "\x00\xff"} {
		probe(s)
	}
	if g.Position() != pos || g.Key() != key {
		t.Fatalf("%s: MoveByNotation changed the game: %s → %s", g.Variant(), pos, g.Position())
	}
}

// ExpectLookup checks MoveByNotation on fixed texts in a fresh game.
func ExpectLookup(t testing.TB, id, setup string, want map[string]bool) {
	t.Helper()
	g, err := games.NewGame(id, setup)
	if err != nil {
		t.Fatal(err)
	}
	nl := g.(games.NotationLookup)
	for text, legal := range want {
		m, ok := nl.MoveByNotation(text)
		if ok != legal || (ok && m.Notation != text) {
			t.Errorf("%s: MoveByNotation(%q) = %q, %v; want found=%v", id, text, m.Notation, ok, legal)
		}
	}
}

// ReplayRecords plays seeded random games of id through games.Apply until
// they hold plies plies in all (several games when they end early).
func ReplayRecords(b *testing.B, id string, plies int) []games.Record {
	b.Helper()
	var recs []games.Record
	total := 0
	for seed := uint64(1); total < plies; seed++ {
		if seed > 1000 {
			b.Fatalf("%s: could not collect %d plies", id, plies)
		}
		dice := games.Seeded(seed)
		g, rolls, _, err := games.Start(id, "", dice)
		if err != nil {
			b.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 17))
		rec := games.Record{Variant: id, StartRolls: rolls}
		for total < plies && !g.Outcome().Over {
			legal := g.LegalMoves()
			next, p, _, err := games.Apply(g, legal[rng.IntN(len(legal))].Notation, dice)
			if err != nil {
				b.Fatal(err)
			}
			rec.Plies = append(rec.Plies, p)
			g, total = next, total+1
		}
		recs = append(recs, rec)
	}
	return recs
}

// BenchmarkReplay times games.Replay of 200 plies of id (one op = all of
// them), the load storage puts on opening a game.
func BenchmarkReplay(b *testing.B, id string) {
	recs := ReplayRecords(b, id, 200)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, rec := range recs {
			if _, err := games.Replay(rec); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N), "ms/200plies")
	b.ReportMetric(float64(len(recs)), "games")
}
