package bot

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bermudachess/bermuda/bot/fakediscord"
	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/games"
)

// notify sets (or, with no options, shows) u's notices and returns the
// private answer's text.
func (h *harness) notify(u fakediscord.User, opts ...fakediscord.Option) string {
	h.t.Helper()
	m := h.reply(h.command(u, lobbyID, "notify", opts...))
	if !m.Ephemeral {
		h.t.Fatalf("/notify answered publicly: %q", m.Content)
	}
	return m.Content
}

// lastBoardMessage is the newest message in channel with a board picture.
func (h *harness) lastBoardMessage(channel string) fakediscord.Message {
	h.t.Helper()
	msgs := h.fake.Messages(channel)
	for i := len(msgs) - 1; i >= 0; i-- {
		for _, f := range msgs[i].Files {
			if f.Name == "board.png" {
				return msgs[i]
			}
		}
	}
	h.t.Fatalf("no board in %s", channel)
	return fakediscord.Message{}
}

// tick runs the scheduler once and waits for the notices it queued.
func (h *harness) tick() {
	h.bot.Tick(context.Background())
	h.bot.pictures.wait()
}

func countContaining(msgs []fakediscord.Message, want string) int {
	n := 0
	for _, m := range msgs {
		if strings.Contains(m.Content, want) {
			n++
		}
	}
	return n
}

func hasBoard(m fakediscord.Message) bool {
	for _, f := range m.Files {
		if f.Name == "board.png" && len(f.Data) > 0 {
			return true
		}
	}
	return false
}

func TestNotifyByDirectMessageAndRefusedDM(t *testing.T) {
	h := newHarness(t)
	if got := h.notify(bob, str("how", "dm")); !strings.Contains(got, "direct messages") || !strings.HasPrefix(got, "✅") {
		t.Fatalf("choosing DMs: %q", got)
	}
	if dms := h.fake.DMs(bob.ID); len(dms) != 1 || !strings.Contains(dms[0].Content, "when it's your move") {
		t.Fatalf("the DM that proves they arrive: %+v", dms)
	}
	thread := h.startGame("chess") // ann (White) moves first: bob gets nothing yet
	if n := len(h.fake.DMs(bob.ID)); n != 1 {
		t.Fatalf("bob got %d DMs before his first move was due", n)
	}
	link := "https://discord.com/channels/" + h.fake.GuildID + "/" + thread

	h.move(ann, thread, "e4")
	board := h.lastBoardMessage(thread)
	if !strings.Contains(board.Content, mention(bob.ID)+", your move") || len(board.Pings) != 0 {
		t.Fatalf("the board names bob without a ping: %q pings %v", board.Content, board.Pings)
	}
	dms := h.fake.DMs(bob.ID)
	if len(dms) != 2 {
		t.Fatalf("bob has %d DMs after ann's move", len(dms))
	}
	dm := dms[1]
	for _, want := range []string{"Your move", "**Chess**", "ann played **e2e4**", link, "Your time runs out <t:"} {
		if !strings.Contains(dm.Content, want) {
			t.Errorf("the DM lacks %q: %q", want, dm.Content)
		}
	}
	if !hasBoard(dm) || buttonWith(dm, "play:", "") == "" || len(dm.Pings) != 0 {
		t.Errorf("the DM's board %v, Move button in %v, pings %v", hasBoard(dm), dm.Components, dm.Pings)
	}

	// ann is on mentions: pinged in the thread, never sent a DM.
	h.move(bob, thread, "e5")
	if b := h.lastBoardMessage(thread); !slices.Equal(b.Pings, []string{ann.ID}) {
		t.Fatalf("ann's board pings %v", b.Pings)
	}
	if ch := h.fake.DMChannel(ann.ID); ch != "" {
		t.Fatalf("ann, on mentions, has a DM channel %s", ch)
	}

	// The reminder at 80% of the time goes by DM too, and the thread's
	// reminder does not ping bob.
	h.move(ann, thread, "Nf3")
	h.clock.Advance(60 * time.Hour)
	h.tick()
	msgs := h.fake.Messages(thread)
	if last := msgs[len(msgs)-1]; !strings.Contains(last.Content, "⏰ "+mention(bob.ID)) || len(last.Pings) != 0 {
		t.Fatalf("the thread's reminder: %q pings %v", last.Content, last.Pings)
	}
	dms = h.fake.DMs(bob.ID)
	if last := dms[len(dms)-1]; len(dms) != 4 || !strings.Contains(last.Content, "Reminder") || !strings.Contains(last.Content, link) || !hasBoard(last) {
		t.Fatalf("the reminder by DM (%d DMs): %q", len(dms), last.Content)
	}

	// bob closes his DMs: the next notice is refused (50007), he is back on
	// mentions and told once, with a ping, in the thread.
	h.fake.RefuseDMs(bob.ID, true)
	h.move(bob, thread, "Nc6")
	h.move(ann, thread, "Bc4")
	const refused = "I couldn't send you a direct message"
	msgs = h.fake.Messages(thread)
	if n := countContaining(msgs, refused); n != 1 {
		t.Fatalf("told %d times that the DM was refused", n)
	}
	last := msgs[len(msgs)-1]
	if !strings.Contains(last.Content, refused) || !strings.Contains(last.Content, "back on mentions") || !slices.Equal(last.Pings, []string{bob.ID}) {
		t.Fatalf("the refusal notice: %q pings %v", last.Content, last.Pings)
	}
	if got := h.notify(bob); !strings.Contains(got, "You're on **mentions**") {
		t.Fatalf("bob's setting after the refusal: %q", got)
	}
	// The next moves ping bob in the thread and say nothing more.
	h.move(bob, thread, "Nf6")
	h.move(ann, thread, "d3")
	if b := h.lastBoardMessage(thread); !slices.Equal(b.Pings, []string{bob.ID}) {
		t.Fatalf("bob's board after the refusal pings %v", b.Pings)
	}
	if n := countContaining(h.fake.Messages(thread), refused); n != 1 {
		t.Fatalf("told %d times that the DM was refused", n)
	}
	if n := len(h.fake.DMs(bob.ID)); n != 4 {
		t.Fatalf("bob has %d DMs; the refused ones are not among them", n)
	}
}

func TestNotifyDailyDigest(t *testing.T) {
	h := newHarness(t) // 2026-03-01 12:00 UTC
	got := h.notify(bob, str("how", "digest"), integer("hour", 18))
	if !strings.Contains(got, "daily digest") || !strings.Contains(got, "(18:00 UTC)") || !strings.Contains(got, fmt.Sprintf("<t:%d:t>", time.Date(2026, 3, 1, 18, 0, 0, 0, time.UTC).Unix())) {
		t.Fatalf("choosing the digest: %q", got)
	}
	thread := h.startGame("chess")
	h.move(ann, thread, "e4")
	if b := h.lastBoardMessage(thread); len(b.Pings) != 0 {
		t.Fatalf("a digest player's board pings %v", b.Pings)
	}
	const digest = "Your daily digest"
	digests := func() int { return countContaining(h.fake.DMs(bob.ID), digest) }
	if n := len(h.fake.DMs(bob.ID)); n != 1 {
		t.Fatalf("bob has %d DMs before his hour (only the greeting is due)", n)
	}
	h.tick() // 12:00: not yet
	if digests() != 0 {
		t.Fatal("a digest before the chosen hour")
	}
	h.clock.Advance(6 * time.Hour) // 18:00
	h.tick()
	h.clock.Advance(40 * time.Minute)
	h.tick() // the same hour, and the same day, again: nothing more
	if n := digests(); n != 1 {
		t.Fatalf("%d digests on the first day", n)
	}
	dms := h.fake.DMs(bob.ID)
	d := dms[len(dms)-1]
	link := "https://discord.com/channels/" + h.fake.GuildID + "/" + thread
	if !strings.Contains(d.Content, "your move in 1 game") || !strings.Contains(d.Content, link) ||
		!strings.Contains(d.Content, "Chess vs **ann**") || !strings.Contains(d.Content, "your time runs out <t:") {
		t.Fatalf("the digest: %q", d.Content)
	}
	// A restarted bot (or another replica) on the same day sends none.
	h.restart(games.Seeded(2))
	h.tick()
	if n := digests(); n != 1 {
		t.Fatalf("%d digests after a restart the same day", n)
	}

	// The next day at 18:00 it is still bob's move: a second digest.
	h.clock.Advance(23*time.Hour + 20*time.Minute) // 03-02 18:00
	h.tick()
	if n := digests(); n != 2 {
		t.Fatalf("%d digests by the second day", n)
	}
	// bob moves: on the third day nothing waits for him, nothing is sent.
	h.move(bob, thread, "e5")
	h.clock.Advance(24 * time.Hour)
	h.tick()
	if n := digests(); n != 2 {
		t.Fatalf("%d digests; none was due on the third day", n)
	}
	// ann moves; bob has closed his DMs: the fourth day's digest is
	// refused, and he is back on mentions, told once in the thread.
	h.move(ann, thread, "Nf3")
	h.fake.RefuseDMs(bob.ID, true)
	h.clock.Advance(24 * time.Hour)
	h.tick()
	h.clock.Advance(24 * time.Hour)
	h.tick()
	msgs := h.fake.Messages(thread)
	if n := countContaining(msgs, "I couldn't send you a direct message"); n != 1 {
		t.Fatalf("told %d times that the digest was refused", n)
	}
	if got := h.notify(bob); !strings.Contains(got, "You're on **mentions**") {
		t.Fatalf("bob's setting after the refusal: %q", got)
	}
}

func TestGamesMineAcrossTwoServers(t *testing.T) {
	h := newHarness(t)
	const otherGuild = "2999"
	// A game in another server first: ann (White) to move.
	in := fakediscord.Interaction{Type: 2, User: ann, ChannelID: lobbyID, GuildID: otherGuild, Name: "challenge",
		Options: []fakediscord.Option{str("variant", "bede"), user("opponent", bob), str("color", "white")}, Resolved: resolvedUsers(bob)}
	msg := h.reply(h.send(in))
	h.send(fakediscord.Interaction{Type: 3, User: bob, ChannelID: lobbyID, GuildID: otherGuild, MessageID: msg.ID, CustomID: "accept:" + challengeID(h, msg.ID)})
	threads := h.fake.Threads()
	elsewhere := threads[len(threads)-1].ID
	if row, err := h.store.GameByThread(context.Background(), elsewhere); err != nil || row.GuildID != otherGuild {
		t.Fatalf("the other server's game: %+v %v", row, err)
	}
	// Then one here, where ann has moved: bob's move.
	here := h.startGame("chess")
	h.move(ann, here, "e4")
	linkHere := "https://discord.com/channels/" + h.fake.GuildID + "/" + here
	linkElsewhere := "https://discord.com/channels/" + otherGuild + "/" + elsewhere

	order := func(text, first, second string) bool {
		i, j := strings.Index(text, first), strings.Index(text, second)
		return i >= 0 && j > i
	}
	mine := fakediscord.Option{Name: "mine", Type: 5, Value: true}
	bobs := h.reply(h.command(bob, lobbyID, "games", mine))
	if !bobs.Ephemeral || !strings.Contains(bobs.Content, "your move in 1 of 2") ||
		!order(bobs.Content, "**Your move** — Chess vs **ann** · "+linkHere+" · your time runs out <t:", "Bede Chess vs **ann** · "+linkElsewhere+" · their move") {
		t.Fatalf("bob's games: %q", bobs.Content)
	}
	anns := h.reply(h.command(ann, lobbyID, "games", mine))
	if !order(anns.Content, "**Your move** — Bede Chess vs **bob** · "+linkElsewhere, "Chess vs **bob** · "+linkHere+" · their move, their time runs out <t:") {
		t.Fatalf("ann's games: %q", anns.Content)
	}
	// From the other server, and from direct messages, the same list.
	fromThere := h.reply(h.send(fakediscord.Interaction{Type: 2, User: bob, ChannelID: lobbyID, GuildID: otherGuild, Name: "games", Options: []fakediscord.Option{mine}}))
	fromDM := h.reply(h.send(fakediscord.Interaction{Type: 2, User: bob, ChannelID: "dm-bob", DM: true, Name: "games"}))
	if fromThere.Content != bobs.Content || fromDM.Content != bobs.Content || !fromDM.Ephemeral {
		t.Fatalf("bob's games from elsewhere: %q / %q", fromThere.Content, fromDM.Content)
	}
	// /games without mine is still this server's games.
	h.wantEphemeral(h.command(cat, lobbyID, "games"), "<#"+here+"> Chess: <@111> vs <@222> — <@222> to move")
	if m := h.reply(h.command(cat, lobbyID, "games")); strings.Contains(m.Content, elsewhere) {
		t.Fatalf("/games here lists the other server's game: %q", m.Content)
	}
	// Nobody else's, and nothing for a player without games.
	resp := h.send(fakediscord.Interaction{Type: 2, User: bob, ChannelID: lobbyID, Name: "games",
		Options: []fakediscord.Option{mine, user("player", ann)}, Resolved: resolvedUsers(ann)})
	h.wantEphemeral(resp, "`mine` lists your own games")
	h.wantEphemeral(h.command(cat, lobbyID, "games", mine), "You have no games in play")
	h.wantEphemeral(h.send(fakediscord.Interaction{Type: 2, User: bob, ChannelID: "dm-bob", DM: true, Name: "games",
		Options: []fakediscord.Option{user("player", ann)}, Resolved: resolvedUsers(ann)}), "use it in a server to see <@111>'s games")
}

func TestNotifyBadInput(t *testing.T) {
	h := newHarness(t)
	for _, c := range []struct {
		opts []fakediscord.Option
		want string
	}{
		{[]fakediscord.Option{integer("hour", 25)}, "whole hour from 0 to 23"},
		{[]fakediscord.Option{str("how", "digest"), integer("hour", -1)}, "whole hour from 0 to 23"},
		{[]fakediscord.Option{str("how", "dm"), integer("hour", 5)}, "only for the daily digest"},
		{[]fakediscord.Option{integer("hour", 5)}, "choose `how: Daily digest` with it"},
		{[]fakediscord.Option{str("how", "digest")}, "At which hour"},
		{[]fakediscord.Option{str("how", "pigeon")}, "I don't know the notice"},
	} {
		h.wantEphemeral(h.command(ann, lobbyID, "notify", c.opts...), c.want)
	}
	// DMs closed: choosing them is refused at once, nothing changes.
	h.fake.RefuseDMs(ann.ID, true)
	h.wantEphemeral(h.command(ann, lobbyID, "notify", str("how", "dm")), "won't let me send you direct messages (your privacy settings refuse DMs from this server's members), so nothing changed")
	if got := h.notify(ann); !strings.Contains(got, "You're on **mentions**") {
		t.Fatalf("after the refused choice: %q", got)
	}
	if n, err := h.store.NoticeSetting(context.Background(), ann.ID); err != nil || n.Mode != db.NoticeMentions {
		t.Fatalf("stored: %+v %v", n, err)
	}
	// From direct messages, on the digest, then only the hour changes.
	h.fake.RefuseDMs(ann.ID, false)
	dm := func(opts ...fakediscord.Option) fakediscord.Message {
		return h.reply(h.send(fakediscord.Interaction{Type: 2, User: ann, ChannelID: "dm-ann", DM: true, Name: "notify", Options: opts}))
	}
	if m := dm(str("how", "digest"), integer("hour", 7)); !m.Ephemeral || !strings.Contains(m.Content, "(07:00 UTC)") {
		t.Fatalf("/notify in DMs: %q", m.Content)
	}
	if m := dm(integer("hour", 21)); !strings.Contains(m.Content, "(21:00 UTC)") {
		t.Fatalf("changing the hour: %q", m.Content)
	}
	// Back to mentions: no greeting DM for that.
	before := len(h.fake.DMs(ann.ID))
	if got := h.notify(ann, str("how", "mentions")); !strings.Contains(got, "You're on **mentions**") || len(h.fake.DMs(ann.ID)) != before {
		t.Fatalf("back to mentions: %q", got)
	}
	// On the digest, with DMs closed again: choosing DMs puts ann back on
	// mentions at once, and says so.
	h.notify(ann, str("how", "digest"), integer("hour", 9))
	h.fake.RefuseDMs(ann.ID, true)
	h.wantEphemeral(h.command(ann, lobbyID, "notify", str("how", "dm")), "so you're back on mentions")
	if got := h.notify(ann); !strings.Contains(got, "You're on **mentions**") {
		t.Fatalf("after the refused change: %q", got)
	}
	h.fake.RefuseDMs(ann.ID, false)
	// A retried interaction changes nothing and is answered once.
	in := fakediscord.Interaction{Type: 2, User: ann, ChannelID: lobbyID, Name: "notify", Options: []fakediscord.Option{str("how", "dm")}, ID: "77001", Token: "tok-77001"}
	h.send(in)
	dms := len(h.fake.DMs(ann.ID))
	h.fake.Send(in)
	h.bot.inflight.Wait()
	if st := h.fake.Interactions()["77001"]; st.Callbacks != 1 || len(h.fake.DMs(ann.ID)) != dms {
		t.Fatalf("a duplicate: %+v, DMs %d → %d", st, dms, len(h.fake.DMs(ann.ID)))
	}
}

func TestNotifyAtTheStartAndAfterTheComputersMove(t *testing.T) {
	h := newHarness(t)
	h.notify(ann, str("how", "dm"))
	h.notify(bob, str("how", "dm"))
	// ann challenged and moves first: told when bob accepts; bob, who
	// accepted, is told nothing about his own click.
	thread := h.startGame("chess")
	if b := h.lastBoardMessage(thread); len(b.Pings) != 0 || !strings.Contains(b.Content, mention(ann.ID)+", your move") {
		t.Fatalf("the opening board: %q pings %v", b.Content, b.Pings)
	}
	dms := h.fake.DMs(ann.ID)
	if len(dms) != 2 || !strings.Contains(dms[1].Content, "has begun, and you play first (White)") || !strings.Contains(dms[1].Content, "against **bob**") || !hasBoard(dms[1]) {
		t.Fatalf("ann's DMs at the start: %+v", dms)
	}
	if n := len(h.fake.DMs(bob.ID)); n != 1 {
		t.Fatalf("bob has %d DMs; only the greeting", n)
	}

	// Against the computer: told after its move.
	h.bot.opponent().SetLimits(quickComputer)
	vs := h.playComputer(ann, "chess", str("color", "white"))
	before := len(h.fake.DMs(ann.ID))
	h.move(ann, vs, "e4")
	h.settle()
	h.bot.pictures.wait()
	dms = h.fake.DMs(ann.ID)
	if len(dms) != before+1 || !strings.Contains(dms[len(dms)-1].Content, "against the computer (level 3): the computer played **") {
		t.Fatalf("ann's DMs after the computer's move: %d → %d %q", before, len(dms), dms[len(dms)-1].Content)
	}

	// A tournament's games: the player to move first is told.
	ctx := context.Background()
	resp := h.tournament(ann, "", "create", str("variant", "chess"), integer("rounds", 1), integer("days", 1), str("starts", "2h"))
	announce := h.wantPublic(resp, "Swiss tournament")
	for _, u := range []fakediscord.User{ann, bob} {
		h.wantEphemeral(h.click(u, lobbyID, announce.ID, "tjoin:1"), "You're entered")
	}
	aBefore, bBefore := len(h.fake.DMs(ann.ID)), len(h.fake.DMs(bob.ID))
	h.clock.Advance(2 * time.Hour)
	h.bot.Tick(ctx)
	h.bot.pictures.wait()
	boards := h.roundBoards(1, 1)
	if len(boards) != 1 {
		t.Fatalf("round 1: %+v", boards)
	}
	first := boards[0].White
	told, other := h.fake.DMs(first), len(h.fake.DMs(boards[0].Black))
	if first == ann.ID && (len(told) != aBefore+1 || other != bBefore) || first == bob.ID && (len(told) != bBefore+1 || other != aBefore) {
		t.Fatalf("DMs at the tournament's start: white %s has %d, black %d (before: ann %d, bob %d)", first, len(told), other, aBefore, bBefore)
	}
	if !strings.Contains(told[len(told)-1].Content, "has begun, and you play first") {
		t.Fatalf("the tournament game's notice: %q", told[len(told)-1].Content)
	}
}

func TestNotifyReopensAGoneDMChannel(t *testing.T) {
	h := newHarness(t)
	h.notify(bob, str("how", "dm"))
	old := h.fake.DMChannel(bob.ID)
	thread := h.startGame("chess")
	h.fake.DeleteChannel(old) // the cached channel now answers 10003
	h.move(ann, thread, "e4")
	dms := h.fake.DMs(bob.ID)
	if ch := h.fake.DMChannel(bob.ID); ch == old || len(dms) != 1 || !strings.Contains(dms[0].Content, "ann played **e2e4**") || !hasBoard(dms[0]) {
		t.Fatalf("the notice after the DM channel went: channel %s (was %s), %+v", ch, old, dms)
	}
	if n, _ := h.store.NoticeSetting(context.Background(), bob.ID); n.DMChannel != h.fake.DMChannel(bob.ID) || n.Mode != db.NoticeDM {
		t.Fatalf("stored: %+v", n)
	}
}
