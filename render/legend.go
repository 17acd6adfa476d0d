package render

import (
	"bytes"
	"image"
	"image/draw"
	"strings"

	"github.com/bermudachess/bermuda/games"
)

// Legend draws every piece kind in White, Black and Red on light and dark
// squares, with its name: the key to the pictures.
func Legend() ([]byte, error) { return legend(DefaultCellPx) }

func legend(cell int) ([]byte, error) {
	sides := []games.Side{games.White, games.Black, games.Red}
	nameFace, err := getFace(fontBold, cell*30/100)
	if err != nil {
		return nil, err
	}
	titleFace, err := getFace(fontBold, cell*36/100)
	if err != nil {
		return nil, err
	}
	nameW := 0
	for _, k := range games.AllPieceKinds {
		nameW = max(nameW, nameFace.width(pieceName(k)))
	}
	pad := cell / 4
	headerH := cell * 3 / 4
	left := pad + nameW + pad
	w := left + 2*len(sides)*cell + pad
	h := headerH + len(games.AllPieceKinds)*cell + pad
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(img, img.Rect, image.NewUniform(colFrame), image.Point{}, draw.Src)
	draw.Draw(img, image.Rect(0, 0, w, headerH), image.NewUniform(colHeader), image.Point{}, draw.Src)
	titleFace.draw(img, "Bermuda pieces: White, Black, Red", pad, headerH/2+titleFace.capHeight/2, colTitle, img.Rect)
	for row, k := range games.AllPieceKinds {
		y := headerH + row*cell
		nameFace.draw(img, pieceName(k), pad, y+cell/2+nameFace.capHeight/2, colLabel, img.Rect)
		for col := 0; col < 2*len(sides); col++ {
			x := left + col*cell
			shade := colLight
			if (row+col)%2 == 1 {
				shade = colDark
			}
			r := image.Rect(x, y, x+cell, y+cell)
			draw.Draw(img, r, image.NewUniform(shade), image.Point{}, draw.Src)
			s := sprite(k, sides[col/2], cell*90/100, false)
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
		return "Schrödinger (king/bishop)"
	}
	s := string(k)
	return strings.ToUpper(s[:1]) + s[1:]
}
