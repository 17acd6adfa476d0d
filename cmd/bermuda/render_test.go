package main

import (
	"bytes"
	"image/gif"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bermudachess/bermuda/games"
)

func TestRenderPieceLessonAndLegends(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "ship.png")
	code, _, errs := runCmd(t, "", "render", "-variant", "angle", "-piece", "Ship", "-o", out)
	if code != 0 || !strings.Contains(errs, "The Ship moves") {
		t.Fatalf("piece lesson: code %d, stderr %q", code, errs)
	}
	for _, args := range [][]string{{"-legend"}, {"-legend", "-variant", "bede"}} {
		code, stdout, errs := runCmd(t, "", append([]string{"render", "-o", "-"}, args...)...)
		if code != 0 {
			t.Fatalf("%v: code %d, %s", args, code, errs)
		}
		if _, err := png.Decode(strings.NewReader(stdout)); err != nil {
			t.Errorf("%v: %v", args, err)
		}
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := png.Decode(bytes.NewReader(b)); err != nil {
		t.Fatal(err)
	}
}

func TestRenderReplayGIF(t *testing.T) {
	dir := t.TempDir()
	g, rolls, _, err := games.Start("randommove", "", games.Seeded(3))
	if err != nil {
		t.Fatal(err)
	}
	rec := games.Record{Variant: "randommove", StartRolls: rolls}
	dice := games.Seeded(4)
	for i := 0; i < 4 && !g.Outcome().Over; i++ {
		next, p, _, err := games.Apply(g, g.LegalMoves()[0].Notation, dice)
		if err != nil {
			t.Fatal(err)
		}
		rec.Plies = append(rec.Plies, p)
		g = next
	}
	// The record file as /export writes it (games.WriteRecord), drawn with
	// the command the README gives.
	var file bytes.Buffer
	if err := games.WriteRecord(&file, rec, map[string]string{"Player1": "ann", "Player2": "bob", "Site": "Discord"}); err != nil {
		t.Fatal(err)
	}
	recPath := filepath.Join(dir, "game.txt")
	if err := os.WriteFile(recPath, file.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "game.gif")
	if code, _, errs := runCmd(t, "", "render", "-variant", "randommove", "-replay", recPath, "-gif", "-o", out); code != 0 {
		t.Fatalf("code %d: %s", code, errs)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	a, err := gif.DecodeAll(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Image) != len(rec.Plies)+1 {
		t.Errorf("%d frames for %d plies", len(a.Image), len(rec.Plies))
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"render", "-gif", "-o", out}, "-gif and -replay FILE go together"},
		{[]string{"render", "-replay", recPath, "-o", out}, "-gif and -replay FILE go together"},
		{[]string{"render", "-replay", recPath, "-gif", "-variant", "chess", "-o", out}, "records a game of randommove"},
		{[]string{"render", "-replay", filepath.Join(dir, "none.txt"), "-gif", "-o", out}, "cannot open -replay file"},
		{[]string{"render", "-variant", "chess", "-piece", "ship", "-o", out}, "Chess has no ship"},
		{[]string{"render", "-variant", "chess", "-piece", "dragon", "-o", out}, "has no dragon; its pieces are king, queen"},
	} {
		code, _, errs := runCmd(t, "", c.args...)
		if code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("%v: code %d, stderr %q; want 2 and %q", c.args, code, errs, c.want)
		}
	}
}
