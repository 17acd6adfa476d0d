package render

import (
	"bytes"
	"image"
	"image/png"
	"sync"
)

// The PNG writer is the standard library's, at BestSpeed: a board is flat
// colours and repeated rows, which compress well at any level, and the
// higher levels cost several times as much. Its buffers (the zlib writer
// and the row scratch) are reused between renders through a pool.
var encoder = png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: &encoderBuffers{}}

// encoderBuffers is a png.EncoderBufferPool over sync.Pool, safe for
// concurrent renders.
type encoderBuffers struct{ p sync.Pool }

func (b *encoderBuffers) Get() *png.EncoderBuffer {
	e, _ := b.p.Get().(*png.EncoderBuffer)
	return e
}

func (b *encoderBuffers) Put(e *png.EncoderBuffer) { b.p.Put(e) }

// writePNG encodes the paletted picture (8 bits per pixel: the palette has
// more than 16 colours).
func writePNG(out *bytes.Buffer, img *image.Paletted) error {
	return encoder.Encode(out, img)
}

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
func encodeRGBA(w *bytes.Buffer, img *image.RGBA) error {
	p := image.NewPaletted(img.Rect, palette())
	quantize(img, p, img.Rect)
	return writePNG(w, p)
}
