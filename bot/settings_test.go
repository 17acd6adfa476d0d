package bot

import (
	"strings"
	"testing"
	"time"

	"github.com/bermudachess/bermuda/bot/fakediscord"
)

func (h *harness) settings(u fakediscord.User, perms string, opts ...fakediscord.Option) fakediscord.Message {
	h.t.Helper()
	return h.reply(h.send(fakediscord.Interaction{Type: 2, User: u, ChannelID: lobbyID, Name: "settings", Options: opts, MemberPerms: perms}))
}

func wantAll(t *testing.T, m fakediscord.Message, wants ...string) {
	t.Helper()
	if !m.Ephemeral {
		t.Errorf("a public answer: %q", m.Content)
	}
	for _, w := range wants {
		if !strings.Contains(m.Content, w) {
			t.Errorf("the answer does not say %q: %q", w, m.Content)
		}
	}
}

// TestSettingsShowsAndClearsEverySetting: /settings alone shows every
// server setting; each one set can be cleared (clear:), said privately;
// mistakes are explained and change nothing.
func TestSettingsShowsAndClearsEverySetting(t *testing.T) {
	h := newHarness(t)
	ctx := t.Context()
	const role = "9100"
	wantAll(t, h.settings(ann, ""), "Default time per move: 3 days, the bot's default", "Tournament role: none", "Daily puzzle: off", "Game pages: on")
	wantAll(t, h.settings(bob, noManage, str("clear", "days")), "Manage Server")

	wantAll(t, h.settings(ann, "", integer("days", 5), fakediscord.Option{Name: "tournament_role", Type: 8, Value: role},
		fakediscord.Option{Name: "puzzle_channel", Type: 7, Value: lobbyID}),
		"now default to 5 days", "<@&"+role+"> can now run tournaments", "daily puzzle will be posted in <#"+lobbyID+">",
		"Default time per move: **5 days**", "Tournament role: <@&"+role+">", "Daily puzzle: posted in <#"+lobbyID+">")
	// A member with the role may run tournaments.
	in := h.tournamentInteraction(cat, noManage, "create", str("variant", "chess"), integer("rounds", 1), integer("days", 1))
	in.Roles = []string{role}
	h.wantPublic(h.send(in), "Swiss tournament (#1)")

	wantAll(t, h.settings(ann, "", integer("days", 5), str("clear", "days")), "both set and clear `days`")
	wantAll(t, h.settings(ann, "", str("clear", "tournament_role")), "<@&"+role+"> no longer runs tournaments", "Tournament role: none")
	in.ID = "" // a fresh interaction
	h.wantEphemeral(h.send(in), "Manage Server")
	wantAll(t, h.settings(ann, "", str("clear", "tournament_role")), "No tournament role was set")
	wantAll(t, h.settings(ann, "", str("clear", "days")), "default to the bot's 3 days per move again", "Default time per move: 3 days, the bot's default")
	// A twice-delivered clear answers once.
	if st := h.deliverTwice(fakediscord.Interaction{Type: 2, User: ann, ChannelID: lobbyID, Name: "settings",
		Options: []fakediscord.Option{str("clear", "puzzle_channel")}}); st.Callbacks != 1 {
		t.Fatalf("a twice-delivered clear: %d callbacks", st.Callbacks)
	}
	if _, err := h.store.PuzzleChannelOf(ctx, h.fake.GuildID); err == nil {
		t.Fatal("the puzzle channel was not cleared")
	}
	wantAll(t, h.settings(ann, "", str("clear", "puzzle_channel")), "already off", "Daily puzzle: off")
	// Game pages: off, shown, refused with a clear of the same, cleared.
	wantAll(t, h.settings(ann, "", str("pages", "off")), "Game pages are off", "Game pages: **off**")
	if st, _ := h.store.Settings(ctx, h.fake.GuildID); !st.PagesOff {
		t.Fatalf("pages:off was not stored: %+v", st)
	}
	wantAll(t, h.settings(bob, noManage, str("pages", "on")), "Manage Server")
	wantAll(t, h.settings(ann, "", str("pages", "on"), str("clear", "pages")), "both set and clear `pages`")
	wantAll(t, h.settings(ann, "", str("clear", "pages")), "Game pages are on", "Game pages: on")
	wantAll(t, h.settings(ann, "", str("clear", "pages")), "already on")
	if st, _ := h.store.Settings(ctx, h.fake.GuildID); st.DaysChosen || st.TournamentRole != "" || st.PagesOff {
		t.Fatalf("after clearing everything: %+v", st)
	}
}

// TestDailyPuzzleThatFailsForGoodStopsAndTellsTheManager: the daily post
// is refused (Missing Permissions) three times; then it stops for the day,
// the manager who chose the channel gets one DM saying what is wrong and
// how to fix it, and /settings shows the error. The next day's post goes
// out and clears it.
func TestDailyPuzzleThatFailsForGoodStopsAndTellsTheManager(t *testing.T) {
	h := newHarness(t)
	ctx := t.Context()
	const channel = "6000"
	h.settings(bob, "", fakediscord.Option{Name: "puzzle_channel", Type: 7, Value: channel})
	h.fake.Fail("POST", "/channels/"+channel+"/messages", 403, `{"code": 50013, "message": "Missing Permissions"}`, dailyStopAfter)
	attempts := func() int {
		n := 0
		for _, r := range h.fake.Requests() {
			if r.Method == "POST" && r.Path == "/channels/"+channel+"/messages" {
				n++
			}
		}
		return n
	}
	for i := 1; i <= dailyStopAfter; i++ {
		h.bot.Tick(ctx)
		if n := attempts(); n != i {
			t.Fatalf("%d attempts after %d ticks a lease apart", n, i)
		}
		if i < dailyStopAfter && len(h.fake.DMs(bob.ID)) != 0 {
			t.Fatalf("bob was told after %d failures", i)
		}
		h.clock.Advance(dailyLease)
	}
	for range 3 { // stopped for the day
		h.bot.Tick(ctx)
		h.clock.Advance(dailyLease)
	}
	if n := attempts(); n != dailyStopAfter {
		t.Fatalf("%d attempts after the stop, want %d", n, dailyStopAfter)
	}
	dms := h.fake.DMs(bob.ID)
	if len(dms) != 1 || !strings.Contains(dms[0].Content, "could not be posted in <#"+channel+">") ||
		!strings.Contains(dms[0].Content, "Send Messages") || !strings.Contains(dms[0].Content, "/settings puzzle_channel:") {
		t.Fatalf("bob's DMs: %+v", dms)
	}
	wantAll(t, h.settings(ann, ""), "Daily puzzle: posted in <#"+channel+">", "⚠️ The daily puzzle could not be posted", "I lack a permission")

	// The next day it is tried again, goes out, and the error is gone.
	now := h.clock.Now()
	h.clock.Advance(now.UTC().Truncate(24 * time.Hour).Add(24*time.Hour + time.Minute).Sub(now))
	h.bot.Tick(ctx)
	if n := len(h.fake.Messages(channel)); n != 1 {
		t.Fatalf("%d daily posts the next day", n)
	}
	if m := h.settings(ann, ""); strings.Contains(m.Content, "⚠️") {
		t.Fatalf("the error is still shown after a post went out: %q", m.Content)
	}
	if n := len(h.fake.DMs(bob.ID)); n != 1 {
		t.Fatalf("bob got %d DMs", n)
	}
}
