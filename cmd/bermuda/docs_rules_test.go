package main

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
)

func samePNGSize(t *testing.T, a, b []byte) bool {
	t.Helper()
	ca, errA := png.DecodeConfig(bytes.NewReader(a))
	cb, errB := png.DecodeConfig(bytes.NewReader(b))
	return errA == nil && errB == nil && ca.Width == cb.Width && ca.Height == cb.Height
}

// shotLine is one `shot NAME VARIANT SEED "MOVES" "FEN" "EXPECT"` line of
// docs/rules/generate.sh.
var shotLine = regexp.MustCompile(`^shot (\S+) (\S+) (\d+) "([^"]*)" "([^"]*)" "([^"]*)"$`)

// TestRulesPicturesMatchTheRenderer draws every picture generate.sh lists,
// with the same arguments, through the same commands in process, and
// requires each to equal the file kept in docs/rules/img, and its moves to
// still cause the event its page describes. So a change to the rules or
// the renderer that alters a rules page's picture fails here until
// `bash docs/rules/generate.sh` is run and its pictures committed.
func TestRulesPicturesMatchTheRenderer(t *testing.T) {
	docs := filepath.Join("..", "..", "docs", "rules")
	script, err := os.ReadFile(filepath.Join(docs, "generate.sh"))
	if err != nil {
		t.Fatal(err)
	}
	cell := ""
	if m := regexp.MustCompile(`(?m)^cell=(\d+)`).FindSubmatch(script); m != nil {
		cell = string(m[1])
	} else {
		t.Fatal("generate.sh sets no cell size")
	}
	dir := t.TempDir()
	shots := 0
	for _, line := range strings.Split(string(script), "\n") {
		m := shotLine.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		shots++
		name, variant, seed, moves, fen, expect := m[1], m[2], m[3], m[4], m[5], m[6]
		args := []string{"render", "-variant", variant, "-seed", seed, "-cell", cell}
		if fen != "" {
			args = append(args, "-fen", fen)
		}
		out := filepath.Join(dir, name+".png")
		if code, _, errs := runCmd(t, "", append(args, "-moves", moves, "-o", out)...); code != 0 {
			t.Errorf("%s: render: code %d, %s", name, code, errs)
			continue
		}
		got, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		want, err := os.ReadFile(filepath.Join(docs, "img", name+".png"))
		if err == nil && runtime.GOARCH != "amd64" {
			// The pictures were drawn on amd64; elsewhere fused
			// multiply-adds may shade antialiased edges differently, so
			// only the size is compared.
			if !samePNGSize(t, got, want) {
				t.Errorf("docs/rules/img/%s.png has another size than render draws: run bash docs/rules/generate.sh", name)
			}
		} else if err != nil || !bytes.Equal(got, want) {
			t.Errorf("docs/rules/img/%s.png is missing or out of date (%v): run bash docs/rules/generate.sh", name, err)
		}
		if expect == "" {
			continue
		}
		play := []string{"play", "-variant", variant, "-seed", seed}
		if fen != "" {
			play = append(play, "-fen", fen)
		}
		stdin := strings.Join(append(strings.Fields(moves), "quit"), "\n") + "\n"
		if code, said, errs := runCmd(t, stdin, play...); code != 0 || !strings.Contains(said, expect) {
			t.Errorf("%s: the moves %q no longer cause %q (code %d, %s)", name, moves, expect, code, errs)
		}
	}
	if shots < 13 {
		t.Fatalf("generate.sh lists %d pictures; want a setup and a special rule for each variant but chess, a setup for chess", shots)
	}
}
