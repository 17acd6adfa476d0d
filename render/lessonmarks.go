package render

import (
	"image"
	"image/color"
	"math"

	"github.com/bermudachess/bermuda/games"
	"github.com/fogleman/gg"
)

// Teaching marks (games/lessons): a movable piece gets a green ring; the
// selected piece a blue wash (a tint, in style.go); a target a dot in the
// middle of its cell, coloured by what the move does there — dark for a
// quiet move, teal for a move to the other board, magenta into the Angle,
// gold for a promotion — and a capture a red ring round the piece taken
// (with the dot moved to the corner so the piece stays visible).

var (
	colMovable    = rgb(0x2f, 0x9e, 0x44)
	colQuietDot   = rgb(0x2b, 0x3a, 0x2b)
	colCapture    = rgb(0xd6, 0x28, 0x28)
	colAngleDot   = rgb(0xd0, 0x2d, 0xa8)
	colPromoteDot = rgb(0xe8, 0xb0, 0x10)
)

// lessonColours are the colours of teaching marks, for the palette.
var lessonColours = []color.RGBA{colMovable, colQuietDot, colCapture, colAngleDot, colPromoteDot, colSelected}

// targetDot is the colour of a target's dot: the most telling kind wins.
func targetDot(kinds map[games.MarkKind]bool) (color.RGBA, bool) {
	for _, k := range []struct {
		kind games.MarkKind
		col  color.RGBA
	}{
		{games.MarkTargetBoard, colBoardChange},
		{games.MarkTargetAngle, colAngleDot},
		{games.MarkTargetPromotion, colPromoteDot},
		{games.MarkTargetQuiet, colQuietDot},
	} {
		if kinds[k.kind] {
			return k.col, true
		}
	}
	return color.RGBA{}, false
}

func isTarget(k games.MarkKind) bool {
	switch k {
	case games.MarkTargetQuiet, games.MarkTargetCapture, games.MarkTargetBoard, games.MarkTargetAngle, games.MarkTargetPromotion:
		return true
	}
	return false
}

// drawTarget draws a target's marks in cell c.
func (l *layout) drawTarget(dst *image.RGBA, c *cellLayout, kinds map[games.MarkKind]bool) {
	numberOnDot := false
	withGG(dst, func(dc *gg.Context) {
		cx, cy := float64(c.centre.X), float64(c.centre.Y)
		px := float64(l.cellPx)
		col, dot := targetDot(kinds)
		if kinds[games.MarkTargetCapture] {
			w := math.Max(2, px/11)
			dc.DrawCircle(cx, cy, px*0.47-w/2)
			dc.SetLineWidth(w)
			dc.SetColor(colCapture)
			dc.Stroke()
			if dot && col != colQuietDot {
				r := px * 0.11
				l.dotAt(dc, cx-px*0.30, cy-px*0.30, r, col)
			}
			return
		}
		if !dot {
			return
		}
		if c.number == "" {
			l.dotAt(dc, cx, cy, px*0.16, col)
			return
		}
		// A numbered cell keeps its number readable, light on the dot.
		r := math.Max(px*0.2, float64(l.numberFace.width(c.number))/2+3)
		l.dotAt(dc, cx, cy, r, col)
		numberOnDot = true
	})
	if numberOnDot {
		l.numberFace.drawCentered(dst, c.number, float64(c.centre.X), float64(c.centre.Y), colDieFace)
	}
}

// dotAt draws a filled dot with a thin light edge, which keeps it apart
// from dark squares.
func (l *layout) dotAt(dc *gg.Context, x, y, r float64, col color.RGBA) {
	dc.DrawCircle(x, y, r)
	dc.SetColor(col)
	dc.FillPreserve()
	dc.SetLineWidth(math.Max(1, r/5))
	dc.SetColor(colDieFace)
	dc.Stroke()
}
