package play

import (
	"context"
	"fmt"
	"strings"
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
		if r, term := ResultTags(c.row, names); r != c.result || term != c.termination {
			t.Errorf("%+v: got %q %q, want %q %q", c.row, r, term, c.result, c.termination)
		}
	}
}

// A finished chess game exports as PGN with its players' names, its moves
// and how it ended.
func TestExportChessAsPGN(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	id := f.game("chess")
	f.move(id, ann, 0, "e4")
	f.p.Resign(ctx, Request{GameID: id, UserID: bob, AtPly: AnyPly})
	row, _ := f.store.Game(ctx, id)
	rec, _, err := f.p.Record(ctx, row)
	if err != nil {
		t.Fatal(err)
	}
	file, err := f.p.Export(ctx, row, rec)
	text := string(file.Data)
	if err != nil || file.Name != fmt.Sprintf("bermuda-game-%d.pgn", id) || file.ContentType != "application/x-chess-pgn" {
		t.Fatalf("export: %+v, %v", file, err)
	}
	for _, want := range []string{`[Result "1-0"]`, `[Termination "222 resigned"]`, "1. e4", `[White "111"]`} {
		if !strings.Contains(text, want) {
			t.Errorf("the PGN lacks %q:\n%s", want, text)
		}
	}
}
