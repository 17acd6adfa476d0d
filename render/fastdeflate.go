package render

import (
	"encoding/binary"
	"math/bits"
)

// A deflate compressor specialised for paletted board pictures. Each byte
// of a scanline is coded as a copy of the row above (distance = stride),
// a run of the byte before (distance 1), or a literal, whichever matches
// longest, with the fixed Huffman codes of RFC 1951, §3.2.6. It finds no
// other matches, but a board is flat colours and repeated rows, so it
// compresses nearly as well as a general compressor at a fraction of the
// cost: one comparison per byte.

// lengthBase and lengthExtra describe the length codes 257–285.
var (
	lengthBase  = [29]uint16{3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258}
	lengthExtra = [29]uint8{0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0}
	distBase    = [30]uint32{1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577}
	distExtra   = [30]uint8{0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13}
	// lengthCode[l-3] is the length code index (0–28) for length l.
	lengthCode [256]uint8
)

func init() {
	for c := 0; c < 29; c++ {
		end := 258
		if c < 28 {
			end = int(lengthBase[c+1]) - 1
		}
		for l := int(lengthBase[c]); l <= end && l <= 258; l++ {
			if l-3 < 256 {
				lengthCode[l-3] = uint8(c)
			}
		}
	}
	lengthCode[255] = 28
}

// bitWriter writes deflate's LSB-first bit stream.
type bitWriter struct {
	out   []byte
	acc   uint64
	nbits uint
}

func (w *bitWriter) bits(v uint64, n uint) {
	w.acc |= v << w.nbits
	w.nbits += n
	for w.nbits >= 8 {
		w.out = append(w.out, byte(w.acc))
		w.acc >>= 8
		w.nbits -= 8
	}
}

// huff writes a Huffman code, which deflate stores most significant bit
// first.
func (w *bitWriter) huff(code uint32, n uint) {
	w.bits(uint64(reverseBits(code, n)), n)
}

func reverseBits(v uint32, n uint) uint32 {
	var r uint32
	for i := uint(0); i < n; i++ {
		r = r<<1 | v&1
		v >>= 1
	}
	return r
}

// Fixed Huffman codes, reversed once.
var fixedLit [286]struct {
	code uint32
	n    uint
}

func init() {
	for v := 0; v < 286; v++ {
		var code uint32
		var n uint
		switch {
		case v < 144:
			code, n = 0x30+uint32(v), 8
		case v < 256:
			code, n = 0x190+uint32(v-144), 9
		case v < 280:
			code, n = uint32(v-256), 7
		default:
			code, n = 0xc0+uint32(v-280), 8
		}
		fixedLit[v].code, fixedLit[v].n = reverseBits(code, n), n
	}
}

func (w *bitWriter) lit(v int) { w.bits(uint64(fixedLit[v].code), fixedLit[v].n) }

func (w *bitWriter) match(length int, dist uint32) {
	c := lengthCode[length-3]
	w.lit(257 + int(c))
	if e := lengthExtra[c]; e > 0 {
		w.bits(uint64(length-int(lengthBase[c])), uint(e))
	}
	d := 0
	for d < 29 && distBase[d+1] <= dist {
		d++
	}
	w.bits(uint64(reverseBits(uint32(d), 5)), 5)
	if e := distExtra[d]; e > 0 {
		w.bits(uint64(dist-distBase[d]), uint(e))
	}
}

// deflateRows compresses raw (scanlines of stride bytes) as one fixed
// Huffman block followed by an empty stored block, so the result ends on
// a byte boundary and can be followed by more blocks.
func deflateRows(raw []byte, stride int, repeat int) []byte {
	w := bitWriter{out: make([]byte, 0, len(raw)/8+64)}
	w.bits(0b010, 3) // not final, fixed Huffman
	// Candidate distances: the row above, the byte before, and (when the
	// board has a repeat) one and two cells back in the same row, where
	// the same piece on the same square colour is often found.
	cands := []int{stride, 1}
	if repeat > 1 && 2*repeat < stride {
		cands = append(cands, 2*repeat, repeat)
	}
	n := len(raw)
	for i := 0; i < n; {
		best, dist := 0, 0
		for _, d := range cands {
			if i >= d {
				if l := matchLen(raw[i:], raw[i-d:]); l > best {
					best, dist = l, d
					if l == 258 {
						break
					}
				}
			}
		}
		if best >= 3 {
			w.match(best, uint32(dist))
			i += best
			continue
		}
		w.lit(int(raw[i]))
		i++
	}
	w.lit(256) // end of block
	// An empty stored block: aligns to a byte.
	w.bits(0b000, 3)
	if w.nbits > 0 {
		w.bits(0, 8-w.nbits)
	}
	w.out = append(w.out, 0, 0, 0xff, 0xff)
	return w.out
}

// matchLen is how many leading bytes of a equal those of b, at most 258
// (deflate's longest match), compared eight at a time.
func matchLen(a, b []byte) int {
	n := min(len(a), 258)
	l := 0
	for l+8 <= n {
		if x := binary.LittleEndian.Uint64(a[l:]) ^ binary.LittleEndian.Uint64(b[l:]); x != 0 {
			return l + bits.TrailingZeros64(x)/8
		}
		l += 8
	}
	for l < n && a[l] == b[l] {
		l++
	}
	return l
}
