package main

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/puzzles"
	"github.com/bermudachess/bermuda/uci"
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

	for _, args := range [][]string{
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

// TestPuzzlesStockfishAgreement is a one-off measurement, not run in CI:
// at every solver move of the shipped chess puzzles it asks Stockfish
// (MultiPV 2, fixed depth) for its two best moves, and counts how often
// its best is the solution's move and how often it also finds that move
// clearly best (the second at least 0.3 lower on Lichess's win-chance
// curve turned into an expected score, or a mate against no mate).
//
//	BERMUDA_STOCKFISH=/usr/games/stockfish go test -run PuzzlesStockfish -v ./cmd/bermuda
func TestPuzzlesStockfishAgreement(t *testing.T) {
	bin := os.Getenv("BERMUDA_STOCKFISH")
	if bin == "" {
		t.Skip("set BERMUDA_STOCKFISH to a UCI engine's path")
	}
	depth := 18
	if d, err := strconv.Atoi(os.Getenv("BERMUDA_STOCKFISH_DEPTH")); err == nil {
		depth = d
	}
	set, err := puzzles.Load("chess")
	if err != nil {
		t.Fatal(err)
	}
	sf, err := startUCI(bin+",MultiPV=2,Threads=1", time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer sf.close()
	var moves, same, clear, puzzlesAllSame int
	for i := range set.Puzzles {
		p := &set.Puzzles[i]
		solver, _ := p.Solver()
		allSame := true
		for ply, want := range p.Solution {
			g, err := p.At(ply)
			if err != nil {
				t.Fatal(err)
			}
			if g.Turn().Player != solver {
				continue
			}
			lines, err := stockfishTwoBest(sf, g.Position(), depth)
			if err != nil {
				t.Fatal(err)
			}
			moves++
			if lines[0].move != want {
				allSame = false
				t.Logf("%s ply %d: Stockfish plays %s (%s), the solution %s", p.ID, ply, lines[0].move, lines[0].score, want)
				continue
			}
			same++
			if lines[1].move == "" || stockfishClear(lines[0], lines[1]) {
				clear++
			}
		}
		if allSame {
			puzzlesAllSame++
		}
	}
	t.Logf("depth %d: %d puzzles, %d solver moves; Stockfish's best is the solution's move at %d (%.1f%%), and clearly best at %d (%.1f%%); puzzles whose every solver move it agrees with: %d (%.1f%%)",
		depth, len(set.Puzzles), moves, same, pct(same, moves), clear, pct(clear, moves), puzzlesAllSame, pct(puzzlesAllSame, len(set.Puzzles)))
}

func pct(a, b int) float64 { return 100 * float64(a) / float64(max(b, 1)) }

// pvLine is one of Stockfish's MultiPV lines: its first move and score.
type pvLine struct {
	move  string
	cp    int
	mate  int // moves to mate, signed; 0 if none
	score string
}

// stockfishTwoBest searches a FEN to depth and returns lines 1 and 2 as
// the last complete info lines gave them.
func stockfishTwoBest(sf *uciPlayer, fen string, depth int) ([2]pvLine, error) {
	var out [2]pvLine
	if err := sf.newGame(); err != nil {
		return out, err
	}
	res, err := sf.e.Search(context.Background(), uci.Position{FEN: fen}, uci.Go{Depth: depth})
	if err != nil {
		return out, err
	}
	for k := 0; k < 2 && k < len(res.Lines); k++ {
		l := res.Lines[k]
		line := pvLine{cp: l.CP, mate: l.Mate, score: fmt.Sprintf("cp %d", l.CP)}
		if l.Mate != 0 {
			line.score = fmt.Sprintf("mate %d", l.Mate)
		}
		if len(l.PV) > 0 {
			line.move = l.PV[0]
		}
		out[k] = line
	}
	return out, nil
}

// stockfishE is Lichess's win-chance curve turned into an expected score.
func stockfishE(l pvLine) float64 {
	switch {
	case l.mate > 0:
		return 1
	case l.mate < 0:
		return 0
	}
	return 1 / (1 + math.Exp(-0.00368208*float64(l.cp)))
}

func stockfishClear(best, second pvLine) bool {
	eb, es := stockfishE(best), stockfishE(second)
	return eb-es >= puzzles.Margin || (best.mate > 0 && second.mate <= 0)
}
