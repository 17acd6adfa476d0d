package bot

import (
	"strings"
	"testing"

	"github.com/bermudachess/bermuda/games"
)

func TestChessPlumbingFoolsMate(t *testing.T) {
	h := newHarness(t)
	thread := h.startGame("chess")
	msgs := h.fake.Messages(thread)
	if len(msgs) < 2 || !strings.Contains(msgs[0].Content, "<@111> (White) vs <@222> (Black)") {
		t.Fatalf("opening posts: %+v", msgs)
	}
	if w, _ := h.lastBoard(thread); w < 400 {
		t.Fatalf("board only %d px wide", w)
	}
	h.move(ann, thread, "f3")
	h.move(bob, thread, "e7-e5")
	h.move(ann, thread, "g2g4")
	h.move(bob, thread, "Qh4#")
	row, err := h.store.GameByThread(t.Context(), thread)
	if err != nil {
		t.Fatal(err)
	}
	if row.State != "finished" || row.Winner != int(games.Player2) || row.Ply != 4 {
		t.Fatalf("game row after mate: %+v", row)
	}
	last := resultMessage(t, h, thread) // the animation follows it (pictures_test.go)
	if !strings.Contains(last.Content, "wins") || !strings.Contains(last.Content, "checkmate") {
		t.Fatalf("last message: %q", last.Content)
	}
	ths := h.fake.Threads()
	if !ths[len(ths)-1].Archived {
		t.Error("thread not archived after the end")
	}
}
