package bot

import (
	"fmt"
	"strconv"
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

// A crash after accepting a challenge, before the game's thread was
// recorded (with the thread already made, or not yet): the scheduler opens
// the game in the thread started from the challenge message, once, and
// it is played there.
func TestAcceptedGameWhoseThreadWasNotRecordedIsOpenedAfterAll(t *testing.T) {
	for _, threadMade := range []bool{true, false} {
		t.Run(fmt.Sprintf("thread made %v", threadMade), func(t *testing.T) {
			h := newHarness(t)
			msg := h.challenge(ann, "chess", &bob, str("color", "white"))
			cid, _ := strconv.ParseInt(challengeID(h, msg), 10, 64)
			now := h.clock.Now()
			id, err := h.store.AcceptChallenge(t.Context(), cid, bob.ID, db.Game{GuildID: h.fake.GuildID, ChannelID: lobbyID,
				Variant: "chess", Players: [2]string{ann.ID, bob.ID}, Days: 3, State: "active", Winner: -1, DrawOfferBy: -1,
				Deadline: now.Add(72 * time.Hour), CreatedAt: now, UpdatedAt: now})
			if err != nil {
				t.Fatal(err)
			}
			if threadMade {
				if _, err := h.bot.dc.StartThread(lobbyID, msg, "chess"); err != nil {
					t.Fatal(err)
				}
				h.wantEphemeral(h.command(ann, msg, "move", str("move", "e4")), "is not ready in its thread yet")
			}
			h.clock.Advance(3 * time.Minute)
			h.bot.Tick(t.Context())
			h.bot.Tick(t.Context())
			g, err := h.store.Game(t.Context(), id)
			if err != nil || g.State != "active" || g.ThreadID != msg {
				t.Fatalf("after the repair: %+v, %v; want active in thread %s", g, err, msg)
			}
			told := 0
			for _, m := range contents(h, msg) {
				if strings.Contains(m, "I was interrupted while opening this game") {
					told++
				}
			}
			if told != 1 || boardPosts(h, msg) != 1 {
				t.Fatalf("the thread was told %d times and got %d boards; want one of each", told, boardPosts(h, msg))
			}
			h.move(ann, msg, "e4")
			h.move(bob, msg, "e5")
			if g, _ := h.store.Game(t.Context(), id); g.Ply != 2 {
				t.Fatalf("ply %d after two moves in the reopened thread", g.Ply)
			}
		})
	}
}
