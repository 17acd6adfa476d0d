package render

import (
	"image"
	"image/png"
	"io"
	"sync"
)

// pngBuffers reuses the encoder's compression state between renders.
type pngBuffers struct{ pool sync.Pool }

func (p *pngBuffers) Get() *png.EncoderBuffer {
	b, _ := p.pool.Get().(*png.EncoderBuffer)
	return b
}
func (p *pngBuffers) Put(b *png.EncoderBuffer) { p.pool.Put(b) }

// BestSpeed compresses a paletted board to 20–45 KB in a fraction of the
// default level's time; higher levels gain little on flat colours.
var encoder = png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: &pngBuffers{}}

// Pictures and scratch images are reused between renders of one size.
var palettedPool, rgbaPool sync.Pool

func getPaletted(r image.Rectangle) *image.Paletted {
	p, _ := palettedPool.Get().(*image.Paletted)
	if p == nil || p.Rect != r {
		return image.NewPaletted(r, palette())
	}
	return p
}

func putPaletted(p *image.Paletted) { palettedPool.Put(p) }

// scratchRGBA returns an RGBA image covering r (absolute coordinates).
func scratchRGBA(r image.Rectangle) *image.RGBA {
	s, _ := rgbaPool.Get().(*image.RGBA)
	n := 4 * r.Dx() * r.Dy()
	if s == nil || cap(s.Pix) < n {
		s = &image.RGBA{Pix: make([]byte, n)}
	}
	s.Pix = s.Pix[:n]
	s.Stride = 4 * r.Dx()
	s.Rect = r
	return s
}

func putRGBA(s *image.RGBA) { rgbaPool.Put(s) }

// encodeRGBA writes a whole RGBA picture (the legend) as a paletted PNG.
func encodeRGBA(w io.Writer, img *image.RGBA) error {
	p := image.NewPaletted(img.Rect, palette())
	quantize(img, p, img.Rect)
	return encoder.Encode(w, p)
}
