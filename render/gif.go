package render

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/gif"
	"time"

	"github.com/bermudachess/bermuda/games"
)

// An animated replay is one frame per position, drawn exactly as the PNG of
// that position, with a caption strip underneath (the move that led there,
// and any dice it rolled, drawn as dice). Every frame uses the render
// palette plus one transparent colour, written once as the GIF's global
// table; after the first frame only the rectangle that changed is stored,
// with the pixels inside it that did not change left transparent, which
// LZW compresses to almost nothing. A 200-ply game is a few hundred KB.

// Frame is one picture of an animation.
type Frame struct {
	View games.View
	// Caption is written under the board, e.g. "12. Black: e7e5".
	Caption string
	// Dice are the faces rolled by the move that led here, drawn as dice
	// at the right of the caption so a throw shows on its own frame.
	Dice []int
}

// GIFOptions says how big and how fast.
type GIFOptions struct {
	// CellPx is the cell size; 0 fits the board to about 480 px wide and
	// shrinks it further if the file would exceed MaxBytes.
	CellPx int
	// Delay is how long each position shows (0: 0.9 s); FinalDelay how
	// long the last one shows before the animation starts again (0: 4 s).
	Delay, FinalDelay time.Duration
	// MaxBytes is the size to stay under (0: 8 MB, Discord's limit).
	MaxBytes int
}

// DefaultGIFMaxBytes is Discord's attachment limit.
const DefaultGIFMaxBytes = 8 << 20

// minGIFCellPx is the smallest cell size GIF shrinks to when fitting.
const minGIFCellPx = 20

// gifWidth is the picture width GIF aims at when CellPx is 0: a little more
// than the 400 px Discord shows, so the animation stays sharp, while the
// encoding time (LZW over every changed pixel) stays well under the
// 2 s a 200-ply game may take.
const gifWidth = 480

// TooLargeError is returned, with the GIF, when the animation is still over
// the limit at the smallest size: the caller can send the record instead.
type TooLargeError struct {
	Bytes, Limit int
}

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("render: the animation is %d bytes, over the %d-byte limit", e.Bytes, e.Limit)
}

// GIF encodes frames as a looping animated GIF. The frames keep the first
// view's orientation: every view is drawn on the first one's cells and
// labels (views of one game index their cells alike), so a board that a
// variant turns towards the player to act does not spin between frames.
// When the result exceeds MaxBytes at the smallest size it is returned
// with a *TooLargeError.
func GIF(frames []Frame, o GIFOptions) ([]byte, error) {
	if len(frames) == 0 {
		return nil, errors.New("render: an animation needs at least one frame")
	}
	limit := o.MaxBytes
	if limit <= 0 {
		limit = DefaultGIFMaxBytes
	}
	views := make([]games.View, len(frames))
	first := frames[0].View
	for i, f := range frames {
		v := f.View
		if len(v.Cells) != len(first.Cells) {
			return nil, fmt.Errorf("render: frame %d has %d cells, the first %d: an animation shows one board", i, len(v.Cells), len(first.Cells))
		}
		v.Cells, v.Labels = first.Cells, first.Labels
		if err := checkView(&v); err != nil {
			return nil, fmt.Errorf("frame %d: %w", i, err)
		}
		views[i] = v
	}
	cell := o.CellPx
	fixed := cell != 0
	if !fixed {
		l, err := getLayout(&views[0], DefaultCellPx)
		if err != nil {
			return nil, err
		}
		cell = min(DefaultCellPx, max(minGIFCellPx, DefaultCellPx*gifWidth/l.width))
	} else if cell < MinCellPx || cell > MaxCellPx {
		return nil, fmt.Errorf("render: CellPx %d is outside %d–%d", cell, MinCellPx, MaxCellPx)
	}
	for {
		out, err := encodeGIF(frames, views, cell, o)
		if err != nil {
			return nil, err
		}
		if len(out) <= limit {
			return out, nil
		}
		if fixed || cell <= minGIFCellPx {
			return out, &TooLargeError{Bytes: len(out), Limit: limit}
		}
		cell = max(minGIFCellPx, cell*3/4)
	}
}

// gifPalette is the render palette with a transparent colour appended.
func gifPalette() color.Palette {
	p := palette()
	out := make(color.Palette, len(p), len(p)+1)
	copy(out, p)
	return append(out, color.RGBA{})
}

func encodeGIF(frames []Frame, views []games.View, cell int, o GIFOptions) ([]byte, error) {
	l, err := getLayout(&views[0], cell)
	if err != nil {
		return nil, err
	}
	pal := gifPalette()
	transparent := uint8(len(pal) - 1)
	strip := captionStrip(l)
	w, h := l.width, l.height+strip
	full := image.Rect(0, 0, w, h)
	delay := centis(o.Delay, 900*time.Millisecond)
	final := centis(o.FinalDelay, 4*time.Second)

	anim := &gif.GIF{Config: image.Config{ColorModel: pal, Width: w, Height: h}}
	prev := image.NewPaletted(full, pal)
	cur := image.NewPaletted(full, pal)
	for i := range frames {
		for y := 0; y < l.height; y++ {
			copy(cur.Pix[y*cur.Stride:y*cur.Stride+w], l.bgPaletted.Pix[y*l.bgPaletted.Stride:])
		}
		l.compose(cur, &views[i])
		l.drawCaption(cur, image.Rect(0, l.height, w, h), frames[i].Caption, frames[i].Dice)

		var img *image.Paletted
		if i == 0 {
			img = image.NewPaletted(full, pal)
			copy(img.Pix, cur.Pix)
		} else {
			img = changedPart(prev, cur, transparent)
		}
		anim.Image = append(anim.Image, img)
		anim.Delay = append(anim.Delay, delay)
		anim.Disposal = append(anim.Disposal, gif.DisposalNone)
		prev, cur = cur, prev
	}
	anim.Delay[len(anim.Delay)-1] = final
	var buf bytes.Buffer
	if err := gif.EncodeAll(&buf, anim); err != nil {
		return nil, fmt.Errorf("render: encoding GIF: %w", err)
	}
	return buf.Bytes(), nil
}

func centis(d, def time.Duration) int {
	if d <= 0 {
		d = def
	}
	return max(1, int(d/(10*time.Millisecond)))
}

// changedPart is the smallest rectangle holding every pixel of cur that
// differs from prev, with the unchanged pixels inside it transparent. Two
// equal pictures give a single transparent pixel: a frame is still needed
// to keep one frame per position.
func changedPart(prev, cur *image.Paletted, transparent uint8) *image.Paletted {
	r := image.Rectangle{}
	w := cur.Rect.Dx()
	for y := 0; y < cur.Rect.Dy(); y++ {
		a, b := prev.Pix[y*prev.Stride:y*prev.Stride+w], cur.Pix[y*cur.Stride:y*cur.Stride+w]
		if bytes.Equal(a, b) {
			continue
		}
		x0 := 0
		for a[x0] == b[x0] {
			x0++
		}
		x1 := w
		for a[x1-1] == b[x1-1] {
			x1--
		}
		r = r.Union(image.Rect(x0, y, x1, y+1))
	}
	if r.Empty() {
		r = image.Rect(0, 0, 1, 1)
	}
	out := image.NewPaletted(r, cur.Palette)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		d := out.Pix[(y-r.Min.Y)*out.Stride : (y-r.Min.Y)*out.Stride+r.Dx()]
		a := prev.Pix[y*prev.Stride+r.Min.X : y*prev.Stride+r.Max.X]
		b := cur.Pix[y*cur.Stride+r.Min.X : y*cur.Stride+r.Max.X]
		for x := range d {
			if a[x] == b[x] {
				d[x] = transparent
			} else {
				d[x] = b[x]
			}
		}
	}
	return out
}

// captionStrip is the height of the strip under the board.
func captionStrip(l *layout) int { return max(16, l.cellPx*6/10) }

// drawCaption writes the caption at the left of r and the dice at its
// right, on the header colour.
func (l *layout) drawCaption(dst *image.Paletted, r image.Rectangle, caption string, dice []int) {
	scratch := scratchRGBA(r)
	defer putRGBA(scratch)
	draw.Draw(scratch, r, image.NewUniform(colHeader), image.Point{}, draw.Src)
	pad := max(3, r.Dy()/6)
	dieSize := r.Dy() - 2*pad
	right := r.Max.X - pad
	for i := len(dice) - 1; i >= 0; i-- {
		d := dieFaceSprite(dieSize, dice[i])
		at := image.Pt(right-dieSize, r.Min.Y+pad)
		draw.Draw(scratch, d.Rect.Add(at), d, image.Point{}, draw.Over)
		right -= dieSize + pad
	}
	face, err := getFace(fontBold, r.Dy()*62/100)
	if err == nil {
		y := r.Min.Y + (r.Dy()+face.capHeight)/2
		face.draw(scratch, face.fit(caption, right-r.Min.X-2*pad), r.Min.X+pad, y, colTitle, r)
	}
	quantize(scratch, dst, r)
}
