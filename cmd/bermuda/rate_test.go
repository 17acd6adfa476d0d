package main

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRateFitsResultLines: the rate command reads result lines of one
// variant (comments and other variants skipped), fits them with the
// anchors fixed and prints the table or JSON.
func TestRateFitsResultLines(t *testing.T) {
	in := "# variant a b wins draws losses\n" +
		"chess L3 SF1350 30 0 10 extra columns ignored\n" +
		"angle L3 L1 1 0 0\n"
	code, out, errs := runCmd(t, in, "rate", "-anchor", "SF1350=1350", "-prior", "0", "-json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var got []struct {
		Name   string
		Elo    float64
		Games  int
		Anchor bool
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v: %q", err, out)
	}
	// 75% against 1350: 400·log10(3) above it.
	if len(got) != 2 || got[0].Name != "L3" || math.Abs(got[0].Elo-(1350+400*math.Log10(3))) > 1e-6 || got[0].Games != 40 || !got[1].Anchor {
		t.Fatalf("ratings %+v", got)
	}

	path := filepath.Join(t.TempDir(), "results.tsv")
	if err := os.WriteFile(path, []byte(in), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs = runCmd(t, "", "rate", "-in", path, "-variant", "angle", "-anchor", "L1=0")
	if code != 0 || !strings.Contains(out, "angle: 1 pairings") || !strings.Contains(out, "anchor") {
		t.Fatalf("exit %d: %q %s", code, out, errs)
	}
	for _, args := range [][]string{
		{"rate"},                      // no anchor
		{"rate", "-anchor", "SF1350"}, // no value
		{"rate", "-anchor", "x=1", "-in", filepath.Join(t.TempDir(), "none")},
	} {
		if code, _, _ := runCmd(t, "", args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
	if code, _, errs := runCmd(t, "chess a b 1 x 0\n", "rate", "-anchor", "a=0"); code != 1 || !strings.Contains(errs, "line 1") {
		t.Errorf("a bad count: exit %d, %s", code, errs)
	}
}

// TestMatchNodeBudget: ai:LEVEL,nodes=N plays by a node budget (as the
// rating runs do), named without a time.
func TestMatchNodeBudget(t *testing.T) {
	code, out, errs := runCmd(t, "", "match", "-variant", "chess", "-a", "ai:5,nodes=3000", "-b", "random", "-games", "1", "-movetime", "5")
	if code != 0 || !strings.Contains(out, "A ai:5,nodes=3000 ") || strings.Contains(out, "ai:5,nodes=3000 (") {
		t.Fatalf("exit %d: %q %s", code, out, errs)
	}
}
