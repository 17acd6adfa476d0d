package render

import (
	"bytes"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/bermudachess/bermuda/games"
	xdraw "golang.org/x/image/draw"
)

// The pictures under docs/images show every variant as Discord shows it:
// downscaled to 400 px wide (desktop) and 350 px (phone). They are
// written only on request, for people to look at:
//
//	BERMUDA_DOC_IMAGES=../docs/images go test ./render -run TestWriteDocImages
func TestWriteDocImages(t *testing.T) {
	dir := os.Getenv("BERMUDA_DOC_IMAGES")
	if dir == "" {
		t.Skip("set BERMUDA_DOC_IMAGES to a directory to write the review pictures")
	}
	for _, v := range games.All() {
		r := games.Seeded(11)
		g, _, _, err := games.Start(v.ID, "", r)
		if err != nil {
			t.Fatal(err)
		}
		g = playSome(t, g, r, 30)
		b, err := PNG(g.View())
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range []int{400, 350} {
			writeScaled(t, filepath.Join(dir, v.ID+"-"+strconv.Itoa(w)+".png"), decode(t, b), w)
		}
	}
}

// writeScaled writes img scaled to width w, as a browser would show it,
// mapped to the render palette to keep the file small.
func writeScaled(t *testing.T, path string, img image.Image, w int) {
	t.Helper()
	b := img.Bounds()
	h := (b.Dy()*w + b.Dx()/2) / b.Dx()
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	xdraw.CatmullRom.Scale(dst, dst.Rect, img, b, xdraw.Src, nil)
	p := image.NewPaletted(dst.Rect, palette())
	quantize(dst, p, dst.Rect)
	var buf bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(&buf, p); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}
