package bermuda

import (
	"flag"
	"testing"

	"github.com/bermudachess/bermuda/games/gamestest"
)

var randomGames = flag.Int("games", 100, "seeded random games in TestRandomGamesEndAndReload")

// TestRandomGamesEndAndReload plays seeded random games to their end: each
// must end by the rules (no king, no move, repetition or the fifty-move
// rule), and at every ply, the finished position included, its position
// string must load back to the same position (see gamestest.PlayOut).
// Seeds start at 1001, apart from games/all's. More:
//
//	go test ./games/bermuda -run RandomGames -args -games=2000
func TestRandomGamesEndAndReload(t *testing.T) {
	ends, plies, longest := map[string]int{}, 0, 0
	for i := 0; i < *randomGames; i++ {
		g, n := gamestest.PlayOut(t, "bermuda", 1001+uint64(i), 5000)
		ends[g.Outcome().Reason]++
		plies += n
		longest = max(longest, n)
	}
	t.Logf("%d games, %d plies (longest %d); endings %v", *randomGames, plies, longest, ends)
}
