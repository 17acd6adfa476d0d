package render

import (
	"bytes"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/bermudachess/bermuda/games"
	"github.com/bermudachess/bermuda/games/lessons"
	"github.com/bermudachess/bermuda/picker"
	xdraw "golang.org/x/image/draw"
)

// pickerDocPosition is the Angle position of the picker's pictures: a
// White pawn on b9 can promote three ways, two of them capturing.
const pickerDocPosition = "r1bs1ks2r/1Pp1pppp1p/2n7/p9/10/4N5/10/10/P1PPPPPPPP/R1BSQKS2R w KQkq - 0 12"

// The pictures under docs/images show what players see, as Discord shows
// it: every variant's board in mid-game downscaled to 400 px wide
// (desktop) and 350 px (phone), the legend, piece lessons, the /moves
// pictures, a rating chart, a tournament's standings and a short replay. By default the test draws
// them into a scratch directory and fails if any differs from the copy in
// docs/images, so the pictures people review never drift from the
// renderer. After a change to the pictures, rewrite them with
//
//	BERMUDA_DOC_IMAGES=$PWD/docs/images go test ./render -run TestWriteDocImages
func TestWriteDocImages(t *testing.T) {
	dir := os.Getenv("BERMUDA_DOC_IMAGES")
	if dir == "" {
		dir = t.TempDir()
		t.Cleanup(func() { compareDocImages(t, dir, filepath.Join("..", "docs", "images")) })
	}
	shrink := func(name string, b []byte, err error, widths ...int) {
		t.Helper()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, w := range widths {
			writeScaled(t, filepath.Join(dir, name+"-"+strconv.Itoa(w)+".png"), decode(t, b), w)
		}
	}
	for _, v := range games.All() {
		g := telling(t, v.ID)
		b, err := PNG(g.View())
		shrink(v.ID, b, err, 400, 350)
	}
	b, err := Legend()
	shrink("legend", b, err, 400)
	for _, c := range []struct {
		variant string
		kind    games.PieceKind
	}{{"bermuda", games.Queen}, {"angle", games.Ship}, {"bede", games.Squire}, {"spindecision", games.Schrodinger}} {
		l, err := lessons.PieceLesson(c.variant, c.kind)
		if err != nil {
			t.Fatal(err)
		}
		b, err := PNG(l.View)
		shrink("lesson-"+c.variant+"-"+string(c.kind), b, err, 400)
	}
	g := telling(t, "bermuda")
	b, err = PNG(lessons.MovablePieces(g))
	shrink("moves-bermuda", b, err, 400)
	from := lessons.Movable(g)
	slices.SortFunc(from, func(a, b string) int { return len(targetsOf(t, g, b)) - len(targetsOf(t, g, a)) })
	v, err := lessons.TargetsFrom(g, from[0])
	if err != nil {
		t.Fatal(err)
	}
	b, err = PNG(v)
	shrink("moves-bermuda-from-"+from[0], b, err, 400)

	// The move picker's steps, at a phone's width: the pieces that can
	// move, then the squares of the pawn about to promote (the third step,
	// the piece it becomes, keeps the second's picture).
	pick, err := games.NewGame("angle", pickerDocPosition)
	if err != nil {
		t.Fatal(err)
	}
	for _, step := range []struct{ name, from string }{{"1-piece", ""}, {"2-square", "b9"}} {
		st, err := picker.At(pick, step.from, "")
		if err != nil {
			t.Fatal(err)
		}
		b, err := PNG(st.View)
		shrink("picker-angle-"+step.name, b, err, 350)
	}

	start := time.Date(2026, 9, 1, 0, 0, 0, 0, time.UTC)
	b, err = RatingChart([]RatingSeries{
		{Label: "Bermuda Chess", Points: history(start, 20, 1600, 5)},
		{Label: "The Bermuda Chess Angle", Points: history(start.Add(48*time.Hour), 12, 1450, -4)},
		{Label: "Bede Chess", Points: history(start, 1, 1500, 0)},
	}, ChartOptions{Title: "alice · rating history"})
	shrink("chart", b, err, 400)
	b, err = Standings(exampleStandings())
	shrink("tournament-standings", b, err, 400)

	frames, err := ReplayFrames(randomRecord(t, "angle", 30))
	if err != nil {
		t.Fatal(err)
	}
	gifData, err := GIF(frames, GIFOptions{CellPx: 30})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "replay-angle.gif"), gifData, 0o644); err != nil {
		t.Fatal(err)
	}
}

// compareDocImages fails unless every picture drawn into got is, byte for
// byte, the one kept in want.
func compareDocImages(t *testing.T, got, want string) {
	t.Helper()
	drawn, err := os.ReadDir(got)
	if err != nil {
		t.Fatal(err)
	}
	if len(drawn) == 0 {
		t.Fatal("no pictures drawn")
	}
	for _, e := range drawn {
		a, err := os.ReadFile(filepath.Join(got, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(filepath.Join(want, e.Name()))
		if err == nil && !exactPictures {
			if !sameSize(a, b) {
				t.Errorf("docs/images/%s has another size than the renderer draws", e.Name())
			}
			continue
		}
		if err != nil || !bytes.Equal(a, b) {
			t.Errorf("docs/images/%s is missing or out of date (%v); rewrite it with\n"+
				"\tBERMUDA_DOC_IMAGES=$PWD/docs/images go test ./render -run TestWriteDocImages", e.Name(), err)
		}
	}
}

// exactPictures says whether pictures drawn here can be compared byte for
// byte with the committed ones, which were drawn on amd64: elsewhere the
// compiler may fuse multiply-adds, which moves antialiased edges by a shade,
// so only the pictures' sizes are compared.
var exactPictures = runtime.GOARCH == "amd64"

// sameSize reports whether two encoded pictures have the same dimensions.
func sameSize(a, b []byte) bool {
	ca, _, errA := image.DecodeConfig(bytes.NewReader(a))
	cb, _, errB := image.DecodeConfig(bytes.NewReader(b))
	return errA == nil && errB == nil && ca.Width == cb.Width && ca.Height == cb.Height
}

func targetsOf(t *testing.T, g games.Game, from string) []lessons.Target {
	ts, err := lessons.Targets(g, from)
	if err != nil {
		t.Fatal(err)
	}
	return ts
}

// telling plays a seeded game of variant for at least 24 plies and then on
// until the last move did something particular to the variant (changed
// boards, rolled the Angle's dice), up to 120 plies.
func telling(t *testing.T, variant string) games.Game {
	r := games.Seeded(11)
	g, _, _, err := games.Start(variant, "", r)
	if err != nil {
		t.Fatal(err)
	}
	g = playSome(t, g, r, 24)
	for i := 0; i < 96 && !g.Outcome().Over; i++ {
		for _, m := range g.View().Marks {
			if m.Kind == games.MarkBoardChange || m.Kind == games.MarkDice {
				return g
			}
		}
		g = playSome(t, g, r, 1)
	}
	return g
}

// writeScaled writes img scaled to width w, as a browser would show it,
// mapped to the render palette to keep the file small.
func writeScaled(t *testing.T, path string, img image.Image, w int) {
	t.Helper()
	b := img.Bounds()
	h := (b.Dy()*w + b.Dx()/2) / b.Dx()
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	xdraw.CatmullRom.Scale(dst, dst.Rect, img, b, xdraw.Src, nil)
	p := image.NewPaletted(dst.Rect, palette())
	quantize(dst, p, dst.Rect)
	var buf bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(&buf, p); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}
