package main

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/db/dbtest"
	"github.com/bermudachess/bermuda/games"
)

// The copy itself is tested against a real PostgreSQL in the db package
// (TestStoreCopyRefusesWrongEnds); these are the command's own checks.
func TestStoreCopyNeedsASQLiteSourceAndAPostgresTarget(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "missing.db")
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"store-copy"}, 2, "both -from SQLITE_FILE and -to postgres://… are required"},
		{[]string{"store-copy", "-from", "a.db", "-to", "b.db"}, 2, `-to must be a postgres:// or postgresql:// URL, not "b.db"`},
		{[]string{"store-copy", "-from", "postgres://x@h/db", "-to", "postgres://x@h/db2"}, 2, "-from must be a SQLite file"},
		{[]string{"store-copy", "-from", missing, "-to", "postgres://x:pw@127.0.0.1:1/db"}, 1, "database " + missing + " does not exist"},
	} {
		code, _, errs := runCmd(t, "", c.args...)
		if code != c.code || !strings.Contains(errs, c.want) || strings.Contains(errs, "pw@") {
			t.Errorf("%v: code %d, stderr %q; want %d and %q", c.args, code, errs, c.code, c.want)
		}
	}
}

// With BERMUDA_TEST_POSTGRES set (.ci/run sets it), the command copies a
// real SQLite file into a fresh PostgreSQL database, twice.
func TestStoreCopyIntoAFreshPostgresDatabase(t *testing.T) {
	admin := dbtest.NeedServer(t)
	path := filepath.Join(t.TempDir(), "bermuda.db")
	store, err := db.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	storeChessGame(t, store, "e4", "e5", "Nf3", "Nc6", "Bb5")
	store.Close()

	target := dbtest.Database(t, admin, "storecopy")
	for run, wantNew := range []string{"5", "0"} {
		code, out, errs := runCmd(t, "", "store-copy", "-from", path, "-to", target)
		if code != 0 || !strings.Contains(out, "1 games replay to the same position") {
			t.Fatalf("run %d: code %d\n%s%s", run+1, code, out, errs)
		}
		t.Logf("run %d:\n%s", run+1, out)
		moves := strings.Fields(lineStarting(out, "moves"))
		if len(moves) != 4 || moves[1] != "5" || moves[2] != "5" || moves[3] != wantNew {
			t.Fatalf("run %d: moves line %q in\n%s", run+1, moves, out)
		}
	}
}

func lineStarting(text, prefix string) string {
	for _, l := range strings.Split(text, "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), prefix+" ") {
			return l
		}
	}
	return ""
}

// storeChessGame stores a chess game between alice and bob with these
// moves, as the bot would, and returns its id.
func storeChessGame(t *testing.T, store db.Store, moves ...string) int64 {
	t.Helper()
	ctx := context.Background()
	id, err := store.CreateGame(ctx, db.Game{GuildID: "g1", Variant: "chess", Players: [2]string{"alice", "bob"}, Days: 3})
	if err != nil {
		t.Fatal(err)
	}
	for ply, text := range moves {
		_, pos, err := store.LoadGame(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		_, rec, _, err := games.Apply(pos, text, nil)
		if err != nil {
			t.Fatal(err)
		}
		m := db.Move{Notation: rec.Move, PlayerID: []string{"alice", "bob"}[ply%2], Rolls: rec.Rolls}
		if _, err := store.AppendMove(ctx, id, ply, m, time.Time{}, time.Time{}, nil); err != nil {
			t.Fatal(err)
		}
	}
	return id
}
