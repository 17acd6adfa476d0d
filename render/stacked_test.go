package render

import (
	"image"
	"testing"

	"github.com/bermudachess/bermuda/games"
)

// beneathName is RULES.md's stacking, written here independently of the
// variant package: upper (file f, rank r) lies over lower (r, 9−f), 1-based.
func beneathName(upper string) string {
	f, r := int(upper[0]-'A')+1, int(upper[1]-'0')
	return string(rune('a'+r-1)) + string(rune('0'+9-f))
}

// boardBox is the pixel box of cells [from, to) of a layout.
func boardBox(l *layout, from, to int) image.Rectangle {
	r := l.cells[from].rect
	for i := from + 1; i < to; i++ {
		r = r.Union(l.cells[i].rect)
	}
	return r
}

// TestBermudaUpperSquareIsDrawnOverTheSquareBeneath renders Bermuda chess
// with one marked piece on an upper square, for several squares and both
// sides to move, and checks the picture: at the place on the upper board
// that corresponds to the lower square beneath it (same offset from the
// board's corner), the marked colour must appear, and nowhere else on the
// upper board. Drawing the upper board unturned, or turned the wrong way,
// fails.
func TestBermudaUpperSquareIsDrawnOverTheSquareBeneath(t *testing.T) {
	const kings = "4k3/8/8/8/8/8/8/4K3"
	for _, toMove := range []string{"w", "b"} {
		for _, upper := range []string{"C2", "A1", "H1", "A8", "F5"} {
			g, err := games.NewGame("bermuda", kings+"|"+kings+" "+toMove+" -|- - 0 1")
			if err != nil {
				t.Fatal(err)
			}
			v := g.View()
			up := cellIndex(v, upper)
			below := cellIndex(v, beneathName(upper))
			v.Marks = []games.Mark{{Cell: up, Kind: games.MarkTo}}
			img, _ := renderDecode(t, v, Options{CellPx: 32})
			l := layoutOf(t, v, 32)
			lowerBox, upperBox := boardBox(l, 0, 64), boardBox(l, 64, 128)
			shift := upperBox.Min.Sub(lowerBox.Min)
			want := blend(shadeColour(v.Cells[up].Shade), markTints[games.MarkTo].c, markTints[games.MarkTo].alpha)
			for i := 0; i < 64; i++ {
				// A corner pixel of the place above lower cell i.
				at := l.cells[i].rect.Min.Add(shift).Add(image.Pt(2, 2))
				got := rgbaAt(img, at.X, at.Y)
				if marked := near(got, want, 8); marked != (i == below) {
					t.Errorf("%s to move, %s marked: above %s the picture shows %v (marked: %v); the square beneath %s is %s",
						toMove, upper, v.Cells[i].Name, got, marked, upper, v.Cells[below].Name)
				}
			}
		}
	}
}

// TestBermudaClimbIsMarkedOnBothBoards plays a capture that climbs and
// checks the picture: where the knight left (f3) the upper board shows a
// teal ring at the same place, and where it climbed to (D5) a teal ring
// stands over the capture square e5.
func TestBermudaClimbIsMarkedOnBothBoards(t *testing.T) {
	const upperKings = "4k3/8/8/8/8/8/8/4K3"
	g, err := games.NewGame("bermuda", "4k3/8/8/4p3/8/5N2/8/4K3|"+upperKings+" w -|- - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	g, _, _, err = games.Apply(g, "f3e5", games.Seeded(1))
	if err != nil {
		t.Fatal(err)
	}
	v := g.View()
	img, _ := renderDecode(t, v, Options{CellPx: 40})
	l := layoutOf(t, v, 40)
	shift := boardBox(l, 64, 128).Min.Sub(boardBox(l, 0, 64).Min)
	for _, lower := range []string{"f3", "e5"} {
		r := l.cells[cellIndex(v, lower)].rect.Add(shift)
		teal := 0
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				if near(rgbaAt(img, x, y), colBoardChange, 12) {
					teal++
				}
			}
		}
		if teal < 40 {
			t.Errorf("above %s the upper board shows %d teal pixels, want a ring", lower, teal)
		}
	}
}
