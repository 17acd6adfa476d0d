package bot

import (
	"fmt"
	"strings"
	"testing"
)

// boardButtonOf is the Board button of the thread's last board post.
func boardButtonOf(h *harness, thread string) map[string]any {
	h.t.Helper()
	msgs := h.fake.Messages(thread)
	for i := len(msgs) - 1; i >= 0; i-- {
		for _, row := range msgs[i].Components {
			for _, c := range row.(map[string]any)["components"].([]any) {
				if b := c.(map[string]any); b["label"] == "Board" {
					return b
				}
			}
		}
	}
	return nil
}

// TestWebBoardButton: with pages, every board post carries a Board
// button: a link to the game's page, or, with Activities, a button that
// Discord answers by launching the Activity (callback type 12); none in a
// server that turned its pages off.
func TestWebBoardButton(t *testing.T) {
	h := newHarness(t)
	if thread := h.startGame("chess"); boardButtonOf(h, thread) != nil {
		t.Fatal("a Board button without pages")
	}
	h.bot.pageURL = func(id int64) string { return fmt.Sprintf("https://bermuda.example/g/%d-x", id) }
	thread := h.startGame("chess")
	h.move(ann, thread, "e2e4")
	b := boardButtonOf(h, thread)
	if b == nil || !strings.HasPrefix(fmt.Sprint(b["url"]), "https://bermuda.example/g/") || fmt.Sprint(b["style"]) != "5" {
		t.Fatalf("the Board link: %v", b)
	}
	// A server that turned its pages off gets no Board button.
	h.settings(ann, "", str("pages", "off"))
	if off := h.startGame("chess"); boardButtonOf(h, off) != nil {
		t.Fatal("a Board button in a server whose pages are off")
	}
	h.settings(ann, "", str("clear", "pages"))
	h.bot.activities = true
	thread = h.startGame("chess")
	b = boardButtonOf(h, thread)
	if b == nil || !strings.HasPrefix(fmt.Sprint(b["custom_id"]), "board:") {
		t.Fatalf("the Board button: %v", b)
	}
	msgs := h.fake.Messages(thread)
	resp := h.click(bob, thread, msgs[len(msgs)-1].ID, fmt.Sprint(b["custom_id"]))
	if resp.Type != 12 {
		t.Fatalf("the Board button was answered with type %d, want 12 (LAUNCH_ACTIVITY)", resp.Type)
	}
}
