package render

import (
	"fmt"
	"image/color"
	"math"
	"strconv"
	"strings"

	"github.com/bermudachess/bermuda/games"
	"github.com/fogleman/gg"
)

// The web page (package web) draws the board as SVG. It must look like the
// PNG, so it takes from here what the PNG is made of: the pieces as SVG
// (the same drawers as the sprites, recorded by svgCanvas instead of
// rasterised by gg), where every cell, label and piece goes (Geometry, the
// layout the PNG is painted from) and the colours.

// PieceSVG is a piece of kind and side as SVG elements in its 100×100
// design box (y down), drawn by the same code as the PNG's sprites. idPrefix
// makes the ids of any clip paths unique within a document.
func PieceSVG(kind games.PieceKind, side games.Side, idPrefix string) string {
	c := &svgCanvas{idPrefix: idPrefix, width: 1, cap: gg.LineCapRound}
	p := pen{dc: c, s: 1, c: coloursOf(side), lw: 3.6}
	draw := pieceDrawers[kind]
	if draw == nil {
		draw = drawUnknown
	}
	draw(p)
	c.flush()
	return c.out.String()
}

// svgCanvas records what a piece drawer does as SVG elements. Paths are
// kept as text; a fill followed by a stroke of the same path is written as
// one element.
type svgCanvas struct {
	out      strings.Builder
	path     strings.Builder
	idPrefix string
	col      color.RGBA
	width    float64
	cap      gg.LineCap
	clip     string // the id of the clip path in force, or ""
	clips    int
	pending  string // a fill colour waiting for a stroke of the same path
}

func num(v float64) string {
	v = math.Round(v*100) / 100
	if v == 0 {
		return "0"
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}

func hexColour(c color.Color) string {
	r, g, b, _ := c.RGBA()
	return fmt.Sprintf("#%02x%02x%02x", r>>8, g>>8, b>>8)
}

func (c *svgCanvas) cmd(op string, xy ...float64) {
	c.flush()
	c.path.WriteString(op)
	for i, v := range xy {
		if i > 0 {
			c.path.WriteByte(' ')
		}
		c.path.WriteString(num(v))
	}
}

func (c *svgCanvas) MoveTo(x, y float64) { c.cmd("M", x, y) }
func (c *svgCanvas) LineTo(x, y float64) { c.cmd("L", x, y) }
func (c *svgCanvas) CubicTo(x1, y1, x2, y2, x3, y3 float64) {
	c.cmd("C", x1, y1, x2, y2, x3, y3)
}
func (c *svgCanvas) QuadraticTo(x1, y1, x2, y2 float64) { c.cmd("Q", x1, y1, x2, y2) }
func (c *svgCanvas) ClosePath()                         { c.cmd("Z") }

func (c *svgCanvas) DrawCircle(x, y, r float64) {
	c.cmd("M", x+r, y)
	c.cmd("A", r, r, 0, 1, 0, x-r, y)
	c.cmd("A", r, r, 0, 1, 0, x+r, y)
	c.cmd("Z")
}

func (c *svgCanvas) DrawRoundedRectangle(x, y, w, h, r float64) {
	x0, x1, x2, x3 := x, x+r, x+w-r, x+w
	y0, y1, y2, y3 := y, y+r, y+h-r, y+h
	c.cmd("M", x1, y0)
	c.cmd("L", x2, y0)
	c.cmd("A", r, r, 0, 0, 1, x3, y1)
	c.cmd("L", x3, y2)
	c.cmd("A", r, r, 0, 0, 1, x2, y3)
	c.cmd("L", x1, y3)
	c.cmd("A", r, r, 0, 0, 1, x0, y2)
	c.cmd("L", x0, y1)
	c.cmd("A", r, r, 0, 0, 1, x1, y0)
	c.cmd("Z")
}

func (c *svgCanvas) SetColor(col color.Color) {
	r, g, b, a := col.RGBA()
	c.col = color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), uint8(a >> 8)}
}
func (c *svgCanvas) SetLineWidth(w float64)   { c.width = w }
func (c *svgCanvas) SetLineCap(cp gg.LineCap) { c.cap = cp }

func (c *svgCanvas) element(attrs string) {
	c.out.WriteString(`<path d="`)
	c.out.WriteString(c.path.String())
	c.out.WriteString(`"`)
	c.out.WriteString(attrs)
	if c.clip != "" {
		c.out.WriteString(` clip-path="url(#` + c.clip + `)"`)
	}
	c.out.WriteString("/>")
}

// flush writes a fill that no stroke of the same path followed.
func (c *svgCanvas) flush() {
	if c.pending == "" {
		return
	}
	fill := c.pending
	c.pending = ""
	c.element(` fill="` + fill + `"`)
}

func (c *svgCanvas) Fill() {
	c.flush()
	c.element(` fill="` + hexColour(c.col) + `"`)
	c.path.Reset()
}

func (c *svgCanvas) FillPreserve() {
	c.flush()
	c.pending = hexColour(c.col)
}

func (c *svgCanvas) Stroke() {
	fill := "none"
	if c.pending != "" {
		fill, c.pending = c.pending, ""
	}
	attrs := ` fill="` + fill + `" stroke="` + hexColour(c.col) + `" stroke-width="` + num(c.width) + `"`
	if c.cap == gg.LineCapButt {
		attrs += ` stroke-linecap="butt"`
	}
	c.element(attrs)
	c.path.Reset()
}

func (c *svgCanvas) ClipPreserve() {
	c.flush()
	c.clips++
	id := fmt.Sprintf("%sk%d", c.idPrefix, c.clips)
	c.out.WriteString(`<clipPath id="` + id + `"><path d="` + c.path.String() + `"/></clipPath>`)
	c.clip = id
}

func (c *svgCanvas) ClearPath() { c.flush(); c.path.Reset() }
func (c *svgCanvas) ResetClip() { c.flush(); c.clip = "" }

// Geometry is where the PNG of a view puts everything, in pixels at a cell
// size: the same layout the PNG is painted from, for drawing the board
// another way.
type Geometry struct {
	Width, Height int
	CellPx        int // the size the layout was made for
	PiecePx       int // the side of a piece's box
	Frame         string
	Cells         []CellGeometry
	Labels        []LabelGeometry
	// NumberPx is the font size of cell numbers; NumberInk their colour.
	NumberPx  int
	NumberInk string
}

// CellGeometry is one cell in pixels.
type CellGeometry struct {
	Poly   []games.Point // the outline
	Centre games.Point   // where a piece stands
	Fill   string        // its colour, #rrggbb
	Number string        // drawn in the cell when not empty (the triangle)
	Square bool          // an axis-aligned square (no outline drawn)
}

// LabelGeometry is a coordinate or a title.
type LabelGeometry struct {
	Text   string
	X, Y   float64 // the centre of the text
	Px     int     // the font's pixel size
	Colour string
}

// GeometryOf lays out v's board at cellPx pixels per cell, exactly as the
// PNG of v at that size.
func GeometryOf(v games.View, cellPx int) (Geometry, error) {
	if cellPx < MinCellPx || cellPx > MaxCellPx {
		return Geometry{}, fmt.Errorf("render: CellPx %d is outside %d–%d", cellPx, MinCellPx, MaxCellPx)
	}
	if err := checkView(&v); err != nil {
		return Geometry{}, err
	}
	l, err := getLayout(&v, cellPx)
	if err != nil {
		return Geometry{}, err
	}
	g := Geometry{Width: l.width, Height: l.height, CellPx: cellPx, PiecePx: l.piecePx, Frame: hexColour(colFrame),
		NumberPx: cellPx * numberPct / 100, NumberInk: hexColour(colLabelInk)}
	for _, c := range l.cells {
		cg := CellGeometry{Centre: games.Point{X: float64(c.centre.X), Y: float64(c.centre.Y)},
			Fill: hexColour(shadeColour(c.shade)), Number: c.number, Square: c.isRect}
		for _, p := range c.poly {
			cg.Poly = append(cg.Poly, games.Point{X: p.X, Y: p.Y})
		}
		g.Cells = append(g.Cells, cg)
	}
	for _, lb := range v.Labels {
		face, err := l.labelFace(lb)
		if err != nil {
			return Geometry{}, err
		}
		col := colLabel
		if l.insideCell(lb.At) {
			col = colLabelInk
		}
		g.Labels = append(g.Labels, LabelGeometry{Text: lb.Text, X: l.px(lb.At.X), Y: l.py(lb.At.Y),
			Px: face.px, Colour: hexColour(col)})
	}
	return g, nil
}

// MarkStyle is how the PNG draws a kind of mark, for another renderer.
type MarkStyle struct {
	// Tint, when not empty, washes the whole cell with this colour at
	// Alpha.
	Tint  string
	Alpha float64
	// Ring, when not empty, outlines the cell from inside in this colour,
	// dashed or solid.
	Ring   string
	Dashed bool
	// Glow is a red halo under the piece (an attacked king); Die a small
	// die in the cell's corner (where the dice pointed).
	Glow, Die bool
}

// MarkStyles are the styles of every mark kind the PNG draws.
func MarkStyles() map[games.MarkKind]MarkStyle {
	out := map[games.MarkKind]MarkStyle{}
	for k, t := range markTints {
		out[k] = MarkStyle{Tint: hexColour(t.c), Alpha: t.alpha}
	}
	out[games.MarkMovable] = MarkStyle{Ring: hexColour(colMovable)}
	out[games.MarkBoardChange] = MarkStyle{Ring: hexColour(colBoardChange)}
	out[games.MarkLinked] = MarkStyle{Ring: hexColour(colBoardChange), Dashed: true}
	out[games.MarkDice] = MarkStyle{Ring: hexColour(colDiceRing), Dashed: true, Die: true}
	out[games.MarkAttackedKing] = MarkStyle{Glow: true}
	return out
}

// Colours the PNG uses that an SVG of it needs too.
var (
	CheckColour   = hexColour(colCheck)
	DieFaceColour = hexColour(colDieFace)
	DieInkColour  = hexColour(colDieInk)
	PlainColour   = hexColour(colPlainCell)
)
