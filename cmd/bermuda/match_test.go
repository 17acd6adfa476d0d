package main

import (
	"encoding/json"
	"fmt"
	"math"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestMatchJSONPrintsOneObject(t *testing.T) {
	code, out, errs := runCmd(t, "", "match", "-variant", "chess", "-a", "ai:1", "-b", "random", "-games", "2", "-movetime", "5", "-seed", "3", "-json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var got map[string]any
	dec := json.NewDecoder(strings.NewReader(out))
	if err := dec.Decode(&got); err != nil {
		t.Fatalf("%v in %q", err, out)
	}
	if dec.More() {
		t.Fatalf("more than one object: %q", out)
	}
	for _, k := range []string{"variant", "games", "a_wins", "b_wins", "draws", "a_score", "a_ms_per_move", "b_ms_per_move", "elo", "elo_error"} {
		if _, ok := got[k]; !ok {
			t.Errorf("key %q missing from %s", k, out)
		}
	}
	if len(got) != 10 || got["variant"] != "chess" || got["games"] != 2.0 {
		t.Errorf("object %s", out)
	}
	w, l, d := got["a_wins"].(float64), got["b_wins"].(float64), got["draws"].(float64)
	if w+l+d != 2 || got["a_score"].(float64) != (w+d/2)/2 {
		t.Errorf("counts do not add up: %s", out)
	}
	if !strings.Contains(errs, "game 2/2") {
		t.Errorf("no progress on stderr: %q", errs)
	}
}

func TestMatchTableAndMistakes(t *testing.T) {
	code, out, errs := runCmd(t, "", "match", "-variant", "spindecision", "-a", "greedy", "-b", "random", "-games", "1")
	if code != 0 || !strings.Contains(out, "A greedy") || !strings.Contains(out, "B random") {
		t.Fatalf("exit %d, out %q, err %q", code, out, errs)
	}
	code, out, errs = runCmd(t, "", "match", "-variant", "angle", "-a", "ai:2,ship=480", "-b", "ai:1", "-games", "1", "-movetime", "5")
	if code != 0 || !strings.Contains(out, "A ai:2,ship=480") {
		t.Fatalf("exit %d, out %q, err %q", code, out, errs)
	}
	for _, args := range [][]string{
		{"match", "-a", "ai:9"},
		{"match", "-a", "nobody"},
		{"match", "-variant", "angle", "-a", "uci:/usr/games/stockfish"},
		{"match", "-games", "0"},
		{"match", "-a", "ai:5,dragon=300"},
		{"match", "-a", "ai:5,queen=lots"},
	} {
		if code, _, errs := runCmd(t, "", args...); code != 2 || errs == "" {
			t.Errorf("%v: exit %d, stderr %q; want a usage error", args, code, errs)
		}
	}
}

func TestAnalysePrintsIterations(t *testing.T) {
	code, out, errs := runCmd(t, "", "analyse", "-variant", "chess", "-fen", "7k/8/8/8/8/8/R7/1R4K1 w - - 0 1", "-nodes", "50000")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "depth  1") || !strings.Contains(out, "win in 3 plies") || !strings.Contains(out, "bestmove ") {
		t.Fatalf("output %q", out)
	}
	if code, _, _ := runCmd(t, "", "analyse", "-variant", "angle", "-fen", "nonsense"); code != 2 {
		t.Errorf("a bad position: exit %d, want 2", code)
	}
}

func TestPlayAgainstTheEngine(t *testing.T) {
	// The engine answers each move; quitting ends the game.
	code, out, errs := runCmd(t, "e2e4\nquit\n", "play", "-variant", "chess", "-ai", "1", "-as", "white", "-seed", "5")
	if code != 0 || !strings.Contains(out, "engine (level 1) plays ") {
		t.Fatalf("exit %d, stderr %q, out %q", code, errs, out)
	}
	// As black, the engine moves first.
	code, out, _ = runCmd(t, "quit\n", "play", "-variant", "angle", "-ai", "1", "-as", "black", "-seed", "5")
	if code != 0 || !strings.Contains(out, "engine (level 1) plays ") {
		t.Fatalf("as black: exit %d, out %q", code, out)
	}
	if code, _, _ := runCmd(t, "", "play", "-ai", "7"); code != 2 {
		t.Errorf("-ai 7: exit %d, want 2", code)
	}
	if code, _, _ := runCmd(t, "", "play", "-ai", "2", "-as", "green"); code != 2 {
		t.Errorf("-as green: exit %d, want 2", code)
	}
}

// TestMatchRecordsReplay writes each game of a match to a folder and reads
// every file back with `play -replay`'s reader: the record replays to the
// position the match ended in, with the players named.
func TestMatchRecordsReplay(t *testing.T) {
	dir := t.TempDir()
	code, _, errs := runCmd(t, "", "match", "-variant", "angle", "-a", "greedy", "-b", "random", "-games", "2", "-seed", "4", "-records", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for n := 1; n <= 2; n++ {
		path := filepath.Join(dir, fmt.Sprintf("game-%03d.txt", n))
		rec, tags, g, err := readGameFile(path)
		if err != nil {
			t.Fatalf("game %d: %v", n, err)
		}
		if len(rec.Plies) == 0 || (tags["Player1"] != "greedy" && tags["Player1"] != "random") || tags["Player1"] == tags["Player2"] {
			t.Errorf("game %d: %d plies, tags %v", n, len(rec.Plies), tags)
		}
		o := g.Outcome()
		if o.Over && !strings.Contains(errs, fmt.Sprintf("(%s, %d plies)", o.Reason, len(rec.Plies))) {
			t.Errorf("game %d ends %q after %d plies, the match said %q", n, o.Reason, len(rec.Plies), errs)
		}
	}
	if code, _, _ := runCmd(t, "", "match", "-games", "1", "-records", filepath.Join(dir, "game-001.txt", "x")); code != 2 {
		t.Errorf("-records under a file: exit %d, want 2", code)
	}
}

// TestMatchOpenings starts both games of a pair with the same random plies
// (colours swapped between them) and the next pair with others.
func TestMatchOpenings(t *testing.T) {
	dir := t.TempDir()
	code, _, errs := runCmd(t, "", "match", "-variant", "chess", "-a", "ai:1", "-b", "greedy", "-games", "4", "-seed", "2", "-movetime", "5", "-openings", "4", "-records", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var openings []string
	for n := 1; n <= 4; n++ {
		rec, _, _, err := readGameFile(filepath.Join(dir, fmt.Sprintf("game-%03d.pgn", n)))
		if err != nil {
			t.Fatal(err)
		}
		if len(rec.Plies) < 4 {
			t.Fatalf("game %d: %d plies", n, len(rec.Plies))
		}
		var o []string
		for _, p := range rec.Plies[:4] {
			o = append(o, p.Move)
		}
		openings = append(openings, strings.Join(o, " "))
	}
	if openings[0] != openings[1] || openings[2] != openings[3] || openings[0] == openings[2] {
		t.Errorf("openings %q: want the pairs alike and the two pairs different", openings)
	}
	if code, _, _ := runCmd(t, "", "match", "-games", "1", "-openings", "-1"); code != 2 {
		t.Errorf("-openings -1: exit %d, want 2", code)
	}
}

// TestMatchAgainstASavedBinary builds this command, then plays it through
// engine-server as player B: in a dice variant, so the record sent with
// each request must carry the rolls for the other build to replay it.
func TestMatchAgainstASavedBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command")
	}
	bin := filepath.Join(t.TempDir(), "bermuda-saved")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	for _, variant := range []string{"randommove", "chess"} {
		code, out, errs := runCmd(t, "", "match", "-variant", variant, "-a", "ai:5", "-b", "bin:"+bin+",level=5", "-games", "2", "-movetime", "5", "-openings", "2", "-json")
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", variant, code, errs)
		}
		var got matchResult
		if err := json.Unmarshal([]byte(out), &got); err != nil || got.Games != 2 || got.AWins+got.BWins+got.Draws != 2 {
			t.Fatalf("%s: %v, %q", variant, err, out)
		}
	}
	if code, _, errs := runCmd(t, "", "match", "-b", "bin:"+bin+",depth=3"); code != 2 {
		t.Errorf("bin option depth: exit %d (%s), want a usage error", code, errs)
	}
}

// TestEloDiff checks the Elo estimate and its interval on known scores.
func TestEloDiff(t *testing.T) {
	if e, h := eloDiff(50, 0, 50); e != 0 || h < 60 || h > 75 {
		t.Errorf("50-50 without draws: %v ± %v, want 0 ± ~68", e, h)
	}
	if _, h := eloDiff(25, 50, 25); h < 40 || h > 55 {
		t.Errorf("half the games drawn: ± %v, want ~48 (draws narrow it)", h)
	}
	if e, _ := eloDiff(76, 0, 24); e < 195 || e > 205 {
		t.Errorf("76%%: %v, want ~200", e)
	}
	if e, h := eloDiff(10, 0, 0); math.IsInf(e, 0) || math.IsNaN(h) || e < 300 || h <= 0 {
		t.Errorf("all won: %v ± %v, want a large finite figure", e, h)
	}
}
