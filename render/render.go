// Package render draws a games.View as a PNG: the board, its coordinates,
// the pieces and the marks of the last move. The view's Variant, MoveNumber,
// ToAct and Status are not drawn: a caller shows them as text beside the
// picture (Discord draws text crisply at any size, while text inside a
// picture shrinks with it). It knows no variant:
// everything comes from the view. Rendering is fast because what does not
// change is cached (the painted board per geometry and size, each piece
// per kind, side and size, glyphs, tiles of plain squares), and the
// picture is composed directly in a fixed palette, which image/png writes
// quickly (encode.go). See README.md for the design and figures.
package render

import (
	"bytes"
	"fmt"
	"math"

	"github.com/bermudachess/bermuda/games"
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
