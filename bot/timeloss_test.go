package bot

import (
	"strings"
	"testing"
	"time"
)

// A thread that vanishes after the last reminder: when the time runs out
// the game is aborted unrated (as on every other gone-thread path), not
// lost on time and rated, and it is said once in the challenge channel.
func TestTimeLossInAGoneThreadIsAbortedUnrated(t *testing.T) {
	for _, c := range threadGoneWays {
		t.Run(c.name, func(t *testing.T) {
			h := newHarness(t)
			thread := h.startGame("chess")
			h.move(ann, thread, "e4")
			h.move(bob, thread, "e5")
			h.clock.Advance(60 * time.Hour)
			h.bot.Tick(t.Context()) // the reminder reaches the thread
			if msgs := h.fake.Messages(thread); !strings.Contains(msgs[len(msgs)-1].Content, "⏰") {
				t.Fatalf("no reminder: %q", msgs[len(msgs)-1].Content)
			}
			c.gone(h, thread)
			h.clock.Advance(20 * time.Hour) // past the deadline
			h.bot.Tick(t.Context())
			row, _ := h.store.GameByThread(t.Context(), thread)
			if row.State != "aborted" || row.Rated || row.Reason != "aborted" {
				t.Fatalf("after the time ran out in a gone thread: %+v", row)
			}
			if r, err := h.store.PlayerRatings(t.Context(), h.fake.GuildID, ann.ID); err != nil || len(r) != 0 {
				t.Fatalf("ann was rated: %+v, %v", r, err)
			}
			said := 0
			for _, m := range contents(h, lobbyID) {
				if strings.Contains(m, "aborted and will not be rated") {
					said++
				}
			}
			if said != 1 {
				t.Fatalf("the abort was said %d times in the lobby", said)
			}
		})
	}
}
