package render

import (
	"fmt"
	"image"
	"image/color"
	"strconv"

	"github.com/fogleman/gg"
)

// A tournament's standings table: rank, player, points, Buchholz cut-1,
// Sonneborn–Berger, then each round's opponent (by rank), colour and
// result. It takes plain data (the caller ranks; package swiss does), is
// drawn 800 px wide with ten or more text rows' worth of height, and stays
// readable where Discord shows it 400 px wide.

// StandingsRow is one player's line.
type StandingsRow struct {
	Rank                        int
	Name                        string
	Points, Buchholz, Sonneborn float64
	Withdrawn                   bool
	Rounds                      []RoundCell // one per round played so far
}

// RoundCell is one round of one player. Opponent is the opponent's line
// number in the table (1-based), 0 for none (a bye, a forfeit, absent).
type RoundCell struct {
	Opponent int
	White    bool   // the player had White (meaningful with an opponent)
	Result   string // "1", "½", "0", "+" (won by forfeit), "−" (lost by forfeit), "bye", "" (being played or absent)
}

// StandingsTable is the whole picture.
type StandingsTable struct {
	Title string // e.g. "Bede Chess · Swiss #3 · after round 2 of 4"
	Rows  []StandingsRow
}

// Standings draws the table as a PNG.
func Standings(t StandingsTable) ([]byte, error) {
	rounds := 0
	for _, r := range t.Rows {
		rounds = max(rounds, len(r.Rounds))
	}
	if len(t.Rows) > 200 || rounds > 30 {
		return nil, fmt.Errorf("render: a table of %d players and %d rounds is too big to draw", len(t.Rows), rounds)
	}
	unit := 26.0 // one text row at 800 px: 13 px where Discord shows 400
	roundW := unit * 2.9
	cols := []float64{unit * 1.7, 0, unit * 2.4, unit * 2.4, unit * 2.6} // #, name (rest), Pts, BH, SB
	fixed := cols[0] + cols[2] + cols[3] + cols[4] + roundW*float64(rounds) + unit
	w := max(800, int(fixed+unit*9))
	cols[1] = float64(w) - fixed
	rowH := unit * 1.45
	top := unit * 1.3
	if t.Title != "" {
		top += unit * 1.6
	}
	h := int(top + rowH*float64(len(t.Rows)+1) + unit*0.6)

	dc := gg.NewContext(w, h)
	dc.SetColor(colFrame)
	dc.Clear()
	img := dc.Image().(*image.RGBA)
	small, err := getFace(fontRegular, int(unit*0.8))
	if err != nil {
		return nil, err
	}
	bold, err := getFace(fontBold, int(unit*0.85))
	if err != nil {
		return nil, err
	}
	if t.Title != "" {
		bold.draw(img, bold.fit(t.Title, w-int(unit)), int(unit*0.5), int(unit*0.6)+bold.capHeight, colTitle, img.Rect)
	}
	x := make([]float64, len(cols)+rounds+1)
	x[0] = unit * 0.5
	for i := 1; i < len(x); i++ {
		width := roundW
		if i-1 < len(cols) {
			width = cols[i-1]
		}
		x[i] = x[i-1] + width
	}
	// Header row.
	y := top
	dc.SetColor(colHeader)
	dc.DrawRectangle(0, y, float64(w), rowH)
	dc.Fill()
	headers := []string{"#", "Player", "Pts", "BH", "SB"}
	for r := 1; r <= rounds; r++ {
		headers = append(headers, "R"+strconv.Itoa(r))
	}
	base := func(y float64) int { return int(y+rowH/2) + small.capHeight/2 }
	for i, hd := range headers {
		if i == 1 {
			bold.draw(img, hd, int(x[i]), base(y), colSubtitle, img.Rect)
			continue
		}
		bold.drawCentered(img, hd, (x[i]+x[i+1])/2, y+rowH/2, colSubtitle)
	}
	for n, row := range t.Rows {
		y = top + rowH*float64(n+1)
		if n%2 == 1 {
			dc.SetColor(color.RGBA{0x33, 0x2f, 0x2b, 0xff})
			dc.DrawRectangle(0, y, float64(w), rowH)
			dc.Fill()
		}
		ink := colTitle
		if row.Withdrawn {
			ink = colSubtitle
		}
		small.drawCentered(img, strconv.Itoa(row.Rank), (x[0]+x[1])/2, y+rowH/2, ink)
		name := row.Name
		if row.Withdrawn {
			name += " (withdrew)"
		}
		small.draw(img, small.fit(name, int(cols[1]-unit*0.4)), int(x[1]), base(y), ink, img.Rect)
		bold.drawCentered(img, score(row.Points), (x[2]+x[3])/2, y+rowH/2, colTitle)
		small.drawCentered(img, score(row.Buchholz), (x[3]+x[4])/2, y+rowH/2, colLabel)
		small.drawCentered(img, score(row.Sonneborn), (x[4]+x[5])/2, y+rowH/2, colLabel)
		for r, c := range row.Rounds {
			cx := (x[5+r] + x[6+r]) / 2
			drawRoundCell(dc, img, small, c, cx, y+rowH/2, unit)
		}
	}
	return encodeChart(img)
}

// drawRoundCell draws "3 ● 1": the opponent's line, a disc of the colour
// played, and the result.
func drawRoundCell(dc *gg.Context, img *image.RGBA, f *textFace, c RoundCell, cx, cy, unit float64) {
	if c.Opponent == 0 {
		f.drawCentered(img, c.Result, cx, cy, colSubtitle)
		return
	}
	opp := strconv.Itoa(c.Opponent)
	f.drawCentered(img, opp, cx-unit*0.95, cy, colLabel)
	disc := color.RGBA{0xf4, 0xef, 0xe6, 0xff}
	if !c.White {
		disc = color.RGBA{0x10, 0x10, 0x10, 0xff}
	}
	dc.SetColor(disc)
	dc.DrawCircle(cx-unit*0.1, cy, unit*0.22)
	dc.FillPreserve()
	dc.SetColor(colSubtitle)
	dc.SetLineWidth(1.5)
	dc.Stroke()
	res := c.Result
	ink := colTitle
	switch res {
	case "1", "+":
		ink = rgb(0x81, 0xc7, 0x84)
	case "0", "−":
		ink = rgb(0xe5, 0x73, 0x73)
	case "":
		res, ink = "…", colSubtitle
	}
	f.drawCentered(img, res, cx+unit*0.75, cy, ink)
}

// score is 2, 2½ or ½: how a chess table writes points.
func score(v float64) string {
	whole := int(v)
	frac := v - float64(whole)
	switch {
	case frac == 0:
		return strconv.Itoa(whole)
	case frac == 0.5 && whole == 0:
		return "½"
	case frac == 0.5:
		return strconv.Itoa(whole) + "½"
	}
	return strconv.FormatFloat(v, 'f', 2, 64)
}
