package bot

import (
	"fmt"
	"strings"
	"testing"

	"github.com/bermudachess/bermuda/bot/fakediscord"
)

// clickLosingAnswer clicks a button whose every answer Discord refuses
// (10062, as when the first answer came too late): the bot does the work,
// but the player sees "This interaction failed" and the buttons stay.
func (h *harness) clickLosingAnswer(u fakediscord.User, channel, messageID, customID string) {
	h.t.Helper()
	h.fake.Fail("POST", "/interactions/", 404, `{"code":10062,"message":"Unknown interaction"}`, 100)
	defer h.fake.ClearFaults()
	tok, err := h.fake.Send(fakediscord.Interaction{Type: 3, User: u, ChannelID: channel, MessageID: messageID, CustomID: customID})
	if err != nil {
		h.t.Fatal(err)
	}
	if !h.fake.Wait(testWait, func(s *fakediscord.Server) bool {
		for _, r := range s.RequestsLocked() {
			if strings.HasSuffix(r.Path, "/"+tok+"/callback") {
				return true
			}
		}
		return false
	}) {
		h.t.Fatalf("the bot never answered %s's click on %s", u.Name, customID)
	}
	h.bot.inflight.Wait()
	h.bot.pictures.wait()
}

// buttonOf returns the custom_id of the message's button starting with prefix.
func buttonOf(h *harness, messageID, prefix string) string {
	h.t.Helper()
	m, _ := h.fake.Message(messageID)
	for _, row := range m.Components {
		for _, c := range row.(map[string]any)["components"].([]any) {
			if id, _ := c.(map[string]any)["custom_id"].(string); strings.HasPrefix(id, prefix) {
				return id
			}
		}
	}
	h.t.Fatalf("message %s has no %s button: %+v", messageID, prefix, m)
	return ""
}

// A player whose click did its work but whose answer Discord lost clicks
// again: each button then says that their own earlier click did it (with
// the game's thread for an accepted challenge), never that someone else
// took it, and nothing happens twice.
func TestSecondClickAfterALostAnswerSaysTheFirstDidIt(t *testing.T) {
	h := newHarness(t)

	// Accept: the game starts although the answer is lost.
	msg := h.challenge(ann, "chess", &bob, str("color", "white"))
	id := challengeID(h, msg)
	h.clickLosingAnswer(bob, lobbyID, msg, "accept:"+id)
	threads := h.fake.Threads()
	if len(threads) != 1 {
		t.Fatalf("%d threads after the accept whose answer was lost, want 1", len(threads))
	}
	thread := threads[0].ID
	h.wantEphemeral(h.click(bob, lobbyID, msg, "accept:"+id), "You already accepted this challenge: the game is in <#"+thread+">.")
	h.wantEphemeral(h.click(ann, lobbyID, msg, "cancel:"+id), "<@222> already accepted your challenge: the game is in <#"+thread+">.")
	h.wantEphemeral(h.click(cat, lobbyID, msg, "accept:"+id), "This challenge is already taken (accepted).")
	if n := len(h.fake.Threads()); n != 1 {
		t.Fatalf("%d threads after clicking Accept again", n)
	}

	// Decline and Cancel.
	declined := h.challenge(ann, "bede", &bob)
	did := challengeID(h, declined)
	h.clickLosingAnswer(bob, lobbyID, declined, "decline:"+did)
	h.wantEphemeral(h.click(bob, lobbyID, declined, "decline:"+did), "You already declined this challenge.")
	h.wantEphemeral(h.click(bob, lobbyID, declined, "accept:"+did), "You already declined this challenge.")
	cancelled := h.challenge(ann, "angle", &bob)
	cid := challengeID(h, cancelled)
	h.clickLosingAnswer(ann, lobbyID, cancelled, "cancel:"+cid)
	h.wantEphemeral(h.click(ann, lobbyID, cancelled, "cancel:"+cid), "You already cancelled this challenge.")
	if n := len(h.fake.Threads()); n != 1 {
		t.Fatalf("%d threads after declining and cancelling", n)
	}

	// A declined draw offer, then an accepted one.
	h.move(ann, thread, "e4")
	h.move(bob, thread, "e5")
	offer := h.reply(h.command(ann, thread, "draw")).ID
	no := buttonOf(h, offer, "drawno:")
	h.clickLosingAnswer(bob, thread, offer, no)
	h.wantEphemeral(h.click(bob, thread, offer, no), "You already declined this draw offer. Play on!")
	h.wantEphemeral(h.click(ann, thread, offer, buttonOf(h, offer, "drawyes:")), "<@222> already declined your draw offer. Play on!")
	row, _ := h.store.GameByThread(t.Context(), thread)
	if row.State != "active" || row.DrawOfferBy != -1 {
		t.Fatalf("after the declined offer: %+v", row)
	}
	offer = h.reply(h.command(ann, thread, "draw")).ID
	yes := buttonOf(h, offer, "drawyes:")
	h.clickLosingAnswer(bob, thread, offer, yes)
	if row, _ = h.store.GameByThread(t.Context(), thread); row.State != "finished" || row.Reason != "agreement" {
		t.Fatalf("after the accepted offer: %+v", row)
	}
	h.wantEphemeral(h.click(bob, thread, offer, yes), "You and <@111> already agreed a draw: this game is over.")

	// Export changes nothing: clicking again gives the file that was lost.
	export := fmt.Sprintf("export:%d", row.ID)
	h.clickLosingAnswer(bob, thread, resultMessage(t, h, thread).ID, export)
	if m := h.reply(h.click(bob, thread, resultMessage(t, h, thread).ID, export)); !m.Ephemeral || len(m.Files) != 1 {
		t.Fatalf("export clicked again: %+v", m)
	}

	// Rematch: one challenge, whoever clicks again.
	result := resultMessage(t, h, thread)
	rematch := fmt.Sprintf("rematch:%d", row.ID)
	h.clickLosingAnswer(ann, thread, result.ID, rematch)
	rematches := func() (n int) {
		for _, m := range h.fake.Messages(lobbyID) {
			if strings.HasPrefix(m.Content, "🔁 Rematch!") {
				n++
			}
		}
		return n
	}
	if n := rematches(); n != 1 {
		t.Fatalf("%d rematch challenges after the first click, want 1", n)
	}
	h.wantEphemeral(h.click(ann, thread, result.ID, rematch), "You already offered <@222> a rematch: it waits for their answer in <#"+lobbyID+">.")
	h.wantEphemeral(h.click(bob, thread, result.ID, rematch), "<@111> already offered you a rematch: accept it in <#"+lobbyID+">.")
	if n := rematches(); n != 1 {
		t.Fatalf("%d rematch challenges after clicking again, want 1", n)
	}
	// Once it is accepted, the button points to the new game.
	lobby := h.fake.Messages(lobbyID)
	offerMsg := lobby[len(lobby)-1].ID
	h.click(bob, lobbyID, offerMsg, "accept:"+challengeID(h, offerMsg))
	threads = h.fake.Threads()
	if len(threads) != 2 {
		t.Fatalf("%d threads after the rematch was accepted, want 2", len(threads))
	}
	h.wantEphemeral(h.click(ann, thread, result.ID, rematch), "The rematch is already on: the game is in <#"+threads[1].ID+">.")
}

// Against the computer a rematch starts at once: clicking Rematch again
// after the answer was lost points to that game instead of starting another.
func TestSecondRematchClickAgainstTheComputerPointsToTheGame(t *testing.T) {
	h := newHarness(t)
	h.bot.opponent().SetLimits(quickComputer)
	thread := h.playComputer(ann, "chess", str("color", "white"), integer("level", 1))
	h.command(ann, thread, "resign")
	row, _ := h.loadThread(thread)
	rematch := fmt.Sprintf("rematch:%d", row.ID)
	result := resultMessage(t, h, thread)
	h.clickLosingAnswer(ann, thread, result.ID, rematch)
	h.settle()
	threads := h.fake.Threads()
	if len(threads) != 2 {
		t.Fatalf("%d threads after the rematch click, want 2", len(threads))
	}
	h.wantEphemeral(h.click(ann, thread, result.ID, rematch), "You already started the rematch: the game is in <#"+threads[1].ID+">.")
	h.settle()
	if n := len(h.fake.Threads()); n != 2 {
		t.Fatalf("%d threads after clicking Rematch again, want 2", n)
	}
}
