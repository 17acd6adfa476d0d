package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/puzzles"
)

// TestPuzzlesCommand: bermuda puzzles mines seeded self-play games into a
// JSON-lines file with its figures on stderr, refuses bad flags with exit
// code 2, and -check exits 0 for a sound file and 1 for a tampered one.
func TestPuzzlesCommand(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "chess.jsonl")
	code, _, errs := runCmd(t, "", "puzzles", "-variant", "chess", "-games", "2", "-seed", "7", "-nodes", "8000", "-o", out)
	if code != 0 {
		t.Fatalf("code %d: %s", code, errs)
	}
	if !strings.Contains(errs, "chess: seed 7, 2 games") || !strings.Contains(errs, "rejected") {
		t.Errorf("no figures on stderr: %q", errs)
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	mined, err := puzzles.ReadJSONL(f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range mined {
		if p.Variant != "chess" || len(p.Solution) == 0 {
			t.Errorf("mined %+v", p)
		}
	}

	// A known puzzle (a knight forks king and queen: Nf6+, Kf7, Nxd7)
	// checks out; the same with a wrong first move does not.
	good := puzzles.Puzzle{ID: "chess-good", Variant: "chess",
		Position: "6k1/pp1q4/8/8/4N3/8/PPPP4/4K3 w - - 0 1",
		Solution: []string{"e4f6", "g8f7", "f6d7"}, Rating: 1190, Themes: []string{puzzles.ThemeMaterial, puzzles.ThemeShort}}
	bad := good
	bad.ID, bad.Solution = "chess-bad", []string{"a2a3"}
	write := func(name string, ps ...puzzles.Puzzle) string {
		path := filepath.Join(dir, name)
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if err := puzzles.WriteJSONL(f, ps); err != nil {
			t.Fatal(err)
		}
		return path
	}
	const checkNodes = "10000"
	if code, stdout, errs := runCmd(t, "", "puzzles", "-check", write("good.jsonl", good), "-nodes", checkNodes); code != 0 || !strings.Contains(stdout, "1 puzzles, 0 failed") {
		t.Errorf("good file: code %d, %q %q", code, stdout, errs)
	}
	if code, stdout, _ := runCmd(t, "", "puzzles", "-check", write("bad.jsonl", good, bad), "-nodes", checkNodes); code != 1 || !strings.Contains(stdout, "FAIL puzzle chess-bad") {
		t.Errorf("tampered file: code %d, %q", code, stdout)
	}
	illegal := good
	illegal.ID, illegal.Solution = "chess-illegal", []string{"e2e4"}
	if code, stdout, _ := runCmd(t, "", "puzzles", "-check", write("illegal.jsonl", illegal), "-nodes", checkNodes); code != 1 || !strings.Contains(stdout, "not a legal move") {
		t.Errorf("illegal move: code %d, %q", code, stdout)
	}
	garbage := filepath.Join(dir, "garbage.jsonl")
	os.WriteFile(garbage, []byte("{not json\n"), 0o644)
	if code, _, _ := runCmd(t, "", "puzzles", "-check", garbage); code != 1 {
		t.Errorf("malformed file: code %d, want 1", code)
	}
	if code, _, _ := runCmd(t, "", "puzzles", "-check", filepath.Join(dir, "missing.jsonl")); code != 1 {
		t.Errorf("missing file: code %d, want 1", code)
	}

	// -merge: the same puzzle twice (by id, or by position under another
	// id) is written once, earlier files first; at -share 0.5 one multi-move
	// puzzle lets one one-move puzzle in, the other is held back.
	samePlace := good
	samePlace.ID, samePlace.Solution = "chess-same-place", []string{"e4f6"}
	mate1 := puzzles.Puzzle{ID: "chess-mate1", Variant: "chess", Position: "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
		Solution: []string{"a1a8"}, Rating: 900, Themes: []string{puzzles.ThemeMate, puzzles.ThemeOneMove}}
	other1 := mate1
	other1.ID, other1.Position = "chess-other1", "6k1/5ppp/8/8/8/8/8/R6K w - - 0 1"
	merged, held := filepath.Join(dir, "merged.jsonl"), filepath.Join(dir, "held.jsonl")
	code, _, errs = runCmd(t, "", "puzzles", "-merge", write("m1.jsonl", good, mate1)+","+write("m2.jsonl", good, samePlace, other1),
		"-share", "0.5", "-o", merged, "-held", held)
	if code != 0 || !strings.Contains(errs, "merged: 2 puzzles, 1 with two or more solver moves; 2 duplicates left out, 1 one-move puzzles held back") {
		t.Errorf("-merge: code %d, %q", code, errs)
	}
	for path, want := range map[string]string{merged: "chess-good chess-mate1", held: "chess-other1"} {
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		ps, err := puzzles.ReadJSONL(f)
		f.Close()
		var got []string
		for _, p := range ps {
			got = append(got, p.ID)
		}
		if err != nil || strings.Join(got, " ") != want {
			t.Errorf("%s: %v %v, want %s", path, got, err, want)
		}
	}

	// -from: a file's positions judged again (the fork comes out whole).
	again := filepath.Join(dir, "again.jsonl")
	code, _, errs = runCmd(t, "", "puzzles", "-variant", "chess", "-from", write("from.jsonl", good), "-nodes", "20000", "-share", "0", "-o", again)
	if code != 0 || !strings.Contains(errs, "1 positions judged again, 1 puzzles (1 with two or more solver moves") {
		t.Errorf("-from: code %d, %q", code, errs)
	}
	if f, err := os.Open(again); err != nil {
		t.Error(err)
	} else if ps, err := puzzles.ReadJSONL(f); err != nil || len(ps) != 1 || ps[0].Solution[0] != "e4f6" || ps[0].Solution[len(ps[0].Solution)-1] != "f6d7" {
		t.Errorf("-from wrote %+v %v", ps, err)
		f.Close()
	} else {
		f.Close()
	}

	for _, args := range [][]string{
		{"puzzles", "-games", "1", "-fates", "0"},                        // no fate
		{"puzzles", "-variant", "chess"},                                 // neither -games nor -db
		{"puzzles", "-variant", "nosuch", "-games", "1"},                 // unknown variant
		{"puzzles", "-games", "1", "-levels", "3"},                       // one level
		{"puzzles", "-games", "1", "-nodes", "10"},                       // too few nodes
		{"puzzles", "-games", "1", "extra"},                              // stray argument
		{"puzzles", "-db", filepath.Join(dir, "none.db"), "-games", "x"}, // not a number
	} {
		if code, _, _ := runCmd(t, "", args...); code != 2 {
			t.Errorf("%v: code %d, want 2", args, code)
		}
	}
	if code, _, _ := runCmd(t, "", "puzzles", "-db", filepath.Join(dir, "none.db")); code != 1 {
		t.Errorf("-db on a missing file: code %d, want 1 (and no database created)", code)
	}
	if _, err := os.Stat(filepath.Join(dir, "none.db")); err == nil {
		t.Error("-db created a database")
	}
}

// TestPuzzlesFromDatabase: -db reads finished games only. Two games in a
// SQLite file reach the same mate in one (1.f3 e5 2.g4?? Qh4#); the one
// still being played is never read, so one puzzle comes out (-share 0: a
// one-move puzzle is written without multi-move ones beside it).
func TestPuzzlesFromDatabase(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "bermuda.db")
	store, err := db.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 2; i++ {
		id := storeChessGame(t, store, "f3", "e5", "g4")
		if i == 0 {
			if _, err := store.EndGame(ctx, id, db.End{Winner: 1, Reason: "resignation"}); err != nil {
				t.Fatal(err)
			}
		}
	}
	store.Close()
	code, out, errs := runCmd(t, "", "puzzles", "-db", path, "-variant", "chess", "-nodes", "8000", "-share", "0")
	if code != 0 {
		t.Fatalf("code %d: %s", code, errs)
	}
	ps, err := puzzles.ReadJSONL(strings.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) != 1 || ps[0].Solution[0] != "d8h4" || !ps[0].HasTheme(puzzles.ThemeMate) || !strings.Contains(errs, "1 games") {
		t.Errorf("puzzles %v; stderr %q", ps, errs)
	}
}
