package bot

import (
	"strings"
	"testing"
)

// TestBermudaChessRepetitionIsADraw: the knights' shuffle played twice from
// the start of Bermuda chess brings the start position back a third time.
// The game ends at once as a draw, the thread says so, and no further move
// is taken.
func TestBermudaChessRepetitionIsADraw(t *testing.T) {
	h := newHarness(t)
	thread := h.startGame("bermuda") // ann plays White
	for round := 0; round < 2; round++ {
		h.move(ann, thread, "g1f3")
		h.move(bob, thread, "g8f6")
		h.move(ann, thread, "f3g1")
		h.move(bob, thread, "f6g8")
	}
	row, err := h.store.GameByThread(t.Context(), thread)
	if err != nil {
		t.Fatal(err)
	}
	if row.State != "finished" || row.Winner != -1 || row.Reason != "threefold repetition" || row.Ply != 8 {
		t.Fatalf("game row after the third repetition: %+v", row)
	}
	last := resultMessage(t, h, thread)
	if !strings.Contains(strings.ToLower(last.Content), "draw") || !strings.Contains(last.Content, "repetition") {
		t.Fatalf("last message: %q", last.Content)
	}
	resp := h.command(ann, thread, "move", str("move", "g1f3"))
	if m := h.reply(resp); !m.Ephemeral || !strings.Contains(m.Content, "over") {
		t.Errorf("a move after the draw: ephemeral=%v %q", m.Ephemeral, m.Content)
	}
}
