package render

import (
	"image"
	"image/color"
	"image/draw"
	"math"
	"strconv"

	"github.com/fogleman/gg"
)

// Glows under attacked kings, drawn once per size in pixels.
var glows = newMemo[int, *image.RGBA](8 << 20)

// glowSprite is the red halo drawn under an attacked king.
func glowSprite(px int) *image.RGBA {
	if g, ok := glows.get(px); ok {
		return g
	}
	size := px * 115 / 100
	img := image.NewRGBA(image.Rect(0, 0, size, size))
	c := float64(size) / 2
	for y := 0; y < size; y++ {
		for x := 0; x < size; x++ {
			d := math.Hypot(float64(x)+0.5-c, float64(y)+0.5-c) / c
			if d >= 1 {
				continue
			}
			// Strong in the middle, fading smoothly to nothing.
			a := 0.95 * (1 - d*d) * (1 - d*d)
			img.SetRGBA(x, y, premul(colCheck, a))
		}
	}
	return glows.put(px, img, len(img.Pix))
}

func premul(c color.RGBA, a float64) color.RGBA {
	return color.RGBA{uint8(float64(c.R)*a + 0.5), uint8(float64(c.G)*a + 0.5), uint8(float64(c.B)*a + 0.5), uint8(255*a + 0.5)}
}

// dieSprite is a small die showing five, marking where the dice pointed.
func dieSprite(px int) *image.RGBA { return dieFaceSprite(px, 5) }

type dieKey struct{ px, face int }

var dieFaces = newMemo[dieKey, *image.RGBA](8 << 20)

// pips are the dots of each face, in fractions of the die's side.
var pips = [7][][2]float64{
	1: {{.5, .5}},
	2: {{.28, .28}, {.72, .72}},
	3: {{.28, .28}, {.5, .5}, {.72, .72}},
	4: {{.28, .28}, {.72, .28}, {.28, .72}, {.72, .72}},
	5: {{.28, .28}, {.72, .28}, {.5, .5}, {.28, .72}, {.72, .72}},
	6: {{.28, .25}, {.72, .25}, {.28, .5}, {.72, .5}, {.28, .75}, {.72, .75}},
}

// dieFaceSprite is a die showing face (1–6 as pips, anything else as a
// number).
func dieFaceSprite(px, face int) *image.RGBA {
	px = max(px, 8)
	key := dieKey{px, face}
	if d, ok := dieFaces.get(key); ok {
		return d
	}
	dc := gg.NewContext(px, px)
	s := float64(px)
	lw := math.Max(1, s/14)
	dc.DrawRoundedRectangle(lw/2, lw/2, s-lw, s-lw, s/5)
	dc.SetColor(colDieFace)
	dc.FillPreserve()
	dc.SetColor(colDieInk)
	dc.SetLineWidth(lw)
	dc.Stroke()
	img := dc.Image().(*image.RGBA)
	if face >= 1 && face <= 6 {
		r := s / 11
		for _, p := range pips[face] {
			dc.DrawCircle(p[0]*s, p[1]*s, r)
		}
		dc.Fill()
	} else if f, err := getFace(fontBold, px*6/10); err == nil {
		f.drawCentered(img, strconv.Itoa(face), s/2, s/2, colDieInk)
	}
	return dieFaces.put(key, img, len(img.Pix))
}

// drawRing outlines a cell from inside: solid for a board change, dashed
// for the dice.
func (l *layout) drawRing(img *image.RGBA, c *cellLayout, col color.RGBA, dashed bool) {
	w := l.cellPx / 14
	if w < 2 {
		w = 2
	}
	if c.isRect && !dashed {
		r := c.rect
		u := image.NewUniform(col)
		for _, side := range []image.Rectangle{
			{r.Min, image.Pt(r.Max.X, r.Min.Y+w)},
			{image.Pt(r.Min.X, r.Max.Y-w), r.Max},
			{r.Min, image.Pt(r.Min.X+w, r.Max.Y)},
			{image.Pt(r.Max.X-w, r.Min.Y), r.Max},
		} {
			draw.Draw(img, side, u, image.Point{}, draw.Src)
		}
		return
	}
	withGG(img, func(dc *gg.Context) { ringPath(dc, c, w, col, dashed) })
}

func ringPath(dc *gg.Context, c *cellLayout, w int, col color.RGBA, dashed bool) {
	// Shrink the outline towards the centre so the ring sits inside.
	ctr := gg.Point{X: float64(c.centre.X), Y: float64(c.centre.Y)}
	for i, p := range c.poly {
		d := math.Hypot(p.X-ctr.X, p.Y-ctr.Y)
		k := 1.0
		if d > 0 {
			k = (d - float64(w)*0.9) / d
		}
		x, y := ctr.X+(p.X-ctr.X)*k, ctr.Y+(p.Y-ctr.Y)*k
		if i == 0 {
			dc.MoveTo(x, y)
		} else {
			dc.LineTo(x, y)
		}
	}
	dc.ClosePath()
	if dashed {
		dc.SetDash(float64(w)*2.2, float64(w)*1.4)
	}
	dc.SetLineWidth(float64(w))
	dc.SetColor(col)
	dc.Stroke()
}

// numberTagRect is where an occupied cell's number goes: a small dark tag
// at the lower right of the piece.
func (l *layout) numberTagRect(c *cellLayout) image.Rectangle {
	t := l.numberTag(c.number)
	x := c.centre.X + l.piecePx*30/100 - t.Rect.Dx()/2
	y := c.centre.Y + l.piecePx*42/100 - t.Rect.Dy()
	return t.Rect.Add(image.Pt(x, y))
}

func (l *layout) drawNumberTag(dst *image.RGBA, c *cellLayout, r image.Rectangle) {
	t := l.numberTag(c.number)
	draw.Draw(dst, r, t, image.Point{}, draw.Over)
}

type tagKey struct {
	text string
	face *textFace
}

var tags = newMemo[tagKey, *image.RGBA](8 << 20)

// numberTag is the picture of a number tag, drawn once per text and size.
func (l *layout) numberTag(text string) *image.RGBA {
	f := l.numberFace
	key := tagKey{text, f}
	if t, ok := tags.get(key); ok {
		return t
	}
	w, h := f.width(text)+f.capHeight, f.capHeight*2
	dc := gg.NewContext(w, h)
	dc.DrawRoundedRectangle(0.5, 0.5, float64(w)-1, float64(h)-1, float64(h)/3)
	dc.SetColor(colLabelInk)
	dc.FillPreserve()
	dc.SetColor(colPlainCell)
	dc.SetLineWidth(1)
	dc.Stroke()
	img := dc.Image().(*image.RGBA)
	f.drawCentered(img, text, float64(w)/2, float64(h)/2, colPlainCell)
	return tags.put(key, img, len(img.Pix))
}
