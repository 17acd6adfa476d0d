package render

import (
	"image"
	"image/color"
	"image/draw"
	"maps"
	"slices"

	"github.com/bermudachess/bermuda/games"
	"github.com/fogleman/gg"
)

// A render starts from the cached paletted background and repaints only
// what the position changes. A plain square cell (a flat colour, up to two
// pieces) is copied from a cached paletted tile. Anything else (glows,
// rings, non-square cells) is an op: ops are grouped into
// regions, and each region is repainted in RGBA from the background,
// every op touching it replayed in order, then mapped to the palette.

type op struct {
	rect  image.Rectangle
	paint func(dst *image.RGBA)
}

type cellState struct {
	col     color.RGBA // shade with every tint applied
	changed bool       // tinted or holding pieces
	complex bool       // needs the op path
	pieces  []games.PieceView
	ops     []int
}

func (l *layout) compose(img *image.Paletted, v *games.View) {
	st := make([]cellState, len(l.cells))
	for i := range st {
		st[i].col = shadeColour(l.cells[i].shade)
		st[i].complex = !l.cells[i].flat
	}
	var ops []op
	add := func(cell int, rect image.Rectangle, paint func(*image.RGBA)) {
		if cell >= 0 {
			st[cell].ops = append(st[cell].ops, len(ops))
		}
		ops = append(ops, op{rect, paint})
	}

	// Tints, in mark order per cell.
	for _, m := range v.Marks {
		if t, ok := markTints[m.Kind]; ok {
			st[m.Cell].col = blend(st[m.Cell].col, t.c, t.alpha)
			st[m.Cell].changed = true
		}
	}
	for i := range st {
		if !st[i].changed {
			continue
		}
		c, col := &l.cells[i], st[i].col
		if c.isRect {
			add(i, c.rect, func(dst *image.RGBA) {
				draw.Draw(dst, c.rect, image.NewUniform(col), image.Point{}, draw.Src)
			})
			continue
		}
		add(i, c.bounds, func(dst *image.RGBA) {
			withGG(dst, func(dc *gg.Context) { fillCell(dc, c.poly, col) })
			if c.number != "" {
				l.numberFace.drawCentered(dst, c.number, float64(c.centre.X), float64(c.centre.Y), colLabelInk)
			}
		})
	}
	// Glows under attacked kings.
	for _, m := range v.Marks {
		if m.Kind != games.MarkAttackedKing {
			continue
		}
		g := glowSprite(min(l.piecePx*115/100, l.cellPx))
		r := g.Rect.Add(l.cells[m.Cell].centre.Sub(g.Rect.Size().Div(2)))
		st[m.Cell].complex = true
		add(m.Cell, r, func(dst *image.RGBA) { draw.Draw(dst, r, g, image.Point{}, draw.Over) })
	}
	// Pieces, ghosts first so a piece arriving on a vanishing cell covers
	// the ghost.
	for pass := 0; pass < 2; pass++ {
		for _, p := range v.Pieces {
			if p.Ghost != (pass == 0) {
				continue
			}
			s := sprite(p.Kind, p.Side, l.piecePx, p.Ghost)
			r := s.Rect.Add(l.cells[p.Cell].centre.Sub(s.Rect.Size().Div(2)))
			cs := &st[p.Cell]
			cs.changed = true
			cs.pieces = append(cs.pieces, p)
			if len(cs.pieces) > 2 || !r.In(l.cells[p.Cell].rect) {
				cs.complex = true
			}
			add(p.Cell, r, func(dst *image.RGBA) { draw.Draw(dst, r, s, s.Rect.Min, draw.Over) })
		}
	}
	// A numbered cell's number is hidden by its piece: show it as a tag
	// on the piece's foot.
	for _, p := range v.Pieces {
		c := &l.cells[p.Cell]
		if c.number == "" || p.Ghost {
			continue
		}
		r := l.numberTagRect(c)
		st[p.Cell].complex = true
		add(p.Cell, r, func(dst *image.RGBA) { l.drawNumberTag(dst, c, r) })
	}
	// Teaching targets, above the pieces: all of a cell's kinds together.
	targets := map[int]map[games.MarkKind]bool{}
	for _, m := range v.Marks {
		if isTarget(m.Kind) {
			if targets[m.Cell] == nil {
				targets[m.Cell] = map[games.MarkKind]bool{}
			}
			targets[m.Cell][m.Kind] = true
		}
	}
	for _, cell := range slices.Sorted(maps.Keys(targets)) {
		c, kinds := &l.cells[cell], targets[cell]
		st[cell].complex = true
		add(cell, c.bounds, func(dst *image.RGBA) { l.drawTarget(dst, c, kinds) })
	}
	// Rings and the die, above the pieces.
	for _, m := range v.Marks {
		c := &l.cells[m.Cell]
		var col color.RGBA
		dashed := true
		switch m.Kind {
		case games.MarkMovable:
			col, dashed = colMovable, false
		case games.MarkBoardChange:
			col, dashed = colBoardChange, false
		case games.MarkLinked:
			col = colBoardChange
		case games.MarkDice:
			col = colDiceRing
		default:
			continue
		}
		st[m.Cell].complex = true
		kind := m.Kind
		add(m.Cell, c.bounds, func(dst *image.RGBA) { l.drawRing(dst, c, col, dashed) })
		if kind == games.MarkDice {
			d := dieSprite(l.cellPx * 30 / 100)
			var at image.Point
			if c.isRect {
				at = image.Pt(c.rect.Max.X-d.Rect.Dx()-2, c.rect.Min.Y+2)
			} else {
				at = c.centre.Add(image.Pt(l.piecePx/2-d.Rect.Dx()/2, -l.piecePx/2-d.Rect.Dy()/3))
			}
			r := d.Rect.Add(at)
			add(m.Cell, r, func(dst *image.RGBA) { draw.Draw(dst, r, d, image.Point{}, draw.Over) })
		}
	}
	// Plain cells from tiles; the rest as regions.
	var regions []image.Rectangle
	for i := range st {
		cs := &st[i]
		if !cs.changed && !cs.complex {
			continue
		}
		if !cs.complex {
			l.copyTile(img, i, cs)
			continue
		}
		if len(cs.ops) == 0 {
			continue // an untouched non-square cell: the background has it
		}
		r := l.cells[i].bounds
		for _, k := range cs.ops {
			r = r.Union(ops[k].rect)
		}
		regions = append(regions, r)
	}
	for _, r := range mergeRegions(regions, img.Rect) {
		scratch := scratchRGBA(r)
		for y := r.Min.Y; y < r.Max.Y; y++ {
			so := l.background.PixOffset(r.Min.X, y)
			copy(scratch.Pix[(y-r.Min.Y)*scratch.Stride:(y-r.Min.Y+1)*scratch.Stride], l.background.Pix[so:so+scratch.Stride])
		}
		for _, o := range ops {
			if o.rect.Overlaps(r) {
				o.paint(scratch)
			}
		}
		quantize(scratch, img, r)
		putRGBA(scratch)
	}
}

// mergeRegions joins overlapping rectangles so no pixel is repainted by
// two regions that would disagree about what lies under it.
func mergeRegions(rs []image.Rectangle, bounds image.Rectangle) []image.Rectangle {
	for i := range rs {
		rs[i] = rs[i].Intersect(bounds)
	}
	for merged := true; merged; {
		merged = false
		for i := 0; i < len(rs); i++ {
			for j := i + 1; j < len(rs); j++ {
				if rs[i].Overlaps(rs[j]) {
					rs[i] = rs[i].Union(rs[j])
					rs = append(rs[:j], rs[j+1:]...)
					merged = true
					j--
				}
			}
		}
	}
	out := rs[:0]
	for _, r := range rs {
		if !r.Empty() {
			out = append(out, r)
		}
	}
	return out
}

// withGG gives gg a zero-origin view of dst (gg draws from (0, 0)) with the
// coordinates shifted back, so callers keep using picture coordinates.
func withGG(dst *image.RGBA, f func(*gg.Context)) {
	zero := &image.RGBA{Pix: dst.Pix, Stride: dst.Stride, Rect: image.Rect(0, 0, dst.Rect.Dx(), dst.Rect.Dy())}
	dc := gg.NewContextForRGBA(zero)
	dc.Translate(-float64(dst.Rect.Min.X), -float64(dst.Rect.Min.Y))
	f(dc)
}

// Tiles: the paletted picture of a plain square cell of a given size and
// colour with its pieces.
type tileKey struct {
	w, h    int
	col     color.RGBA
	n       int
	pieces  [2]spriteKey
	centreX int
	centreY int
}

var tiles = newMemo[tileKey, []byte](24 << 20)

func (l *layout) copyTile(img *image.Paletted, cell int, cs *cellState) {
	c := &l.cells[cell]
	k := tileKey{w: c.rect.Dx(), h: c.rect.Dy(), col: cs.col, n: len(cs.pieces)}
	k.centreX, k.centreY = c.centre.X-c.rect.Min.X, c.centre.Y-c.rect.Min.Y
	for i, p := range cs.pieces {
		k.pieces[i] = spriteKey{p.Kind, p.Side, l.piecePx, p.Ghost}
	}
	t, ok := tiles.get(k)
	if !ok {
		t = makeTile(k)
		t = tiles.put(k, t, len(t))
	}
	for y := 0; y < k.h; y++ {
		o := img.PixOffset(c.rect.Min.X, c.rect.Min.Y+y)
		copy(img.Pix[o:o+k.w], t[y*k.w:(y+1)*k.w])
	}
}

func makeTile(k tileKey) []byte {
	r := image.Rect(0, 0, k.w, k.h)
	rgba := image.NewRGBA(r)
	draw.Draw(rgba, r, image.NewUniform(k.col), image.Point{}, draw.Src)
	for _, sk := range k.pieces[:k.n] {
		s := sprite(sk.kind, sk.side, sk.px, sk.ghost)
		at := image.Pt(k.centreX, k.centreY).Sub(s.Rect.Size().Div(2))
		draw.Draw(rgba, s.Rect.Add(at), s, image.Point{}, draw.Over)
	}
	p := image.NewPaletted(r, palette())
	quantize(rgba, p, r)
	return p.Pix
}
