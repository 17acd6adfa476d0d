package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func runCmd(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(args, strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

func TestPerftCountsAndDivide(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"perft", "-variant", "chess", "-depth", "3"}, "8902"},
		{[]string{"perft", "-variant", "angle", "-depth", "2"}, "576"},
		{[]string{"perft", "-variant", "bermuda", "-depth", "1"}, "52"},
		{[]string{"perft", "-variant", "bede", "-depth", "1"}, "106"},
		{[]string{"perft", "-variant", "spindecision", "-depth", "2"}, "870"},
		{[]string{"perft", "-variant", "beryl", "-depth", "2"}, "75"},
		{[]string{"perft", "-variant", "randommove", "-depth", "2"}, "400"},
		{[]string{"perft", "-variant", "angle", "-fen", "4k5/10/10/10/10/10/10/10/10/4K5 w - - 0 1", "-depth", "1"}, "5"},
	} {
		code, out, errs := runCmd(t, "", c.args...)
		lines := strings.Split(strings.TrimSpace(out), "\n")
		if code != 0 || lines[len(lines)-1] != c.want {
			t.Errorf("%v: code %d, last line %q (stderr %q), want %s", c.args, code, lines[len(lines)-1], errs, c.want)
		}
	}
	code, out, _ := runCmd(t, "", "perft", "-variant", "chess", "-depth", "2", "-divide")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) != 21 || lines[20] != "400" || !strings.Contains(out, "e2e4: 20") {
		t.Errorf("divide: %q", out)
	}
}

func TestUsageErrorsExitTwoWithOneLine(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"fly"}, `unknown command "fly"`},
		{[]string{"perft", "-variant", "go"}, `unknown variant "go"; known variants: angle, bede, bermuda, beryl, chess, randommove, spindecision`},
		{[]string{"perft", "-variant", "chess", "-fen", "rnbqkbnr/pppppppp/8/8 w - - 0 1"}, "bad -fen for chess"},
		{[]string{"perft", "-depth", "99"}, "-depth must be between 0 and 12"},
		{[]string{"perft", "-depth", "x"}, "invalid value"},
		{[]string{"play", "-variant", "nope"}, "unknown variant"},
		{[]string{"play", "-replay", "/no/such/file"}, "cannot open -replay file"},
	} {
		code, _, errs := runCmd(t, "", c.args...)
		if code != 2 || !strings.Contains(errs, c.want) || strings.Contains(errs, "goroutine") {
			t.Errorf("%v: code %d, stderr %q; want 2 and %q", c.args, code, errs, c.want)
		}
	}
}

func TestServeWithoutTokenExplainsAndExitsTwo(t *testing.T) {
	t.Setenv("DISCORD_TOKEN", "")
	wd, _ := os.Getwd()
	os.Chdir(t.TempDir())
	defer os.Chdir(wd)
	code, _, errs := runCmd(t, "")
	if code != 2 || !strings.Contains(errs, "no bot token: set DISCORD_TOKEN") || !strings.Contains(errs, "developers/applications") {
		t.Fatalf("code %d, stderr %q", code, errs)
	}
}

func TestPlayHotSeatWithDice(t *testing.T) {
	code, out, errs := runCmd(t, "moves\nd2d3\nz9z9\nb9b7\ne1a5\nquit\n", "play", "-variant", "angle", "-seed", "5")
	if code != 0 {
		t.Fatalf("code %d: %s", code, errs)
	}
	for _, want := range []string{"24 legal moves", "error: \"z9z9\" is not a legal move", "🎲 BCAF `"} {
		if !strings.Contains(out, want) {
			t.Errorf("play output lacks %q:\n%s", want, out)
		}
	}
}

func TestPlayReplaysAnExportedRecord(t *testing.T) {
	path := filepath.Join(t.TempDir(), "game.txt")
	os.WriteFile(path, []byte("[Variant \"chess\"]\n[Setup \"\"]\n[StartRolls \"\"]\n\n1. f2f3 {}\n2. e7e5 {}\n3. g2g4 {}\n4. d8h4 {}\n"), 0o644)
	code, out, errs := runCmd(t, "", "play", "-replay", path)
	if code != 0 || !strings.Contains(out, "replayed 4 moves") || !strings.Contains(out, "Game over") {
		t.Fatalf("code %d out %q err %q", code, out, errs)
	}
}
