package bot

import (
	"context"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bermudachess/bermuda/bot/fakediscord"
	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/engine"
	"github.com/bermudachess/bermuda/games"
)

// premoveCmd runs /premove as u with the options given.
func (h *harness) premove(u fakediscord.User, thread string, opts ...fakediscord.Option) fakediscord.Message {
	h.t.Helper()
	return h.reply(h.command(u, thread, "premove", opts...))
}

// logOf is the game's stored move log as "notation by player" words.
func logOf(t *testing.T, h *harness, thread string) (notations, players []string) {
	t.Helper()
	row, err := h.store.GameByThread(context.Background(), thread)
	if err != nil {
		t.Fatal(err)
	}
	moves, err := h.store.Moves(context.Background(), row.ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range moves {
		notations, players = append(notations, m.Notation), append(players, m.PlayerID)
	}
	return notations, players
}

// publicLines are the thread's public messages' texts, in order.
func publicLines(h *harness, thread string) []string {
	var out []string
	for _, m := range h.fake.Messages(thread) {
		if !m.Ephemeral {
			out = append(out, m.Content)
		}
	}
	return out
}

func linesContaining(lines []string, want string) int {
	n := 0
	for _, l := range lines {
		if strings.Contains(l, want) {
			n++
		}
	}
	return n
}

// TestPremoveLinePlaysOut: a line of two pairs; each answer is played the
// moment the opponent's move matches, through the normal move path (stored
// by its owner, shown with its board), and the rest stays queued.
func TestPremoveLinePlaysOut(t *testing.T) {
	h := newHarness(t)
	thread := h.startGame("chess")
	h.move(ann, thread, "e4")
	m := h.premove(ann, thread, str("moves", "e5 Nf3 Nc6 Bb5"))
	if !m.Ephemeral || !strings.Contains(m.Content, "Queued") || !strings.Contains(m.Content, "**e5 (pawn e7→e5)**, you play **Nf3 (knight g1→f3)**") ||
		!strings.Contains(m.Content, "then if <@222> plays **Nc6 (knight b8→c6)**, you play **Bb5 (bishop f1→b5)**") {
		t.Fatalf("queueing: ephemeral=%v %q", m.Ephemeral, m.Content)
	}
	if n := linesContaining(publicLines(h, thread), "g1f3"); n != 0 {
		t.Fatalf("the queued line shows in the thread before it is played (%d messages)", n)
	}

	h.move(bob, thread, "e5")
	moves, players := logOf(t, h, thread)
	if !slices.Equal(moves, []string{"e2e4", "e7e5", "g1f3"}) || players[2] != ann.ID {
		t.Fatalf("after bob's e5: %v by %v", moves, players)
	}
	lines := publicLines(h, thread)
	if linesContaining(lines, premoveNote+"<@111> played **g1f3**") != 1 {
		t.Fatalf("the queued answer was not announced once: %q", lines)
	}
	// The board after bob's move pings nobody: ann's answer follows at once.
	if linesContaining(lines, "🔁 <@111> had queued an answer to this move.") != 1 || linesContaining(lines, "<@111>, your move") != 1 {
		t.Fatalf("the board between the move and its queued answer: %q", lines)
	}
	if !strings.Contains(embedString(embedOf(t, h.fake.Messages(thread)[len(h.fake.Messages(thread))-1], 0), "title"), "g1f3") {
		t.Error("the last message is not the board after the queued answer")
	}
	// The rest of the line stays queued, two plies on; only ann sees it.
	if m := h.premove(ann, thread); !m.Ephemeral || !strings.Contains(m.Content, "**Nc6 (knight b8→c6)**, you play **Bb5 (bishop f1→b5)**") || strings.Contains(m.Content, "g1→f3") {
		t.Fatalf("the rest of the line: %q", m.Content)
	}
	row, _ := h.store.GameByThread(context.Background(), thread)
	if q, _ := h.store.Premoves(context.Background(), row.ID); len(q) != 1 || q[0].Ply != 3 {
		t.Fatalf("stored line after the first answer: %+v", q)
	}

	h.move(bob, thread, "Nc6")
	if moves, _ := logOf(t, h, thread); !slices.Equal(moves, []string{"e2e4", "e7e5", "g1f3", "b8c6", "f1b5"}) {
		t.Fatalf("after bob's Nc6: %v", moves)
	}
	if m := h.premove(ann, thread); !strings.Contains(m.Content, "You have no moves queued") {
		t.Fatalf("a line played to its end: %q", m.Content)
	}
	// Bob plays on normally; nothing else is played for anyone.
	h.move(bob, thread, "a6")
	if moves, _ := logOf(t, h, thread); len(moves) != 6 {
		t.Fatalf("after bob's a6: %v", moves)
	}
}

// TestPremoveClearedByAnotherMove: a move the line did not expect clears
// it, and the owner then moves as usual; a new line replaces the old.
func TestPremoveClearedByAnotherMove(t *testing.T) {
	h := newHarness(t)
	thread := h.startGame("chess")
	ctx := context.Background()
	h.move(ann, thread, "e4")
	h.premove(ann, thread, str("moves", "e5 Nf3"))
	m := h.premove(ann, thread, str("moves", "d5 exd5"))
	if !strings.Contains(m.Content, "replacing your earlier line") || !strings.Contains(m.Content, "**d5 (pawn d7→d5)**, you play **exd5 (pawn e4→d5 takes pawn)**") {
		t.Fatalf("replacing: %q", m.Content)
	}
	h.move(bob, thread, "e5") // the old line would have answered; the new one does not match
	if moves, _ := logOf(t, h, thread); !slices.Equal(moves, []string{"e2e4", "e7e5"}) {
		t.Fatalf("after a move the line did not expect: %v", moves)
	}
	row, _ := h.store.GameByThread(ctx, thread)
	if q, _ := h.store.Premoves(ctx, row.ID); len(q) != 0 {
		t.Fatalf("the line was not cleared: %+v", q)
	}
	if n := linesContaining(publicLines(h, thread), premoveNote); n != 0 {
		t.Fatalf("%d conditional moves announced", n)
	}
	h.move(ann, thread, "Nf3")
	if moves, _ := logOf(t, h, thread); !slices.Equal(moves, []string{"e2e4", "e7e5", "g1f3"}) {
		t.Fatalf("ann's own move after the clear: %v", moves)
	}
	// Clearing by hand.
	h.move(bob, thread, "Nc6")
	if m := h.premove(bob, thread, str("moves", "Nc3 Nf6")); !strings.Contains(m.Content, "Queued") {
		t.Fatalf("bob's line: %q", m.Content)
	}
	if m := h.premove(bob, thread, fakediscord.Option{Name: "clear", Type: 5, Value: true}); !strings.Contains(m.Content, "cleared") {
		t.Fatalf("clear: %q", m.Content)
	}
	h.move(ann, thread, "Nc3")
	if moves, _ := logOf(t, h, thread); len(moves) != 5 {
		t.Fatalf("a cleared line was played: %v", moves)
	}
	if m := h.premove(bob, thread, fakediscord.Option{Name: "clear", Type: 5, Value: true}); !strings.Contains(m.Content, "nothing to clear") {
		t.Fatalf("clearing nothing: %q", m.Content)
	}
}

// TestPremoveRefusals: every refusal is private and says what is wrong.
func TestPremoveRefusals(t *testing.T) {
	h := newHarness(t)
	angle := h.startGame("angle")
	h.wantEphemeral(h.command(ann, angle, "premove", str("moves", "e7e6 e2e3")), "the roll decides what comes next")
	h.wantEphemeral(h.command(bob, angle, "premove"), "it has dice")

	thread := h.startGame("chess")
	h.wantEphemeral(h.command(ann, lobbyID, "premove", str("moves", "e5 Nf3")), "There is no game in this channel")
	h.wantEphemeral(h.command(ann, thread, "premove", str("moves", "e4 e5")), "It's your turn now: just play your move with `/move`")
	h.wantEphemeral(h.command(cat, thread, "premove", str("moves", "e5 Nf3")), "You are not a player in this game")
	h.move(ann, thread, "e4")
	h.wantEphemeral(h.command(ann, thread, "premove", str("moves", "e5 Nf6")),
		"Move 2 of your line, `Nf6` (your answer), is not legal in the position it would arise in: no legal move matches. Legal moves there include:")
	h.wantEphemeral(h.command(ann, thread, "premove", str("moves", "e5 Nf3 Nc6 Nf3")), "Move 4 of your line, `Nf3` (your answer)")
	h.wantEphemeral(h.command(ann, thread, "premove", str("moves", "Ke2 Nf3")), "Move 1 of your line, `Ke2` (their move)")
	h.wantEphemeral(h.command(ann, thread, "premove", str("moves", "e5 Nf3 Nc6")), "Your line ends with their move: your answer to b8c6 is missing")
	h.wantEphemeral(h.command(ann, thread, "premove", str("moves", "e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8")),
		"Move 17 of your line, `Nb8` (their move): a line holds at most 16 moves (8 pairs).")
	h.wantEphemeral(h.command(ann, thread, "premove", str("moves", "e5 Nf3"), fakediscord.Option{Name: "clear", Type: 5, Value: true}), "not both")
	ctx := context.Background()
	row, _ := h.store.GameByThread(ctx, thread)
	if q, _ := h.store.Premoves(ctx, row.ID); len(q) != 0 {
		t.Fatalf("a refused line was stored: %+v", q)
	}

	mate := h.startGame("chess")
	h.move(ann, mate, "f3")
	h.wantEphemeral(h.command(ann, mate, "premove", str("moves", "e5 g4 Qh4 a3")),
		"Move 4 of your line, `a3` (your answer): the game would already be over (checkmate) after move 3.")

	// Only the owner ever sees a line.
	h.premove(ann, thread, str("moves", "e5 Nf3"))
	for _, u := range []fakediscord.User{bob, cat} {
		m := h.premove(u, thread)
		if !m.Ephemeral || strings.Contains(m.Content, "g1f3") || strings.Contains(m.Content, "e7e5") {
			t.Errorf("%s's /premove shows ann's line: %q", u.Name, m.Content)
		}
	}
	if m := h.premove(bob, thread); !strings.Contains(m.Content, "You have no moves queued") {
		t.Errorf("bob's own (empty) queue: %q", m.Content)
	}
	if n := linesContaining(publicLines(h, thread), "g1f3"); n != 0 {
		t.Errorf("the line shows in the thread: %d", n)
	}

	// The game ends (bob resigns): the line is dropped by the next pass,
	// and /premove says the game is over.
	h.command(bob, thread, "resign")
	h.bot.Tick(ctx)
	if q, _ := h.store.Premoves(ctx, row.ID); len(q) != 0 {
		t.Fatalf("a finished game's line was kept: %+v", q)
	}
	h.wantEphemeral(h.command(ann, thread, "premove"), "This game is already over")

	help := h.reply(h.command(ann, lobbyID, "help")).Content
	if !strings.Contains(help, "/premove") || len([]rune(help)) >= 2000 {
		t.Fatalf("/help (%d characters): %q", len([]rune(help)), help)
	}
}

// TestPremoveAfterACrash: the opponent's move was stored but the process
// died before the answer (here: the moves are written to the store behind
// the bot's back); the next scheduler pass plays the answer once, and a
// line whose answer was stored but not yet moved on is moved on without a
// second move.
func TestPremoveAfterACrash(t *testing.T) {
	h := newHarness(t)
	ctx := context.Background()
	thread := h.startGame("chess")
	h.move(ann, thread, "e4")
	h.premove(ann, thread, str("moves", "e5 Nf3 Nc6 Bb5"))
	row, _ := h.store.GameByThread(ctx, thread)
	at := h.clock.Now()
	if _, err := h.store.AppendMove(ctx, row.ID, 1, db.Move{Notation: "e7e5", PlayerID: bob.ID, At: at}, at.Add(72*time.Hour), time.Time{}, nil); err != nil {
		t.Fatal(err)
	}
	h.restart(nil)
	h.bot.Tick(ctx)
	h.bot.Tick(ctx) // a second pass (or another replica) plays nothing more
	if moves, players := logOf(t, h, thread); !slices.Equal(moves, []string{"e2e4", "e7e5", "g1f3"}) || players[2] != ann.ID {
		t.Fatalf("after the scheduler's passes: %v by %v", moves, players)
	}
	if n := linesContaining(publicLines(h, thread), premoveNote); n != 1 {
		t.Fatalf("%d conditional moves announced, want 1", n)
	}
	// The crash came after the answer was stored, before the line moved on.
	if _, err := h.store.AppendMove(ctx, row.ID, 3, db.Move{Notation: "b8c6", PlayerID: bob.ID, At: at}, time.Time{}, time.Time{}, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := h.store.AppendMove(ctx, row.ID, 4, db.Move{Notation: "f1b5", PlayerID: ann.ID, At: at}, time.Time{}, time.Time{}, nil); err != nil {
		t.Fatal(err)
	}
	h.bot.Tick(ctx)
	if moves, _ := logOf(t, h, thread); len(moves) != 5 {
		t.Fatalf("a stored answer was played again: %v", moves)
	}
	if q, _ := h.store.Premoves(ctx, row.ID); len(q) != 0 {
		t.Fatalf("a line played to its end is kept: %+v", q)
	}
}

// TestPremoveOpponentMoveDeliveredTwice: a duplicated /move by the
// opponent plays the queued answer once.
func TestPremoveOpponentMoveDeliveredTwice(t *testing.T) {
	h := newHarness(t)
	thread := h.startGame("chess")
	h.move(ann, thread, "e4")
	h.premove(ann, thread, str("moves", "e5 Nf3 Nc6 Bb5"))
	move := fakediscord.Interaction{Type: 2, User: bob, ChannelID: thread, ChannelType: 11, Name: "move", Options: []fakediscord.Option{str("move", "e5")}}
	st := h.deliverTwice(move)
	if st.Callbacks != 1 || st.ID == "" {
		t.Fatalf("a twice-delivered /move: %+v", st)
	}
	move.ID = st.ID // the very same interaction, delivered again
	h.restart(nil)
	seen := h.duplicatesLogged(move.ID)
	if _, err := h.fake.Send(move); err != nil { // once more, after a restart
		t.Fatal(err)
	}
	for deadline := time.Now().Add(testWait); h.duplicatesLogged(move.ID) == seen; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the re-delivered move was never seen")
		}
	}
	h.bot.inflight.Wait()
	h.bot.Tick(context.Background())
	if moves, _ := logOf(t, h, thread); !slices.Equal(moves, []string{"e2e4", "e7e5", "g1f3"}) {
		t.Fatalf("after the duplicates: %v", moves)
	}
	if n := linesContaining(publicLines(h, thread), premoveNote); n != 1 {
		t.Fatalf("%d conditional moves announced, want 1", n)
	}
}

// TestPremoveAutocomplete: the next move of the line is suggested in the
// position the line so far leads to, as the whole line with it added.
func TestPremoveAutocomplete(t *testing.T) {
	h := newHarness(t)
	thread := h.startGame("chess")
	focused := func(v string) fakediscord.Option {
		return fakediscord.Option{Name: "moves", Type: 3, Value: v, Focused: true}
	}
	if got := autocomplete(t, h, ann, thread, "premove", focused("")); len(got) != 0 {
		t.Fatalf("suggestions on ann's own turn: %v", got)
	}
	h.move(ann, thread, "e4")
	if got := autocomplete(t, h, ann, thread, "premove", focused("")); len(got) != 20 || !slices.Contains(got, "e7e5") {
		t.Fatalf("black's moves: %v", got)
	}
	if got := autocomplete(t, h, ann, thread, "premove", focused("e5 Nf")); !slices.Contains(got, "e7e5 g1f3") || slices.Contains(got, "e7e5 b1c3") {
		t.Fatalf("ann's answers: %v", got)
	}
	if got := autocomplete(t, h, ann, thread, "premove", focused("e7e5 g1f3 ")); len(got) == 0 || !strings.HasPrefix(got[0], "e7e5 g1f3 ") {
		t.Fatalf("black's moves after the first pair: %v", got)
	}
	if got := autocomplete(t, h, ann, thread, "premove", focused("e5 Nf6 ")); len(got) != 1 || got[0] != "e5 Nf6 " {
		t.Fatalf("an illegal word: %v", got)
	}
	if got := autocomplete(t, h, bob, thread, "premove", focused("")); len(got) != 0 {
		t.Fatalf("suggestions for bob on his own turn: %v", got)
	}
	if got := autocomplete(t, h, cat, thread, "premove", focused("")); len(got) != 0 {
		t.Fatalf("suggestions for a bystander: %v", got)
	}
	// The refusal for the illegal word names it.
	h.wantEphemeral(h.command(ann, thread, "premove", str("moves", "e5 Nf6 ")), "Move 2 of your line, `Nf6`")
}

// duplicatesLogged counts the log lines saying interaction id was ignored
// as a duplicate.
func (h *harness) duplicatesLogged(id string) int {
	n := 0
	for _, line := range strings.Split(h.logs.String(), "\n") {
		if strings.Contains(line, "duplicate") && strings.Contains(line, "interaction="+id) {
			n++
		}
	}
	return n
}

// TestPremoveAgainstTheComputer: the computer's moves (made by its worker,
// without an interaction) answer a queued line as a person's do, and the
// computer plays on after each queued answer.
func TestPremoveAgainstTheComputer(t *testing.T) {
	h := newHarness(t)
	c := h.bot.opponent()
	release := make(chan struct{}, 8)
	var searches atomic.Int64
	script := []string{"e7e5", "b8c6"}
	c.SetSearch(func(ctx context.Context, g games.Game, _ engine.Limits) (engine.Result, error) {
		<-release // the computer "thinks" until the test lets it move
		n := int(searches.Add(1))
		legal := g.LegalMoves()
		for _, m := range legal {
			if n <= len(script) && m.Notation == script[n-1] {
				return engine.Result{Move: m}, nil
			}
		}
		return engine.Result{Move: legal[0]}, nil
	})
	thread := h.playComputer(ann, "chess", str("color", "white"))
	h.move(ann, thread, "e4")
	if m := h.premove(ann, thread, str("moves", "e5 Nf3 Nc6 Bb5")); !strings.Contains(m.Content, "Queued") {
		t.Fatalf("queueing against the computer: %q", m.Content)
	}
	for range 3 {
		release <- struct{}{}
	}
	h.settle()
	moves, players := logOf(t, h, thread)
	if len(moves) != 6 || !slices.Equal(moves[:5], []string{"e2e4", "e7e5", "g1f3", "b8c6", "f1b5"}) || players[2] != ann.ID || players[4] != ann.ID {
		t.Fatalf("against the computer: %v by %v", moves, players)
	}
	if n := linesContaining(publicLines(h, thread), premoveNote); n != 2 {
		t.Fatalf("%d conditional moves announced, want 2", n)
	}
	row, _ := h.store.GameByThread(context.Background(), thread)
	if q, _ := h.store.Premoves(context.Background(), row.ID); len(q) != 0 || searches.Load() != 3 {
		t.Fatalf("after the line: %+v, %d searches", q, searches.Load())
	}
}

// TestPremoveAnswersAPickedMove: a move played with the picker is answered
// too, and the picker says so instead of offering a turn that is over.
func TestPremoveAnswersAPickedMove(t *testing.T) {
	h := newHarness(t)
	thread := h.startGame("chess")
	h.move(ann, thread, "e4")
	h.premove(ann, thread, str("moves", "e5 Nf3"))
	picker := h.pick(bob, thread, "e7e5")
	if !strings.Contains(picker.Content, "queued answer followed at once") || strings.Contains(picker.Content, "turn goes on") {
		t.Fatalf("the picker after a move that was answered: %q", picker.Content)
	}
	if moves, _ := logOf(t, h, thread); !slices.Equal(moves, []string{"e2e4", "e7e5", "g1f3"}) {
		t.Fatalf("after bob's picked e5: %v", moves)
	}
	// An ordinary picked move says nothing of the kind.
	if picker := h.pick(bob, thread, "b8c6"); strings.Contains(picker.Content, "queued") {
		t.Fatalf("the picker after an ordinary move: %q", picker.Content)
	}
}

// TestPremoveAnswerOnceAcrossReplicas: two replicas on one database both
// find a queued answer due (the opponent's move was stored, the process that
// stored it died) and follow it at the same moment; then the opponent's next
// matching move reaches both replicas at once. Each answer is stored and
// shown once.
func TestPremoveAnswerOnceAcrossReplicas(t *testing.T) {
	rs := newReplicas(t)
	ctx := context.Background()
	thread := rs.startGame("chess")
	rs.move(ann, thread, "e4")
	resp, _ := rs.send(fakediscord.Interaction{Type: 2, User: ann, ChannelID: thread, ChannelType: 11, ParentID: lobbyID,
		Name: "premove", Options: []fakediscord.Option{str("moves", "e5 Nf3 Nc6 Bb5")}})
	if m, _ := rs.fake.Message(resp.Original); !m.Ephemeral || !strings.Contains(m.Content, "Queued") {
		t.Fatalf("queueing: %q", m.Content)
	}
	store := rs.bots[0].store
	row, _ := store.GameByThread(ctx, thread)
	at := rs.clock.Now()
	if _, err := store.AppendMove(ctx, row.ID, 1, db.Move{Notation: "e7e5", PlayerID: bob.ID, At: at}, at.Add(72*time.Hour), time.Time{}, nil); err != nil {
		t.Fatal(err)
	}
	rs.tickBoth()
	rs.tickBoth()
	if n := rs.count(thread, premoveNote); n != 1 {
		t.Fatalf("%d answers announced after both replicas' passes, want 1", n)
	}
	rs.fake.SetDuplicates(1, 0, 1) // every interaction now reaches both replicas
	rs.move(bob, thread, "Nc6")
	rs.tickBoth()
	moves, err := store.Moves(ctx, row.ID)
	if err != nil || len(moves) != 5 || moves[2].Notation != "g1f3" || moves[4].Notation != "f1b5" || moves[4].PlayerID != ann.ID {
		t.Fatalf("stored: %+v %v", moves, err)
	}
	if n := rs.count(thread, premoveNote); n != 2 {
		t.Fatalf("%d answers announced, want 2", n)
	}
}
