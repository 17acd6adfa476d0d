package bot

import (
	"strings"
	"testing"
	"time"

	"github.com/bermudachess/bermuda/bot/fakediscord"
)

func TestChallengeRefusals(t *testing.T) {
	h := newHarness(t)
	resp := h.send(fakediscord.Interaction{Type: 2, User: ann, ChannelID: lobbyID, Name: "challenge",
		Options: []fakediscord.Option{str("variant", "angle"), user("opponent", ann)}, Resolved: resolvedUsers(ann)})
	h.wantEphemeral(resp, "can't challenge yourself")
	resp = h.send(fakediscord.Interaction{Type: 2, User: ann, ChannelID: lobbyID, Name: "challenge",
		Options: []fakediscord.Option{str("variant", "angle"), user("opponent", robot)}, Resolved: resolvedUsers(robot)})
	h.wantEphemeral(resp, "is a bot")
	resp = h.command(ann, lobbyID, "challenge", str("variant", "go"))
	h.wantEphemeral(resp, "Unknown variant")
	resp = h.command(ann, lobbyID, "challenge", str("variant", "angle"), integer("days", 4))
	h.wantEphemeral(resp, "4 days per move is not offered")
	resp = h.send(fakediscord.Interaction{Type: 2, User: ann, ChannelID: lobbyID, Name: "challenge",
		Options: []fakediscord.Option{str("variant", "angle")}, AppPerms: "3072"}) // view + send only
	h.wantEphemeral(resp, "missing permissions here: **Embed Links, Attach Files, Read Message History, Create Public Threads and Send Messages in Threads**")

	msg := h.challenge(ann, "angle", &bob)
	id := challengeID(h, msg)
	h.wantEphemeral(h.click(cat, lobbyID, msg, "accept:"+id), "Only <@222> can accept")
	h.wantEphemeral(h.click(ann, lobbyID, msg, "accept:"+id), "can't accept your own challenge")
	h.wantEphemeral(h.click(cat, lobbyID, msg, "decline:"+id), "Only <@222> can decline")
	h.wantEphemeral(h.click(bob, lobbyID, msg, "cancel:"+id), "Only <@111>, who made this challenge, can cancel")
	resp = h.click(bob, lobbyID, msg, "decline:"+id)
	if resp.Type != 7 {
		t.Fatalf("decline answered with type %d, want 7 (update message)", resp.Type)
	}
	if m, _ := h.fake.Message(msg); len(m.Components) != 0 || !strings.Contains(m.Content, "declined") {
		t.Fatalf("declined challenge message still has buttons or no notice: %+v", m)
	}
	h.wantEphemeral(h.click(bob, lobbyID, msg, "accept:"+id), "You already declined this challenge.")

	// An open challenge: anyone but the challenger may accept, exactly once.
	open := h.challenge(ann, "bede", nil)
	oid := challengeID(h, open)
	h.click(cat, lobbyID, open, "accept:"+oid)
	h.wantEphemeral(h.click(bob, lobbyID, open, "accept:"+oid), "already taken")
	if n := len(h.fake.Threads()); n != 1 {
		t.Fatalf("%d threads after two accepts of one challenge", n)
	}
	h.wantEphemeral(h.click(ann, lobbyID, open, "cancel:"+oid), "<@333> already accepted your challenge: the game is in <#"+h.fake.Threads()[0].ID+">.")
}

func TestGameRefusals(t *testing.T) {
	h := newHarness(t)
	h.wantEphemeral(h.command(ann, lobbyID, "move", str("move", "e2e4")), "There is no game in this channel")
	thread := h.startGame("chess")
	h.wantEphemeral(h.command(bob, thread, "move", str("move", "e7e5")), "not your turn: <@111> (White) is to move")
	h.wantEphemeral(h.command(cat, thread, "move", str("move", "e2e4")), "You are not a player in this game")
	h.wantEphemeral(h.command(cat, thread, "resign"), "You are not a player in this game")
	h.wantEphemeral(h.command(cat, thread, "draw"), "You are not a player in this game")
	h.wantEphemeral(h.command(ann, thread, "move", str("move", "e2e5")), "`e2e5` is not a legal move here: no legal move matches. Legal moves include: `e2e3`")
	resp := h.send(fakediscord.Interaction{Type: 2, User: ann, ChannelID: thread, ChannelType: 11, Name: "move",
		Options: []fakediscord.Option{str("move", "e2e4")}, AppPerms: "1024"})
	h.wantEphemeral(resp, "missing permissions here: **Send Messages in Threads, Embed Links and Attach Files**")

	h.move(ann, thread, "e4")
	h.move(bob, thread, "e5")
	h.wantEphemeral(h.command(ann, thread, "abort"), "Too late to abort")

	// Draw offer: only the opponent may answer, and a move withdraws it.
	resp = h.command(ann, thread, "draw")
	offer := h.reply(resp).ID
	h.wantEphemeral(h.click(ann, thread, offer, "drawyes:1"), "your own draw offer")
	h.wantEphemeral(h.click(cat, thread, offer, "drawyes:1"), "not a player")
	h.move(ann, thread, "Nf3")
	h.wantEphemeral(h.click(bob, thread, offer, "drawyes:1"), "no longer open")
	resp = h.command(bob, thread, "draw")
	offer = h.reply(resp).ID
	h.click(ann, thread, offer, "drawyes:1")
	row, _ := h.store.GameByThread(t.Context(), thread)
	if row.State != "finished" || row.Winner != -1 || row.Reason != "agreement" {
		t.Fatalf("after an accepted draw: %+v", row)
	}
	h.wantEphemeral(h.command(bob, thread, "move", str("move", "Nc6")), "already over")
	h.wantEphemeral(h.command(ann, thread, "resign"), "already over")
}

func TestAbortBeforeBothMoved(t *testing.T) {
	h := newHarness(t)
	thread := h.startGame("chess")
	h.move(ann, thread, "d4")
	h.command(bob, thread, "abort")
	row, _ := h.store.GameByThread(t.Context(), thread)
	if row.State != "aborted" || row.Rated {
		t.Fatalf("after abort: %+v", row)
	}
}

func TestResignEarlyIsUnratedLateIsRated(t *testing.T) {
	h := newHarness(t)
	thread := h.startGame("chess")
	h.move(ann, thread, "d4")
	h.move(bob, thread, "d5")
	h.command(bob, thread, "resign")
	row, _ := h.store.GameByThread(t.Context(), thread)
	if row.State != "finished" || row.Winner != 0 || row.Reason != "resignation" || row.Rated {
		t.Fatalf("early resignation: %+v", row)
	}
	thread = h.startGame("chess")
	for i, m := range []string{"d4", "d5", "c4", "e6"} {
		h.move([]fakediscord.User{ann, bob}[i%2], thread, m)
	}
	h.command(ann, thread, "resign")
	row, _ = h.store.GameByThread(t.Context(), thread)
	if !row.Rated || row.Winner != 1 {
		t.Fatalf("resignation after two moves each must be rated: %+v", row)
	}
	if last := resultMessage(t, h, thread).Content; !strings.Contains(last, "<@222>: 1500 → ") {
		t.Fatalf("result lacks rating changes: %q", last)
	}
	resp := h.command(cat, lobbyID, "leaderboard", str("variant", "chess"))
	board := h.reply(resp).Embeds[0].(map[string]any)["description"].(string)
	if !strings.Contains(board, "Not ranked yet") || !strings.Contains(board, "<@222> — 1") || !strings.Contains(board, "? (1 game: 1 W, 0 L, 0 D)") {
		t.Fatalf("leaderboard: %q", board)
	}
}

func TestDuplicateInteractionChangesNothing(t *testing.T) {
	h := newHarness(t)
	thread := h.startGame("chess")
	in := fakediscord.Interaction{Type: 2, User: ann, ChannelID: thread, ChannelType: 11, Name: "move", Options: []fakediscord.Option{str("move", "e4")}}
	in.ID = h.fake.NewID()
	h.send(in)
	before := len(h.fake.Messages(thread))
	if _, err := h.fake.Send(in); err != nil { // Discord delivers it again
		t.Fatal(err)
	}
	if !waitLog(h, "duplicate interaction ignored") {
		t.Fatal("the duplicate was not recognised")
	}
	h.bot.inflight.Wait()
	row, _ := h.store.GameByThread(t.Context(), thread)
	if row.Ply != 1 || len(h.fake.Messages(thread)) != before {
		t.Fatalf("duplicate changed something: ply %d, messages %d → %d", row.Ply, before, len(h.fake.Messages(thread)))
	}
}

func waitLog(h *harness, want string) bool {
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if strings.Contains(h.logs.String(), want) {
			return true
		}
		time.Sleep(5 * time.Millisecond)
	}
	return false
}

func TestHugeOrEmptyInputGetsAShortClearAnswer(t *testing.T) {
	h := newHarness(t)
	thread := h.startGame("chess")
	resp := h.command(ann, thread, "move", str("move", strings.Repeat("e2e4 ", 1200)))
	m := h.reply(resp)
	if !m.Ephemeral || len(m.Content) > 2000 || !strings.Contains(m.Content, "is not a legal move here") {
		t.Fatalf("huge input: %d chars, %q", len(m.Content), m.Content[:min(len(m.Content), 200)])
	}
	h.wantEphemeral(h.command(ann, thread, "move"), "nothing was typed")
	h.wantEphemeral(h.click(ann, thread, "x", "bogus:1"), "no longer in use")
	h.wantEphemeral(h.click(ann, thread, "x", "accept:abc"), "this button is broken")
}
