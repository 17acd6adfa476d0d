package bot

import (
	"strings"
	"testing"
	"time"
)

// A player on direct messages who goes on holiday is left in peace: no
// DM when the opponent moves, no digest; when the holiday has run its
// course they get one DM listing the games where it is their move (and
// each game's thread says they are back, without a ping on DMs).
func TestHolidayQuietensNoticesAndWelcomesBack(t *testing.T) {
	h := newHarness(t) // 2026-03-01 12:00 UTC
	h.notify(bob, str("how", "dm"))
	thread := h.startGame("chess")
	h.vacation(bob, "start", integer("days", 2))
	dms := len(h.fake.DMs(bob.ID))

	h.move(ann, thread, "e4")
	h.bot.pictures.wait()
	if got := h.fake.DMs(bob.ID)[dms:]; len(got) != 0 {
		t.Fatalf("bob got DMs on holiday: %+v", got)
	}
	// Bob switches to the digest at 13:00; at that hour, still on
	// holiday: none.
	h.notify(bob, str("how", "digest"), integer("hour", 13))
	h.notify(bob, str("how", "dm"))
	dms = len(h.fake.DMs(bob.ID)) // the greetings
	h.clock.Advance(time.Hour)
	h.tick()
	if got := h.fake.DMs(bob.ID)[dms:]; len(got) != 0 {
		t.Fatalf("bob got DMs on holiday: %+v", got)
	}

	// The holiday ends (two days after it began): one welcome, in the DMs
	// and in the thread, however many ticks and replicas see it.
	h.clock.Advance(2*day - time.Hour)
	h.tick()
	h.tick()
	got := h.fake.DMs(bob.ID)[dms:]
	if len(got) != 1 || !strings.Contains(got[0].Content, "Welcome back") || !strings.Contains(got[0].Content, "your move in 1 game") ||
		!strings.Contains(got[0].Content, "https://discord.com/channels/"+h.fake.GuildID+"/"+thread) {
		t.Fatalf("bob's DMs after the holiday: %+v", got)
	}
	msgs := h.fake.Messages(thread)
	last := msgs[len(msgs)-1]
	if countContaining(msgs, "Welcome back, <@222>") != 1 || len(last.Pings) != 0 || !strings.Contains(last.Content, "your clock runs again") {
		t.Fatalf("the thread after the holiday: %q (pings %v)", last.Content, last.Pings)
	}
	// Ann's next move is told by DM again.
	h.move(bob, thread, "e5")
	h.move(ann, thread, "Nf3")
	h.bot.pictures.wait()
	if got := h.fake.DMs(bob.ID); !strings.Contains(got[len(got)-1].Content, "played **g1f3**") {
		t.Fatalf("bob's DM after the holiday: %q", got[len(got)-1].Content)
	}
}
