package web

import (
	"fmt"
	"html"
	"math"
	"strconv"
	"strings"

	"github.com/bermudachess/bermuda/games"
	"github.com/bermudachess/bermuda/render"
	"github.com/bermudachess/bermuda/review"
)

// The board as SVG. The server draws it for the page as first sent (the
// view without JavaScript); the script (static/board.js) draws the same
// markup from the same data when the reader steps, flips or a move
// arrives. TestScriptDrawsWhatTheServerDraws compares the two.

// Sizes derived from the PNG's rules at cellPx (render: marks.go,
// compose.go), sent with the geometry so the script needs no formula.
func (g *geoData) fill() {
	g.Ring = max(2, cellPx/14)
	g.Die = cellPx * 30 / 100
	glowPx := min(g.PP*115/100, cellPx)
	g.Glow = float64(glowPx*115/100) / 2
}

// num writes a coordinate as the script does: at most two decimals.
func num(v float64) string {
	v = math.Round(v*100) / 100
	if v == 0 {
		return "0"
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}

func esc(s string) string { return html.EscapeString(s) }

// boardSVG draws position p on geometry g.
func boardSVG(g *geoData, p *posData, styles map[int]markStyle, selected int) string {
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" class="board" viewBox="0 0 %d %d">`, g.W, g.H)
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="%s"/>`, g.W, g.H, g.Frame)
	for i, c := range g.Cells {
		fmt.Fprintf(&b, `<polygon class="c" data-c="%d" points="%s" fill="%s"`, i, points(c.P), c.F)
		if !c.Sq {
			b.WriteString(` stroke="#7a5c40" stroke-width="1.2" stroke-linejoin="round"`)
		}
		b.WriteString(`/>`)
	}
	for _, c := range g.Cells {
		if c.N != "" {
			fmt.Fprintf(&b, `<text class="t" x="%s" y="%s" font-size="%d" fill="%s">%s</text>`, num(c.C[0]), num(c.C[1]), g.NumPx, g.NumInk, esc(c.N))
		}
	}
	for _, l := range g.Labels {
		fmt.Fprintf(&b, `<text class="t" x="%s" y="%s" font-size="%d" fill="%s">%s</text>`, num(l.X), num(l.Y), l.Px, l.C, esc(l.T))
	}
	b.WriteString(`<g class="dyn">`)
	if selected >= 0 && selected < len(g.Cells) {
		fmt.Fprintf(&b, `<polygon class="sel" points="%s"/>`, points(g.Cells[selected].P))
	}
	for _, m := range p.M {
		if s := styles[m[1]]; s.Tint != "" {
			fmt.Fprintf(&b, `<polygon points="%s" fill="%s" fill-opacity="%s"/>`, points(g.Cells[m[0]].P), s.Tint, num(s.Alpha))
		}
	}
	for _, m := range p.M {
		if styles[m[1]].Glow {
			c := g.Cells[m[0]].C
			fmt.Fprintf(&b, `<circle cx="%s" cy="%s" r="%s" fill="url(#glow)"/>`, num(c[0]), num(c[1]), num(g.Glow))
		}
	}
	for pass := 1; pass >= 0; pass-- {
		for _, pc := range p.P {
			if pc[2] != pass {
				continue
			}
			c := g.Cells[pc[0]].C
			half := float64(g.PP) / 2
			fmt.Fprintf(&b, `<use href="#p%d" x="%s" y="%s" width="%d" height="%d"`, pc[1], num(c[0]-half), num(c[1]-half), g.PP, g.PP)
			if pc[2] == 1 {
				b.WriteString(` opacity="0.38"`)
			}
			b.WriteString(`/>`)
		}
	}
	for _, pc := range p.P {
		c := g.Cells[pc[0]]
		if c.N == "" || pc[2] == 1 {
			continue
		}
		th := float64(g.NumPx) * 1.4
		tw := float64(g.NumPx)*0.62*float64(len(c.N)) + float64(g.NumPx)*0.7
		x := c.C[0] + float64(g.PP)*0.3 - tw/2
		y := c.C[1] + float64(g.PP)*0.42 - th
		fmt.Fprintf(&b, `<rect x="%s" y="%s" width="%s" height="%s" rx="%s" fill="%s" stroke="%s"/>`,
			num(x), num(y), num(tw), num(th), num(th/3), g.NumInk, render.PlainColour)
		fmt.Fprintf(&b, `<text class="t" x="%s" y="%s" font-size="%d" fill="%s">%s</text>`, num(x+tw/2), num(y+th/2), g.NumPx, render.PlainColour, esc(c.N))
	}
	for _, m := range p.M {
		s := styles[m[1]]
		if s.Ring == "" {
			continue
		}
		c := g.Cells[m[0]]
		w := float64(g.Ring)
		fmt.Fprintf(&b, `<polygon points="%s" fill="none" stroke="%s" stroke-width="%d"`, points(shrink(c, w*0.9)), s.Ring, g.Ring)
		if s.Dashed {
			fmt.Fprintf(&b, ` stroke-dasharray="%s %s"`, num(w*2.2), num(w*1.4))
		}
		b.WriteString(`/>`)
		if s.Die {
			x, y := dieAt(g, &c)
			fmt.Fprintf(&b, `<use href="#die" x="%s" y="%s" width="%d" height="%d"/>`, num(x), num(y), g.Die, g.Die)
		}
	}
	b.WriteString(`</g></svg>`)
	return b.String()
}

func points(p []float64) string {
	var b strings.Builder
	for i := 0; i+1 < len(p); i += 2 {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(num(p[i]))
		b.WriteByte(',')
		b.WriteString(num(p[i+1]))
	}
	return b.String()
}

// shrink moves a cell's corners towards its centre by d, so a ring sits
// inside the cell.
func shrink(c cellData, d float64) []float64 {
	out := make([]float64, len(c.P))
	for i := 0; i+1 < len(c.P); i += 2 {
		dx, dy := c.P[i]-c.C[0], c.P[i+1]-c.C[1]
		l := math.Hypot(dx, dy)
		k := 1.0
		if l > 0 {
			k = (l - d) / l
		}
		out[i], out[i+1] = c.C[0]+dx*k, c.C[1]+dy*k
	}
	return out
}

func dieAt(g *geoData, c *cellData) (float64, float64) {
	d := float64(g.Die)
	if c.Sq {
		maxX, minY := math.Inf(-1), math.Inf(1)
		for i := 0; i+1 < len(c.P); i += 2 {
			maxX, minY = math.Max(maxX, c.P[i]), math.Min(minY, c.P[i+1])
		}
		return maxX - d - 2, minY + 2
	}
	return c.C[0] + float64(g.PP)/2 - d/2, c.C[1] - float64(g.PP)/2 - d/3
}

// defsSVG holds what boards refer to: each piece the game shows (kind ×
// side, from render's drawers), the glow of an attacked king and the die.
func defsSVG(codes map[int]bool) string {
	var b strings.Builder
	b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" class="defs" aria-hidden="true"><defs>`)
	fmt.Fprintf(&b, `<radialGradient id="glow"><stop offset="0" stop-color="%[1]s" stop-opacity="0.95"/><stop offset="0.5" stop-color="%[1]s" stop-opacity="0.53"/><stop offset="1" stop-color="%[1]s" stop-opacity="0"/></radialGradient>`, render.CheckColour)
	fmt.Fprintf(&b, `<symbol id="die" viewBox="0 0 100 100"><rect x="4" y="4" width="92" height="92" rx="20" fill="%s" stroke="%s" stroke-width="7"/>`, render.DieFaceColour, render.DieInkColour)
	for _, p := range [][2]int{{28, 28}, {72, 28}, {50, 50}, {28, 72}, {72, 72}} {
		fmt.Fprintf(&b, `<circle cx="%d" cy="%d" r="9" fill="%s"/>`, p[0], p[1], render.DieInkColour)
	}
	b.WriteString(`</symbol>`)
	for code := 0; code <= len(games.AllPieceKinds)*3+2; code++ {
		if !codes[code] {
			continue
		}
		k, s := pieceOfCode(code)
		fmt.Fprintf(&b, `<symbol id="p%d" viewBox="0 0 100 100" stroke-linejoin="round" stroke-linecap="round">%s</symbol>`,
			code, render.PieceSVG(k, s, fmt.Sprintf("p%d", code)))
	}
	b.WriteString(`</defs></svg>`)
	return b.String()
}

// pieceCodes are the pieces a game ever shows, and every piece of the
// variant's armies (a page that follows a game live may need a promotion's
// piece it never showed).
func (m *model) pieceCodes() map[int]bool {
	out := map[int]bool{}
	for _, p := range m.data.Pos {
		for _, pc := range p.P {
			out[pc[1]] = true
		}
	}
	kinds := map[games.PieceKind]bool{}
	for _, v := range m.views {
		for _, p := range v.Pieces {
			kinds[p.Kind] = true
		}
	}
	for _, k := range promotionKinds[m.variant.ID] {
		kinds[k] = true
	}
	for k := range kinds {
		for _, s := range m.variant.Sides {
			out[pieceCode(k, s)] = true
		}
	}
	return out
}

// promotionKinds are the pieces a variant can make that its start
// position may lack.
var promotionKinds = map[string][]games.PieceKind{
	"chess": {games.Queen, games.Rook, games.Bishop, games.Knight}, "randommove": {games.Queen, games.Rook, games.Bishop, games.Knight},
	"angle": {games.Queen, games.Rook, games.Bishop, games.Knight, games.Ship}, "bermuda": {games.Queen, games.Rook, games.Bishop, games.Knight},
	"bede": {games.Queen, games.Bede, games.Chancellor, games.Zebra, games.Squire, games.Jester}, "beryl": {games.King, games.Bishop, games.Rook, games.Knight},
	"spindecision": {games.King, games.Bishop, games.Rook, games.Knight, games.Schrodinger},
}

// graphSVG draws a review's graph: the first player's expected score after
// each ply, as render's EvalGraph (the same data as the PNG in Discord).
// Each ply is a column the script makes clickable; the cursor line shows
// the ply on the board.
func graphSVG(r review.Review) string {
	const w, h = 600.0, 150.0
	n := len(r.Plies)
	x := func(i int) float64 { return w * float64(i) / float64(n) }
	var pts []string
	pts = append(pts, "0,"+num(h/2))
	var dots strings.Builder
	for i, p := range r.Plies {
		e := p.ExpectedAfter
		if p.Player != 0 {
			e = 1 - e
		}
		e = min(1, max(0, e))
		px, py := x(i+1), h*(1-e)
		pts = append(pts, num(px)+","+num(py))
		col := ""
		switch {
		case p.Judgement == "blunder":
			col = "#e53935"
		case p.Judgement == "mistake":
			col = "#ff9800"
		case p.Luck != nil && (*p.Luck >= 0.15 || *p.Luck <= -0.15):
			col = "#ba68c8"
		}
		if col != "" {
			fmt.Fprintf(&dots, `<circle cx="%s" cy="%s" r="4" fill="%s"><title>%s</title></circle>`, num(px), num(py), col,
				esc(fmt.Sprintf("%d. %s: %s", i+1, p.Move, firstNonEmpty(p.Judgement, "dice"))))
		}
	}
	line := strings.Join(pts, " ")
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" class="graph" viewBox="0 0 %s %s" data-plies="%d" role="img" aria-label="The review's evaluation graph">`, num(w), num(h), n)
	fmt.Fprintf(&b, `<rect width="%s" height="%s" fill="#302c29"/>`, num(w), num(h))
	fmt.Fprintf(&b, `<polygon points="0,%s %s %s,%s" fill="#f2eadc" fill-opacity="0.75"/>`, num(h), line, num(w), num(h))
	fmt.Fprintf(&b, `<line x1="0" y1="%[1]s" x2="%[2]s" y2="%[1]s" stroke="#8a8178" stroke-dasharray="4 4"/>`, num(h/2), num(w))
	fmt.Fprintf(&b, `<polyline points="%s" fill="none" stroke="#ffb74d" stroke-width="2"/>`, line)
	b.WriteString(dots.String())
	fmt.Fprintf(&b, `<line id="cursor" x1="%[1]s" y1="0" x2="%[1]s" y2="%[2]s" stroke="#3d8be0" stroke-width="2"/>`, num(w), num(h))
	b.WriteString(`</svg>`)
	return b.String()
}

func firstNonEmpty(a, b string) string {
	if a != "" {
		return a
	}
	return b
}
