package bot

import (
	"strings"
	"testing"

	"github.com/bermudachess/bermuda/bot/fakediscord"
)

// fileDescription is the description the fake Discord recorded for a
// message's attachment name ("" if it has none, or no such file).
func fileDescription(m fakediscord.Message, name string) string {
	for _, f := range m.Files {
		if f.Name == name {
			return f.Description
		}
	}
	return ""
}

func wantDescription(t *testing.T, m fakediscord.Message, name string, wants ...string) {
	t.Helper()
	d := fileDescription(m, name)
	for _, w := range wants {
		if !strings.Contains(d, w) {
			t.Errorf("%s's description does not say %q: %q", name, w, d)
		}
	}
}

// TestPicturesCarryDescriptions: the board (whose move, the last move),
// the picker, the final board, the rating chart and the rules pictures
// reach Discord with an attachment description, posted in a channel,
// as an interaction's answer and as an edit of a deferred one.
func TestPicturesCarryDescriptions(t *testing.T) {
	h := newHarness(t)
	thread := h.startGame("chess")
	wantDescription(t, h.newestBoard(thread), "board.png", "Chess board, move 1. White to move.", "No move played yet.")
	h.move(ann, thread, "e4")
	wantDescription(t, h.newestBoard(thread), "board.png", "Chess board, move 1. Black to move.", "Last move: e2 to e4 (white pawn).")
	wantDescription(t, h.openPicker(bob, thread), "picker.png", "Black to move", "The pieces that can move are ringed")
	for i, mv := range []string{"e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7"} {
		h.move([]fakediscord.User{bob, ann}[i%2], thread, mv)
	}
	var final fakediscord.Message
	for _, m := range h.fake.Messages(thread) {
		if fileDescription(m, "board.png") != "" {
			final = m
		}
	}
	wantDescription(t, final, "board.png", "Game over", "Last move: h5 to f7 (white queen).")
	stats := h.reply(h.command(ann, lobbyID, "stats"))
	wantDescription(t, stats, "ratings.png", "Rating chart of ann", "Chess from 1500 to ", "over 1 rated game")
	rules := h.reply(h.command(ann, lobbyID, "rules", str("variant", "angle")))
	wantDescription(t, rules, "setup.png", "The starting position of The Bermuda Chess Angle.")
	for _, f := range rules.Files {
		if f.Description == "" {
			t.Errorf("the rules picture %s has no description", f.Name)
		}
	}
}

// TestPictureDescriptionsOverHTTPInteractions: with interactions delivered
// over HTTP, a picture in the first answer goes out by REST after the
// Endpoint's acknowledgement, still described.
func TestPictureDescriptionsOverHTTPInteractions(t *testing.T) {
	rs := newReplicas(t)
	thread := rs.startGame("chess")
	var board fakediscord.Message
	for _, m := range rs.fake.Messages(thread) {
		if buttonWith(m, "play:", "") != "" {
			board = m
		}
	}
	wantDescription(t, board, "board.png", "White to move")
	resp, _ := rs.send(fakediscord.Interaction{Type: 3, User: ann, ChannelID: thread, MessageID: board.ID, CustomID: buttonWith(board, "play:", "")})
	m, ok := rs.fake.Message(resp.Original)
	if !ok {
		t.Fatal("the Move button's answer has no message")
	}
	wantDescription(t, m, "picker.png", "White to move", "The pieces that can move are ringed")
}
