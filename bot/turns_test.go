package bot

import (
	"strings"
	"testing"

	"github.com/bermudachess/bermuda/bot/fakediscord"
	"github.com/bermudachess/bermuda/games"
)

func TestRandomMoveNumberMultiMoveTurn(t *testing.T) {
	h := newHarness(t)
	// Colour throws 6 v 1: ann (Player 1) is White. Her second turn throws
	// another 6: the second in a row, so three moves.
	h.bot.Roller = scriptThen{games.Script(6, 1, 6), 2}
	thread := h.startGame("randommove")
	opening := strings.Join(contents(h, thread), "\n")
	if !strings.Contains(opening, "🎲 <@111> throws `6`, <@222> throws `1`: <@111> plays White") {
		t.Fatalf("colour throws not posted with names: %q", opening)
	}
	h.move(ann, thread, "e4")
	h.move(bob, thread, "e5")
	if got := strings.Join(contents(h, thread), "\n"); !strings.Contains(got, "3 moves") {
		t.Fatalf("the throw for ann's turn was not announced: %q", got)
	}
	h.move(ann, thread, "Nf3")
	h.wantEphemeral(h.command(bob, thread, "move", str("move", "Nc6")), "not your turn")
	h.move(ann, thread, "Bc4")
	h.move(ann, thread, "d3")
	h.move(bob, thread, "Nc6")
	row, _ := h.store.GameByThread(t.Context(), thread)
	if row.Ply != 6 {
		t.Fatalf("ply %d, want 6", row.Ply)
	}
}

func TestSpindecisionDeclarationsAndAutocomplete(t *testing.T) {
	h := newHarness(t)
	thread := h.startGame("spindecision")
	h.move(ann, thread, "2-14")
	// Moving an undecided piece needs a declaration: the error says so.
	h.wantEphemeral(h.command(bob, thread, "move", str("move", "17-30")), "17-30=K or 17-30=B")
	tok, err := h.fake.Send(fakediscord.Interaction{Type: 4, User: bob, ChannelID: thread, ChannelType: 11, Name: "move",
		Options: []fakediscord.Option{{Name: "move", Type: 3, Value: "17-", Focused: true}}})
	if err != nil {
		t.Fatal(err)
	}
	var resp fakediscord.Response
	h.fake.Wait(testWait, func(s *fakediscord.Server) bool { var ok bool; resp, ok = s.ResponseLocked(tok); return ok })
	if resp.Type != 8 || len(resp.Choices) == 0 || len(resp.Choices) > 25 {
		t.Fatalf("autocomplete: %+v", resp)
	}
	var values []string
	for _, c := range resp.Choices {
		values = append(values, c.(map[string]any)["value"].(string))
	}
	if !strings.Contains(strings.Join(values, " "), "17-12=K") {
		t.Fatalf("autocomplete for 17- lacks 17-12=K: %v", values)
	}
	h.move(bob, thread, "17-12=K")
	h.move(ann, thread, "14x36=K")
	row, _ := h.store.GameByThread(t.Context(), thread)
	if row.State != "finished" || row.Winner != 0 {
		t.Fatalf("capturing the declared king did not win: %+v", row)
	}
	// Autocomplete for someone not to move offers nothing (and never errors).
	tok, _ = h.fake.Send(fakediscord.Interaction{Type: 4, User: cat, ChannelID: thread, ChannelType: 11, Name: "move",
		Options: []fakediscord.Option{{Name: "move", Type: 3, Value: "", Focused: true}}})
	h.fake.Wait(testWait, func(s *fakediscord.Server) bool { var ok bool; resp, ok = s.ResponseLocked(tok); return ok })
	if resp.Type != 8 || len(resp.Choices) != 0 {
		t.Fatalf("autocomplete for a bystander: %+v", resp)
	}
}

func TestSettingsNeedManageServerAndChallengeNotInGameThread(t *testing.T) {
	h := newHarness(t)
	thread := h.startGame("bede")
	h.wantEphemeral(h.command(ann, thread, "challenge", str("variant", "angle")), "normal text channel")
	resp := h.send(fakediscord.Interaction{Type: 2, User: ann, ChannelID: lobbyID, Name: "settings", Options: []fakediscord.Option{integer("days", 7)}, MemberPerms: "2048"})
	h.wantEphemeral(resp, "Manage Server")
}
