package render

import (
	"encoding/binary"
	"image"
	"image/color"
	"image/draw"
	"math"

	"github.com/bermudachess/bermuda/games"
	"github.com/fogleman/gg"
)

// layout is everything about a picture that depends only on the board's
// geometry (cells, labels) and the size: where things go and the painted
// background. It is computed once per geometry and size and shared.
type layout struct {
	width, height int
	scale         float64 // pixels per board unit
	ox, oy        float64 // pixel position of board point (0, 0)
	cellPx        int     // distance between neighbouring cell centres
	piecePx       int
	cells         []cellLayout
	background    *image.RGBA     // the picture with no position on it
	bgPaletted    *image.Paletted // the same, mapped to the palette
	numberFace    *textFace
}

type cellLayout struct {
	centre image.Point
	// rect is the cell in pixels when it is an axis-aligned rectangle
	// with whole-pixel corners (square boards): marks then fill it
	// directly. Otherwise poly holds the outline in pixels.
	rect   image.Rectangle
	isRect bool
	// flat means a square cell of one colour: no label or number on it.
	flat   bool
	bounds image.Rectangle // pixel bounding box of the outline
	poly   []gg.Point
	shade  games.Shade
	number string
}

// Text sizes in percent of a cell. A picture is seen about 400 px wide,
// where a cell of the two Bermuda boards is some 22 px: coordinates at 42%
// are then a 9 px font, the least a phone reader can take in at a glance.
const (
	labelPct  = 42 // coordinates
	numberPct = 30 // cell numbers of the triangular board
)

// Layouts by geometry key (see geometryKey). A layout holds its painted
// board, about 2.7 MB for a 10×10 board at 64 px.
var layouts = newMemo[string, *layout](128 << 20)

// geometryKey identifies a view's geometry exactly: everything layout reads.
func geometryKey(v *games.View, cellPx int) string {
	b := make([]byte, 0, 64+len(v.Cells)*80+len(v.Labels)*32)
	f := func(x float64) { b = binary.LittleEndian.AppendUint64(b, math.Float64bits(x)) }
	s := func(t string) { b = binary.AppendUvarint(b, uint64(len(t))); b = append(b, t...) }
	b = binary.AppendUvarint(b, uint64(cellPx))
	b = binary.AppendUvarint(b, uint64(len(v.Cells)))
	for _, c := range v.Cells {
		b = binary.AppendUvarint(b, uint64(len(c.Polygon)))
		for _, p := range c.Polygon {
			f(p.X)
			f(p.Y)
		}
		b = binary.AppendUvarint(b, uint64(c.Shade))
		s(c.Number)
	}
	for _, l := range v.Labels {
		s(l.Text)
		f(l.At.X)
		f(l.At.Y)
		f(l.Size)
	}
	return string(b)
}

func getLayout(v *games.View, cellPx int) (*layout, error) {
	key := geometryKey(v, cellPx)
	if l, ok := layouts.get(key); ok {
		return l, nil
	}
	l, err := newLayout(v, cellPx)
	if err != nil {
		return nil, err
	}
	return layouts.put(key, l, len(l.background.Pix)+len(l.bgPaletted.Pix)), nil
}

// cellSize is the diameter, in board units, of the largest circle that
// fits in the smallest cell: a square's side, or what a piece can fill on
// the triangular board. Pictures are scaled so that it is cellPx.
func cellSize(cells []games.Cell) float64 {
	best := math.Inf(1)
	for _, c := range cells {
		_, r := inCircle(c.Polygon)
		if r > 1e-9 && 2*r < best {
			best = 2 * r
		}
	}
	if math.IsInf(best, 1) {
		return 1
	}
	return best
}

// inCircle returns where a piece sits in a cell and the radius it may
// take: for a triangle its incircle; for other shapes the vertex mean and
// the distance to the nearest edge.
func inCircle(poly []games.Point) (games.Point, float64) {
	if len(poly) == 3 {
		a, b, c := poly[0], poly[1], poly[2]
		la, lb, lc := dist(b, c), dist(a, c), dist(a, b)
		per := la + lb + lc
		if per == 0 {
			return a, 0
		}
		ctr := games.Point{X: (la*a.X + lb*b.X + lc*c.X) / per, Y: (la*a.Y + lb*b.Y + lc*c.Y) / per}
		s := per / 2
		area := math.Abs((b.X-a.X)*(c.Y-a.Y)-(c.X-a.X)*(b.Y-a.Y)) / 2
		return ctr, area / s
	}
	ctr := games.Cell{Polygon: poly}.Center()
	r := math.Inf(1)
	for i := range poly {
		r = math.Min(r, segmentDist(ctr, poly[i], poly[(i+1)%len(poly)]))
	}
	return ctr, r
}

func dist(a, b games.Point) float64 { return math.Hypot(a.X-b.X, a.Y-b.Y) }

func segmentDist(p, a, b games.Point) float64 {
	dx, dy := b.X-a.X, b.Y-a.Y
	l2 := dx*dx + dy*dy
	t := 0.0
	if l2 > 0 {
		t = math.Max(0, math.Min(1, ((p.X-a.X)*dx+(p.Y-a.Y)*dy)/l2))
	}
	return math.Hypot(p.X-a.X-t*dx, p.Y-a.Y-t*dy)
}

func newLayout(v *games.View, cellPx int) (*layout, error) {
	l := &layout{cellPx: cellPx}
	l.scale = float64(cellPx) / cellSize(v.Cells)
	var err error
	if l.numberFace, err = getFace(fontBold, cellPx*numberPct/100); err != nil {
		return nil, err
	}

	// The board's extent in pixels relative to board point (0, 0):
	// cells, then labels with their text.
	minX, minY := math.Inf(1), math.Inf(1)
	maxX, maxY := math.Inf(-1), math.Inf(-1)
	grow := func(x, y float64) {
		minX, maxX = math.Min(minX, x), math.Max(maxX, x)
		minY, maxY = math.Min(minY, y), math.Max(maxY, y)
	}
	for _, c := range v.Cells {
		for _, p := range c.Polygon {
			grow(p.X*l.scale, p.Y*l.scale)
		}
	}
	labelFaces := make([]*textFace, len(v.Labels))
	for i, lb := range v.Labels {
		face, err := l.labelFace(lb)
		if err != nil {
			return nil, err
		}
		labelFaces[i] = face
		w, h := float64(face.width(lb.Text))/2, float64(face.capHeight)/2
		grow(lb.At.X*l.scale-w-2, lb.At.Y*l.scale-h-2)
		grow(lb.At.X*l.scale+w+2, lb.At.Y*l.scale+h+2)
	}
	if math.IsInf(minX, 1) {
		minX, minY, maxX, maxY = 0, 0, float64(cellPx), float64(cellPx)
	}
	// A thin frame: every pixel of a picture shown 400 px wide counts.
	margin := float64(cellPx) / 12
	l.ox = math.Round(margin - minX)
	l.oy = math.Round(margin - minY)
	l.width = int(math.Ceil(maxX-minX+2*margin)) + 1
	l.height = int(math.Ceil(maxY-minY+2*margin)) + 1
	if l.width > 8000 || l.height > 8000 {
		return nil, errTooBig(l.width, l.height)
	}

	square := true
	l.cells = make([]cellLayout, len(v.Cells))
	for i, c := range v.Cells {
		cl := cellLayout{shade: c.Shade, number: c.Number}
		ctr, _ := inCircle(c.Polygon)
		if len(c.Polygon) != 3 {
			ctr = c.Center()
		}
		cl.centre = image.Pt(int(math.Round(l.px(ctr.X))), int(math.Round(l.py(ctr.Y))))
		minX, minY := math.Inf(1), math.Inf(1)
		maxX, maxY := math.Inf(-1), math.Inf(-1)
		for _, p := range c.Polygon {
			q := gg.Point{X: l.px(p.X), Y: l.py(p.Y)}
			cl.poly = append(cl.poly, q)
			minX, maxX = math.Min(minX, q.X), math.Max(maxX, q.X)
			minY, maxY = math.Min(minY, q.Y), math.Max(maxY, q.Y)
		}
		cl.bounds = image.Rect(int(math.Floor(minX))-1, int(math.Floor(minY))-1, int(math.Ceil(maxX))+1, int(math.Ceil(maxY))+1)
		cl.rect, cl.isRect = pixelRect(cl.poly)
		if cl.isRect {
			cl.bounds = cl.rect
		}
		square = square && cl.isRect
		l.cells[i] = cl
	}
	l.piecePx = cellPx * 90 / 100
	if !square {
		l.piecePx = cellPx * 96 / 100
	}
	labelRects := l.labelRects(v, labelFaces)
	for i := range l.cells {
		c := &l.cells[i]
		c.flat = c.isRect && c.number == ""
		for _, r := range labelRects {
			c.flat = c.flat && !r.Overlaps(c.rect)
		}
	}
	l.background = l.paintBackground(v, labelFaces)
	l.bgPaletted = image.NewPaletted(l.background.Rect, palette())
	quantize(l.background, l.bgPaletted, l.background.Rect)
	return l, nil
}

func (l *layout) px(x float64) float64 { return l.ox + x*l.scale }
func (l *layout) py(y float64) float64 { return l.oy + y*l.scale }

func (l *layout) labelFace(lb games.Label) (*textFace, error) {
	px := int(math.Round(lb.Size * l.scale))
	if lb.Size <= 0 {
		px = l.cellPx * labelPct / 100
	}
	// Board units are large on boards of small cells (the triangular
	// board's unit is a triangle's side): keep titles in proportion to
	// the pieces.
	px = max(l.cellPx*30/100, min(px, l.cellPx/2))
	return getFace(fontBold, px)
}

// pixelRect reports whether poly is an axis-aligned rectangle with corners
// on whole pixels, and returns it.
func pixelRect(poly []gg.Point) (image.Rectangle, bool) {
	if len(poly) != 4 {
		return image.Rectangle{}, false
	}
	minX, minY, maxX, maxY := poly[0].X, poly[0].Y, poly[0].X, poly[0].Y
	for _, p := range poly {
		if math.Abs(p.X-math.Round(p.X)) > 1e-6 || math.Abs(p.Y-math.Round(p.Y)) > 1e-6 {
			return image.Rectangle{}, false
		}
		minX, maxX = math.Min(minX, p.X), math.Max(maxX, p.X)
		minY, maxY = math.Min(minY, p.Y), math.Max(maxY, p.Y)
	}
	for _, p := range poly {
		if (p.X != minX && p.X != maxX) || (p.Y != minY && p.Y != maxY) {
			return image.Rectangle{}, false
		}
	}
	r := image.Rect(int(minX), int(minY), int(maxX), int(maxY))
	return r, !r.Empty()
}

// labelRects are the pixel boxes of the labels' text.
func (l *layout) labelRects(v *games.View, faces []*textFace) []image.Rectangle {
	out := make([]image.Rectangle, len(v.Labels))
	for i, lb := range v.Labels {
		w, h := faces[i].width(lb.Text), faces[i].capHeight
		x, y := int(l.px(lb.At.X)), int(l.py(lb.At.Y))
		out[i] = image.Rect(x-w/2-2, y-h/2-2, x+w/2+2, y+h/2+2)
	}
	return out
}

// paintBackground draws what never changes for this geometry: frame,
// cells, cell outlines and labels.
func (l *layout) paintBackground(v *games.View, labelFaces []*textFace) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, l.width, l.height))
	draw.Draw(img, img.Rect, image.NewUniform(colFrame), image.Point{}, draw.Src)
	var dc *gg.Context
	for _, c := range l.cells {
		if c.isRect {
			draw.Draw(img, c.rect, image.NewUniform(shadeColour(c.shade)), image.Point{}, draw.Src)
			continue
		}
		if dc == nil {
			dc = gg.NewContextForRGBA(img)
		}
		fillCell(dc, c.poly, shadeColour(c.shade))
	}
	for _, c := range l.cells {
		if c.number != "" {
			l.numberFace.drawCentered(img, c.number, float64(c.centre.X), float64(c.centre.Y), colLabelInk)
		}
	}
	for i, lb := range v.Labels {
		col := colLabel
		if l.insideCell(lb.At) {
			col = colLabelInk
		}
		labelFaces[i].drawCentered(img, lb.Text, l.px(lb.At.X), l.py(lb.At.Y), col)
	}
	return img
}

// fillCell paints a non-rectangular cell and outlines it; the outline
// also hides the hairline seams anti-aliasing leaves between cells.
func fillCell(dc *gg.Context, poly []gg.Point, col color.RGBA) {
	dc.NewSubPath()
	for i, p := range poly {
		if i == 0 {
			dc.MoveTo(p.X, p.Y)
		} else {
			dc.LineTo(p.X, p.Y)
		}
	}
	dc.ClosePath()
	dc.SetColor(col)
	dc.FillPreserve()
	dc.SetColor(colCellEdge)
	dc.SetLineWidth(1.2)
	dc.SetLineJoin(gg.LineJoinRound)
	dc.Stroke()
}

func (l *layout) insideCell(p games.Point) bool {
	x, y := l.px(p.X), l.py(p.Y)
	for _, c := range l.cells {
		if inPolygon(c.poly, x, y) {
			return true
		}
	}
	return false
}

func inPolygon(poly []gg.Point, x, y float64) bool {
	in := false
	for i, j := 0, len(poly)-1; i < len(poly); j, i = i, i+1 {
		a, b := poly[i], poly[j]
		if (a.Y > y) != (b.Y > y) && x < (b.X-a.X)*(y-a.Y)/(b.Y-a.Y)+a.X {
			in = !in
		}
	}
	return in
}
