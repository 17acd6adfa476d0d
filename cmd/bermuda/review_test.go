package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bermudachess/bermuda/games"
)

// TestReviewJSON reviews a chess PGN and an Angle record file with -json
// and reads the one object back: its fields, seat order and names, plies
// from 0, judgements, and luck null exactly where there were no dice.
func TestReviewJSON(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		variant string
		dice    bool
	}{{"chess", false}, {"angle", true}} {
		rec := randomRecord(t, c.variant, 3, 24)
		var buf bytes.Buffer
		if err := games.WriteRecord(&buf, rec, map[string]string{"Player1": "ann", "Player2": "bob"}); err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, c.variant+"."+games.RecordExt(c.variant))
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		code, out, errs := runCmd(t, "", "review", "-replay", path, "-engine", "bermuda", "-nodes", "2000", "-json")
		if code != 0 {
			t.Fatalf("%s: code %d: %s", c.variant, code, errs)
		}
		var got struct {
			Variant string                       `json:"variant"`
			Result  string                       `json:"result"`
			Players []map[string]json.RawMessage `json:"players"`
			Plies   []map[string]json.RawMessage `json:"plies"`
		}
		dec := json.NewDecoder(strings.NewReader(out))
		if err := dec.Decode(&got); err != nil {
			t.Fatalf("%s: %v in %q", c.variant, err, out)
		}
		if dec.More() {
			t.Errorf("%s: more than one JSON value on stdout", c.variant)
		}
		if got.Variant != c.variant || got.Result == "" || len(got.Players) != 2 || len(got.Plies) != len(rec.Plies) {
			t.Fatalf("%s: variant %q result %q, %d players, %d plies of %d", c.variant, got.Variant, got.Result, len(got.Players), len(got.Plies), len(rec.Plies))
		}
		for i, name := range []string{`"ann"`, `"bob"`} {
			p := got.Players[i]
			for _, k := range []string{"name", "accuracy", "inaccuracies", "mistakes", "blunders", "luck"} {
				if _, ok := p[k]; !ok {
					t.Errorf("%s: player %d lacks %q", c.variant, i, k)
				}
			}
			if string(p["name"]) != name {
				t.Errorf("%s: player %d is %s, want %s", c.variant, i, p["name"], name)
			}
			if isNull(p["luck"]) == c.dice {
				t.Errorf("%s: player %d's luck %s (dice: %v)", c.variant, i, p["luck"], c.dice)
			}
		}
		rolled := 0
		for i, row := range got.Plies {
			for _, k := range []string{"ply", "player", "move", "best", "expected_before", "expected_after", "loss", "judgement", "luck"} {
				if _, ok := row[k]; !ok {
					t.Fatalf("%s: ply %d lacks %q", c.variant, i, k)
				}
			}
			var n int
			var move, judgement string
			json.Unmarshal(row["ply"], &n)
			json.Unmarshal(row["move"], &move)
			json.Unmarshal(row["judgement"], &judgement)
			if n != i || move != rec.Plies[i].Move {
				t.Errorf("%s: row %d is ply %d, move %q; want ply %d, %q", c.variant, i, n, move, i, rec.Plies[i].Move)
			}
			switch judgement {
			case "", "inaccuracy", "mistake", "blunder":
			default:
				t.Errorf("%s: ply %d judged %q", c.variant, i, judgement)
			}
			if isNull(row["luck"]) != (len(rec.Plies[i].Rolls) == 0) {
				t.Errorf("%s: ply %d rolled %v, luck %s", c.variant, i, rec.Plies[i].Rolls, row["luck"])
			}
			if len(rec.Plies[i].Rolls) > 0 {
				rolled++
			}
		}
		if c.dice && rolled == 0 {
			t.Errorf("%s: no roll in the game: pick another seed", c.variant)
		}

		code, out, errs = runCmd(t, "", "review", "-replay", path, "-engine", "bermuda", "-nodes", "2000")
		if code != 0 || !strings.Contains(out, "accuracy") || !strings.Contains(out, "ann") || !strings.Contains(out, "judged by Bermuda's engine") {
			t.Errorf("%s: readable review: code %d, %q %q", c.variant, code, out, errs)
		}
	}
	if code, _, errs := runCmd(t, "", "review", "-replay", filepath.Join(dir, "chess.pgn"), "-engine", "uci:/nonexistent/engine"); code != 2 || !strings.Contains(errs, "not found") {
		t.Errorf("review with a missing UCI engine: code %d, %q; want 2 and why", code, errs)
	}
	if code, _, _ := runCmd(t, "", "review", "-nodes", "2000"); code != 2 {
		t.Errorf("review without -replay: code %d, want 2", code)
	}
}

func isNull(raw json.RawMessage) bool { return string(raw) == "null" }
