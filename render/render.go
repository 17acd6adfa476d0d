// Package render draws a games.View as a PNG: the board, pieces, marks of
// the last move and a header saying whose turn it is. It knows no variant:
// everything comes from the view. Rendering is fast because what does not
// change is cached (the painted board per geometry and size, each piece
// per kind, side and size, glyphs, tiles of plain squares), and the
// picture is composed directly in a fixed palette, which image/png writes
// quickly (encode.go). See README.md for the design and figures.
package render

import (
	"bytes"
	"fmt"
	"image"
	"math"
	"strconv"
	"strings"

	"github.com/bermudachess/bermuda/games"
	"github.com/fogleman/gg"
)

// Options says how big to draw.
type Options struct {
	// CellPx is the size of a cell in pixels: the side of a square on
	// square boards; on other boards, the diameter of the largest circle
	// that fits in the smallest cell (the room a piece has). 0 means
	// DefaultCellPx.
	CellPx int
}

// DefaultCellPx makes a 10×10 board 640 pixels wide.
const DefaultCellPx = 64

// Smallest and largest CellPx accepted.
const (
	MinCellPx = 16
	MaxCellPx = 256
)

func errTooBig(w, h int) error {
	return fmt.Errorf("render: the picture would be %d×%d pixels; use a smaller CellPx", w, h)
}

// PNG renders v with the default options.
func PNG(v games.View) ([]byte, error) { return Render(v, Options{}) }

// Render draws v and encodes it as PNG. It is safe for concurrent use.
func Render(v games.View, o Options) ([]byte, error) {
	px := o.CellPx
	if px == 0 {
		px = DefaultCellPx
	}
	if px < MinCellPx || px > MaxCellPx {
		return nil, fmt.Errorf("render: CellPx %d is outside %d–%d", px, MinCellPx, MaxCellPx)
	}
	if err := checkView(&v); err != nil {
		return nil, err
	}
	l, err := getLayout(&v, px)
	if err != nil {
		return nil, err
	}
	img := getPaletted(l.bgPaletted.Rect)
	defer putPaletted(img)
	copy(img.Pix, l.bgPaletted.Pix)
	l.compose(img, &v)
	var buf bytes.Buffer
	buf.Grow(48 << 10)
	if err := writePNG(&buf, img); err != nil {
		return nil, fmt.Errorf("render: encoding PNG: %w", err)
	}
	return buf.Bytes(), nil
}

// checkView rejects views that index cells that do not exist, so a buggy
// variant gets an error instead of a crash.
func checkView(v *games.View) error {
	n := len(v.Cells)
	for _, c := range v.Cells {
		if len(c.Polygon) < 3 {
			return fmt.Errorf("render: cell %q has %d corners, want at least 3", c.Name, len(c.Polygon))
		}
		for _, p := range c.Polygon {
			if math.IsNaN(p.X) || math.IsNaN(p.Y) || math.IsInf(p.X, 0) || math.IsInf(p.Y, 0) {
				return fmt.Errorf("render: cell %q has a corner that is not a number", c.Name)
			}
		}
	}
	for _, p := range v.Pieces {
		if p.Cell < 0 || p.Cell >= n {
			return fmt.Errorf("render: a %s stands on cell %d of %d", p.Kind, p.Cell, n)
		}
	}
	for _, m := range v.Marks {
		if m.Cell < 0 || m.Cell >= n {
			return fmt.Errorf("render: a mark is on cell %d of %d", m.Cell, n)
		}
	}
	return nil
}

func (l *layout) drawHeader(img *image.RGBA, v *games.View) {
	pad := l.cellPx / 5
	right := l.width - pad
	y1 := pad + l.titleFace.capHeight
	y2 := y1 + pad + l.statusFace.capHeight + l.cellPx/10
	clip := image.Rect(0, 0, l.width, l.headerH)
	move := ""
	if v.MoveNumber > 0 {
		move = "Move " + strconv.Itoa(v.MoveNumber)
	}
	mw := l.titleFace.width(move)
	title := l.titleFace.fit(v.Variant, right-pad-mw-pad)
	l.titleFace.draw(img, title, pad, y1, colTitle, clip)
	l.titleFace.draw(img, move, right-mw, y1, colSubtitle, clip)

	x := pad
	if side, ok := leadingSide(v.ToAct); ok {
		// A disc of the acting army's colour in front of the turn line.
		d := l.statusFace.capHeight * 3 / 2
		withGG(img, func(dc *gg.Context) {
			c := coloursOf(side)
			dc.DrawCircle(float64(x)+float64(d)/2, float64(y2)-float64(l.statusFace.capHeight)/2, float64(d)/2)
			dc.SetColor(c.fill)
			dc.FillPreserve()
			dc.SetColor(colSubtitle)
			dc.SetLineWidth(1.5)
			dc.Stroke()
		})
		x += d + pad/2
	}
	l.statusFace.draw(img, l.statusFace.fit(v.ToAct, right-x), x, y2, colTitle, clip)
	y3 := y2 + pad + l.statusFace.capHeight
	l.statusFace.draw(img, l.statusFace.fit(v.Status, right-pad), pad, y3, colSubtitle, clip)
}

// leadingSide finds the army a turn line starts with ("White to move").
func leadingSide(s string) (games.Side, bool) {
	for _, side := range []games.Side{games.White, games.Black, games.Red} {
		if strings.HasPrefix(s, side.String()) {
			return side, true
		}
	}
	return games.NoSide, false
}
