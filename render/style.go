package render

import (
	"image/color"

	"github.com/bermudachess/bermuda/games"
)

// The colours of everything that is not a piece. Board colours are the
// familiar brown pair; the Bermuda Chess Angle is a sea-blue pair so it
// stands out while light and dark squares stay apart.
var (
	colFrame      = rgb(0x2a, 0x27, 0x24) // around the board
	colHeader     = rgb(0x1e, 0x1c, 0x1a) // behind titles and captions (legend, GIF)
	colTitle      = rgb(0xf4, 0xef, 0xe6)
	colSubtitle   = rgb(0xc8, 0xbf, 0xb0)
	colLabel      = rgb(0xcf, 0xc3, 0xb0) // coordinates outside the board
	colLabelInk   = rgb(0x4a, 0x3b, 0x2c) // text drawn on a cell
	colCellEdge   = rgb(0x7a, 0x5c, 0x40) // outlines of non-square cells
	colLight      = rgb(0xf0, 0xd9, 0xb5)
	colDark       = rgb(0xb5, 0x88, 0x63)
	colAngleLight = rgb(0xc4, 0xe0, 0xe6)
	colAngleDark  = rgb(0x5f, 0x98, 0xae)
	colPlainCell  = rgb(0xee, 0xdc, 0xbc)
)

func shadeColour(s games.Shade) color.RGBA {
	switch s {
	case games.ShadeDark:
		return colDark
	case games.ShadeAngle:
		return colAngleLight
	case games.ShadeAngleDark:
		return colAngleDark
	case games.ShadeCell:
		return colPlainCell
	}
	return colLight
}

// tint is a translucent colour laid over a cell by a mark.
type tint struct {
	c     color.RGBA
	alpha float64
}

// Cell tints of the marks that colour a whole cell. From and To differ so
// the direction of the last move is visible; the path is a paler wash.
var markTints = map[games.MarkKind]tint{
	games.MarkFrom:     {rgb(0xf2, 0xe8, 0x5c), 0.55},
	games.MarkTo:       {rgb(0xb4, 0xd2, 0x2c), 0.72},
	games.MarkPath:     {rgb(0xf2, 0xe8, 0x5c), 0.30},
	games.MarkVanished: {rgb(0x9b, 0x5d, 0xd6), 0.45},
	games.MarkSelected: {colSelected, 0.55},
}

var colSelected = rgb(0x3d, 0x8b, 0xe0) // the piece whose moves a lesson shows

var (
	colBoardChange = rgb(0x12, 0xa8, 0x9a) // ring: a piece dropped or climbed here
	colDiceRing    = rgb(0xf0, 0x8c, 0x1e) // ring: the dice pointed here
	colCheck       = rgb(0xe8, 0x1c, 0x1c) // glow under an attacked king
	colDieFace     = rgb(0xfd, 0xfb, 0xf6)
	colDieInk      = rgb(0x22, 0x1e, 0x1a)
)

// blend lays c over base with the given opacity.
func blend(base, c color.RGBA, alpha float64) color.RGBA {
	mix := func(a, b uint8) uint8 { return uint8(float64(a)*(1-alpha) + float64(b)*alpha + 0.5) }
	return color.RGBA{mix(base.R, c.R), mix(base.G, c.G), mix(base.B, c.B), 0xff}
}
