package render

import (
	"encoding/xml"
	"strings"
	"testing"

	"github.com/bermudachess/bermuda/games"
)

// Every piece's SVG is well-formed XML with paths in it, and the zebra's
// stripes are clipped to its head as in the sprite.
func TestPieceSVG(t *testing.T) {
	for _, k := range games.AllPieceKinds {
		for _, s := range []games.Side{games.White, games.Black, games.Red} {
			body := PieceSVG(k, s, "t")
			doc := `<svg xmlns="http://www.w3.org/2000/svg">` + body + `</svg>`
			if err := xml.Unmarshal([]byte(doc), new(struct{})); err != nil {
				t.Fatalf("%s %v: %v\n%s", k, s, err, body)
			}
			if strings.Count(body, "<path") < 3 {
				t.Errorf("%s %v: only %d paths", k, s, strings.Count(body, "<path"))
			}
		}
	}
	if z := PieceSVG(games.Zebra, games.White, "z"); !strings.Contains(z, `clip-path="url(#zk1)"`) {
		t.Errorf("the zebra's stripes are not clipped: %s", z)
	}
}

// GeometryOf puts cells where the PNG puts them: same size, and the
// centres of a chess board's corner squares a cell from the frame.
func TestGeometryMatchesThePNG(t *testing.T) {
	v := testView(t)
	g, err := GeometryOf(v, 48)
	if err != nil {
		t.Fatal(err)
	}
	l, err := getLayout(&v, 48)
	if err != nil {
		t.Fatal(err)
	}
	if g.Width != l.width || g.Height != l.height || len(g.Cells) != len(v.Cells) || len(g.Labels) != len(v.Labels) {
		t.Fatalf("geometry %dx%d %d cells %d labels, layout %dx%d", g.Width, g.Height, len(g.Cells), len(g.Labels), l.width, l.height)
	}
	for i, c := range g.Cells {
		if int(c.Centre.X) != l.cells[i].centre.X || int(c.Centre.Y) != l.cells[i].centre.Y {
			t.Fatalf("cell %d centre %v, layout %v", i, c.Centre, l.cells[i].centre)
		}
	}
}

func testView(t *testing.T) games.View {
	t.Helper()
	var cells []games.Cell
	for i := 0; i < 4; i++ {
		x, y := float64(i%2), float64(i/2)
		cells = append(cells, games.Cell{Name: string(rune('a' + i)), Polygon: []games.Point{{X: x, Y: y}, {X: x + 1, Y: y}, {X: x + 1, Y: y + 1}, {X: x, Y: y + 1}}, Shade: games.Shade(i % 2)})
	}
	return games.View{Cells: cells, Labels: []games.Label{{Text: "a", At: games.Point{X: 0.5, Y: 2.3}}},
		Pieces: []games.PieceView{{Cell: 0, Kind: games.King, Side: games.White}}}
}
