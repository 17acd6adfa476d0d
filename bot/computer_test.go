package bot

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/bermudachess/bermuda/bot/fakediscord"
	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/engine"
	"github.com/bermudachess/bermuda/games"
)

// quickComputer plays by a small node budget: quick, and the same move
// for the same position.
func quickComputer(level int) engine.Limits {
	return engine.Limits{Level: level, Nodes: 2000, Seed: 7}
}

// endlessComputer thinks until it is cancelled.
func endlessComputer(int) engine.Limits {
	return engine.Limits{Level: 5, MoveTime: time.Hour, Seed: 7}
}

// computerUser is the bot itself, as Discord resolves it in a user option.
func (h *harness) computerUser() fakediscord.User {
	return fakediscord.User{ID: h.fake.BotID, Name: "Bermuda", Bot: true}
}

// playComputer runs /challenge against the bot and returns the new thread.
func (h *harness) playComputer(from fakediscord.User, variant string, extra ...fakediscord.Option) string {
	h.t.Helper()
	before := len(h.fake.Threads())
	h.challenge(from, variant, ptr(h.computerUser()), extra...)
	threads := h.fake.Threads()
	if len(threads) != before+1 {
		h.t.Fatalf("challenging the computer made %d threads", len(threads)-before)
	}
	return threads[len(threads)-1].ID
}

func ptr[T any](v T) *T { return &v }

// wantStats checks that u's /stats, private, says want (in its text or,
// with a rating chart, in its embed).
func (h *harness) wantStats(u fakediscord.User, want string) {
	h.t.Helper()
	m := h.reply(h.command(u, lobbyID, "stats"))
	if text := m.Content + fmt.Sprint(m.Embeds); !m.Ephemeral || !strings.Contains(text, want) {
		h.t.Errorf("/stats of %s: want a private answer saying %q, got ephemeral=%v %q", u.Name, want, m.Ephemeral, text)
	}
}

// settle waits until the computer has nothing left to do.
func (h *harness) settle() {
	h.t.Helper()
	done := make(chan struct{})
	go func() { h.bot.opponent().Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(testWait):
		h.t.Fatal("the computer never finished its turn")
	}
}

// waitThinking waits until a search is running.
func (h *harness) waitThinking() {
	h.t.Helper()
	for deadline := time.Now().Add(testWait); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		n := h.bot.opponent().Thinking()
		if n > 0 {
			return
		}
	}
	h.t.Fatal("the computer never started thinking")
}

func (h *harness) loadThread(thread string) (db.Game, games.Game) {
	h.t.Helper()
	row, err := h.store.GameByThread(context.Background(), thread)
	if err != nil {
		h.t.Fatal(err)
	}
	row, g, err := h.store.LoadGame(context.Background(), row.ID)
	if err != nil {
		h.t.Fatal(err)
	}
	return row, g
}

// checkComputerMovesShown walks the thread: every stored move of the
// computer was announced once, followed by one message per die it rolled
// (the stored texts, in order) and then the board. It returns how many
// dice the computer's moves rolled.
func checkComputerMovesShown(t *testing.T, h *harness, thread string) (dice int) {
	t.Helper()
	row, _ := h.loadThread(thread)
	moves, err := h.store.Moves(context.Background(), row.ID)
	if err != nil {
		t.Fatal(err)
	}
	msgs := h.fake.Messages(thread)
	self := mention(h.fake.BotID)
	human := row.Players[0]
	if human == h.fake.BotID {
		human = row.Players[1]
	}
	var announced []string
	for _, m := range msgs {
		if strings.HasPrefix(m.Content, self+" played **") {
			announced = append(announced, m.Content)
		}
	}
	at, computerMoves := 0, 0
	for _, mv := range moves {
		if mv.PlayerID != h.fake.BotID {
			continue
		}
		computerMoves++
		want := fmt.Sprintf("%s played **%s**", self, mv.Notation)
		for at < len(msgs) && !strings.HasPrefix(msgs[at].Content, want) {
			at++
		}
		if at == len(msgs) {
			t.Fatalf("ply %d, the computer's %s, was never announced", mv.Ply, mv.Notation)
		}
		for _, d := range mv.Dice {
			dice++
			at++
			if at == len(msgs) || !strings.HasPrefix(msgs[at].Content, "🎲") || !strings.Contains(msgs[at].Content, personalize(row, d)) {
				t.Fatalf("ply %d: die message %q missing after the move", mv.Ply, d)
			}
		}
		at++
		if at == len(msgs) || len(msgs[at].Files) != 1 || msgs[at].Files[0].Name != "board.png" {
			t.Fatalf("ply %d: no board after the computer's move", mv.Ply)
		}
		// The board asks the player to move (mentioning them) or says the
		// computer goes on; the board ending the game asks nothing.
		board := msgs[at].Content
		asks := strings.Contains(board, mention(human)+", your move") || strings.Contains(board, "🤖 The computer is thinking…")
		if last := mv.Ply == row.Ply && row.State != "active"; asks == last {
			t.Fatalf("ply %d: the board after the computer's move says %q", mv.Ply, board)
		}
	}
	if computerMoves == 0 || len(announced) != computerMoves {
		t.Fatalf("the computer stored %d moves and announced %d", computerMoves, len(announced))
	}
	return dice
}

// TestFullGameAgainstTheComputer plays a whole game of the Angle
// against the bot through Discord, restarting the bot while it thinks, then
// checks the record, the rematch and the refusals.
func TestFullGameAgainstTheComputer(t *testing.T) {
	h := newHarness(t)
	h.bot.opponent().SetLimits(quickComputer)
	rng := rand.New(rand.NewPCG(3, 4))

	// A rated game first, so that ann has a rating in the Angle to keep.
	rated := h.startGame("angle")
	for range 2 {
		for _, who := range []fakediscord.User{ann, bob} {
			_, g := h.loadThread(rated)
			legal := g.LegalMoves()
			h.move(who, rated, legal[rng.IntN(len(legal))].Notation)
		}
	}
	h.command(bob, rated, "resign")
	ratingsBefore, err := h.store.PlayerRatings(context.Background(), h.fake.GuildID, ann.ID)
	if err != nil || len(ratingsBefore) != 1 {
		t.Fatalf("ann's ratings after a rated game: %+v, %v", ratingsBefore, err)
	}

	h.wantEphemeral(h.send(fakediscord.Interaction{Type: 2, User: ann, ChannelID: lobbyID, Name: "challenge",
		Options: []fakediscord.Option{str("variant", "bermuda"), user("opponent", bob), integer("level", 2)}, Resolved: resolvedUsers(bob)}),
		"`level` sets the computer's strength")

	thread := h.playComputer(ann, "angle", str("color", "white"), integer("level", 2))
	row, _ := h.loadThread(thread)
	if row.ComputerLevel != 2 || row.Players != [2]string{ann.ID, h.fake.BotID} || row.Deadline.IsZero() {
		t.Fatalf("new game against the computer: %+v", row)
	}
	// Someone else may not move, and the player may not move for it.
	h.wantEphemeral(h.command(bob, thread, "move", str("move", "e2e4")), "You are not a player in this game")

	restarted := false
	for humanMoves := 0; ; humanMoves++ {
		h.settle()
		row, g := h.loadThread(thread)
		if g.Outcome().Over {
			break
		}
		if g.Turn().Player != games.Player1 {
			t.Fatalf("after the computer's turn it is still not the player's (ply %d)", row.Ply)
		}
		if humanMoves == 3 && !restarted {
			// Restart while the computer thinks about its reply.
			h.bot.opponent().SetLimits(endlessComputer)
			legal := g.LegalMoves()
			h.move(ann, thread, legal[rng.IntN(len(legal))].Notation)
			h.waitThinking()
			h.wantEphemeral(h.command(ann, thread, "move", str("move", "e2e4")), "the computer is thinking")
			plyBefore := row.Ply + 1
			h.restart(games.Seeded(2))
			h.bot.opponent().SetLimits(quickComputer)
			if row, _ := h.loadThread(thread); row.Ply != plyBefore || !row.Deadline.IsZero() {
				t.Fatalf("after the restart: ply %d (want %d), deadline %v (want none: the computer owes a move)", row.Ply, plyBefore, row.Deadline)
			}
			h.bot.Tick(context.Background()) // the scheduler's first pass at start-up
			h.bot.Tick(context.Background()) // a second pass finds nothing due
			restarted = true
			continue
		}
		legal := g.LegalMoves()
		h.move(ann, thread, legal[rng.IntN(len(legal))].Notation)
	}
	if !restarted {
		t.Fatal("the game ended before the restart")
	}
	row, g := h.loadThread(thread)
	if row.State != "finished" || row.Rated || row.Reason != g.Outcome().Reason {
		t.Fatalf("finished game: %+v (the rules say %+v)", row, g.Outcome())
	}
	t.Logf("game over after %d plies: %s, winner %d", row.Ply, row.Reason, row.Winner)
	if checkComputerMovesShown(t, h, thread) == 0 {
		t.Fatal("the computer never rolled a die: the game does not test its dice messages")
	}
	// The result carries the Rematch button; the replay GIF may follow it.
	result := resultMessage(t, h, thread)
	if !strings.Contains(result.Content, "Games against the computer are not rated.") {
		t.Fatalf("result message: %q", result.Content)
	}

	// Unrated: ann's rating is as it was, the computer has none.
	if rs, err := h.store.PlayerRatings(context.Background(), h.fake.GuildID, ann.ID); err != nil || !reflect.DeepEqual(rs, ratingsBefore) {
		t.Fatalf("ann's ratings went from %+v to %+v (%v) in a game against the computer", ratingsBefore, rs, err)
	}
	if rs, err := h.store.PlayerRatings(context.Background(), h.fake.GuildID, h.fake.BotID); err != nil || len(rs) != 0 {
		t.Fatalf("the computer has ratings: %+v, %v", rs, err)
	}
	board := h.reply(h.send(fakediscord.Interaction{Type: 2, User: ann, ChannelID: lobbyID, Name: "leaderboard", Options: []fakediscord.Option{str("variant", "angle")}}))
	if strings.Contains(fmt.Sprint(board.Embeds), h.fake.BotID) {
		t.Fatalf("the leaderboard lists the computer: %v", board.Embeds)
	}
	wantRecord := map[int]string{0: "1 W, 0 D, 0 L", 1: "0 W, 0 D, 1 L", -1: "0 W, 1 D, 0 L"}[row.Winner]
	h.wantStats(ann, "Level 2: "+wantRecord)

	// The Rematch button: same level, sides swapped, so the computer opens.
	var rematchID string
	for _, c := range result.Components {
		for _, b := range c.(map[string]any)["components"].([]any) {
			if id := b.(map[string]any)["custom_id"].(string); strings.HasPrefix(id, "rematch:") {
				rematchID = id
			}
		}
	}
	before := len(h.fake.Threads())
	resp := h.click(ann, thread, result.ID, rematchID)
	if m := h.reply(resp); m.Ephemeral {
		t.Fatalf("rematch refused: %s", m.Content)
	}
	threads := h.fake.Threads()
	if len(threads) != before+1 {
		t.Fatalf("the rematch made %d threads", len(threads)-before)
	}
	rematch := threads[len(threads)-1].ID
	h.settle()
	re, _ := h.loadThread(rematch)
	if re.ComputerLevel != 2 || re.RematchOf != row.ID || re.Players != [2]string{h.fake.BotID, ann.ID} || re.Ply == 0 || re.Deadline.IsZero() {
		t.Fatalf("rematch game: %+v", re)
	}
	checkComputerMovesShown(t, h, rematch)
	h.wantEphemeral(h.command(cat, rematch, "move", str("move", "e7e5")), "You are not a player in this game")
	h.wantEphemeral(h.command(ann, rematch, "draw"), "does not take draw offers")
}

// TestComputerPlaysItsWholeTurn: in Random Move Number Chess a throw gives
// each turn its number of moves; the computer plays them all, one stored
// and shown move at a time, and only then is the player mentioned.
func TestComputerPlaysItsWholeTurn(t *testing.T) {
	h := newHarness(t)
	h.bot.opponent().SetLimits(quickComputer)
	thread := h.playComputer(ann, "randommove")
	row, _ := h.loadThread(thread)
	if row.ComputerLevel != engine.DefaultLevel {
		t.Fatalf("level %d without the option, want the default %d", row.ComputerLevel, engine.DefaultLevel)
	}
	human := games.Player1
	if row.Players[1] == ann.ID {
		human = games.Player2
	}
	rng := rand.New(rand.NewPCG(5, 6))
	longest := 0
	for longest < 2 {
		h.settle()
		row, g := h.loadThread(thread)
		if g.Outcome().Over {
			t.Fatalf("the game ended (%s) before the computer had a turn of several moves", row.Reason)
		}
		if g.Turn().Player != human {
			t.Fatalf("the computer stopped in the middle of its turn (ply %d)", row.Ply)
		}
		moves, err := h.store.Moves(context.Background(), row.ID)
		if err != nil {
			t.Fatal(err)
		}
		run := 0
		for _, m := range moves {
			if m.PlayerID == h.fake.BotID {
				run++
				longest = max(longest, run)
			} else {
				run = 0
			}
		}
		legal := g.LegalMoves()
		h.move(ann, thread, legal[rng.IntN(len(legal))].Notation)
	}
	thinking := 0
	for _, m := range h.fake.Messages(thread) {
		if strings.Contains(m.Content, "🤖 The computer is thinking… (") {
			thinking++
		}
		if strings.Contains(m.Content, mention(h.fake.BotID)+", your move") {
			t.Fatalf("the computer was asked to move: %q", m.Content)
		}
	}
	if thinking == 0 {
		t.Fatal("no board said that the computer had several moves to play")
	}
	checkComputerMovesShown(t, h, thread)

	h.settle()
	h.command(ann, thread, "resign")
	if row, _ := h.loadThread(thread); row.State != "finished" || row.Rated || row.Reason != "resignation" {
		t.Fatalf("after resigning: %+v", row)
	}
	h.wantStats(ann, "Level 3: 0 W, 0 D, 1 L")
}
