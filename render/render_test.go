package render

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"math/rand/v2"
	"runtime"
	"sync"
	"testing"

	"github.com/bermudachess/bermuda/games"
	_ "github.com/bermudachess/bermuda/games/all"
)

func decode(t testing.TB, b []byte) image.Image {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("the PNG does not decode: %v", err)
	}
	return img
}

func renderDecode(t testing.TB, v games.View, o Options) (image.Image, []byte) {
	t.Helper()
	b, err := Render(v, o)
	if err != nil {
		t.Fatalf("Render(%s): %v", v.Variant, err)
	}
	return decode(t, b), b
}

func rgbaAt(img image.Image, x, y int) color.RGBA {
	return color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)
}

func near(a, b color.RGBA, tol int) bool {
	d := func(x, y uint8) int {
		if x > y {
			return int(x - y)
		}
		return int(y - x)
	}
	return d(a.R, b.R) <= tol && d(a.G, b.G) <= tol && d(a.B, b.B) <= tol
}

// layoutOf gives the pixel geometry a view is drawn with.
func layoutOf(t testing.TB, v games.View, px int) *layout {
	t.Helper()
	if px == 0 {
		px = DefaultCellPx
	}
	l, err := getLayout(&v, px)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func TestSyntheticBoardsDecodeWithExpectedSizes(t *testing.T) {
	cases := []struct {
		name         string
		view         games.View
		minW, maxW   int // at the default size
		minH, maxH   int
		maxPNGBytes  int
		squareCellPx bool // cells are CellPx squares
	}{
		// No header: the board, its coordinates and a thin frame.
		{"8x8", chessView(), 8 * 64, 8*64 + 64, 8 * 64, 8*64 + 64, 60 << 10, true},
		{"10x10 with Angle", angleView(), 640, 640 + 64, 640, 640 + 64, 60 << 10, true},
		{"9x11", bedeView(), 9 * 64, 9*64 + 64, 11 * 64, 11*64 + 64, 60 << 10, true},
		{"two boards", twoBoardView(), 17 * 64, 17*64 + 64, 8 * 64, 8*64 + 128, 80 << 10, true},
		{"triangles", triangleView(), 500, 1200, 400, 1100, 80 << 10, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			img, b := renderDecode(t, c.view, Options{})
			w, h := img.Bounds().Dx(), img.Bounds().Dy()
			if w < c.minW || w > c.maxW || h < c.minH || h > c.maxH {
				t.Errorf("picture is %d×%d, want width %d–%d and height %d–%d", w, h, c.minW, c.maxW, c.minH, c.maxH)
			}
			if len(b) > c.maxPNGBytes {
				t.Errorf("PNG is %d bytes, want at most %d", len(b), c.maxPNGBytes)
			}
			l := layoutOf(t, c.view, 0)
			if l.width != w || l.height != h {
				t.Errorf("layout says %d×%d, picture is %d×%d", l.width, l.height, w, h)
			}
			if c.squareCellPx {
				for i, cl := range l.cells {
					if !cl.isRect || cl.rect.Dx() != 64 || cl.rect.Dy() != 64 {
						t.Fatalf("cell %d is %v, want a 64 px square", i, cl.rect)
					}
				}
			}
			// At 48 px per cell the picture shrinks in proportion.
			small, _ := renderDecode(t, c.view, Options{CellPx: 48})
			if sw := small.Bounds().Dx(); sw >= w || sw < w*48/64-40 {
				t.Errorf("at 48 px the width is %d, want about %d", sw, w*48/64)
			}
		})
	}
}

func TestCellShadesAndHighlights(t *testing.T) {
	v := angleView()
	img, _ := renderDecode(t, v, Options{})
	l := layoutOf(t, v, 0)
	// A pixel inside a cell but beside its piece: left edge, half way down.
	side := func(name string) color.RGBA {
		c := l.cells[cellIndex(v, name)]
		return rgbaAt(img, c.rect.Min.X+3, (c.rect.Min.Y+c.rect.Max.Y)/2)
	}
	centre := func(name string) color.RGBA {
		c := l.cells[cellIndex(v, name)]
		return rgbaAt(img, c.centre.X, c.centre.Y)
	}
	check := func(what string, got, want color.RGBA) {
		t.Helper()
		if !near(got, want, 10) {
			t.Errorf("%s: got %v, want about %v", what, got, want)
		}
	}
	check("light square a2", side("a2"), colLight)
	check("dark square a1", side("a1"), colDark)
	check("light Angle square d3", centre("d3"), colAngleLight) // d3 is light in chess colouring
	check("dark Angle square c3", side("c3"), colAngleDark)
	// The last move: from h3 (light, outside the Angle), across g4 (dark,
	// inside), to f5 (dark, inside).
	from := blend(shadeColour(v.Cells[cellIndex(v, "h3")].Shade), markTints[games.MarkFrom].c, markTints[games.MarkFrom].alpha)
	path := blend(shadeColour(v.Cells[cellIndex(v, "g4")].Shade), markTints[games.MarkPath].c, markTints[games.MarkPath].alpha)
	to := blend(shadeColour(v.Cells[cellIndex(v, "f5")].Shade), markTints[games.MarkTo].c, markTints[games.MarkTo].alpha)
	check("from h3", side("h3"), from)
	check("path g4", centre("g4"), path)
	check("to f5", centre("f5"), to)
	if near(side("h3"), side("f5"), 20) || near(centre("g4"), centre("f5"), 20) {
		t.Errorf("from %v, path %v and to %v should be distinct colours", side("h3"), centre("g4"), centre("f5"))
	}
	// The attacked king stands in a red glow.
	k := l.cells[cellIndex(v, "f10")]
	g := rgbaAt(img, k.rect.Min.X+8, k.rect.Min.Y+k.rect.Dy()/2)
	if int(g.R) < int(g.G)+60 {
		t.Errorf("beside the attacked king: %v, want a red glow", g)
	}
	// The dice's square has its ring in the dice colour.
	d := l.cells[cellIndex(v, "e6")]
	check("dice ring on e6", rgbaAt(img, d.rect.Min.X+1, d.rect.Min.Y+d.rect.Dy()/2), colDiceRing)
}

// inkAround measures how far a cell's pixels are from its plain colour.
func inkAround(img image.Image, r image.Rectangle, base color.RGBA) int {
	sum := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			c := rgbaAt(img, x, y)
			for _, d := range []int{int(c.R) - int(base.R), int(c.G) - int(base.G), int(c.B) - int(base.B)} {
				if d < 0 {
					d = -d
				}
				sum += d
			}
		}
	}
	return sum
}

func TestGhostIsFainterThanPiece(t *testing.T) {
	g := games.Grid{Files: 4, Ranks: 1}
	cells, labels := g.Cells(games.Point{}, false, nil)
	for _, k := range []games.PieceKind{games.Knight, games.Pawn, games.Queen} {
		for _, side := range []games.Side{games.White, games.Black, games.Red} {
			v := games.View{Variant: "ghosts", Cells: cells, Labels: labels, Pieces: []games.PieceView{
				{Cell: 0, Kind: k, Side: side}, {Cell: 2, Kind: k, Side: side, Ghost: true},
			}}
			img, _ := renderDecode(t, v, Options{})
			l := layoutOf(t, v, 0)
			solid := inkAround(img, l.cells[0].rect, colDark)
			ghost := inkAround(img, l.cells[2].rect, colDark)
			if ghost == 0 || ghost*2 > solid {
				t.Errorf("%s %s: ghost differs from its square by %d, the piece by %d; want a faint but visible ghost", side, k, ghost, solid)
			}
		}
	}
}

func TestEveryPieceKindIsDrawnDistinctly(t *testing.T) {
	seen := map[string]games.PieceKind{}
	for _, k := range games.AllPieceKinds {
		for _, s := range []games.Side{games.White, games.Black, games.Red} {
			img := sprite(k, s, 48, false)
			opaque := 0
			for i := 3; i < len(img.Pix); i += 4 {
				if img.Pix[i] > 200 {
					opaque++
				}
			}
			// A recognisable figure covers a fair part of its box.
			if opaque < 48*48/6 {
				t.Errorf("%s %s covers only %d of %d pixels", s, k, opaque, 48*48)
			}
			sum := sha256.Sum256(img.Pix)
			key := hex.EncodeToString(sum[:8])
			if other, dup := seen[key]; dup {
				t.Errorf("%s %s looks exactly like %s", s, k, other)
			}
			seen[key] = k
		}
	}
}

func TestLegendDecodes(t *testing.T) {
	b, err := Legend()
	if err != nil {
		t.Fatal(err)
	}
	img := decode(t, b)
	// Thirteen kinds in two columns of seven rows: wider than tall, so it
	// keeps its size in Discord's 400×300 box.
	wantH := DefaultCellPx*7/10 + 7*DefaultCellPx + DefaultCellPx/5
	if img.Bounds().Dy() != wantH || img.Bounds().Dx() < img.Bounds().Dy() {
		t.Errorf("legend is %v, want %d high and wider than high", img.Bounds(), wantH)
	}
	// A variant's own legend: its kinds and armies only.
	b, err = LegendOf([]games.PieceKind{games.King, games.Ship}, []games.Side{games.White, games.Black}, "Angle pieces")
	if err != nil {
		t.Fatal(err)
	}
	if img := decode(t, b); img.Bounds().Dy() != DefaultCellPx*7/10+2*DefaultCellPx+DefaultCellPx/5 {
		t.Errorf("two kinds: legend is %v", img.Bounds())
	}
	if _, err := LegendOf(nil, []games.Side{games.White}, "x"); err == nil {
		t.Error("an empty legend drew without an error")
	}
}

// playSome plays up to n moves, picking among the legal moves by a fixed
// rule so the test is repeatable.
func playSome(t *testing.T, g games.Game, r games.Roller, n int) games.Game {
	for i := 0; i < n; i++ {
		if g.Outcome().Over {
			break
		}
		legal := g.LegalMoves()
		if len(legal) == 0 {
			break
		}
		m := legal[(i*7+3)%len(legal)]
		next, _, _, err := games.Apply(g, m.Notation, r)
		if err != nil {
			t.Fatalf("playing legal move %q: %v", m.Notation, err)
		}
		g = next
	}
	return g
}

func TestEveryRegisteredVariantRenders(t *testing.T) {
	for _, v := range games.All() {
		t.Run(v.ID, func(t *testing.T) {
			r := games.Seeded(7)
			g, _, _, err := games.Start(v.ID, "", r)
			if err != nil {
				t.Fatalf("variant %s does not start: %v", v.ID, err)
			}
			start := g.View()
			img, b := renderDecode(t, start, Options{})
			if img.Bounds().Dx() < 320 || len(b) > 120<<10 {
				t.Errorf("start: %v, %d bytes", img.Bounds(), len(b))
			}
			mid := playSome(t, g, r, 16).View()
			img2, _ := renderDecode(t, mid, Options{})
			if img2.Bounds() != img.Bounds() {
				t.Errorf("mid-game picture is %v, start was %v: the size should not depend on the position", img2.Bounds(), img.Bounds())
			}
			if _, err := Render(mid, Options{CellPx: 48}); err != nil {
				t.Error(err)
			}
		})
	}
}

func TestBadViewsAndOptionsAreErrors(t *testing.T) {
	v := chessView()
	v.Pieces = append(v.Pieces, games.PieceView{Cell: 64, Kind: games.King, Side: games.White})
	if _, err := PNG(v); err == nil {
		t.Error("a piece on cell 64 of 64 rendered without an error")
	}
	v = chessView()
	v.Marks = append(v.Marks, games.Mark{Cell: -1, Kind: games.MarkTo})
	if _, err := PNG(v); err == nil {
		t.Error("a mark on cell -1 rendered without an error")
	}
	for _, px := range []int{-1, 1, MaxCellPx + 1} {
		if _, err := Render(chessView(), Options{CellPx: px}); err == nil {
			t.Errorf("CellPx %d rendered without an error", px)
		}
	}
	huge := games.View{Cells: []games.Cell{{Polygon: pts(0, 0, 1e6, 0, 1e6, 1, 0, 1)}}}
	if _, err := PNG(huge); err == nil {
		t.Error("a board a million squares wide rendered without an error")
	}
	nan := games.View{Cells: []games.Cell{{Polygon: pts(0, 0, math.NaN(), 0, 1, 1)}}}
	if _, err := PNG(nan); err == nil {
		t.Error("a cell with a NaN corner rendered without an error")
	}
	// Odd but valid views still render.
	for name, v := range map[string]games.View{
		"empty":        {Variant: "nothing"},
		"unknown kind": {Variant: "x", Cells: chessView().Cells[:1], Pieces: []games.PieceView{{Cell: 0, Kind: "dragon", Side: games.Red}}},
		"flat cell":    {Cells: []games.Cell{{Polygon: pts(1, 1, 1, 1, 1, 1)}, {Polygon: pts(0, 0, 1, 0, 0, 1)}}, Pieces: []games.PieceView{{Cell: 0, Kind: games.Pawn}}, Marks: []games.Mark{{Cell: 0, Kind: games.MarkDice}}},
		"stacked":      {Cells: chessView().Cells[:2], Pieces: []games.PieceView{{Cell: 1, Kind: games.Pawn}, {Cell: 1, Kind: games.Rook, Ghost: true}, {Cell: 1, Kind: games.King, Side: games.Black}}, Marks: []games.Mark{{Cell: 1, Kind: games.MarkAttackedKing}, {Cell: 1, Kind: games.MarkBoardChange}, {Cell: 1, Kind: 99}}},
		"label inside": {Cells: chessView().Cells, Labels: []games.Label{{Text: "a1", At: games.Point{X: 0.2, Y: 7.2}, Size: 100}}, Pieces: []games.PieceView{{Cell: 0, Kind: games.Queen, Side: 9}}},
		"long header":  {Variant: string(bytes.Repeat([]byte("Very long name "), 20)), ToAct: string(bytes.Repeat([]byte("x"), 500)), Cells: chessView().Cells},
	} {
		if _, b := renderDecode(t, v, Options{}); len(b) == 0 {
			t.Errorf("%s: empty PNG", name)
		}
	}
}

// pixelHash identifies a picture by its pixels, not its PNG bytes (which
// depend on the compressor's version).
func pixelHash(img image.Image) string {
	h := sha256.New()
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			c := rgbaAt(img, x, y)
			h.Write([]byte{c.R, c.G, c.B})
		}
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// goldenChess48 is the pixel hash of chessView at 48 px per cell. Change
// it only after looking at the new picture.
const goldenChess48 = "8c8ae7e669636ce8"

func TestRenderingIsDeterministic(t *testing.T) {
	a, _ := renderDecode(t, chessView(), Options{CellPx: 48})
	// A different picture in between must not disturb cached state.
	renderDecode(t, angleView(), Options{CellPx: 48})
	b, _ := renderDecode(t, chessView(), Options{CellPx: 48})
	ha, hb := pixelHash(a), pixelHash(b)
	if ha != hb {
		t.Fatalf("the same view rendered twice differs: %s vs %s", ha, hb)
	}
	// Rasterisation is exact only where floating point is: amd64 has no
	// fused multiply-add in Go, other architectures may round otherwise.
	if runtime.GOARCH == "amd64" && ha != goldenChess48 {
		t.Errorf("chess at 48 px has pixel hash %s, golden is %s: if the change is intended, look at the picture and update goldenChess48", ha, goldenChess48)
	}
}

func TestConcurrentRendersMatchSerialOnes(t *testing.T) {
	views := []games.View{chessView(), angleView(), bedeView(), twoBoardView(), triangleView()}
	want := make([][]byte, len(views))
	for i, v := range views {
		b, err := Render(v, Options{CellPx: 40})
		if err != nil {
			t.Fatal(err)
		}
		want[i] = b
	}
	var wg sync.WaitGroup
	errs := make(chan error, 4*len(views))
	for w := 0; w < 4; w++ {
		for i, v := range views {
			wg.Add(1)
			go func() {
				defer wg.Done()
				b, err := Render(v, Options{CellPx: 40})
				if err == nil && !bytes.Equal(b, want[i]) {
					err = fmt.Errorf("%s rendered concurrently differs from the serial render", v.Variant)
				}
				if err != nil {
					errs <- err
				}
			}()
		}
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// The PNG is 8-bit paletted and holds exactly the composed indexes and
// palette.
func TestPNGHoldsThePalettedPicture(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	src := image.NewPaletted(image.Rect(0, 0, 301, 97), palette())
	for i := range src.Pix {
		src.Pix[i] = uint8(rng.IntN(len(src.Palette)))
	}
	var buf bytes.Buffer
	if err := writePNG(&buf, src); err != nil {
		t.Fatal(err)
	}
	got, ok := decode(t, buf.Bytes()).(*image.Paletted)
	if !ok {
		t.Fatal("the PNG does not decode as a paletted picture")
	}
	if got.Rect != src.Rect || !bytes.Equal(got.Pix, src.Pix) || len(got.Palette) != len(src.Palette) {
		t.Fatalf("decoded %v with %d colours, want %v with %d and the same indexes", got.Rect, len(got.Palette), src.Rect, len(src.Palette))
	}
	for i := range src.Palette {
		r1, g1, b1, a1 := got.Palette[i].RGBA()
		r2, g2, b2, a2 := src.Palette[i].RGBA()
		if [4]uint32{r1, g1, b1, a1} != [4]uint32{r2, g2, b2, a2} {
			t.Fatalf("palette entry %d is %v, want %v", i, got.Palette[i], src.Palette[i])
		}
	}
}

// pts builds a polygon from x, y pairs.
func pts(xy ...float64) []games.Point {
	out := make([]games.Point, 0, len(xy)/2)
	for i := 0; i+1 < len(xy); i += 2 {
		out = append(out, games.Point{X: xy[i], Y: xy[i+1]})
	}
	return out
}
