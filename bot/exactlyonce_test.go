package bot

import (
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/bermudachess/bermuda/bot/fakediscord"
)

// Every interaction is answered once, however often Discord delivers it.

// deliverTwice sends in, then the very same interaction again, and waits
// until the bot has done all its work.
func (h *harness) deliverTwice(in fakediscord.Interaction) fakediscord.InteractionStat {
	h.t.Helper()
	in.ID = h.fake.NewID()
	for range 2 {
		if _, err := h.fake.Send(in); err != nil {
			h.t.Fatal(err)
		}
	}
	if !h.fake.Wait(testWait, func(s *fakediscord.Server) bool { _, ok := s.ResponseLocked("tok-" + in.ID); return ok }) {
		h.t.Fatalf("no answer to %s%s", in.Name, in.CustomID)
	}
	// The bot logs the duplicate it ignores.
	for deadline := time.Now().Add(testWait); !h.loggedDuplicate(in.ID); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			h.t.Fatal("the duplicate was never seen")
		}
	}
	h.bot.inflight.Wait()
	return h.fake.Interactions()[in.ID]
}

func TestDuplicateDeliveriesAreAnsweredOnce(t *testing.T) {
	h := newHarness(t)
	thread := h.startGame("chess")
	move := fakediscord.Interaction{Type: 2, User: ann, ChannelID: thread, ChannelType: 11, Name: "move", Options: []fakediscord.Option{str("move", "e4")}}
	if st := h.deliverTwice(move); st.Callbacks != 1 || st.Attempts != 1 {
		t.Fatalf("a twice-delivered /move: %d callbacks in %d attempts", st.Callbacks, st.Attempts)
	}
	auto := fakediscord.Interaction{Type: 4, User: bob, ChannelID: thread, ChannelType: 11, Name: "move",
		Options: []fakediscord.Option{{Name: "move", Type: 3, Value: "e", Focused: true}}}
	if st := h.deliverTwice(auto); st.Callbacks != 1 || st.Attempts != 1 {
		t.Fatalf("a twice-delivered autocomplete: %d callbacks in %d attempts", st.Callbacks, st.Attempts)
	}
	form := fakediscord.Interaction{Type: 5, User: bob, ChannelID: thread, ChannelType: 11, CustomID: "old-form:1"}
	if st := h.deliverTwice(form); st.Callbacks != 1 || st.Attempts != 1 {
		t.Fatalf("a twice-delivered form: %d callbacks in %d attempts", st.Callbacks, st.Attempts)
	}
	row, _ := h.store.GameByThread(t.Context(), thread)
	if row.Ply != 1 {
		t.Fatalf("ply %d after one move delivered twice", row.Ply)
	}
}

func TestDuplicateAfterRestartIsIgnored(t *testing.T) {
	h := newHarness(t)
	thread := h.startGame("chess")
	move := fakediscord.Interaction{ID: h.fake.NewID(), Type: 2, User: ann, ChannelID: thread, ChannelType: 11, Name: "move",
		Options: []fakediscord.Option{str("move", "e4")}}
	h.send(move)
	h.restart(nil)
	if _, err := h.fake.Send(move); err != nil { // Discord delivers it again
		t.Fatal(err)
	}
	for deadline := time.Now().Add(testWait); !h.loggedDuplicate(move.ID); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the re-delivered move was never seen")
		}
	}
	h.bot.inflight.Wait()
	if st := h.fake.Interactions()[move.ID]; st.Callbacks != 1 || st.Attempts != 1 {
		t.Fatalf("a move delivered again after a restart: %d callbacks in %d attempts", st.Callbacks, st.Attempts)
	}
	if row, _ := h.store.GameByThread(t.Context(), thread); row.Ply != 1 {
		t.Fatalf("ply %d", row.Ply)
	}
}

func TestGatewayResumeReplaysWithoutDoubleAnswers(t *testing.T) {
	h := newHarnessWith(t, true)
	h.fake.SetDuplicates(0, 5, 1) // a RESUME replays 5 events already seen
	thread := h.startGame("chess")
	h.move(ann, thread, "e4")
	h.fake.Disconnect()
	// Sent while the bot is away: delivered by the RESUME.
	tok, err := h.fake.Send(fakediscord.Interaction{Type: 2, User: bob, ChannelID: thread, ChannelType: 11, Name: "move",
		Options: []fakediscord.Option{str("move", "e5")}})
	if err != nil {
		t.Fatal(err)
	}
	if !h.fake.Wait(testWait, func(s *fakediscord.Server) bool { _, ok := s.ResponseLocked(tok); return ok }) {
		t.Fatal("the move sent during the disconnect was never answered")
	}
	h.bot.inflight.Wait()
	if h.fake.Resumes() != 1 || h.fake.Sessions() != 1 {
		t.Fatalf("%d resumes, %d sessions: want the session resumed", h.fake.Resumes(), h.fake.Sessions())
	}
	h.move(ann, thread, "Nf3")
	for id, st := range h.fake.Interactions() {
		if st.Callbacks != 1 {
			t.Errorf("interaction %s answered %d times", id, st.Callbacks)
		}
	}
	if row, _ := h.store.GameByThread(t.Context(), thread); row.Ply != 3 {
		t.Fatalf("ply %d, want 3", row.Ply)
	}
}

// threadGoneWays are the ways a game's thread can stop taking posts: it
// was deleted, or the bot lost access to it or the right to post there.
var threadGoneWays = []struct {
	name string
	gone func(h *harness, thread string)
}{
	{"deleted (10003)", func(h *harness, thread string) { h.fake.DeleteChannel(thread) }},
	{"no access (50001)", func(h *harness, thread string) {
		h.fake.Fail("POST", "/channels/"+thread+"/", 403, `{"code":50001,"message":"Missing Access"}`, 1000)
	}},
	{"no permission (50013)", func(h *harness, thread string) {
		h.fake.Fail("POST", "/channels/"+thread+"/", 403, `{"code":50013,"message":"Missing Permissions"}`, 1000)
	}},
}

func TestGameWhoseThreadIsGoneIsAbortedUnrated(t *testing.T) {
	for _, c := range threadGoneWays {
		t.Run(c.name, func(t *testing.T) {
			h := newHarness(t)
			thread := h.startGame("chess")
			h.move(ann, thread, "e4")
			h.move(bob, thread, "e5")
			c.gone(h, thread)
			h.clock.Advance(60 * time.Hour) // the reminder is due
			h.bot.Tick(t.Context())
			row, _ := h.store.GameByThread(t.Context(), thread)
			if row.State != "aborted" || row.Rated {
				t.Fatalf("after the thread vanished: %+v", row)
			}
			lobby := contents(h, lobbyID)
			if !strings.Contains(lobby[len(lobby)-1], "aborted and will not be rated") {
				t.Fatalf("nothing said in the lobby: %q", lobby[len(lobby)-1])
			}
			posts := len(h.fake.Requests())
			h.clock.Advance(20 * time.Hour) // past the deadline: nothing more to do
			h.bot.Tick(t.Context())
			if n := len(h.fake.Requests()); n != posts {
				t.Fatalf("the scheduler kept trying a gone thread: %d more requests", n-posts)
			}
		})
	}
}

func (h *harness) loggedDuplicate(id string) bool {
	for _, line := range strings.Split(h.logs.String(), "\n") {
		if strings.Contains(line, "duplicate") && strings.Contains(line, "interaction="+id) {
			return true
		}
	}
	return false
}

func TestLostBoardIsToldOnceAndComesWithTheReminder(t *testing.T) {
	h := newHarness(t)
	thread := h.startGame("chess")
	h.move(ann, thread, "e4")
	// Bob's move is stored and announced, but its board never gets through.
	h.fake.Fail("POST", "/channels/"+thread+"/messages", 503, serverError, 1000)
	h.move(bob, thread, "e5")
	h.fake.ClearFaults()
	var told []string
	for _, m := range h.fake.Messages(thread) {
		if m.Ephemeral && strings.Contains(m.Content, "Discord did not take the new board") {
			told = append(told, m.Content)
		}
	}
	if len(told) != 1 {
		t.Fatalf("the mover was told %d times about the lost board", len(told))
	}
	if row, _ := h.store.GameByThread(t.Context(), thread); row.Ply != 2 {
		t.Fatalf("ply %d: the move did not stand", row.Ply)
	}
	boards := boardPosts(h, thread)
	h.clock.Advance(60 * time.Hour)
	h.bot.Tick(t.Context())
	msgs := h.fake.Messages(thread)
	last := msgs[len(msgs)-1]
	if !strings.Contains(last.Content, "⏰") || len(last.Files) != 1 || boardPosts(h, thread) != boards+1 {
		t.Fatalf("the reminder did not bring the missing board: %q with %d files", last.Content, len(last.Files))
	}
}

func TestArchivedThreadIsReopenedWhenAPlayerMoves(t *testing.T) {
	h := newHarness(t)
	thread := h.startGame("chess")
	boards := boardPosts(h, thread)
	h.fake.Fail("POST", "/channels/"+thread+"/messages", 400, `{"code":50083,"message":"Thread is archived"}`, 1)
	h.move(ann, thread, "e4")
	if boardPosts(h, thread) != boards+1 {
		t.Fatal("the board did not reach the archived thread")
	}
	var reopened bool
	for _, r := range h.fake.Requests() {
		reopened = reopened || (r.Method == "PATCH" && r.Path == "/channels/"+thread && r.JSON["archived"] == false)
	}
	if !reopened {
		t.Fatal("the thread was not unarchived")
	}
}

// panicOnSend is a Discord whose channel posts panic, as a bug would.
type panicOnSend struct{ Discord }

func (panicOnSend) Send(string, *discordgo.MessageSend) (*discordgo.Message, error) {
	panic("posting exploded")
}

// A panic while reminding is logged; the scheduler carries on and the
// game's lock is released, so the game goes on.
func TestPanicInTheSchedulerLeavesTheGamePlayable(t *testing.T) {
	h := newHarness(t)
	thread := h.startGame("chess")
	h.move(ann, thread, "e4")
	h.move(bob, thread, "e5")
	real := h.bot.dc
	h.bot.dc = panicOnSend{real}
	h.clock.Advance(60 * time.Hour) // the reminder is due
	h.bot.Tick(t.Context())
	h.bot.dc = real
	if !strings.Contains(h.logs.String(), "scheduled job panicked") {
		t.Fatal("the panic was not logged")
	}
	h.move(ann, thread, "Nf3") // waits for its answer: a lock left held would hang it
	if row, _ := h.store.GameByThread(t.Context(), thread); row.Ply != 3 {
		t.Fatalf("ply %d after the panic, want 3", row.Ply)
	}
}

// An action that holds its game (its Discord calls retried through an
// outage) delays that game's reminder to a later tick, and no other's.
func TestSchedulerDoesNotWaitBehindABusyGame(t *testing.T) {
	h := newHarness(t)
	busy, free := h.startGame("chess"), h.startGame("chess")
	for _, thread := range []string{busy, free} {
		h.move(ann, thread, "e4")
		h.move(bob, thread, "e5")
	}
	h.bot.inflight.Wait()
	defer func(p time.Duration) { schedulerPatience = p }(schedulerPatience)
	schedulerPatience = 50 * time.Millisecond
	held, err := h.bot.lockGame(t.Context(), mustGameID(h, busy))
	if err != nil {
		t.Fatal(err)
	}
	h.clock.Advance(60 * time.Hour) // both reminders are due
	ticked := make(chan struct{})
	go func() { h.bot.Tick(t.Context()); close(ticked) }()
	select {
	case <-ticked:
	case <-time.After(testWait):
		held.Unlock()
		t.Fatal("the scheduler waited for the busy game")
	}
	reminders := func(thread string) int {
		n := 0
		for _, c := range contents(h, thread) {
			if strings.HasPrefix(c, "⏰") {
				n++
			}
		}
		return n
	}
	if reminders(free) != 1 || reminders(busy) != 0 {
		t.Fatalf("reminders while one game was busy: free %d, busy %d; want 1 and 0", reminders(free), reminders(busy))
	}
	held.Unlock()
	h.bot.Tick(t.Context())
	if reminders(free) != 1 || reminders(busy) != 1 {
		t.Fatalf("reminders once the game was free: free %d, busy %d; want 1 each", reminders(free), reminders(busy))
	}
}
