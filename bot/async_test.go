package bot

import (
	"strings"
	"testing"
	"time"

	"github.com/bermudachess/bermuda/bot/fakediscord"
	"github.com/bermudachess/bermuda/play"
)

func lastContent(h *harness, channel string) string {
	msgs := h.fake.Messages(channel)
	if len(msgs) == 0 {
		return ""
	}
	return msgs[len(msgs)-1].Content
}

func TestReminderThenLossOnTimeWithFakeClock(t *testing.T) {
	h := newHarness(t)
	thread := h.startGame("chess") // 3 days per move (the server default)
	ctx := t.Context()
	h.move(ann, thread, "e4")
	h.clock.Advance(2 * 24 * time.Hour) // no reminder before both have moved
	h.bot.Tick(ctx)
	if strings.Contains(lastContent(h, thread), "⏰") {
		t.Fatal("reminded before both players had moved")
	}
	h.move(bob, thread, "e5")
	h.clock.Advance(2*24*time.Hour + 10*time.Hour) // 2.4 days = 80% of 3
	h.bot.Tick(ctx)
	if got := lastContent(h, thread); !strings.Contains(got, "⏰ <@111>, it's your move") {
		t.Fatalf("no reminder at 80%%: %q", got)
	}
	n := len(h.fake.Messages(thread))
	h.bot.Tick(ctx)
	if len(h.fake.Messages(thread)) != n {
		t.Fatal("the reminder fired twice")
	}
	// A restart in between does not lose or repeat the deadline.
	h.restart(nil)
	h.bot.Tick(ctx)
	if len(h.fake.Messages(thread)) != n {
		t.Fatal("the reminder fired again after a restart")
	}
	h.clock.Advance(15 * time.Hour)
	h.bot.Tick(ctx)
	h.bot.pictures.wait() // the finished game's animation is posted
	row, _ := h.store.GameByThread(ctx, thread)
	if row.State != "finished" || row.Reason != "time" || row.Winner != 1 {
		t.Fatalf("after the deadline: %+v", row)
	}
	if !strings.Contains(strings.Join(contents(h, thread), "\n"), "⌛ <@111> ran out of time") {
		t.Fatal("no loss-on-time message")
	}
	n = len(h.fake.Messages(thread))
	h.bot.Tick(ctx)
	if len(h.fake.Messages(thread)) != n {
		t.Fatal("the timeout fired twice")
	}
}

func contents(h *harness, channel string) []string {
	var out []string
	for _, m := range h.fake.Messages(channel) {
		out = append(out, m.Content)
	}
	return out
}

func TestChallengeExpiryRemovesButtons(t *testing.T) {
	h := newHarness(t)
	msg := h.challenge(ann, "bermuda", &bob)
	h.clock.Advance(play.ChallengeLifetime + time.Minute)
	h.bot.Tick(t.Context())
	m, _ := h.fake.Message(msg)
	if len(m.Components) != 0 || !strings.Contains(m.Content, "expired") {
		t.Fatalf("expired challenge: %+v", m)
	}
	h.wantEphemeral(h.click(bob, lobbyID, msg, "accept:"+challengeID0(msg, h)), "already taken (expired)")
}

// challengeID0 finds the challenge id after its buttons are gone: the
// only challenge in these tests is number 1.
func challengeID0(string, *harness) string { return "1" }

func TestRematchSwapsSidesInANewThread(t *testing.T) {
	h := newHarness(t)
	thread := h.startGame("chess")
	h.move(ann, thread, "f3")
	h.move(bob, thread, "e5")
	h.move(ann, thread, "g4")
	h.move(bob, thread, "Qh4")
	resp := h.command(ann, thread, "rematch")
	if m := h.reply(resp); m.Ephemeral {
		t.Fatalf("rematch refused: %s", m.Content)
	}
	lobby := h.fake.Messages(lobbyID)
	offer := lobby[len(lobby)-1]
	if !strings.Contains(offer.Content, "Rematch") {
		t.Fatalf("no rematch challenge in the lobby: %q", offer.Content)
	}
	h.click(bob, lobbyID, offer.ID, "accept:"+challengeID(h, offer.ID))
	threads := h.fake.Threads()
	if len(threads) != 2 {
		t.Fatalf("%d threads, want 2", len(threads))
	}
	if got := h.fake.Messages(threads[1].ID)[0].Content; !strings.Contains(got, "<@222> (White) vs <@111> (Black)") {
		t.Fatalf("sides not swapped: %q", got)
	}
	// The result message's button offers the same.
	h.wantEphemeral(h.click(cat, thread, "x", "rematch:1"), "Only the players")
}

func TestCommunityCommands(t *testing.T) {
	h := newHarness(t)
	thread := h.startGame("chess")
	h.move(ann, thread, "e4")

	if m := h.reply(h.command(cat, thread, "moves")); !m.Ephemeral || !strings.Contains(embedString(embedOf(t, m, 0), "description"), "<@222> (Black) to move — 20 legal moves") {
		t.Errorf("/moves: %+v", m.Embeds)
	}
	resp := h.command(cat, lobbyID, "games")
	h.wantEphemeral(resp, "<#"+thread+"> Chess: <@111> vs <@222> — <@222> to move")
	resp = h.send(fakediscord.Interaction{Type: 2, User: cat, ChannelID: lobbyID, Name: "stats", Options: []fakediscord.Option{user("player", bob)}, Resolved: resolvedUsers(bob)})
	h.wantEphemeral(resp, "Active games: 1")
	resp = h.command(ann, lobbyID, "leaderboard", str("variant", "angle"))
	if m := h.reply(resp); len(m.Embeds) == 0 {
		t.Fatal("leaderboard has no embed")
	}
	for _, id := range []string{"angle", "bermuda", "bede", "spindecision", "randommove"} {
		resp = h.command(ann, lobbyID, "rules", str("variant", id))
		m := h.reply(resp)
		desc, _ := m.Embeds[0].(map[string]any)["description"].(string)
		if !m.Ephemeral || len(desc) < 200 {
			t.Errorf("/rules %s: %q", id, desc)
		}
		if id != "randommove" && id != "bede" && !strings.Contains(desc, "Reconstructed setup") {
			t.Errorf("/rules %s does not say the setup is reconstructed", id)
		}
	}
	h.wantEphemeral(h.command(ann, lobbyID, "help"), "permissions=309237763072&scope=bot+applications.commands")
	resp = h.send(fakediscord.Interaction{Type: 2, User: ann, ChannelID: thread, ChannelType: 11, Name: "export"})
	m := h.reply(resp)
	if len(m.Files) != 1 || m.Files[0].Name != "bermuda-game-1.pgn" || !strings.Contains(string(m.Files[0].Data), "\n\n1. e4 *\n") || !strings.Contains(string(m.Files[0].Data), `[White "ann"]`) {
		t.Fatalf("export: %+v", m)
	}
	h.wantEphemeral(h.command(ann, lobbyID, "settings", integer("days", 7)), "7 days per move")
	if set, _ := h.store.Settings(t.Context(), h.fake.GuildID); set.DefaultDays != 7 {
		t.Fatalf("settings not stored: %+v", set)
	}
	// A new challenge now defaults to 7 days.
	msg := h.challenge(bob, "angle", &cat)
	if m, _ := h.fake.Message(msg); !strings.Contains(m.Embeds[0].(map[string]any)["description"].(string), "7 days per move") {
		t.Fatal("challenge ignored the server default")
	}
}
