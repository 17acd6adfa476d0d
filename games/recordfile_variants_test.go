package games_test

import (
	"bytes"
	"flag"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"testing"

	"github.com/bermudachess/bermuda/games"
	_ "github.com/bermudachess/bermuda/games/all"
)

// seededGame plays a random game of variant id, rolling and choosing from
// seed, for at most maxPlies plies.
func seededGame(t *testing.T, id string, seed uint64, maxPlies int) (games.Record, games.Game) {
	t.Helper()
	dice := games.Seeded(seed)
	g, rolls, _, err := games.Start(id, "", dice)
	if err != nil {
		t.Fatalf("%s seed %d: %v", id, seed, err)
	}
	h := fnv.New64a()
	h.Write([]byte(id))
	rng := rand.New(rand.NewPCG(seed, h.Sum64()))
	rec := games.Record{Variant: id, StartRolls: rolls}
	for len(rec.Plies) < maxPlies && !g.Outcome().Over {
		legal := g.LegalMoves()
		next, ply, _, err := games.Apply(g, legal[rng.IntN(len(legal))].Notation, dice)
		if err != nil {
			t.Fatalf("%s seed %d ply %d: %v", id, seed, len(rec.Plies)+1, err)
		}
		rec.Plies = append(rec.Plies, ply)
		g = next
	}
	return rec, g
}

// TestRecordFilesRoundTripForEveryVariant writes seeded random games of
// every variant (finished and cut short), reads them back and writes them
// again: the record, the tags and the file must come back unchanged, and
// the replayed game must be the one played.
func TestRecordFilesRoundTripForEveryVariant(t *testing.T) {
	for _, v := range games.All() {
		t.Run(v.ID, func(t *testing.T) {
			t.Parallel()
			for seed := uint64(1); seed <= *roundTrips; seed++ {
				maxPlies := 3000
				if seed%3 == 0 {
					maxPlies = int(seed) * 3 // an unfinished game
				}
				rec, g := seededGame(t, v.ID, seed, maxPlies)
				tags := map[string]string{"Player1": "ann", "Player2": "bob", "Event": "round trip"}
				var first bytes.Buffer
				if err := games.WriteRecord(&first, rec, tags); err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
				back, backTags, err := games.ReadRecord(bytes.NewReader(first.Bytes()))
				if err != nil {
					t.Fatalf("seed %d: %v\n%s", seed, err, first.String())
				}
				if fmt.Sprint(back) != fmt.Sprint(rec) && !(v.ID == "chess" && sameMoves(back, rec)) {
					t.Fatalf("seed %d: the record read back differs:\n%+v\n%+v", seed, back, rec)
				}
				res, term := games.ResultTags(g.Outcome())
				if backTags["Player1"] != "ann" || backTags["Result"] != res || backTags["Termination"] != term {
					t.Fatalf("seed %d: tags %v, want result %q (%q)", seed, backTags, res, term)
				}
				replayed, err := games.Replay(back)
				if err != nil || replayed.Key() != g.Key() || replayed.Outcome() != g.Outcome() {
					t.Fatalf("seed %d: replay %v, key %q want %q", seed, err, replayed.Key(), g.Key())
				}
				var second bytes.Buffer
				if err := games.WriteRecord(&second, back, backTags); err != nil {
					t.Fatal(err)
				}
				if second.String() != first.String() {
					t.Fatalf("seed %d: export → read → export differs:\n%s\n---\n%s", seed, first.String(), second.String())
				}
			}
		})
	}
}

var roundTrips = flag.Uint64("roundtrips", 6, "seeded random games per variant in TestRecordFilesRoundTripForEveryVariant")

// sameMoves compares records ignoring how the start is spelled (PGN
// gives no StartRolls slice, only nil).
func sameMoves(a, b games.Record) bool {
	if a.Variant != b.Variant || a.Setup != b.Setup || len(a.Plies) != len(b.Plies) {
		return false
	}
	for i := range a.Plies {
		if a.Plies[i].Move != b.Plies[i].Move || len(a.Plies[i].Rolls)+len(b.Plies[i].Rolls) != 0 {
			return false
		}
	}
	return true
}
