package render

import (
	"image"
	"image/color"
	"image/draw"

	"github.com/bermudachess/bermuda/games"
	"github.com/fogleman/gg"
)

// Pieces are drawn by this file as vector shapes on a 100×100 design box
// (y down), rasterised once per kind, side, pixel size and ghostliness, and
// then only copied. Every piece shares the same pedestal, outline weight and
// detail style, so the set reads as one family.

// armyColours are the fill, outline and detail colours of one side.
type armyColours struct {
	fill, ink, detail color.RGBA
}

func coloursOf(s games.Side) armyColours {
	switch s {
	case games.Black:
		return armyColours{fill: rgb(0x30, 0x2e, 0x33), ink: rgb(0x0d, 0x0d, 0x0f), detail: rgb(0xe6, 0xe2, 0xda)}
	case games.Red:
		return armyColours{fill: rgb(0xd4, 0x3b, 0x2f), ink: rgb(0x3a, 0x0c, 0x08), detail: rgb(0xff, 0xe4, 0xd6)}
	}
	return armyColours{fill: rgb(0xfb, 0xf8, 0xf1), ink: rgb(0x1f, 0x1d, 0x1b), detail: rgb(0x1f, 0x1d, 0x1b)}
}

func rgb(r, g, b uint8) color.RGBA { return color.RGBA{r, g, b, 0xff} }

// canvas is what the piece drawers draw on: a *gg.Context for the PNGs,
// an svgCanvas (svg.go) for the web page's SVG, so both come from the
// same shapes.
type canvas interface {
	MoveTo(x, y float64)
	LineTo(x, y float64)
	CubicTo(x1, y1, x2, y2, x3, y3 float64)
	QuadraticTo(x1, y1, x2, y2 float64)
	ClosePath()
	DrawCircle(x, y, r float64)
	DrawRoundedRectangle(x, y, w, h, r float64)
	SetColor(c color.Color)
	SetLineWidth(w float64)
	SetLineCap(c gg.LineCap)
	Fill()
	FillPreserve()
	Stroke()
	ClipPreserve()
	ClearPath()
	ResetClip()
}

// pen draws in design units: pixel = o + s·unit.
type pen struct {
	dc     canvas
	s      float64
	ox, oy float64
	c      armyColours
	lw     float64 // outline width in pixels
	noBase bool    // leave out the pedestal (pieces drawn inside another)
}

func (p pen) x(v float64) float64 { return p.ox + p.s*v }
func (p pen) y(v float64) float64 { return p.oy + p.s*v }

func (p pen) M(x, y float64) { p.dc.MoveTo(p.x(x), p.y(y)) }
func (p pen) L(x, y float64) { p.dc.LineTo(p.x(x), p.y(y)) }
func (p pen) C(x1, y1, x2, y2, x3, y3 float64) {
	p.dc.CubicTo(p.x(x1), p.y(y1), p.x(x2), p.y(y2), p.x(x3), p.y(y3))
}
func (p pen) Q(x1, y1, x2, y2 float64) { p.dc.QuadraticTo(p.x(x1), p.y(y1), p.x(x2), p.y(y2)) }
func (p pen) Z()                       { p.dc.ClosePath() }

// poly adds a closed polygon through the given x, y pairs.
func (p pen) poly(xy ...float64) {
	p.M(xy[0], xy[1])
	for i := 2; i+1 < len(xy); i += 2 {
		p.L(xy[i], xy[i+1])
	}
	p.Z()
}

func (p pen) circle(x, y, r float64) { p.dc.DrawCircle(p.x(x), p.y(y), p.s*r) }

func (p pen) rrect(x0, y0, x1, y1, r float64) {
	p.dc.DrawRoundedRectangle(p.x(x0), p.y(y0), p.s*(x1-x0), p.s*(y1-y0), p.s*r)
}

// body fills the current path with the army colour and outlines it.
func (p pen) body() {
	p.dc.SetColor(p.c.fill)
	p.dc.FillPreserve()
	p.dc.SetColor(p.c.ink)
	p.dc.SetLineWidth(p.lw)
	p.dc.Stroke()
}

// inked fills the current path with the outline colour (eyes, balls).
func (p pen) inked() {
	p.dc.SetColor(p.c.ink)
	p.dc.Fill()
}

// detail strokes the current path as an inner line in the detail colour.
func (p pen) detail(width float64) {
	p.dc.SetColor(p.c.detail)
	p.dc.SetLineWidth(p.s * width)
	p.dc.Stroke()
}

// sub returns a pen drawing a design box scaled by k with its origin at
// (x, y) of this pen's box: for pieces built from other pieces.
func (p pen) sub(x, y, k float64) pen {
	q := p
	q.ox, q.oy, q.s = p.x(x), p.y(y), p.s*k
	return q
}

// pedestal is the base every piece stands on.
func pedestal(p pen, top float64) { widePedestal(p, top, 22, 78) }

func widePedestal(p pen, top, left, right float64) {
	if p.noBase {
		return
	}
	p.rrect(left, top, right, 91, 4)
	p.body()
	p.M(left+8, top+(91-top)*0.45)
	p.L(right-8, top+(91-top)*0.45)
	p.detail(1.6)
}

func drawPawn(p pen) {
	p.M(41, 46)
	p.C(41, 60, 33, 70, 30, 80)
	p.L(70, 80)
	p.C(67, 70, 59, 60, 59, 46)
	p.Z()
	p.body()
	p.rrect(34, 41, 66, 49, 4)
	p.body()
	p.circle(50, 28, 13)
	p.body()
	pedestal(p, 79)
}

func drawRook(p pen) {
	p.poly(34, 40, 66, 40, 69, 78, 31, 78)
	p.body()
	p.poly(26, 14, 36, 14, 36, 22, 45, 22, 45, 14, 55, 14, 55, 22, 64, 22, 64, 14, 74, 14, 74, 33, 67, 40, 33, 40, 26, 33)
	p.body()
	p.M(33, 40)
	p.L(67, 40)
	p.detail(1.6)
	p.M(36, 58)
	p.L(64, 58)
	p.detail(1.6)
	pedestal(p, 77)
}

func mitre(p pen, top, bottom float64) {
	h := bottom - top
	p.M(50, top)
	p.C(63, top+h*0.3, 69, top+h*0.7, 63, bottom)
	p.L(37, bottom)
	p.C(31, top+h*0.7, 37, top+h*0.3, 50, top)
	p.Z()
	p.body()
	// The slit of the mitre.
	p.M(56, top+h*0.28)
	p.L(46, top+h*0.62)
	p.detail(3)
	p.circle(50, top-5, 5.5)
	p.body()
}

func drawBishop(p pen) {
	p.M(41, 58)
	p.C(42, 68, 36, 74, 31, 80)
	p.L(69, 80)
	p.C(64, 74, 58, 68, 59, 58)
	p.Z()
	p.body()
	mitre(p, 17, 56)
	p.rrect(35, 53, 65, 61, 3.5)
	p.body()
	pedestal(p, 79)
}

// crownBody is the shared flared body of king and queen.
func crownBody(p pen, top float64) {
	p.M(37, top)
	p.C(38, 66, 33, 74, 29, 80)
	p.L(71, 80)
	p.C(67, 74, 62, 66, 63, top)
	p.Z()
	p.body()
}

func drawQueen(p pen) {
	crownBody(p, 56)
	p.poly(30, 58, 20, 27, 34, 43, 36, 18, 45, 39, 50, 13, 55, 39, 64, 18, 66, 43, 80, 27, 70, 58)
	p.body()
	for _, b := range [][2]float64{{20, 25}, {36, 16}, {50, 11}, {64, 16}, {80, 25}} {
		p.circle(b[0], b[1], 4.5)
		p.body()
	}
	p.rrect(29, 54, 71, 62, 3.5)
	p.body()
	pedestal(p, 79)
}

func drawKing(p pen) {
	crownBody(p, 54)
	// Two lobes of the crown.
	p.M(29, 54)
	p.C(20, 40, 27, 28, 38, 29)
	p.C(44, 29, 48, 33, 50, 38)
	p.C(52, 33, 56, 29, 62, 29)
	p.C(73, 28, 80, 40, 71, 54)
	p.Z()
	p.body()
	p.M(50, 38)
	p.L(50, 53)
	p.detail(1.8)
	// The cross.
	p.poly(46.5, 7, 53.5, 7, 53.5, 13, 59, 13, 59, 20, 53.5, 20, 53.5, 31, 46.5, 31, 46.5, 20, 41, 20, 41, 13, 46.5, 13)
	p.body()
	p.rrect(28, 52, 72, 60, 3.5)
	p.body()
	pedestal(p, 79)
}

// horseHead draws a knight's head facing left in a design box.
func horseHead(p pen) {
	p.M(68, 82)
	p.C(70, 64, 74, 46, 67, 31)
	p.C(63, 22, 56, 17, 49, 16)
	p.L(46, 6)
	p.L(40, 17)
	p.C(32, 21, 25, 32, 19, 45)
	p.C(16, 52, 20, 57, 27, 56)
	p.C(33, 54, 38, 51, 45, 49)
	p.C(41, 59, 33, 68, 32, 82)
	p.Z()
}

func horseFace(p pen) {
	p.circle(40, 30, 3.2)
	if p.c.detail == p.c.ink {
		p.inked()
	} else {
		p.dc.SetColor(p.c.detail)
		p.dc.Fill()
	}
	p.circle(23.5, 49.5, 1.8)
	p.dc.SetColor(p.c.detail)
	p.dc.Fill()
}

func drawKnight(p pen) {
	horseHead(p)
	p.body()
	horseFace(p)
	// The mane along the back of the neck.
	p.M(60, 24)
	p.C(67, 38, 66, 56, 63, 74)
	p.detail(2)
	pedestal(p, 80)
}

func drawZebra(p pen) {
	horseHead(p)
	p.dc.SetColor(p.c.fill)
	p.dc.FillPreserve()
	p.dc.ClipPreserve()
	p.dc.ClearPath()
	// Stripes across the neck and face, clipped to the head.
	p.dc.SetLineCap(gg.LineCapButt)
	for _, s := range [][4]float64{{44, 20, 52, 40}, {56, 22, 54, 48}, {68, 36, 52, 58}, {72, 52, 48, 68}, {74, 66, 44, 80}, {30, 28, 38, 44}} {
		p.M(s[0], s[1])
		p.Q((s[0]+s[2])/2+6, (s[1]+s[3])/2, s[2], s[3])
		p.dc.SetColor(p.c.detail)
		if p.c.detail == p.c.fill {
			p.dc.SetColor(p.c.ink)
		}
		p.dc.SetLineWidth(p.s * 5)
		p.dc.Stroke()
	}
	p.dc.SetLineCap(gg.LineCapRound)
	p.dc.ResetClip()
	horseHead(p)
	p.dc.SetColor(p.c.ink)
	p.dc.SetLineWidth(p.lw)
	p.dc.Stroke()
	// An upright mane, the zebra's bristle.
	p.poly(49, 16, 56, 10, 58, 19, 65, 15, 65, 25, 72, 24, 69, 33)
	p.dc.SetColor(p.c.ink)
	p.dc.Fill()
	horseFace(p)
	pedestal(p, 80)
}

func drawShip(p pen) {
	// Hull.
	p.M(14, 60)
	p.L(86, 60)
	p.C(82, 70, 76, 77, 70, 80)
	p.L(30, 80)
	p.C(24, 77, 18, 70, 14, 60)
	p.Z()
	p.body()
	p.M(26, 68)
	p.L(74, 68)
	p.detail(1.6)
	// Mast and pennant, then main sail and jib.
	p.M(50, 10)
	p.L(50, 60)
	p.dc.SetColor(p.c.ink)
	p.dc.SetLineWidth(p.s * 3.2)
	p.dc.Stroke()
	p.poly(51.5, 9, 63, 12.5, 51.5, 16)
	p.body()
	p.M(54, 18)
	p.C(69, 28, 77, 42, 78, 55)
	p.L(54, 55)
	p.Z()
	p.body()
	p.poly(46, 22, 46, 55, 23, 55)
	p.body()
	pedestal(p, 80)
}

func drawBede(p pen) {
	// A tower (the orthogonal jump) under a mitre (the bishop's slide).
	p.poly(33, 50, 67, 50, 70, 78, 30, 78)
	p.body()
	p.poly(28, 44, 36, 44, 36, 39, 44, 39, 44, 44, 56, 44, 56, 39, 64, 39, 64, 44, 72, 44, 72, 53, 28, 53)
	p.body()
	p.M(35, 65)
	p.L(65, 65)
	p.detail(1.6)
	p.M(50, 53)
	p.L(50, 65)
	p.detail(1.6)
	mitre(p, 14, 39)
	pedestal(p, 77)
}

func drawChancellor(p pen) {
	// A horse rising from a rook's battlements.
	horseHead(p.sub(14, 0, 0.72))
	p.body()
	horseFace(p.sub(14, 0, 0.72))
	p.poly(26, 48, 35, 48, 35, 55, 45, 55, 45, 48, 55, 48, 55, 55, 65, 55, 65, 48, 74, 48, 74, 64, 67, 70, 33, 70, 26, 64)
	p.body()
	p.poly(33, 70, 67, 70, 69, 80, 31, 80)
	p.body()
	pedestal(p, 79)
}

func drawJester(p pen) {
	// A fool's cap: three drooping horns with bells over a band.
	p.M(30, 60)
	p.C(28, 46, 20, 38, 11, 35)
	p.C(24, 30, 34, 34, 40, 42)
	p.C(39, 30, 43, 20, 50, 12)
	p.C(57, 20, 61, 30, 60, 42)
	p.C(66, 34, 76, 30, 89, 35)
	p.C(80, 38, 72, 46, 70, 60)
	p.Z()
	p.body()
	p.M(40, 42)
	p.C(42, 50, 44, 55, 44, 59)
	p.detail(1.6)
	p.M(60, 42)
	p.C(58, 50, 56, 55, 56, 59)
	p.detail(1.6)
	for _, b := range [][2]float64{{11, 35}, {50, 12}, {89, 35}} {
		p.circle(b[0], b[1], 5.5)
		p.body()
	}
	p.poly(36, 66, 64, 66, 69, 80, 31, 80)
	p.body()
	p.rrect(27, 58, 73, 67, 3)
	p.body()
	// Diamonds on the band.
	for _, x := range []float64{38, 50, 62} {
		p.poly(x, 59.5, x+3.5, 62.5, x, 65.5, x-3.5, 62.5)
		p.dc.SetColor(p.c.detail)
		p.dc.Fill()
	}
	pedestal(p, 79)
}

func drawSquire(p pen) {
	// A heater shield with a cross, on a short post.
	p.poly(44, 66, 56, 66, 60, 80, 40, 80)
	p.body()
	p.M(27, 16)
	p.C(40, 20, 60, 20, 73, 16)
	p.L(73, 42)
	p.C(73, 57, 63, 66, 50, 73)
	p.C(37, 66, 27, 57, 27, 42)
	p.Z()
	p.body()
	p.M(50, 23)
	p.L(50, 64)
	p.detail(4)
	p.M(33, 37)
	p.L(67, 37)
	p.detail(4)
	pedestal(p, 79)
}

// drawSchrodinger is the undecided king/bishop: a king and a bishop
// standing together on one pedestal, the king in front.
func drawSchrodinger(p pen) {
	q := p
	q.noBase = true
	drawBishop(q.sub(35, 24, 0.7))
	drawKing(q.sub(-6, 21, 0.74))
	widePedestal(p, 79, 10, 90)
}

var pieceDrawers = map[games.PieceKind]func(pen){
	games.King:        drawKing,
	games.Queen:       drawQueen,
	games.Rook:        drawRook,
	games.Bishop:      drawBishop,
	games.Knight:      drawKnight,
	games.Pawn:        drawPawn,
	games.Ship:        drawShip,
	games.Bede:        drawBede,
	games.Chancellor:  drawChancellor,
	games.Jester:      drawJester,
	games.Zebra:       drawZebra,
	games.Squire:      drawSquire,
	games.Schrodinger: drawSchrodinger,
}

// drawUnknown marks a kind render does not know: a ringed disc, so a new
// kind shows up as obviously unfinished rather than failing the render.
func drawUnknown(p pen) {
	p.circle(50, 48, 30)
	p.body()
	p.circle(50, 48, 16)
	p.detail(3)
	pedestal(p, 79)
}

type spriteKey struct {
	kind  games.PieceKind
	side  games.Side
	px    int
	ghost bool
}

var sprites = newMemo[spriteKey, *image.RGBA](64 << 20)

// ghostAlpha is how much of a vanished piece is still shown.
const ghostAlpha8 = 97 // of 255

// sprite returns the px×px picture of a piece, drawing it on first use.
func sprite(kind games.PieceKind, side games.Side, px int, ghost bool) *image.RGBA {
	key := spriteKey{kind, side, px, ghost}
	if s, ok := sprites.get(key); ok {
		return s
	}
	var img *image.RGBA
	if ghost {
		solid := sprite(kind, side, px, false)
		img = image.NewRGBA(solid.Rect)
		mask := image.NewUniform(color.Alpha{ghostAlpha8})
		draw.DrawMask(img, img.Rect, solid, image.Point{}, mask, image.Point{}, draw.Src)
	} else {
		img = drawSprite(kind, side, px)
	}
	return sprites.put(key, img, len(img.Pix))
}

func drawSprite(kind games.PieceKind, side games.Side, px int) *image.RGBA {
	dc := gg.NewContext(px, px)
	dc.SetLineJoin(gg.LineJoinRound)
	dc.SetLineCap(gg.LineCapRound)
	s := float64(px) / 100
	lw := 3.6 * s
	if lw < 1.1 {
		lw = 1.1
	}
	p := pen{dc: dc, s: s, c: coloursOf(side), lw: lw}
	draw := pieceDrawers[kind]
	if draw == nil {
		draw = drawUnknown
	}
	draw(p)
	return dc.Image().(*image.RGBA)
}
