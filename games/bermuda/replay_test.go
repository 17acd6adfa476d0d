package bermuda

import (
	"math/rand/v2"
	"testing"

	"github.com/bermudachess/bermuda/games"
)

// Random games through games.Apply, then games.Replay of the record, must
// rebuild the same position, key and outcome; every position along the way
// must survive its own position string.
func TestReplayRandomGames(t *testing.T) {
	for seed := uint64(1); seed <= 4; seed++ {
		g, _, _, err := games.Start("bermuda", "", games.Seeded(seed))
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 99))
		rec := games.Record{Variant: "bermuda"}
		var sawDrop, sawClimb bool
		for ply := 0; ply < 300 && !g.Outcome().Over; ply++ {
			ms := g.LegalMoves()
			next, p, evs, err := games.Apply(g, ms[rng.IntN(len(ms))].Notation, games.Seeded(seed))
			if err != nil {
				t.Fatalf("seed %d ply %d: %v", seed, ply, err)
			}
			sawDrop = sawDrop || hasEvent(evs, games.EventDropped, "")
			sawClimb = sawClimb || hasEvent(evs, games.EventClimbed, "")
			rec.Plies = append(rec.Plies, p)
			g = next
			again, err := games.NewGame("bermuda", g.Position())
			if err != nil || again.Position() != g.Position() || again.Key() != g.Key() {
				t.Fatalf("seed %d ply %d: position %q does not round-trip: %v", seed, ply, g.Position(), err)
			}
		}
		r, err := games.Replay(rec)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if r.Position() != g.Position() || r.Key() != g.Key() || r.Outcome() != g.Outcome() {
			t.Errorf("seed %d: replay differs: %s vs %s, %+v vs %+v", seed, r.Position(), g.Position(), r.Outcome(), g.Outcome())
		}
		if !sawDrop || !sawClimb {
			t.Errorf("seed %d: a random game should see drops and climbs (drop %v, climb %v)", seed, sawDrop, sawClimb)
		}
		t.Logf("seed %d: %d plies, outcome %+v", seed, len(rec.Plies), g.Outcome())
	}
}
