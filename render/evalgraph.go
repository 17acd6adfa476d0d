package render

import (
	"fmt"
	"image"
	"image/color"
	"math"

	"github.com/fogleman/gg"
)

// An evaluation graph: a game's expected score for the first player, move
// by move, as a review judged it (0 at the bottom, a win at the top, ½ on
// the middle line), the area above and below the middle filled in each
// player's colour, the moves judged mistakes and blunders and the big dice
// swings marked, and the result at the right edge. Plain data, like the
// rating chart: the caller converts its review.

// EvalPoint is the first player's expected score after one ply.
type EvalPoint struct {
	Expected float64 // 0–1 for the first player
	// Mark, if not 0, marks the ply: MarkMistake, MarkBlunder or MarkDice.
	Mark EvalMark
}

// EvalMark says why a ply is marked on the graph.
type EvalMark int

const (
	MarkNone    EvalMark = iota
	MarkMistake          // an orange dot on the line
	MarkBlunder          // a red dot
	MarkDice             // a purple triangle: a roll that swung the game
)

// EvalGraph is a whole game for EvalGraphPNG.
type EvalGraph struct {
	Title string
	// First names the first player in the caption ("White").
	First  string
	Points []EvalPoint // after each ply, in order
	// Result is the first player's score (1, 0.5, 0), or a negative
	// number when the game has none: drawn as a last point at the edge.
	Result float64
}

var (
	colFirstArea  = color.NRGBA{0xf2, 0xea, 0xdc, 0xc0} // the first player (White's) share
	colSecondArea = color.NRGBA{0x30, 0x2c, 0x29, 0xff}
	colEvalLine   = rgb(0xff, 0xb7, 0x4d)
	colMistake    = rgb(0xff, 0x98, 0x00)
	colBlunder    = rgb(0xe5, 0x39, 0x35)
	colDiceSwing  = rgb(0xba, 0x68, 0xc8)
)

// EvalGraphPNG draws the graph 800×400, which Discord shows 400 px wide.
func EvalGraphPNG(g EvalGraph) ([]byte, error) {
	const w, h = 800, 400
	for i, p := range g.Points {
		if math.IsNaN(p.Expected) || p.Expected < 0 || p.Expected > 1 {
			return nil, fmt.Errorf("render: expected score %v after ply %d is outside 0–1", p.Expected, i)
		}
	}
	dc := gg.NewContext(w, h)
	dc.SetColor(colFrame)
	dc.Clear()
	unit := float64(h) / 20
	small, err := getFace(fontRegular, int(unit*0.9))
	if err != nil {
		return nil, err
	}
	bold, err := getFace(fontBold, int(unit))
	if err != nil {
		return nil, err
	}
	img := dc.Image().(*image.RGBA)
	top := unit * 1.2
	if g.Title != "" {
		bold.draw(img, bold.fit(g.Title, w-int(2*unit)), int(unit), int(top)+bold.capHeight, colTitle, img.Rect)
		top += unit * 2
	}
	left, right, bottom := unit*2.6, float64(w)-unit, float64(h)-unit*2
	n := len(g.Points)
	if g.Result >= 0 {
		n++
	}
	x := func(i int) float64 {
		if n <= 1 {
			return left
		}
		return left + (right-left)*float64(i)/float64(n-1)
	}
	y := func(e float64) float64 { return bottom - (bottom-top)*e }
	values := make([]float64, 0, n)
	for _, p := range g.Points {
		values = append(values, p.Expected)
	}
	if g.Result >= 0 {
		values = append(values, g.Result)
	}

	// The two players' areas: below the line is the first player's.
	dc.SetColor(colSecondArea)
	dc.DrawRectangle(left, top, right-left, bottom-top)
	dc.Fill()
	if len(values) > 0 {
		dc.MoveTo(left, bottom)
		for i, v := range values {
			dc.LineTo(x(i), y(v))
		}
		dc.LineTo(x(len(values)-1), bottom)
		dc.ClosePath()
		dc.SetColor(colFirstArea)
		dc.Fill()
	}
	// The middle line and the scale.
	dc.SetColor(colSubtitle)
	dc.SetLineWidth(1)
	dc.DrawLine(left, y(0.5), right, y(0.5))
	dc.Stroke()
	for _, e := range []float64{0, 0.5, 1} {
		label := map[float64]string{0: "0", 0.5: "½", 1: "1"}[e]
		small.draw(img, label, int(left-unit*0.6)-small.width(label), int(y(e))+small.capHeight/2, colLabel, img.Rect)
	}
	if len(values) > 1 {
		dc.SetColor(colEvalLine)
		dc.SetLineWidth(3)
		for i, v := range values {
			dc.LineTo(x(i), y(v))
		}
		dc.Stroke()
	}
	for i, p := range g.Points {
		switch p.Mark {
		case MarkMistake, MarkBlunder:
			dc.SetColor(map[EvalMark]color.Color{MarkMistake: colMistake, MarkBlunder: colBlunder}[p.Mark])
			dc.DrawCircle(x(i), y(p.Expected), unit*0.35)
			dc.Fill()
		case MarkDice:
			dc.SetColor(colDiceSwing)
			cx, cy, r := x(i), y(p.Expected), unit*0.45
			dc.MoveTo(cx, cy-r)
			dc.LineTo(cx+r, cy+r*0.8)
			dc.LineTo(cx-r, cy+r*0.8)
			dc.ClosePath()
			dc.Fill()
		}
	}
	if g.Result >= 0 {
		dc.SetColor(colTitle)
		dc.DrawCircle(x(len(values)-1), y(g.Result), unit*0.3)
		dc.Fill()
	}
	first := g.First
	if first == "" {
		first = "the first player"
	}
	small.drawCentered(img, small.fit(fmt.Sprintf("%s's expected score over %d moves: 1 a win, ½ even, 0 a loss", first, len(g.Points)), w-int(2*unit)), float64(w)/2, bottom+unit*1.3, colLabel)
	return encodeChart(img)
}
