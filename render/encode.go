package render

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"hash/adler32"
	"hash/crc32"
	"hash/maphash"
	"image"
	"runtime"
	"sync"
	"sync/atomic"
)

// The PNG writer. A picture is compressed in horizontal bands, each an
// independent run of deflate blocks (a fresh compressor, flushed to a byte
// boundary), so the compressed bytes of a band depend only on its pixels.
// They are cached by a hash of those pixels: successive positions of a
// game share most ranks, and an unchanged band is then copied instead of
// compressed again. The result is an ordinary PNG (8-bit palette, one zlib
// stream whose Adler-32 is combined from the bands'), byte-for-byte the
// same whether bands came from the cache or not.

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
	return writePNG(w, p, nil, 0)
}

type bandKey struct {
	h1, h2 uint64
	n      int
	repeat int
}

type band struct {
	deflated []byte
	adler    uint32
	n        int // uncompressed length
}

var (
	bands      = newMemo[bandKey, *band](24 << 20)
	seed1      = maphash.MakeSeed()
	seed2      = maphash.MakeSeed()
	compressor = sync.Pool{New: func() any {
		// BestSpeed: flat colours compress well at any level, and the
		// higher levels cost several times as much.
		w, _ := flate.NewWriter(nil, flate.BestSpeed)
		return w
	}}
	rawPool sync.Pool
)

// defaultBand is the height of a band where the caller gives no cuts.
const defaultBand = 32

// writePNG encodes img. cuts are the rows where bands start (after 0), in
// increasing order; nil means bands of defaultBand rows.
func writePNG(out *bytes.Buffer, img *image.Paletted, cuts []int, repeat int) error {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	out.Write([]byte("\x89PNG\r\n\x1a\n"))
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8], ihdr[9] = 8, 3 // 8 bits, paletted
	writeChunk(out, "IHDR", ihdr[:])
	plte := make([]byte, 0, 3*len(img.Palette))
	for _, c := range img.Palette {
		r, g, b, _ := c.RGBA()
		plte = append(plte, byte(r>>8), byte(g>>8), byte(b>>8))
	}
	writeChunk(out, "PLTE", plte)

	// The IDAT chunk: length and type now, data appended, length fixed up.
	start := out.Len()
	out.Write([]byte{0, 0, 0, 0, 'I', 'D', 'A', 'T', 0x78, 0x01})
	if cuts == nil {
		for y := defaultBand; y < h; y += defaultBand {
			cuts = append(cuts, y)
		}
	}
	// Bands are compressed on every core: a cold picture is then ready in
	// about half the time on an idle two-core machine.
	var spans [][2]int
	y0 := 0
	for i := 0; i <= len(cuts); i++ {
		y1 := h // cuts is shared with other renders: never append to it
		if i < len(cuts) {
			y1 = cuts[i]
		}
		if y1 > y0 && y1 <= h {
			spans = append(spans, [2]int{y0, y1})
			y0 = y1
		}
	}
	done := make([]*band, len(spans))
	var next atomic.Int32
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(spans), 4) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := int(next.Add(1)) - 1; i < len(spans); i = int(next.Add(1)) - 1 {
				done[i] = bandOf(img, spans[i][0], spans[i][1], repeat)
			}
		}()
	}
	wg.Wait()
	adler := uint32(1)
	for _, b := range done {
		out.Write(b.deflated)
		adler = adlerCombine(adler, b.adler, b.n)
	}
	// A final empty stored block ends the deflate stream.
	out.Write([]byte{0x01, 0x00, 0x00, 0xff, 0xff})
	var sum [4]byte
	binary.BigEndian.PutUint32(sum[:], adler)
	out.Write(sum[:])
	data := out.Bytes()[start+4:]
	binary.BigEndian.PutUint32(out.Bytes()[start:], uint32(len(data)-4))
	var crc [4]byte
	binary.BigEndian.PutUint32(crc[:], crc32.ChecksumIEEE(data))
	out.Write(crc[:])
	writeChunk(out, "IEND", nil)
	return nil
}

func writeChunk(out *bytes.Buffer, kind string, data []byte) {
	var n [4]byte
	binary.BigEndian.PutUint32(n[:], uint32(len(data)))
	out.Write(n[:])
	c := crc32.NewIEEE()
	c.Write([]byte(kind))
	c.Write(data)
	out.WriteString(kind)
	out.Write(data)
	binary.BigEndian.PutUint32(n[:], c.Sum32())
	out.Write(n[:])
}

// bandOf returns rows y0..y1 of img as PNG scanlines (filter byte 0, then
// the palette indexes), compressed, from the cache when seen before.
func bandOf(img *image.Paletted, y0, y1, repeat int) *band {
	w := img.Rect.Dx()
	n := (y1 - y0) * (w + 1)
	rp, _ := rawPool.Get().(*[]byte)
	if rp == nil || cap(*rp) < n {
		b := make([]byte, n)
		rp = &b
	}
	raw := (*rp)[:n]
	defer rawPool.Put(rp)
	for y := y0; y < y1; y++ {
		row := raw[(y-y0)*(w+1):]
		row[0] = 0
		o := img.PixOffset(img.Rect.Min.X, img.Rect.Min.Y+y)
		copy(row[1:w+1], img.Pix[o:o+w])
	}
	key := bandKey{maphash.Bytes(seed1, raw), maphash.Bytes(seed2, raw), n, repeat}
	if b, ok := bands.get(key); ok {
		return b
	}
	var deflated []byte
	if repeat > 0 && w+1 <= 32768 {
		// Square boards (rows within deflate's window): the fast row-copy compressor (fastdeflate.go).
		deflated = deflateRows(raw, w+1, repeat)
	} else {
		var buf bytes.Buffer
		fw := compressor.Get().(*flate.Writer)
		fw.Reset(&buf)
		fw.Write(raw)
		fw.Flush()
		compressor.Put(fw)
		deflated = buf.Bytes()
	}
	b := &band{deflated: deflated, adler: adler32.Checksum(raw), n: n}
	return bands.put(key, b, len(b.deflated)+64)
}

// adlerCombine returns the Adler-32 of A followed by B from their sums
// and B's length (as zlib's adler32_combine).
func adlerCombine(a, b uint32, lenB int) uint32 {
	const mod = 65521
	rem := uint32(lenB % mod)
	a1, a2 := a&0xffff, a>>16
	b1, b2 := b&0xffff, b>>16
	s1 := (a1 + b1 + mod - 1) % mod
	s2 := (uint64(a2) + uint64(b2) + uint64(rem)*uint64(a1) + mod*2 - uint64(rem)) % mod
	return uint32(s2)<<16 | s1
}
