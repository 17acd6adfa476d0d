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

// Levels is the stack of positions of a copy-make fast path, one value L
// per ply: level 0 is where the state started. Push takes Above, fills the
// level above the current one and Enters it; Pop comes back down.
type Levels[L any] struct {
	stack []L
	top   int
}

// NewLevels returns a stack holding only root.
func NewLevels[L any](root L) Levels[L] {
	s := Levels[L]{stack: make([]L, 1, 64)}
	s.stack[0] = root
	return s
}

// Cur is the current level.
func (s *Levels[L]) Cur() *L { return &s.stack[s.top] }

// Above returns the current level and the one above it, made on first
// use; whatever it held from an earlier line is still there.
func (s *Levels[L]) Above() (cur, next *L) {
	if s.top+1 == len(s.stack) {
		var zero L
		s.stack = append(s.stack, zero)
	}
	return &s.stack[s.top], &s.stack[s.top+1]
}

// Depth is how many levels stand above the root.
func (s *Levels[L]) Depth() int { return s.top }

// Enter makes the level above current.
func (s *Levels[L]) Enter() { s.top++ }

// Pop makes the level below current (nothing below the root).
func (s *Levels[L]) Pop() {
	if s.top > 0 {
		s.top--
	}
}

// OneOutcome is Expand for a move the dice play no part in.
func OneOutcome(probs []float64) []float64 { return append(probs, 1) }

// NoChance, embedded in a SearchState of a game without dice, is its
// Expand: every move has one outcome.
type NoChance struct{}

// Expand appends the one outcome of any move.
func (NoChance) Expand(_ SearchMove, probs []float64) []float64 { return OneOutcome(probs) }

// ColourOwner is SearchState.Owner for a game where Player 1 moves White
// and Player 2 Black.
func ColourOwner(s Side) Player {
	if s == White || s == Black {
		return Player(s)
	}
	return NoPlayer
}

// MoveCache, embedded in a fast path's search level, holds the level's
// legal moves and whether there is any, each worked out at most once per
// visit: the game-over check needs only the second, and the capture
// search asks it at every node, where stopping at the first move found
// is much cheaper than listing them all.
type MoveCache[M any] struct {
	Moves     []M // the legal moves when Generated; scratch otherwise
	Generated bool

	anyMove, anyKnown bool
}

// Forget readies the cache for a new position; Moves keeps its storage.
func (c *MoveCache[M]) Forget() { c.Generated, c.anyKnown = false, false }

// Legal returns the legal moves, listed by generate (appending to the
// slice it is given) on first use.
func (c *MoveCache[M]) Legal(generate func([]M) []M) []M {
	if !c.Generated {
		c.Moves = generate(c.Moves[:0])
		c.Generated = true
	}
	return c.Moves
}

// HasMove reports whether there is a legal move: from Moves when they are
// listed, else by probe, which may stop at the first move it finds.
func (c *MoveCache[M]) HasMove(probe func() bool) bool {
	if !c.anyKnown {
		if c.Generated {
			c.anyMove = len(c.Moves) > 0
		} else {
			c.anyMove = probe()
		}
		c.anyKnown = true
	}
	return c.anyMove
}
