package render

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"image/draw"
	"image/gif"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/bermudachess/bermuda/games"
)

// randomRecord plays a seeded random game of id for up to plies plies,
// trying further seeds until one lasts that long (or keeping the longest).
func randomRecord(t testing.TB, id string, plies int) games.Record {
	t.Helper()
	var best games.Record
	for seed := uint64(1); seed <= 400; seed++ {
		dice := games.Seeded(seed)
		g, rolls, _, err := games.Start(id, "", dice)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 99))
		rec := games.Record{Variant: id, StartRolls: rolls}
		for len(rec.Plies) < plies && !g.Outcome().Over {
			legal := g.LegalMoves()
			next, p, _, err := games.Apply(g, legal[rng.IntN(len(legal))].Notation, dice)
			if err != nil {
				t.Fatal(err)
			}
			rec.Plies = append(rec.Plies, p)
			g = next
		}
		if len(rec.Plies) > len(best.Plies) {
			best = rec
		}
		if len(best.Plies) == plies {
			break
		}
	}
	return best
}

// playGIF decodes an animation and composes its frames as a viewer does,
// returning the picture after every frame.
func playGIF(t *testing.T, b []byte) (*gif.GIF, []*image.RGBA) {
	t.Helper()
	a, err := gif.DecodeAll(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("the GIF does not decode: %v", err)
	}
	canvas := image.NewRGBA(image.Rect(0, 0, a.Config.Width, a.Config.Height))
	var out []*image.RGBA
	for i, f := range a.Image {
		if !f.Rect.In(canvas.Rect) {
			t.Fatalf("frame %d at %v lies outside the %v picture", i, f.Rect, canvas.Rect)
		}
		if a.Disposal[i] != gif.DisposalNone {
			t.Fatalf("frame %d has disposal %d, want none (each frame draws over the last)", i, a.Disposal[i])
		}
		draw.Draw(canvas, f.Rect, f, f.Rect.Min, draw.Over)
		out = append(out, image.NewRGBA(canvas.Rect))
		copy(out[len(out)-1].Pix, canvas.Pix)
	}
	return a, out
}

// sameOrientation draws v on first's cells and labels, as GIF does.
func sameOrientation(v, first games.View) games.View {
	v.Cells, v.Labels = first.Cells, first.Labels
	return v
}

func TestReplayGIFHasOneFramePerPositionAndEndsOnTheFinalPicture(t *testing.T) {
	for _, variant := range games.All() {
		t.Run(variant.ID, func(t *testing.T) {
			rec := randomRecord(t, variant.ID, 16)
			frames, err := ReplayFrames(rec)
			if err != nil {
				t.Fatal(err)
			}
			b, err := GIF(frames, GIFOptions{CellPx: 24})
			if err != nil {
				t.Fatal(err)
			}
			a, shown := playGIF(t, b)
			if len(a.Image) != len(rec.Plies)+1 {
				t.Fatalf("%d frames for %d plies, want plies + 1", len(a.Image), len(rec.Plies))
			}
			for i, d := range a.Delay {
				if last := i == len(a.Delay)-1; last != (d > a.Delay[0]) {
					t.Errorf("frame %d shows %d cs (first %d): only the last frame should pause longer", i, d, a.Delay[0])
				}
			}
			// The board part of the last frame is the final position's
			// PNG, pixel for pixel.
			final := sameOrientation(frames[len(frames)-1].View, frames[0].View)
			want, _ := renderDecode(t, final, Options{CellPx: 24})
			got := shown[len(shown)-1]
			wb := want.Bounds()
			if got.Rect.Dx() != wb.Dx() || got.Rect.Dy() <= wb.Dy() {
				t.Fatalf("frame is %v, PNG %v: want the PNG's width and a caption strip below", got.Rect, wb)
			}
			for y := wb.Min.Y; y < wb.Max.Y; y++ {
				for x := wb.Min.X; x < wb.Max.X; x++ {
					if g, w := got.RGBAAt(x, y), rgbaAt(want, x, y); g != w {
						t.Fatalf("last frame differs from the PNG at (%d, %d): %v vs %v", x, y, g, w)
					}
				}
			}
			// A frame whose move rolled dice shows them in its caption strip.
			rolled := 0
			for i, f := range frames {
				if len(f.Dice) == 0 {
					continue
				}
				rolled++
				if !hasColour(shown[i], image.Rect(0, wb.Dy(), wb.Dx(), got.Rect.Dy()), colDieFace) {
					t.Errorf("frame %d rolled %v but its caption shows no die", i, f.Dice)
				}
			}
			if (variant.ID == "angle" || variant.ID == "randommove") && rolled == 0 {
				t.Errorf("no frame of %d plies rolled dice", len(rec.Plies))
			}
		})
	}
}

func hasColour(img *image.RGBA, r image.Rectangle, c color.RGBA) bool {
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if img.RGBAAt(x, y) == c {
				return true
			}
		}
	}
	return false
}

func TestGIFFramesAfterTheFirstStoreOnlyWhatChanged(t *testing.T) {
	rec := randomRecord(t, "chess", 6)
	frames, err := ReplayFrames(rec)
	if err != nil {
		t.Fatal(err)
	}
	// The same position twice: the second frame changes nothing.
	frames = append(frames, frames[len(frames)-1])
	b, err := GIF(frames, GIFOptions{CellPx: 32})
	if err != nil {
		t.Fatal(err)
	}
	a, _ := playGIF(t, b)
	full := image.Rect(0, 0, a.Config.Width, a.Config.Height)
	if a.Image[0].Rect != full {
		t.Errorf("first frame covers %v, want the whole %v", a.Image[0].Rect, full)
	}
	for i := 1; i < len(a.Image)-1; i++ {
		if r := a.Image[i].Rect; r.Dx()*r.Dy() >= full.Dx()*full.Dy() {
			t.Errorf("frame %d covers %v: a move should change less than the whole picture", i, r)
		}
	}
	if r := a.Image[len(a.Image)-1].Rect; r.Dx()*r.Dy() != 1 {
		t.Errorf("a repeated position is stored as %v, want one transparent pixel", r)
	}
}

func TestGIFOverTheLimitSaysHowBig(t *testing.T) {
	frames, err := ReplayFrames(randomRecord(t, "chess", 4))
	if err != nil {
		t.Fatal(err)
	}
	b, err := GIF(frames, GIFOptions{MaxBytes: 1000})
	var tl *TooLargeError
	if !errors.As(err, &tl) || tl.Bytes != len(b) || tl.Limit != 1000 || len(b) <= 1000 {
		t.Fatalf("GIF over a 1000-byte limit: %d bytes, error %v", len(b), err)
	}
	if _, err := GIF(nil, GIFOptions{}); err == nil {
		t.Error("an animation of no frames encoded without an error")
	}
	mixed := []Frame{{View: chessView()}, {View: angleView()}}
	if _, err := GIF(mixed, GIFOptions{}); err == nil || !strings.Contains(err.Error(), "frame 1 has 100 cells") {
		t.Errorf("frames of two boards: %v", err)
	}
	bad := games.Record{Variant: "chess", Plies: []games.Ply{{Move: "e2e4"}, {Move: "e2e4"}}}
	var re *games.ReplayError
	if _, err := ReplayGIF(bad, GIFOptions{}); !errors.As(err, &re) || re.Ply != 2 {
		t.Errorf("a record with an illegal second ply: %v, want a ReplayError at ply 2", err)
	}
	extra := games.Record{Variant: "chess", Plies: []games.Ply{{Move: "e2e4", Rolls: []int{6}}}}
	if _, err := ReplayFrames(extra); !errors.As(err, &re) || re.Ply != 1 {
		t.Errorf("a roll recorded where none was rolled: %v, want a ReplayError at ply 1", err)
	}
}
