package bot

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/bermudachess/bermuda/bot/fakediscord"
	"github.com/bermudachess/bermuda/games"
)

// TestQueuedAnswerBoardHasNoMoveButton: the board posted for the instant
// between a move and the opponent's queued answer to it carries no Move
// button (its picker could only say "not your turn"); the board after the
// answer does.
func TestQueuedAnswerBoardHasNoMoveButton(t *testing.T) {
	h := newHarness(t)
	thread := h.startGame("chess")
	h.move(ann, thread, "e4")
	h.premove(ann, thread, str("moves", "e5 Nf3"))
	h.move(bob, thread, "e5")
	var between, after int
	for _, m := range h.fake.Messages(thread) {
		switch {
		case strings.Contains(m.Content, "had queued an answer to this move"):
			between++
			if buttonWith(m, "play:", "") != "" {
				t.Errorf("the board before the queued answer has a Move button: %q", m.Content)
			}
		case between == 1 && strings.Contains(m.Content, "<@222>, your move"):
			after++
			if buttonWith(m, "play:", "") == "" {
				t.Errorf("the board after the queued answer has no Move button: %q", m.Content)
			}
		}
	}
	if between != 1 || after != 1 {
		t.Fatalf("%d boards before the answer, %d after it; want 1 and 1", between, after)
	}
}

// roundPosts counts the lobby's announcements of round n of Swiss #1.
func (h *harness) roundPosts(n, of int) []fakediscord.Message {
	var out []fakediscord.Message
	for _, m := range h.fake.Messages(lobbyID) {
		if strings.Contains(m.Content, fmt.Sprintf("round %d of %d** is paired", n, of)) {
			out = append(out, m)
		}
	}
	return out
}

// fourEntrants creates Swiss #1 (3 rounds, chess) with starts (""
// for the default, a day away) and enters ann, bob, cat and dan.
func (h *harness) fourEntrants(starts string) map[string]fakediscord.User {
	h.t.Helper()
	opts := []fakediscord.Option{str("variant", "chess"), integer("rounds", 3), integer("days", 1)}
	if starts != "" {
		opts = append(opts, str("starts", starts))
	}
	announce := h.wantPublic(h.tournament(ann, "", "create", opts...), "Swiss tournament (#1)")
	users := map[string]fakediscord.User{}
	for _, u := range []fakediscord.User{ann, bob, cat, dan} {
		h.wantEphemeral(h.click(u, lobbyID, announce.ID, "tjoin:1"), "You're entered in Swiss #1")
		users[u.ID] = u
	}
	return users
}

// TestTournamentRoundAnnouncedOnceAfterACrash: the process dies right
// after round 1's pairing is committed; after a restart the scheduler
// posts the round's pairings once (and the repair opens its games), and
// later ticks and the next round never post one twice.
func TestTournamentRoundAnnouncedOnceAfterACrash(t *testing.T) {
	h := newHarness(t)
	ctx := t.Context()
	users := h.fourEntrants("1h")
	afterRoundCommitted = func(int64, int) bool { return false }
	t.Cleanup(func() { afterRoundCommitted = func(int64, int) bool { return true } })
	h.clock.Advance(time.Hour)
	h.bot.Tick(ctx)
	if tr := h.tournamentRow(1); tr.Round != 1 || len(h.roundPosts(1, 3)) != 0 {
		t.Fatalf("after the crash: round %d, %d announcements", tr.Round, len(h.roundPosts(1, 3)))
	}
	afterRoundCommitted = func(int64, int) bool { return true }
	h.restart(games.Seeded(2))
	h.bot.Tick(ctx)
	h.bot.Tick(ctx)
	posts := h.roundPosts(1, 3)
	if len(posts) != 1 {
		t.Fatalf("%d announcements of round 1 after the restart, want 1", len(posts))
	}
	for _, bd := range h.roundBoards(1, 1) {
		if !strings.Contains(posts[0].Content, fmt.Sprintf("Board %d: <@%s> – <@%s>", bd.Board, bd.White, bd.Black)) {
			t.Errorf("the announcement does not say who plays board %d: %q", bd.Board, posts[0].Content)
		}
	}
	if m, _ := h.fake.Message(h.tournamentRow(1).MessageID); !strings.Contains(embedDescription(m), "Round 1 of 3 is under way") {
		t.Errorf("the tournament's announcement after the repair: %q", embedDescription(m))
	}
	h.clock.Advance(openingGrace + time.Minute)
	h.bot.Tick(ctx)
	h.wantThreads(h.roundBoards(1, 1))
	h.restart(games.Seeded(3))
	h.bot.Tick(ctx)
	if n := len(h.roundPosts(1, 3)); n != 1 {
		t.Fatalf("%d announcements of round 1 after a second restart", n)
	}
	h.endRound(1, 1, users)
	h.bot.Tick(ctx)
	h.bot.Tick(ctx)
	if n := len(h.roundPosts(2, 3)); n != 1 || h.tournamentRow(1).Round != 2 {
		t.Fatalf("%d announcements of round 2 (round %d)", n, h.tournamentRow(1).Round)
	}
}

// TestTournamentStartedByHandPairsTheNextRoundAtOnce: a tournament whose
// start is a day away, round 1 started by hand; when round 1's last game
// ends, round 2 is paired at the scheduler's next pass, not a day later,
// and its standings say they are after round 1.
func TestTournamentStartedByHandPairsTheNextRoundAtOnce(t *testing.T) {
	h := newHarness(t)
	ctx := t.Context()
	users := h.fourEntrants("")
	h.wantPublic(h.tournament(ann, "", "start_round"), "started round 1 of Swiss #1")
	h.endRound(1, 1, users)
	h.bot.Tick(ctx) // the same instant: nothing waits for the announced start
	if tr := h.tournamentRow(1); tr.Round != 2 || len(h.roundPosts(2, 3)) != 1 {
		t.Fatalf("after round 1 ended: round %d, %d announcements of round 2", tr.Round, len(h.roundPosts(2, 3)))
	}
	h.wantThreads(h.roundBoards(1, 2))
	// The picture on round 2's post and /tournament standings say the same:
	// after round 1 (the picture's words are its description).
	const title = "after round 1 of 3 (round 2 under way)"
	wantDescription(t, h.roundPosts(2, 3)[0], "standings.png", title, "Top three: 1. ", " 1 point; ")
	wantDescription(t, h.wantPublic(h.tournament(cat, "", "standings"), title), "standings.png", title)
	h.endRound(1, 2, users)
	h.bot.Tick(ctx)
	if tr := h.tournamentRow(1); tr.Round != 3 {
		t.Fatalf("after round 2 ended: round %d", tr.Round)
	}
}
