package randommove

import (
	"flag"
	"testing"

	"github.com/bermudachess/bermuda/games/gamestest"
)

var randomGames = flag.Int("games", 100, "seeded random games in TestRandomGamesEndAndReload")

// TestRandomGamesEndAndReload plays seeded random games to their end, the
// colour throws and every turn's throw from games.Seeded: each must end by
// the rules, and at every ply, the finished position included, its
// position string must load back to the same position, throws and turn
// included (see gamestest.PlayOut). Seeds start at 1001, apart from
// games/all's. More:
//
//	go test ./games/randommove -run RandomGames -args -games=2000
func TestRandomGamesEndAndReload(t *testing.T) {
	ends, plies := map[string]int{}, 0
	for i := 0; i < *randomGames; i++ {
		g, n := gamestest.PlayOut(t, ID, 1001+uint64(i), 5000)
		ends[g.Outcome().Reason]++
		plies += n
	}
	t.Logf("%d games, %d plies; endings %v", *randomGames, plies, ends)
}
