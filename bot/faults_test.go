package bot

import (
	"strings"
	"testing"
	"time"

	"github.com/bermudachess/bermuda/bot/fakediscord"
	"github.com/bermudachess/bermuda/games"
)

// boardPosts counts board images posted in a channel.
func boardPosts(h *harness, channel string) int {
	n := 0
	for _, m := range h.fake.Messages(channel) {
		for _, f := range m.Files {
			if f.Name == "board.png" {
				n++
			}
		}
	}
	return n
}

func TestRateLimitAndServerErrorsLoseNoMove(t *testing.T) {
	h := newHarness(t)
	thread := h.startGame("chess")
	boards := boardPosts(h, thread)
	h.fake.Fail("POST", "/channels/"+thread+"/messages", 429, `{"message":"You are being rate limited.","retry_after":0.05,"global":false}`, 1)
	h.move(ann, thread, "e4")
	if got := boardPosts(h, thread); got != boards+1 {
		t.Fatalf("after a 429 the board was posted %d times, want once", got-boards)
	}
	h.fake.Fail("POST", "/channels/"+thread+"/messages", 500, `{"message":"Internal Server Error","code":0}`, 2)
	h.move(bob, thread, "e5")
	if got := boardPosts(h, thread); got != boards+2 {
		t.Fatalf("after two 500s the board was posted %d times in all, want %d", got, boards+2)
	}
	// A 5xx that never ends: the move is stored anyway and /board shows it.
	h.fake.Fail("POST", "/channels/"+thread+"/messages", 503, `{"message":"unavailable","code":0}`, 100)
	h.move(ann, thread, "Nf3")
	row, _ := h.store.GameByThread(t.Context(), thread)
	if row.Ply != 3 {
		t.Fatalf("ply %d after the outage, want 3", row.Ply)
	}
	h.fake.ClearFaults()
	resp := h.command(bob, thread, "board")
	if m := h.reply(resp); len(m.Files) != 1 || m.Ephemeral {
		t.Fatalf("/board after the outage: %+v", m)
	}
}

func TestExpiredInteractionTokenStillPlaysTheMove(t *testing.T) {
	h := newHarness(t)
	thread := h.startGame("chess")
	h.fake.Fail("POST", "/interactions/", 404, `{"code":10062,"message":"Unknown interaction"}`, 1)
	before := len(h.fake.Messages(thread))
	if _, err := h.fake.Send(fakediscord.Interaction{Type: 2, User: ann, ChannelID: thread, ChannelType: 11, Name: "move", Options: []fakediscord.Option{str("move", "e4")}}); err != nil {
		t.Fatal(err)
	}
	ok := h.fake.Wait(10*time.Second, func(s *fakediscord.Server) bool { return len(s.MessagesLocked(thread)) >= before+2 })
	h.bot.inflight.Wait()
	if !ok {
		t.Fatal("nothing was posted after the token expired")
	}
	row, _ := h.store.GameByThread(t.Context(), thread)
	if row.Ply != 1 {
		t.Fatalf("ply %d, want 1", row.Ply)
	}
	var texts []string
	for _, m := range h.fake.Messages(thread)[before:] {
		texts = append(texts, m.Content)
	}
	if !strings.Contains(strings.Join(texts, "\n"), "played **e2e4**") {
		t.Fatalf("the move was not announced in the thread: %q", texts)
	}
	if !strings.Contains(h.logs.String(), "interaction expired") {
		t.Error("the expired token was not logged")
	}
}

func TestRestartMidGameContinuesFromDatabase(t *testing.T) {
	h := newHarness(t)
	thread := h.startGame("chess")
	h.move(ann, thread, "e4")
	h.move(bob, thread, "c5")
	h.restart(games.Seeded(2))
	h.wantEphemeral(h.command(bob, thread, "move", str("move", "d6")), "not your turn")
	h.move(ann, thread, "Nf3")
	row, _, err := h.store.LoadGame(t.Context(), mustGameID(h, thread))
	if err != nil || row.Ply != 3 {
		t.Fatalf("after restart: %+v %v", row, err)
	}
}

func mustGameID(h *harness, thread string) int64 {
	h.t.Helper()
	row, err := h.store.GameByThread(h.t.Context(), thread)
	if err != nil {
		h.t.Fatal(err)
	}
	return row.ID
}

func TestArchivedThreadIsReopenedForAReminder(t *testing.T) {
	h := newHarness(t)
	thread := h.startGame("chess")
	h.move(ann, thread, "e4")
	h.move(bob, thread, "e5")
	h.fake.Fail("POST", "/channels/"+thread+"/messages", 400, `{"code":50083,"message":"Thread is archived"}`, 1)
	h.clock.Advance(60 * time.Hour)
	h.bot.Tick(t.Context())
	if got := lastContent(h, thread); !strings.Contains(got, "⏰") {
		t.Fatalf("the reminder did not reach the archived thread: %q", got)
	}
	var reopened bool
	for _, r := range h.fake.Requests() {
		if r.Method == "PATCH" && r.Path == "/channels/"+thread && r.JSON["archived"] == false {
			reopened = true
		}
	}
	if !reopened {
		t.Fatal("the thread was not unarchived")
	}
}

func TestMissingPermissionOnPostLosesNoMove(t *testing.T) {
	h := newHarness(t)
	thread := h.startGame("chess")
	h.fake.Fail("POST", "/channels/"+thread+"/messages", 403, `{"code":50013,"message":"Missing Permissions"}`, 1)
	h.move(ann, thread, "e4")
	h.move(bob, thread, "e5")
	row, _ := h.store.GameByThread(t.Context(), thread)
	if row.Ply != 2 {
		t.Fatalf("ply %d after a refused post, want 2", row.Ply)
	}
	if !strings.Contains(h.logs.String(), "Missing Permissions") {
		t.Error("the refused post was not logged")
	}
}

func TestThreadCreationFailureCancelsTheGame(t *testing.T) {
	h := newHarness(t)
	msg := h.challenge(ann, "angle", &bob)
	h.fake.Fail("POST", "/channels/"+lobbyID+"/messages/", 403, `{"code":50013,"message":"Missing Permissions"}`, 1)
	resp := h.click(bob, lobbyID, msg, "accept:"+challengeID0(msg, h))
	_ = resp
	row, err := h.store.Game(t.Context(), 1)
	if err != nil || row.State != "aborted" {
		t.Fatalf("game after a failed thread: %+v %v", row, err)
	}
	msgs := h.fake.Messages(lobbyID)
	if last := msgs[len(msgs)-1]; !last.Ephemeral || !strings.Contains(last.Content, "couldn't open the game thread") {
		t.Fatalf("bob was not told: %+v", last)
	}
}
