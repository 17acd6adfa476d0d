package all_test

import (
	"flag"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"testing"

	"github.com/bermudachess/bermuda/games"
	_ "github.com/bermudachess/bermuda/games/all"
	"github.com/bermudachess/bermuda/games/gamestest"
)

var (
	randomGames = flag.Int("games", 100, "seeded random games per variant in TestRandomGames")
	firstSeed   = flag.Uint64("seed", 1, "seed of the first game in TestRandomGames")
)

// safetyCap is the most plies a random game may take before
// TestRandomGames calls it endless. Every variant has a fifty-move rule, so
// a game ends within a hundred plies of its last capture or pawn move;
// random games end long before this.
const safetyCap = 5000

// TestRandomGames plays seeded random games of every registered variant
// and checks the promises "Game over is game over" makes:
//
//   - at every ply, and on the finished position, games.NewGame(variant,
//     g.Position()) gives the same Key, LegalMoves, Turn and Outcome (an
//     outcome that needs the move history — threefold repetition — is the
//     one exception: the reloaded game is then simply still going);
//   - while a game goes on, Perft(1) counts its legal moves;
//   - every game ends by the rules within safetyCap plies;
//   - a finished position has nothing to play (gamestest.CheckGameOver):
//     no legal moves; below a draw perft ignores (repetition, fifty moves,
//     insufficient material) every move perft still sees is refused by
//     ParseMove, MoveByNotation, Apply and Play; below any other end,
//     Perft(1), Perft(2) and Divide(1) count nothing;
//   - games.Replay of the record rebuilds the same Key, Position and
//     Outcome.
//
// Game i of a variant rolls dice with games.Seeded(seed+i) and picks moves
// with a PCG seeded from the same number and the variant id, so a failure
// names the seed that reproduces it. It plays 100 games per variant by
// default; for more, or to rerun one game:
//
//	go test ./games/all -run RandomGames -args -games=2000
//	go test ./games/all -run 'RandomGames/beryl' -v -args -seed=57 -games=1
//
// The default run costs about 85 s of CPU under -race for all seven
// variants, about 45 s on two idle cores (the variants run in parallel).
func TestRandomGames(t *testing.T) {
	for _, v := range games.All() {
		t.Run(v.ID, func(t *testing.T) {
			t.Parallel()
			plies, ends := 0, map[string]int{}
			for i := 0; i < *randomGames; i++ {
				seed := *firstSeed + uint64(i)
				o, n := playRandomGame(t, v.ID, seed)
				plies += n
				ends[o.Reason]++
			}
			t.Logf("%s: %d games, %d plies; endings %v", v.ID, *randomGames, plies, ends)
		})
	}
}

// playRandomGame plays one seeded game to its end, checking every ply, and
// returns how it ended and its length.
func playRandomGame(t *testing.T, id string, seed uint64) (games.Outcome, int) {
	t.Helper()
	dice := games.Seeded(seed)
	g, rolls, _, err := games.Start(id, "", dice)
	if err != nil {
		t.Fatalf("%s seed %d: start: %v", id, seed, err)
	}
	h := fnv.New64a()
	h.Write([]byte(id))
	rng := rand.New(rand.NewPCG(seed, h.Sum64()))
	rec := games.Record{Variant: id, StartRolls: rolls}
	where := func() string { return fmt.Sprintf("%s seed %d ply %d (%s)", id, seed, len(rec.Plies), g.Position()) }
	for {
		legal := g.LegalMoves()
		gamestest.CheckReload(t, g, legal, where)
		if g.Outcome().Over {
			break
		}
		if len(legal) == 0 {
			t.Fatalf("%s: no legal move, but the game is not over", where())
		}
		if n := g.Perft(1); n != uint64(len(legal)) {
			t.Fatalf("%s: Perft(1) = %d, but there are %d legal moves", where(), n, len(legal))
		}
		if len(rec.Plies) >= safetyCap {
			t.Fatalf("%s: still going after %d plies", where(), safetyCap)
		}
		next, ply, _, err := games.Apply(g, legal[rng.IntN(len(legal))].Notation, dice)
		if err != nil {
			t.Fatalf("%s: %v", where(), err)
		}
		rec.Plies = append(rec.Plies, ply)
		g = next
	}
	gamestest.CheckGameOver(t, g, where)
	r, err := games.Replay(rec)
	if err != nil {
		t.Fatalf("%s: %v", where(), err)
	}
	if r.Key() != g.Key() || r.Position() != g.Position() || r.Outcome() != g.Outcome() {
		t.Fatalf("%s: replaying the record gives %q (key %q, %+v), want key %q, %+v",
			where(), r.Position(), r.Key(), r.Outcome(), g.Key(), g.Outcome())
	}
	return g.Outcome(), len(rec.Plies)
}
