package main

import (
	"strings"
	"testing"
)

// TestPlayEndsBermudaChessByRepetition: the knights' shuffle played twice
// from the start draws by threefold repetition; play says so and stops,
// leaving the move after it unread.
func TestPlayEndsBermudaChessByRepetition(t *testing.T) {
	moves := strings.Repeat("g1f3\ng8f6\nf3g1\nf6g8\n", 2) + "e2e4\n"
	code, out, _ := runCmd(t, moves, "play", "-variant", "bermuda")
	if code != 0 {
		t.Fatalf("exit code %d\n%s", code, out)
	}
	if !strings.HasSuffix(strings.TrimSpace(out), "Game over: draw (threefold repetition)") {
		t.Errorf("play must end with the draw:\n%s", out)
	}
	if strings.Contains(out, "e2e4") || strings.Count(out, "> ") != 8 {
		t.Errorf("play must stop after the eighth move:\n%s", out)
	}
}
