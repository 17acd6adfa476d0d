package bot

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/bermudachess/bermuda/review"
)

// TestReviewWordsAndNoNegativeZero: a stored review whose key moment is an
// inaccuracy and whose luck rounds to zero from below says "an
// inaccuracy" (in the key moment and the lesson) and never "-0.00".
func TestReviewWordsAndNoNegativeZero(t *testing.T) {
	h := newHarness(t)
	thread := h.foolsMate()
	row, _ := h.loadThread(thread)
	loss, acc, luck, adj := 0.06, 90.0, -0.001, -0.0004
	rev := review.Review{Variant: "chess", Result: "0-1",
		Players: []review.Summary{
			{Name: "ann", Accuracy: &acc, Inaccuracies: 1, Luck: &luck, LuckAdjusted: &adj},
			{Name: "bob", Accuracy: &acc, Luck: &luck, LuckAdjusted: &adj},
		},
		Plies: []review.Ply{
			{Ply: 0, Player: 0, Move: "f2f3", Best: "e2e4", ExpectedBefore: 0.52, ExpectedAfter: 0.46, Loss: &loss, Judgement: "inaccuracy"},
			{Ply: 1, Player: 1, Move: "e7e5", Best: "e7e5", ExpectedBefore: 0.54, ExpectedAfter: 0.54},
		}}
	data, err := json.Marshal(rev)
	if err != nil {
		t.Fatal(err)
	}
	claim, claimed, err := h.store.ClaimReview(t.Context(), row.ID, h.clock.Now(), reviewLease)
	if err != nil || !claimed {
		t.Fatalf("claiming the review: %v %v", claimed, err)
	}
	if ok, err := h.store.FinishReview(t.Context(), row.ID, claim.ClaimedAt, string(data)); err != nil || !ok {
		t.Fatalf("storing the review: %v %v", ok, err)
	}
	m := h.reply(h.command(bob, thread, "review"))
	text := strings.Join(embedTexts(m), "\n")
	for _, want := range []string{"was an inaccuracy", "luck +0.00", "(result without it: 0.00)"} {
		if !strings.Contains(text, want) {
			t.Errorf("the review does not say %q: %s", want, text)
		}
	}
	if strings.Contains(text, "-0.00") || strings.Contains(text, "a inaccuracy") {
		t.Errorf("the review shows a negative zero or 'a inaccuracy': %s", text)
	}
	wantDescription(t, m, "review.png", "Evaluation graph of game #", "0 mistakes and 0 blunders marked", "result 0-1")
	wantDescription(t, m, "moment-1.png", "Key moment, move 1: the board before f3", "better move, e4")
	lesson := h.reply(h.click(ann, thread, m.ID, buttonWith(m, "learn:", "")))
	if !strings.Contains(lesson.Content, "(an inaccuracy)") {
		t.Errorf("the lesson prompt: %q", lesson.Content)
	}
}

// TestSpIndecisionPuzzleSaysWhoseMove: a spIndecision puzzle names the
// player to move, not only how they win.
func TestSpIndecisionPuzzleSaysWhoseMove(t *testing.T) {
	h := newHarness(t)
	m := h.reply(h.command(ann, lobbyID, "puzzle", str("variant", "spindecision")))
	e := puzzleEmbeds(m)
	if !strings.Contains(e, "to play** (wins by capturing") || !strings.Contains(e, "**Player ") || strings.Contains(e, "**wins by") {
		t.Fatalf("the spIndecision puzzle: %s", e)
	}
}

func TestShownNumbers(t *testing.T) {
	for _, c := range []struct {
		x      float64
		prec   int
		signed bool
		want   string
	}{{-0.001, 2, true, "+0.00"}, {-0.004, 2, false, "0.00"}, {-0.3, 0, true, "+0"}, {-0.6, 0, true, "-1"}, {0.125, 2, true, "+0.12"}, {-12, 0, true, "-12"}} {
		if got := shown(c.x, c.prec, c.signed); got != c.want {
			t.Errorf("shown(%v, %d, %v) = %q, want %q", c.x, c.prec, c.signed, got, c.want)
		}
	}
}
