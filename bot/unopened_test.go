package bot

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/bermudachess/bermuda/db"
)

// The state a crash between creating a game's thread and recording it
// leaves: an active game with no thread. A move meanwhile is told what is
// going on; after the grace the game is cancelled unrated, said once in
// the channel where it was challenged, and nothing is due for it any more.
func TestGameWhoseOpeningWasCutShortIsCancelledUnrated(t *testing.T) {
	h := newHarness(t)
	now := h.clock.Now()
	id, err := h.store.CreateGame(t.Context(), db.Game{GuildID: h.fake.GuildID, ChannelID: lobbyID, Variant: "chess",
		Players: [2]string{ann.ID, bob.ID}, Days: 3, State: "active", Winner: -1, DrawOfferBy: -1,
		Deadline: now.Add(72 * time.Hour), CreatedAt: now, UpdatedAt: now})
	if err != nil {
		t.Fatal(err)
	}
	const thread = "424242424242424242" // told to the players; the crash kept it from the store
	h.wantEphemeral(h.command(ann, thread, "move", str("move", "e4")), "is not ready in its thread yet")
	h.clock.Advance(time.Minute)
	h.bot.Tick(t.Context())
	if g, _ := h.store.Game(t.Context(), id); g.State != "active" {
		t.Fatalf("cancelled within the grace, while its opening may still be under way: %+v", g)
	}
	h.clock.Advance(2 * time.Minute)
	h.bot.Tick(t.Context())
	h.bot.Tick(t.Context()) // a second pass (or replica) finds nothing left to do
	if g, _ := h.store.Game(t.Context(), id); g.State != "aborted" || g.Rated {
		t.Fatalf("after the grace: %+v", g)
	}
	said := 0
	for _, m := range contents(h, lobbyID) {
		if strings.Contains(m, "was cancelled and will not be rated") && strings.Contains(m, fmt.Sprintf("#%d", id)) {
			said++
		}
	}
	if said != 1 {
		t.Fatalf("the cancellation was said %d times in the lobby", said)
	}
	h.wantEphemeral(h.command(ann, thread, "move", str("move", "e4")), "There is no game in this channel")
}
