package beryl

import (
	"fmt"
	"strings"

	"github.com/bermudachess/bermuda/games"
)

// The view draws the board as computed: each cell's polygon is its base's
// two lattice points and its triangle's centroid, in drawn coordinates with
// y downwards, so cell 1 (Red's corner cell) is at the top. The board is
// not turned for the second player: both Beryl Chess armies already sit on
// the bottom edge, and a turned board would put the cell numbers the
// players type in unfamiliar places.

// boardCells returns the 39 cells, numbered, and labels beside the three
// cut corners naming the armies present.
func boardCells(armies int) ([]games.Cell, []games.Label) {
	cells := make([]games.Cell, numCells)
	for c, g := range geo.cells {
		poly := make([]games.Point, 0, 3)
		for _, p := range g.base {
			x, y := drawn(p, 1)
			poly = append(poly, games.Point{X: x, Y: y})
		}
		x, y := drawn(g.apex3(), 3)
		poly = append(poly, games.Point{X: x, Y: y})
		cells[c] = games.Cell{Name: fmt.Sprint(c + 1), Polygon: poly, Shade: games.ShadeCell, Number: fmt.Sprint(c + 1)}
	}
	var labels []games.Label
	for a := 0; a < armies; a++ {
		// Just outside the army's short edge (its home point), so the
		// picture stays tight around the board.
		x, y := drawn(geo.home2[a], 2)
		cx, cy := drawn(point{4, 4}, 3) // the board's centre
		labels = append(labels, games.Label{
			Text: games.Side(a).String(),
			At:   games.Point{X: cx + (x-cx)*1.22, Y: cy + (y-cy)*1.22},
			Size: 0.3,
		})
	}
	return cells, labels
}

// pieceViews lists the pieces on the board.
func pieceViews(l *layout) []games.PieceView {
	var out []games.PieceView
	for c, p := range l {
		if !p.empty() {
			out = append(out, games.PieceView{Cell: c, Kind: p.kind().viewKind(), Side: games.Side(p.army())})
		}
	}
	return out
}

// lastMoveMarks marks the last move's cells, if there was one.
func lastMoveMarks(from, to int) []games.Mark {
	if from < 0 {
		return nil
	}
	return []games.Mark{{Cell: from, Kind: games.MarkFrom}, {Cell: to, Kind: games.MarkTo}}
}

// diagram draws the board as text, one line per row of centroids, each
// cell as its number and piece ("17wK", "12 ." when empty), placed by its
// centroid's x so the triangle's shape shows.
func diagram(l *layout, armies int, footer string) string {
	var b strings.Builder
	minX := 1 << 30
	for _, g := range geo.cells {
		minX = min(minX, 2*g.centroid9.a+g.centroid9.b)
	}
	for c := 0; c < numCells; {
		row := geo.cells[c].centroid9.b
		var line []byte
		for ; c < numCells && geo.cells[c].centroid9.b == row; c++ {
			g := geo.cells[c]
			col := 2*g.centroid9.a + g.centroid9.b - minX
			for len(line) < col {
				line = append(line, ' ')
			}
			line = append(line, fmt.Sprintf("%2d%s", c+1, l[c].code())...)
		}
		b.Write(line)
		b.WriteByte('\n')
	}
	if armies == 3 {
		b.WriteString("w/b/r: White/Black/Red; K king, S undecided king-or-bishop, R rook, B bishop, N knight, P pawn\n")
	} else {
		b.WriteString("w/b: White/Black; K king, R rook, B bishop, N knight, P pawn\n")
	}
	if footer != "" {
		b.WriteString(footer + "\n")
	}
	return b.String()
}
