package bot

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/bermudachess/bermuda/bot/fakediscord"
	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/games"
	"github.com/bermudachess/bermuda/premove"
)

// queuedLine is u's stored line in the thread's game (nil if none).
func (h *harness) queuedLine(thread, userID string) *db.Premove {
	h.t.Helper()
	row, _ := h.loadThread(thread)
	q, err := h.bot.play.Line(context.Background(), row.ID, userID)
	if err != nil {
		h.t.Fatal(err)
	}
	return q
}

// draftMove picks notation in the draft's menus (the position after
// before, the draft's moves so far) with taps only, and returns the last
// response and the message as it then stands.
func (h *harness) draftMove(u fakediscord.User, thread, msgID string, before []string, notation string) (fakediscord.Response, fakediscord.Message) {
	h.t.Helper()
	_, g := h.loadThread(thread)
	pos, _, ok := premove.Position(g, before)
	if !ok {
		h.t.Fatalf("the draft's moves %v do not play", before)
	}
	m, err := games.MatchMove(notation, pos.LegalMoves())
	if err != nil {
		h.t.Fatalf("%s is not legal after %v: %v", notation, before, err)
	}
	var resp fakediscord.Response
	msg, _ := h.fake.Message(msgID)
	for _, value := range []string{m.From, m.To, m.Notation} {
		id := menuOffering(msg, value)
		if id == "" || !strings.HasPrefix(id, premovePickPrefix+":") {
			h.t.Fatalf("no menu of the draft offers %q (%s): %q %v", value, notation, msg.Content, msg.Components)
		}
		resp = h.send(fakediscord.Interaction{Type: 3, User: u, ChannelID: thread, MessageID: msgID, CustomID: id, Values: []string{value}})
		msg, _ = h.fake.Message(msgID)
		if resp.Type == 6 { // the move was taken into the draft
			return resp, msg
		}
		if resp.Type != 7 {
			h.t.Fatalf("choosing %q was answered with type %d: %q", value, resp.Type, msg.Content)
		}
		checkPickerPicture(h.t, msg)
	}
	h.t.Fatalf("three choices did not pick %s", notation)
	return resp, msg
}

func embedTitle(m fakediscord.Message) string {
	if len(m.Embeds) == 0 {
		return ""
	}
	e, _ := m.Embeds[0].(map[string]any)
	return embedString(e, "title")
}

// queueWithTaps plays ann's e4 with the picker and opens the draft with its
// Queue answers button; it returns the message.
func queueWithTaps(h *harness, thread string) fakediscord.Message {
	h.t.Helper()
	played := h.pick(ann, thread, "e2e4")
	btn := buttonWith(played, premoveNewPrefix+":", "")
	if btn == "" || !strings.Contains(played.Content, "You played") {
		h.t.Fatalf("no Queue answers button after the picked move: %q %v", played.Content, played.Components)
	}
	if resp := h.click(ann, thread, played.ID, btn); resp.Type != 6 {
		h.t.Fatalf("Queue answers answered with type %d", resp.Type)
	}
	m, _ := h.fake.Message(played.ID)
	if !strings.Contains(embedTitle(m), "pair 1: if they play") || menuOfMessage(m) == "" {
		h.t.Fatalf("step A: %q %q", embedTitle(m), m.Content)
	}
	checkPickerPicture(h.t, m)
	return m
}

// TestPremovePickLinePlaysOut: a line of two pairs built with taps only,
// queued pair by pair, then played out when the opponent's moves match.
func TestPremovePickLinePlaysOut(t *testing.T) {
	h := newHarness(t)
	thread := h.startGame("chess")
	m := queueWithTaps(h, thread)

	_, m = h.draftMove(ann, thread, m.ID, nil, "e7e5")
	if !strings.Contains(embedTitle(m), "if they play e7e5, you answer") {
		t.Fatalf("step B: %q %q", embedTitle(m), m.Content)
	}
	if h.queuedLine(thread, ann.ID) != nil {
		t.Fatal("half a pair was queued")
	}
	_, m = h.draftMove(ann, thread, m.ID, []string{"e7e5"}, "g1f3")
	if !strings.Contains(m.Content, "✅ Added: if they play **e5 (pawn e7→e5)**, you play **Nf3 (knight g1→f3)**") || buttonWith(m, "pq:", ":add") == "" ||
		buttonWith(m, "pq:", ":done") == "" || buttonWith(m, "pq:", ":clear") == "" {
		t.Fatalf("after the first pair: %q %v", m.Content, m.Components)
	}
	if q := h.queuedLine(thread, ann.ID); q == nil || q.Ply != 1 || !slices.Equal(q.Moves, []string{"e7e5", "g1f3"}) {
		t.Fatalf("queued after one pair: %+v", q)
	}

	if resp := h.click(ann, thread, m.ID, buttonWith(m, "pq:", ":add")); resp.Type != 7 {
		t.Fatalf("Add another pair: type %d", resp.Type)
	}
	m, _ = h.fake.Message(m.ID)
	if !strings.Contains(embedTitle(m), "pair 2: if they play") {
		t.Fatalf("step A of pair 2: %q", embedTitle(m))
	}
	_, m = h.draftMove(ann, thread, m.ID, []string{"e7e5", "g1f3"}, "b8c6")
	_, m = h.draftMove(ann, thread, m.ID, []string{"e7e5", "g1f3", "b8c6"}, "f1b5")
	if !strings.Contains(m.Content, "then if <@222> plays **Nc6 (knight b8→c6)**, you play **Bb5 (bishop f1→b5)**") {
		t.Fatalf("after the second pair: %q", m.Content)
	}
	if resp := h.click(ann, thread, m.ID, buttonWith(m, "pq:", ":done")); resp.Type != 7 {
		t.Fatalf("Done: type %d", resp.Type)
	}
	if m, _ = h.fake.Message(m.ID); !strings.Contains(m.Content, "Queued") || len(components(m)) != 0 {
		t.Fatalf("after Done: %q %v", m.Content, m.Components)
	}
	if n := linesContaining(publicLines(h, thread), "g1f3"); n != 0 {
		t.Fatalf("the line shows in the thread before it is played (%d messages)", n)
	}

	h.move(bob, thread, "e5")
	h.move(bob, thread, "Nc6")
	moves, players := logOf(t, h, thread)
	if !slices.Equal(moves, []string{"e2e4", "e7e5", "g1f3", "b8c6", "f1b5"}) || players[2] != ann.ID || players[4] != ann.ID {
		t.Fatalf("the line played out as %v by %v", moves, players)
	}
	if h.queuedLine(thread, ann.ID) != nil {
		t.Fatal("a line played to its end is still queued")
	}
}

// TestPremovePickStaleAndDouble: a double click adds one pair; a click
// after the opponent moved queues nothing and says why; /premove's button
// and pick:true start from the queued line, and Clear line clears it.
func TestPremovePickStaleAndDouble(t *testing.T) {
	h := newHarness(t)
	thread := h.startGame("chess")
	m := queueWithTaps(h, thread)
	_, m = h.draftMove(ann, thread, m.ID, nil, "d7d5")
	// Step B: g1, then f3 clicked twice.
	h.send(fakediscord.Interaction{Type: 3, User: ann, ChannelID: thread, MessageID: m.ID, CustomID: menuOffering(m, "g1"), Values: []string{"g1"}})
	m, _ = h.fake.Message(m.ID)
	id := menuOffering(m, "f3")
	h.send(fakediscord.Interaction{Type: 3, User: ann, ChannelID: thread, MessageID: m.ID, CustomID: id, Values: []string{"f3"}})
	h.send(fakediscord.Interaction{Type: 3, User: ann, ChannelID: thread, MessageID: m.ID, CustomID: id, Values: []string{"f3"}})
	m, _ = h.fake.Message(m.ID)
	if !strings.Contains(m.Content, "came after another one") || !strings.Contains(m.Content, "you play **Nf3 (knight g1→f3)**") {
		t.Fatalf("after a double click: %q", m.Content)
	}
	if q := h.queuedLine(thread, ann.ID); q == nil || !slices.Equal(q.Moves, []string{"d7d5", "g1f3"}) {
		t.Fatalf("queued after a double click: %+v", q)
	}

	// /premove shows the line with the button; the draft it opens starts
	// from the line, and Clear line clears it.
	shown := h.premove(ann, thread)
	btn := buttonWith(shown, premoveNewPrefix+":", "")
	if !strings.Contains(shown.Content, "**d5 (pawn d7→d5)**, you play **Nf3 (knight g1→f3)**") || btn == "" {
		t.Fatalf("/premove: %q %v", shown.Content, shown.Components)
	}
	h.click(ann, thread, shown.ID, btn)
	shown, _ = h.fake.Message(shown.ID)
	if !strings.Contains(shown.Content, "new pairs are added after it") || buttonWith(shown, "pq:", ":clear") == "" {
		t.Fatalf("a draft from the queued line: %q", shown.Content)
	}
	// The older message was replaced by this one.
	h.click(ann, thread, m.ID, buttonWith(m, "pq:", ":add"))
	if old, _ := h.fake.Message(m.ID); !strings.Contains(old.Content, "a newer one replaced it") {
		t.Fatalf("the replaced draft: %q", old.Content)
	}
	// A line typed meanwhile is not overwritten by the draft.
	h.click(ann, thread, shown.ID, buttonWith(shown, "pq:", ":add"))
	shown, _ = h.fake.Message(shown.ID)
	_, shown = h.draftMove(ann, thread, shown.ID, []string{"d7d5", "g1f3"}, "c7c6")
	h.premove(ann, thread, str("moves", "e5 Nf3"))
	_, shown = h.draftMove(ann, thread, shown.ID, []string{"d7d5", "g1f3", "c7c6"}, "c2c4")
	if !strings.Contains(shown.Content, "changed with `/premove`") || buttonWith(shown, premoveNewPrefix+":", "") == "" {
		t.Fatalf("a draft behind a typed line: %q", shown.Content)
	}
	if q := h.queuedLine(thread, ann.ID); q == nil || !slices.Equal(q.Moves, []string{"e7e5", "g1f3"}) {
		t.Fatalf("the typed line after the draft's pair: %+v", q)
	}
	h.click(ann, thread, shown.ID, buttonWith(shown, premoveNewPrefix+":", ""))
	shown, _ = h.fake.Message(shown.ID)
	if !strings.Contains(shown.Content, "**e5 (pawn e7→e5)**, you play **Nf3 (knight g1→f3)**") {
		t.Fatalf("Start again: %q", shown.Content)
	}
	h.click(ann, thread, shown.ID, buttonWith(shown, "pq:", ":clear"))
	if shown, _ = h.fake.Message(shown.ID); !strings.Contains(shown.Content, "cleared") || h.queuedLine(thread, ann.ID) != nil {
		t.Fatalf("after Clear line: %q %+v", shown.Content, h.queuedLine(thread, ann.ID))
	}

	// pick:true: a new private message; their move chosen, then bob moves.
	m = h.reply(h.command(ann, thread, "premove", fakediscord.Option{Name: "pick", Type: 5, Value: true}))
	if !m.Ephemeral || !strings.Contains(embedTitle(m), "pair 1: if they play") {
		t.Fatalf("/premove pick:true: %q %q", m.Content, embedTitle(m))
	}
	_, m = h.draftMove(ann, thread, m.ID, nil, "e7e5")
	h.move(bob, thread, "c5")
	h.send(fakediscord.Interaction{Type: 3, User: ann, ChannelID: thread, MessageID: m.ID, CustomID: menuOffering(m, "g1"), Values: []string{"g1"}})
	m, _ = h.fake.Message(m.ID)
	if !strings.Contains(m.Content, "The game moved on") || !strings.Contains(m.Content, "nothing changed") || len(components(m)) != 0 {
		t.Fatalf("a stale click: %q %v", m.Content, m.Components)
	}
	if h.queuedLine(thread, ann.ID) != nil {
		t.Fatal("a stale click queued a line")
	}
	if moves, _ := logOf(t, h, thread); len(moves) != 2 {
		t.Fatalf("a stale click changed the game: %v", moves)
	}
}

// TestPremovePickBack: Back leaves each step, and out of step B drops
// their move.
func TestPremovePickBack(t *testing.T) {
	h := newHarness(t)
	thread := h.startGame("chess")
	m := queueWithTaps(h, thread)
	// Back from the square stage to the pieces, then out of step A.
	h.send(fakediscord.Interaction{Type: 3, User: ann, ChannelID: thread, MessageID: m.ID, CustomID: menuOffering(m, "e7"), Values: []string{"e7"}})
	m, _ = h.fake.Message(m.ID)
	if resp := h.click(ann, thread, m.ID, buttonWith(m, "pq:", ":back")); resp.Type != 7 {
		t.Fatalf("Back: type %d", resp.Type)
	}
	m, _ = h.fake.Message(m.ID)
	if menuOffering(m, "e7") == "" {
		t.Fatalf("Back did not return to the pieces: %v", m.Components)
	}
	h.click(ann, thread, m.ID, buttonWith(m, "pq:", ":up"))
	m, _ = h.fake.Message(m.ID)
	if !strings.Contains(m.Content, "No answers queued yet") || buttonWith(m, "pq:", ":add") == "" {
		t.Fatalf("Back out of step A: %q", m.Content)
	}
	h.click(ann, thread, m.ID, buttonWith(m, "pq:", ":add"))
	m, _ = h.fake.Message(m.ID)
	_, m = h.draftMove(ann, thread, m.ID, nil, "e7e5")
	// Back out of step B: their move is dropped, step A again.
	h.click(ann, thread, m.ID, buttonWith(m, "pq:", ":up"))
	m, _ = h.fake.Message(m.ID)
	if !strings.Contains(embedTitle(m), "pair 1: if they play…") {
		t.Fatalf("Back out of step B: %q", embedTitle(m))
	}
	_, m = h.draftMove(ann, thread, m.ID, nil, "c7c5")
	_, m = h.draftMove(ann, thread, m.ID, []string{"c7c5"}, "g1f3")
	if q := h.queuedLine(thread, ann.ID); q == nil || !slices.Equal(q.Moves, []string{"c7c5", "g1f3"}) {
		t.Fatalf("queued after going back: %+v", q)
	}
}

// TestPremovePickRefusals: only the player who is not to move may build a
// line; a dice variant has no button.
func TestPremovePickRefusals(t *testing.T) {
	h := newHarness(t)
	thread := h.startGame("chess")
	m := queueWithTaps(h, thread)
	row, _ := h.loadThread(thread)
	start := fmt.Sprintf("%s:%d", premoveNewPrefix, row.ID)
	h.wantEphemeral(h.click(cat, thread, m.ID, start), "Only the players of this game")
	h.wantEphemeral(h.click(bob, thread, m.ID, start), "It's your turn now")
	h.wantEphemeral(h.click(cat, thread, m.ID, menuOffering(m, "e7")), "belong to another player")
	h.wantEphemeral(h.command(bob, thread, "premove", fakediscord.Option{Name: "pick", Type: 5, Value: true}), "It's your turn now")
	if h.queuedLine(thread, ann.ID) != nil || h.queuedLine(thread, bob.ID) != nil {
		t.Fatal("a refused click queued a line")
	}

	angle := h.startGame("angle")
	_, g := h.loadThread(angle)
	played := h.pick(ann, angle, g.LegalMoves()[0].Notation)
	if buttonWith(played, premoveNewPrefix+":", "") != "" {
		t.Fatalf("a dice variant offers Queue answers: %v", played.Components)
	}
	arow, _ := h.loadThread(angle)
	h.wantEphemeral(h.click(ann, angle, played.ID, fmt.Sprintf("%s:%d", premoveNewPrefix, arow.ID)), "it has dice")
}
