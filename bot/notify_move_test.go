package bot

import (
	"strings"
	"testing"

	"github.com/bermudachess/bermuda/bot/fakediscord"
)

// A turn notice's Move button works from the direct message: the picker
// opens there (privately), the move is played in the game's thread, and
// the button of an old notice, pressed when it is not the player's turn,
// plays nothing and says why. Discord gives a DM's permissions, not the
// thread's, so none are required from there (here: none but view and send).
func TestMoveFromADirectMessage(t *testing.T) {
	h := newHarness(t)
	h.notify(bob, str("how", "dm"))
	thread := h.startGame("chess")
	h.move(ann, thread, "e4")
	h.bot.pictures.wait()
	dms := h.fake.DMs(bob.ID)
	notice := dms[len(dms)-1]
	dm := h.fake.DMChannel(bob.ID)
	play := buttonWith(notice, "play:", "")
	if play == "" {
		t.Fatalf("the notice has no Move button: %v", notice.Components)
	}
	inDM := func(in fakediscord.Interaction) fakediscord.Response {
		in.DM, in.ChannelID, in.AppPerms = true, dm, "3072" // view + send
		return h.send(in)
	}
	resp := inDM(fakediscord.Interaction{Type: 3, User: bob, MessageID: notice.ID, CustomID: play})
	picker := h.reply(resp)
	if resp.Type != 4 || !picker.Ephemeral || menuOfMessage(picker) == "" {
		t.Fatalf("the Move button in the DM gave type %d, ephemeral %v: %q", resp.Type, picker.Ephemeral, picker.Content)
	}
	checkPickerPicture(t, picker)
	for _, value := range []string{"e7", "e5"} {
		picker, _ = h.fake.Message(picker.ID)
		id := menuOffering(picker, value)
		if id == "" {
			t.Fatalf("no menu offers %q: %v", value, picker.Components)
		}
		resp = inDM(fakediscord.Interaction{Type: 3, User: bob, MessageID: picker.ID, CustomID: id, Values: []string{value}})
	}
	picker, _ = h.fake.Message(picker.ID)
	if resp.Type != 6 || !strings.Contains(picker.Content, "You played **e7e5**") {
		t.Fatalf("the last choice in the DM: type %d, %q", resp.Type, picker.Content)
	}
	if _, g := h.loadThread(thread); g.Turn().Player != 0 {
		t.Fatal("bob's move from the DM was not played")
	}
	if !strings.Contains(strings.Join(contents(h, thread), "\n"), "<@222> played **e7e5**") {
		t.Fatalf("the thread does not show bob's move: %q", contents(h, thread))
	}
	// The old notice's button, now that it is ann's turn: nothing played.
	resp = inDM(fakediscord.Interaction{Type: 3, User: bob, MessageID: notice.ID, CustomID: play})
	if m := h.reply(resp); !m.Ephemeral || !strings.Contains(m.Content, "not your turn") {
		t.Fatalf("an old notice's Move button: %q", m.Content)
	}
}
