package bot

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image/png"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/bermudachess/bermuda/bot/fakediscord"
	"github.com/bermudachess/bermuda/review"
	"github.com/bermudachess/bermuda/uci"
)

// foolsMate plays 1.f3 e5 2.g4 Qh4# in a new chess game and returns its thread.
func (h *harness) foolsMate() string {
	h.t.Helper()
	thread := h.startGame("chess")
	for i, mv := range []string{"f3", "e5", "g4", "Qh4"} {
		h.move([]fakediscord.User{ann, bob}[i%2], thread, mv)
	}
	return thread
}

// foolsMateSAN is foolsMate's moves as the review names them.
var foolsMateSAN = []string{"f3", "e5", "g4", "Qh4"}

// storedFoolsMateReview is the finished review of thread's game, from the
// store.
func storedFoolsMateReview(t *testing.T, h *harness, thread string) review.Review {
	t.Helper()
	row, _ := h.loadThread(thread)
	stored, err := h.store.Review(t.Context(), row.ID)
	if err != nil || stored.State != "done" {
		t.Fatalf("stored review: %+v %v", stored, err)
	}
	var rev review.Review
	if err := json.Unmarshal([]byte(stored.Data), &rev); err != nil {
		t.Fatal(err)
	}
	return rev
}

// judgedPlies lists the plies of the player moving at ply parity (0:
// White) that the review judged an inaccuracy or worse.
func judgedPlies(rev review.Review, parity int) []int {
	var out []int
	for i, p := range rev.Plies {
		if i%2 == parity && p.Judgement != "" {
			out = append(out, i)
		}
	}
	return out
}

// reviewPosts returns the thread's messages that carry a review.
func (h *harness) reviewPosts(thread string) []fakediscord.Message {
	var out []fakediscord.Message
	for _, m := range h.fake.Messages(thread) {
		for _, f := range m.Files {
			if f.Name == "review.png" && !m.Ephemeral {
				out = append(out, m)
			}
		}
	}
	return out
}

func checkReviewPictures(t *testing.T, m fakediscord.Message, wantMoments int) {
	t.Helper()
	moments := 0
	for _, f := range m.Files {
		if _, err := png.Decode(bytes.NewReader(f.Data)); err != nil {
			t.Fatalf("%s does not decode: %v", f.Name, err)
		}
		if strings.HasPrefix(f.Name, "moment-") {
			moments++
		}
	}
	if moments != wantMoments {
		t.Errorf("%d key moments drawn, want %d", moments, wantMoments)
	}
}

func TestReviewOfAFinishedGame(t *testing.T) {
	h := newHarness(t)
	h.bot.ReviewNodes = 3000
	live := h.startGame("chess")
	h.move(ann, live, "e4")
	h.wantEphemeral(h.command(bob, live, "review"), "only once it is over")

	thread := h.foolsMate()
	end := h.fake.Messages(thread)
	var result fakediscord.Message
	for _, m := range end {
		if buttonWith(m, "review:", "") != "" {
			result = m
		}
	}
	if result.ID == "" {
		t.Fatal("the result has no Review button")
	}
	// A spectator may ask; the review is computed in the background.
	h.wantEphemeral(h.click(cat, thread, result.ID, buttonWith(result, "review:", "")), "reviewing the game")
	h.settle()
	posts := h.reviewPosts(thread)
	if len(posts) != 1 {
		t.Fatalf("%d review posts, want 1", len(posts))
	}
	rev := storedFoolsMateReview(t, h, thread)
	annMistakes := judgedPlies(rev, 0)
	checkReviewPictures(t, posts[0], len(judgedPlies(rev, 0))+len(judgedPlies(rev, 1)))
	if text := posts[0].Content + strings.Join(embedTexts(posts[0]), " "); !strings.Contains(text, "g4") || !strings.Contains(text, "blunder") {
		t.Errorf("the review does not name the blunder g4: %s", text)
	}
	// The key moment says it in words (package explain): the mate it allows.
	if moments := embedTexts(posts[0]); !strings.Contains(strings.Join(moments, "\n"), "2.g4?? allows mate in 1: 2…Qh4#.") {
		t.Errorf("the key moment does not explain the blunder: %q", moments)
	}
	progress := false
	for _, m := range h.fake.Messages(thread) {
		progress = progress || strings.Contains(m.Content, "Review of game") && strings.Contains(m.Content, "done")
	}
	if !progress {
		t.Error("the progress message was not turned into 'done'")
	}
	if len(rev.Plies) != 4 || rev.Plies[2].Move != "g2g4" || rev.Plies[2].Judgement != "blunder" || rev.Plies[2].Best == "g2g4" {
		t.Fatalf("White's 2.g4 is not judged a blunder with a better move: %+v", rev.Plies)
	}

	// Learn from your mistakes: the player who blundered finds the
	// engine's move with the picker's menus; the others have nothing to do.
	learn := buttonWith(posts[0], "learn:", "")
	h.wantEphemeral(h.click(cat, thread, posts[0].ID, learn), "Only the game's players")
	h.wantEphemeral(h.click(bob, thread, posts[0].ID, learn), "found no inaccuracy")
	lessonResp := h.click(ann, thread, posts[0].ID, learn)
	lessonMsg := h.reply(lessonResp)
	if !lessonMsg.Ephemeral {
		t.Fatalf("the lesson is public: %q", lessonMsg.Content)
	}
	checkPickerPicture(t, lessonMsg)
	// One lesson for each of White's judged moves, in order (2.g4 always;
	// 1.f3 too where the engine finds it an inaccuracy, as it does).
	for _, i := range annMistakes {
		if !strings.Contains(lessonMsg.Content, "you played **"+foolsMateSAN[i]) {
			t.Fatalf("the lesson for ply %d opens with %q", i, lessonMsg.Content)
		}
		best := rev.Plies[i].Best
		h.choose(ann, thread, lessonMsg, best[:2])
		h.choose(ann, thread, lessonMsg, best[2:4])
		lessonMsg = mustMessage(h, lessonMsg.ID)
		if !strings.HasPrefix(lessonMsg.Content, "✅") {
			t.Fatalf("finding the engine's move %s: %q", best, lessonMsg.Content)
		}
		h.click(ann, thread, lessonMsg.ID, buttonWith(lessonMsg, "lm:", ":next"))
		lessonMsg = mustMessage(h, lessonMsg.ID)
	}
	if !strings.Contains(lessonMsg.Content, "last of your mistakes") {
		t.Fatalf("after the last mistake: %q", lessonMsg.Content)
	}

	// A second request shows the stored review at once, privately, and
	// computes nothing again.
	resp := h.command(bob, thread, "review")
	m := h.reply(resp)
	if !m.Ephemeral || len(m.Files) == 0 {
		t.Fatalf("the second request: ephemeral %v, %d files, %q", m.Ephemeral, len(m.Files), m.Content)
	}
	checkReviewPictures(t, m, len(judgedPlies(rev, 0))+len(judgedPlies(rev, 1)))
	h.settle()
	if n := len(h.reviewPosts(thread)); n != 1 {
		t.Fatalf("%d review posts after a second request", n)
	}
}

// TestReviewCutShortIsTakenOver: a review whose process died (its claim in
// the database, never renewed) is reported as in progress, then taken over
// by the scheduler once its lease lapses, and posted once.
func TestReviewCutShortIsTakenOver(t *testing.T) {
	h := newHarness(t)
	h.bot.ReviewNodes = 3000
	thread := h.foolsMate()
	row, _ := h.loadThread(thread)
	if _, claimed, err := h.store.ClaimReview(t.Context(), row.ID, h.clock.Now(), reviewLease); err != nil || !claimed {
		t.Fatalf("the dead process's claim: %v %v", claimed, err)
	}
	h.restart(nil)
	h.bot.ReviewNodes = 3000
	h.wantEphemeral(h.command(ann, thread, "review"), "being reviewed now (0% done)")
	h.bot.Tick(t.Context())
	h.settle()
	if n := len(h.reviewPosts(thread)); n != 0 {
		t.Fatalf("a review within its lease was taken over: %d posts", n)
	}
	h.clock.Advance(reviewLease + time.Second)
	h.bot.Tick(t.Context())
	h.settle()
	h.bot.Tick(t.Context())
	h.settle()
	if n := len(h.reviewPosts(thread)); n != 1 {
		t.Fatalf("%d review posts after the take-over, want 1", n)
	}
}

func embedTexts(m fakediscord.Message) []string {
	var out []string
	for _, e := range m.Embeds {
		if em, ok := e.(map[string]any); ok {
			d, _ := em["description"].(string)
			out = append(out, d)
		}
	}
	return out
}

// TestChessAgainstTheComputerReviewed: orthodox chess is a /challenge
// variant like the others; a game against the computer is reviewed, and
// the review says which engine judged it (Stockfish where it is found, as
// in CI; Bermuda's engine otherwise).
func TestChessAgainstTheComputerReviewed(t *testing.T) {
	h := newHarness(t)
	h.bot.opponent().SetLimits(quickComputer)
	h.bot.ReviewNodes = 3000
	sf, _ := uci.Find("stockfish")
	if sf == "" && os.Getenv("BERMUDA_REQUIRE_STOCKFISH") != "" {
		t.Fatal("Stockfish is required here (BERMUDA_REQUIRE_STOCKFISH)")
	}
	h.bot.ReviewUCI, h.bot.ReviewUCIDepth = sf, 8
	found := false
	for _, c := range variantChoices() {
		found = found || c.Value == "chess"
	}
	if !found {
		t.Fatal("chess is not among /challenge's variants")
	}
	thread := h.playComputer(ann, "chess", str("color", "white"), integer("level", 1))
	h.move(ann, thread, "e4")
	h.settle()
	h.move(ann, thread, "Qh5")
	h.settle()
	h.command(ann, thread, "resign")
	if row, _ := h.loadThread(thread); row.State != "finished" || row.Variant != "chess" {
		t.Fatalf("after resigning: %+v", row)
	}
	h.command(ann, thread, "review")
	h.settle()
	posts := h.reviewPosts(thread)
	if len(posts) != 1 {
		t.Fatalf("%d review posts, want 1", len(posts))
	}
	want := "Judged by Bermuda's engine"
	if sf != "" {
		want = "Judged by Stockfish"
	}
	if text := strings.Join(embedTexts(posts[0]), " "); !strings.Contains(text, want) {
		t.Errorf("the review does not say %q: %s", want, text)
	}
}

// submitForm sends a form's submission with its text inputs.
func (h *harness) submitForm(u fakediscord.User, channel, messageID, customID string, fields map[string]string) fakediscord.Response {
	h.t.Helper()
	return h.send(fakediscord.Interaction{Type: 5, User: u, ChannelID: channel, MessageID: messageID, CustomID: customID, Fields: fields})
}

// TestLearnTypedAnswer: in Learn from your mistakes the player may type
// the move in a form instead of the menus, in any notation /move takes:
// judged as a menu answer is, and what is not a legal move is said
// privately while the lesson waits.
func TestLearnTypedAnswer(t *testing.T) {
	h := newHarness(t)
	h.bot.ReviewNodes = 3000
	thread := h.foolsMate()
	row, _ := h.loadThread(thread)
	result := h.fake.Messages(thread)
	last := result[len(result)-1]
	for _, m := range result {
		if buttonWith(m, "review:", "") != "" {
			last = m
		}
	}
	h.click(ann, thread, last.ID, buttonWith(last, "review:", ""))
	h.settle()
	posts := h.reviewPosts(thread)
	if len(posts) != 1 {
		t.Fatalf("%d review posts", len(posts))
	}
	rev := storedFoolsMateReview(t, h, thread)
	first := judgedPlies(rev, 0)[0] // the lesson's first mistake: 1.f3 where it is judged, else 2.g4
	lessonMsg := h.reply(h.click(ann, thread, posts[0].ID, buttonWith(posts[0], "learn:", "")))
	typeIt := buttonWith(lessonMsg, "lm:", ":type")
	if typeIt == "" {
		t.Fatalf("the lesson has no Type a move button: %v", lessonMsg.Components)
	}
	resp := h.click(ann, thread, lessonMsg.ID, typeIt)
	if resp.Type != 9 || resp.ModalID != fmt.Sprintf("lmt:%d:0", row.ID) {
		t.Fatalf("Type a move answers %+v, want the form lmt:%d:0", resp, row.ID)
	}
	// Someone else's submission (a forged one) is refused.
	h.wantEphemeral(h.submitForm(cat, thread, lessonMsg.ID, resp.ModalID, map[string]string{"move": "e4"}), "Only the game's players")
	// Not a move: said privately; the lesson is as it was.
	h.wantEphemeral(h.submitForm(ann, thread, lessonMsg.ID, resp.ModalID, map[string]string{"move": "Qz9"}), "is not a legal move here")
	if m := mustMessage(h, lessonMsg.ID); m.Content != lessonMsg.Content {
		t.Fatalf("a bad answer changed the lesson: %q", m.Content)
	}
	// The move played in the game, typed as SAN: wrong.
	h.submitForm(ann, thread, lessonMsg.ID, resp.ModalID, map[string]string{"move": foolsMateSAN[first]})
	if m := mustMessage(h, lessonMsg.ID); !strings.HasPrefix(m.Content, "❌ That is the move you played") {
		t.Fatalf("typing the game's move: %q", m.Content)
	}
	// The engine's move, typed with a dash: right, with why the game's
	// move was not.
	why := "Why the game's move was an inaccuracy: 1.f3?!"
	if first == 2 {
		why = "Why the game's move was a blunder: 2.g4?? allows mate in 1: 2…Qh4#."
	}
	best := rev.Plies[first].Best
	h.submitForm(ann, thread, lessonMsg.ID, resp.ModalID, map[string]string{"move": " " + best[:2] + "-" + best[2:] + " "})
	if m := mustMessage(h, lessonMsg.ID); !strings.HasPrefix(m.Content, "✅") || !strings.Contains(m.Content, why) {
		t.Fatalf("typing the engine's move %s: %q", best, m.Content)
	}
}
