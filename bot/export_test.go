package bot

import (
	"testing"

	"github.com/bermudachess/bermuda/db"
)

// The exported file says who won and why, whoever ended the game.
func TestExportResultTags(t *testing.T) {
	names := [2]string{"ann", "bob"}
	for _, c := range []struct {
		row                 db.Game
		result, termination string
	}{
		{db.Game{State: "active", Winner: -1}, "*", ""},
		{db.Game{State: "aborted", Winner: -1, Reason: "aborted"}, "*", "aborted"},
		{db.Game{State: "finished", Winner: -1, Reason: "agreement"}, "1/2-1/2", "draw agreed"},
		{db.Game{State: "finished", Winner: -1, Reason: "threefold repetition"}, "1/2-1/2", "threefold repetition"},
		{db.Game{State: "finished", Winner: 0, Reason: "resignation"}, "1-0", "bob resigned"},
		{db.Game{State: "finished", Winner: 1, Reason: "time"}, "0-1", "ann ran out of time"},
		{db.Game{State: "finished", Winner: 1, Reason: "checkmate"}, "0-1", "checkmate"},
	} {
		if r, term := resultTags(c.row, names); r != c.result || term != c.termination {
			t.Errorf("%+v: got %q %q, want %q %q", c.row, r, term, c.result, c.termination)
		}
	}
}
