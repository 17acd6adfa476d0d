package games

import (
	"encoding/binary"
	"unsafe"
)

// Helpers shared by the variants' fast paths (Searchable): the keys of
// their Zobrist hashes, and the cells a move changed, from which a hash,
// piece counts or a placement score follow without walking the board.

// ZobristKeys returns a generator of well-mixed 64-bit keys (splitmix64)
// starting from seed: a variant fills its hashing tables from it once.
func ZobristKeys(seed uint64) func() uint64 {
	x := seed
	return func() uint64 {
		x += 0x9e3779b97f4a7c15
		z := x
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		return z ^ z>>31
	}
}

// FillKeys sets every element of keys from next.
func FillKeys(keys []uint64, next func() uint64) {
	for i := range keys {
		keys[i] = next()
	}
}

// AppendChanged appends to dst the indices of the cells where boards a and
// b (of equal length, one byte-sized value per cell) differ. It compares
// eight cells at a time: a move changes a handful of cells out of dozens.
func AppendChanged[C ~uint8 | ~int8](dst []int, a, b []C) []int {
	n := min(len(a), len(b))
	if n == 0 {
		return dst
	}
	return changedBytes(dst, unsafe.Slice((*byte)(unsafe.Pointer(&a[0])), n), unsafe.Slice((*byte)(unsafe.Pointer(&b[0])), n))
}

func changedBytes(dst []int, x, y []byte) []int {
	y = y[:len(x)]
	i := 0
	for ; i+8 <= len(x); i += 8 {
		if binary.LittleEndian.Uint64(x[i:i+8]) == binary.LittleEndian.Uint64(y[i:i+8]) {
			continue
		}
		for j := i; j < i+8; j++ {
			if x[j] != y[j] {
				dst = append(dst, j)
			}
		}
	}
	for ; i < len(x); i++ {
		if x[i] != y[i] {
			dst = append(dst, i)
		}
	}
	return dst
}
