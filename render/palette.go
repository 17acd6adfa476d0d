package render

import (
	"image"
	"image/color"
	"sync"
	"sync/atomic"

	"github.com/bermudachess/bermuda/games"
)

// Pictures are written as 8-bit paletted PNGs: a quarter of the bytes of
// RGB to compress, and no per-row filter search, which is most of the
// encoding time. The palette is fixed and built from the colours render
// itself uses: every flat colour exactly, plus ramps for the blends that
// anti-aliasing makes (piece outlines over each cell colour, text over its
// background), then a coarse colour cube for anything else. Each pixel
// takes the nearest palette colour; nearest-colour answers are cached in a
// lock-free table shared by all renders, since the palette never changes.
// It holds 255 colours: the GIF encoder adds the 256th, transparent, for
// the pixels a frame leaves as they were (gif.go).

var (
	paletteOnce sync.Once
	thePalette  color.Palette
	palRGB      [][3]int32
)

func palette() color.Palette {
	paletteOnce.Do(buildPalette)
	return thePalette
}

func buildPalette() {
	var pal []color.RGBA
	seen := map[color.RGBA]bool{}
	add := func(c color.RGBA) {
		c.A = 0xff
		if len(pal) < 255 && !seen[c] {
			seen[c] = true
			pal = append(pal, c)
		}
	}
	ramp := func(a, b color.RGBA, steps int) {
		for i := 1; i <= steps; i++ {
			add(blend(a, b, float64(i)/float64(steps+1)))
		}
	}
	shades := []games.Shade{games.ShadeLight, games.ShadeDark, games.ShadeAngle, games.ShadeAngleDark, games.ShadeCell}
	// Every cell colour: plain, and under each tint and the common pair
	// of tints (a vanishing on the last move's destination).
	var cellCols []color.RGBA
	tintOrder := []games.MarkKind{games.MarkFrom, games.MarkTo, games.MarkPath, games.MarkVanished}
	for _, s := range shades {
		base := shadeColour(s)
		cellCols = append(cellCols, base)
		for _, k := range tintOrder {
			t := markTints[k]
			cellCols = append(cellCols, blend(base, t.c, t.alpha))
		}
		v := markTints[games.MarkVanished]
		to := markTints[games.MarkTo]
		cellCols = append(cellCols, blend(blend(base, to.c, to.alpha), v.c, v.alpha))
	}
	for _, c := range []color.RGBA{colFrame, colHeader, colTitle, colSubtitle, colLabel, colLabelInk, colCellEdge,
		colBoardChange, colDiceRing, colCheck, colDieFace, colDieInk} {
		add(c)
	}
	for _, c := range cellCols {
		add(c)
	}
	armies := []armyColours{coloursOf(games.White), coloursOf(games.Black), coloursOf(games.Red)}
	for _, a := range armies {
		add(a.fill)
		add(a.ink)
		add(a.detail)
	}
	// Piece edges over every cell colour, and inside the pieces.
	ink := armies[0].ink
	for _, c := range cellCols {
		ramp(c, ink, 3)
	}
	for _, a := range armies {
		ramp(a.fill, a.ink, 3)
		if a.detail != a.ink {
			ramp(a.fill, a.detail, 3)
		}
	}
	// Text over its backgrounds.
	ramp(colHeader, colTitle, 4)
	ramp(colHeader, colSubtitle, 3)
	ramp(colFrame, colLabel, 4)
	ramp(colLabelInk, colPlainCell, 4)
	for _, s := range shades {
		ramp(shadeColour(s), colLabelInk, 2)
		ramp(shadeColour(s), colCheck, 4)
		ramp(shadeColour(s), colCellEdge, 2)
	}
	// Ghosts: each army's colours, faint, over a vanishing cell.
	for _, s := range shades {
		v := markTints[games.MarkVanished]
		base := blend(shadeColour(s), v.c, v.alpha)
		for _, a := range armies {
			add(blend(base, a.fill, ghostAlpha8/255.0))
			add(blend(base, a.ink, ghostAlpha8/255.0))
		}
	}
	for _, c := range append([]color.RGBA{colBoardChange, colDiceRing}, lessonColours...) {
		add(c)
		ramp(colLight, c, 2)
		ramp(colDark, c, 2)
	}
	// Whatever is left: a coarse cube for colours nobody planned.
	levels := []uint8{0x00, 0x55, 0xaa, 0xff}
	for _, r := range levels {
		for _, g := range levels {
			for _, b := range levels {
				add(color.RGBA{r, g, b, 0xff})
			}
		}
	}
	thePalette = make(color.Palette, len(pal))
	palRGB = make([][3]int32, len(pal))
	for i, c := range pal {
		thePalette[i] = c
		palRGB[i] = [3]int32{int32(c.R), int32(c.G), int32(c.B)}
	}
}

// nearest returns the palette index closest to (r, g, b), weighting green
// most as the eye does.
func nearest(r, g, b int32) uint8 {
	best, bestD := 0, int32(1<<31-1)
	for i, p := range palRGB {
		dr, dg, db := r-p[0], g-p[1], b-p[2]
		d := 3*dr*dr + 4*dg*dg + 2*db*db
		if d < bestD {
			best, bestD = i, d
			if d == 0 {
				break
			}
		}
	}
	return uint8(best)
}

// nearestCache maps colours to palette indexes: entry = rgb<<9 | 1<<8 | index.
var nearestCache [1 << 16]atomic.Uint64

func lookup(rgb uint32) uint8 {
	h := (rgb * 2654435761) >> 16
	e := nearestCache[h].Load()
	if e&0x100 != 0 && uint32(e>>9) == rgb {
		return uint8(e)
	}
	idx := nearest(int32(rgb>>16), int32(rgb>>8&0xff), int32(rgb&0xff))
	nearestCache[h].Store(uint64(rgb)<<9 | 0x100 | uint64(idx))
	return idx
}

// quantize converts the part r of an opaque picture to the palette. Runs
// of one colour (most of a board) cost one comparison per pixel.
func quantize(src *image.RGBA, dst *image.Paletted, r image.Rectangle) {
	palette()
	r = r.Intersect(src.Rect).Intersect(dst.Rect)
	w := r.Dx()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		so := src.PixOffset(r.Min.X, y)
		do := dst.PixOffset(r.Min.X, y)
		s := src.Pix[so : so+4*w]
		d := dst.Pix[do : do+w]
		prev := uint32(1 << 31)
		var idx uint8
		for x := range d {
			p := s[4*x : 4*x+3 : 4*x+3]
			rgb := uint32(p[0])<<16 | uint32(p[1])<<8 | uint32(p[2])
			if rgb != prev {
				prev = rgb
				idx = lookup(rgb)
			}
			d[x] = idx
		}
	}
}
