package bot

import (
	"database/sql"
	"strings"
	"testing"

	_ "github.com/mattn/go-sqlite3"
)

// TestCorruptGameIsReportedNotRepaired hand-edits a stored move so the log
// no longer replays: after a restart the players are told, plainly and
// privately, and nothing is changed or crashes.
func TestCorruptGameIsReportedNotRepaired(t *testing.T) {
	h := newHarness(t)
	thread := h.startGame("chess")
	h.move(ann, thread, "e4")
	h.move(bob, thread, "e5")
	h.stop()
	raw, err := sql.Open("sqlite3", h.dbPath)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{`DROP TRIGGER IF EXISTS moves_append_only_update`, `UPDATE moves SET notation = 'e2e5' WHERE ply = 1`} {
		if _, err := raw.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	raw.Close()
	h.start(nil)
	h.wantEphemeral(h.command(ann, thread, "move", str("move", "Nf3")), "Game #1 cannot be loaded: its stored move log does not replay")
	h.wantEphemeral(h.command(ann, thread, "board"), "cannot be loaded")
	if !strings.Contains(h.logs.String(), "corrupt game") {
		t.Error("the corrupt game was not logged")
	}
	h.bot.Tick(t.Context()) // the scheduler survives it too
	var notation string
	raw, _ = sql.Open("sqlite3", h.dbPath)
	defer raw.Close()
	raw.QueryRow(`SELECT notation FROM moves WHERE ply = 1`).Scan(&notation)
	if notation != "e2e5" {
		t.Fatalf("the log was changed: %q", notation)
	}
}
