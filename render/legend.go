package render

import (
	"bytes"
	"errors"
	"image"
	"image/draw"
	"strings"

	"github.com/bermudachess/bermuda/games"
)

// Legend draws every piece kind in White, Black and Red with its name: the
// key to the pictures.
func Legend() ([]byte, error) {
	return LegendOf(games.AllPieceKinds, []games.Side{games.White, games.Black, games.Red}, "Pieces: White, Black, Red")
}

// LegendOf draws the given kinds in the given armies (a variant's own
// pieces, for its rules), under title. The kinds are laid out in two
// columns when there are more than five, so the legend is wider than tall
// and stays legible when Discord shows it 400 px wide.
func LegendOf(kinds []games.PieceKind, sides []games.Side, title string) ([]byte, error) {
	if len(kinds) == 0 || len(sides) == 0 {
		return nil, errors.New("render: a legend needs at least one piece kind and one army")
	}
	return legend(kinds, sides, title, DefaultCellPx)
}

func legend(kinds []games.PieceKind, sides []games.Side, title string, cell int) ([]byte, error) {
	nameFace, err := getFace(fontBold, cell*34/100)
	if err != nil {
		return nil, err
	}
	titleFace, err := getFace(fontBold, cell*40/100)
	if err != nil {
		return nil, err
	}
	columns := 1
	if len(kinds) > 5 {
		columns = 2
	}
	rows := (len(kinds) + columns - 1) / columns
	nameW := 0
	for _, k := range kinds {
		nameW = max(nameW, nameFace.width(pieceName(k)))
	}
	pad := cell / 5
	headerH := cell * 7 / 10
	blockW := pad + nameW + pad + len(sides)*cell
	w := columns*blockW + (columns+1)*pad
	h := headerH + rows*cell + pad
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(img, img.Rect, image.NewUniform(colFrame), image.Point{}, draw.Src)
	draw.Draw(img, image.Rect(0, 0, w, headerH), image.NewUniform(colHeader), image.Point{}, draw.Src)
	titleFace.draw(img, titleFace.fit(title, w-2*pad), pad, headerH/2+titleFace.capHeight/2, colTitle, img.Rect)
	for i, k := range kinds {
		col, row := i/rows, i%rows
		x0 := pad + col*(blockW+pad)
		y := headerH + row*cell
		nameFace.draw(img, pieceName(k), x0+pad, y+cell/2+nameFace.capHeight/2, colLabel, img.Rect)
		for j, side := range sides {
			x := x0 + pad + nameW + pad + j*cell
			shade := colLight
			if (row+j)%2 == 1 {
				shade = colDark
			}
			r := image.Rect(x, y, x+cell, y+cell)
			draw.Draw(img, r, image.NewUniform(shade), image.Point{}, draw.Src)
			s := sprite(k, side, cell*90/100, false)
			at := r.Min.Add(image.Pt((cell-s.Rect.Dx())/2, (cell-s.Rect.Dy())/2))
			draw.Draw(img, s.Rect.Add(at), s, image.Point{}, draw.Over)
		}
	}
	var buf bytes.Buffer
	if err := encodeRGBA(&buf, img); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func pieceName(k games.PieceKind) string {
	if k == games.Schrodinger {
		return "Undecided (K/B)"
	}
	s := string(k)
	return strings.ToUpper(s[:1]) + s[1:]
}
