package render

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"sync"

	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/math/fixed"
)

// Text is drawn from glyph masks rasterised once per font, size and rune:
// the fonts are embedded (the Go fonts), so a picture is the same on every
// machine, and a caption costs a few small mask copies instead of a
// rasterisation per render.

type fontID int

const (
	fontRegular fontID = iota
	fontBold
)

var (
	fontsOnce sync.Once
	fontsErr  error
	fonts     [2]*truetype.Font
)

func loadFonts() error {
	fontsOnce.Do(func() {
		for i, ttf := range [][]byte{goregular.TTF, gobold.TTF} {
			f, err := truetype.Parse(ttf)
			if err != nil {
				fontsErr = fmt.Errorf("parsing the embedded Go font: %w", err)
				return
			}
			fonts[i] = f
		}
	})
	return fontsErr
}

// glyph is one rasterised rune: its coverage mask and where it sits
// relative to the pen position on the baseline.
type glyph struct {
	mask    *image.Alpha // nil for blank glyphs such as space
	offset  image.Point
	advance int
}

// textFace is a font at one pixel size with its glyph cache. Faces from
// x/image are not safe for concurrent use, so every use holds mu.
type textFace struct {
	mu        sync.Mutex
	face      font.Face
	glyphs    map[rune]glyph
	ascent    int
	capHeight int
	px        int // the size asked for
}

type faceKey struct {
	font fontID
	px   int
}

var faces sync.Map // faceKey → *textFace

func getFace(id fontID, px int) (*textFace, error) {
	if px < 4 {
		px = 4
	}
	key := faceKey{id, px}
	if f, ok := faces.Load(key); ok {
		return f.(*textFace), nil
	}
	if err := loadFonts(); err != nil {
		return nil, err
	}
	face := truetype.NewFace(fonts[id], &truetype.Options{Size: float64(px), DPI: 72, Hinting: font.HintingFull})
	m := face.Metrics()
	tf := &textFace{face: face, glyphs: map[rune]glyph{}, ascent: m.Ascent.Ceil(), capHeight: m.CapHeight.Round(), px: px}
	if tf.capHeight <= 0 {
		tf.capHeight = px * 7 / 10
	}
	actual, _ := faces.LoadOrStore(key, tf)
	return actual.(*textFace), nil
}

// glyphLocked returns r's glyph, rasterising it on first use.
func (f *textFace) glyphLocked(r rune) glyph {
	if g, ok := f.glyphs[r]; ok {
		return g
	}
	dr, mask, maskp, adv, ok := f.face.Glyph(fixed.Point26_6{}, r)
	if !ok {
		dr, mask, maskp, adv, _ = f.face.Glyph(fixed.Point26_6{}, '?')
	}
	g := glyph{advance: adv.Round(), offset: dr.Min}
	if !dr.Empty() && mask != nil {
		a := image.NewAlpha(image.Rect(0, 0, dr.Dx(), dr.Dy()))
		draw.Draw(a, a.Bounds(), mask, maskp, draw.Src)
		g.mask = a
	}
	f.glyphs[r] = g
	return g
}

// width returns how many pixels text takes.
func (f *textFace) width(text string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	w := 0
	for _, r := range text {
		w += f.glyphLocked(r).advance
	}
	return w
}

// draw writes text with its baseline starting at (x, y), clipped to clip.
// It returns the x after the last glyph.
func (f *textFace) draw(dst *image.RGBA, text string, x, y int, col color.RGBA, clip image.Rectangle) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	src := image.NewUniform(col)
	for _, r := range text {
		g := f.glyphLocked(r)
		if g.mask != nil {
			at := image.Pt(x, y).Add(g.offset)
			rect := image.Rectangle{at, at.Add(g.mask.Rect.Size())}.Intersect(clip)
			if !rect.Empty() {
				draw.DrawMask(dst, rect, src, image.Point{}, g.mask, rect.Min.Sub(at), draw.Over)
			}
		}
		x += g.advance
	}
	return x
}

// drawCentered centres text on (cx, cy): horizontally by its advance,
// vertically by the capital height.
func (f *textFace) drawCentered(dst *image.RGBA, text string, cx, cy float64, col color.RGBA) {
	w := f.width(text)
	x := int(cx - float64(w)/2 + 0.5)
	y := int(cy + float64(f.capHeight)/2 + 0.5)
	f.draw(dst, text, x, y, col, dst.Rect)
}

// fit shortens text with an ellipsis until it fits in max pixels.
func (f *textFace) fit(text string, max int) string {
	if f.width(text) <= max {
		return text
	}
	rs := []rune(text)
	for len(rs) > 0 {
		rs = rs[:len(rs)-1]
		s := string(rs) + "…"
		if f.width(s) <= max {
			return s
		}
	}
	return ""
}
