package bot

import (
	"strings"
	"testing"
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
