package engine

// Transposition table: entries in pairs, a position in either of its pair.
// A result replaces the entry of the same position (unless that one is
// deeper and not exact), else the shallower of the two: deep results,
// which cost the most, survive the many shallow ones. Scores near mate are
// stored relative to the node. An entry takes 24 bytes (ttEntrySize).

const (
	boundExact = iota + 1
	boundLower // the score is at least this (a cut)
	boundUpper // the score is at most this (nothing beat alpha)
)

type ttEntry struct {
	key   uint64
	move  uint32
	score int32
	depth int8
	bound uint8
	gen   uint8
}

type table struct {
	entries []ttEntry
	mask    uint64
	gen     uint8
}

func newTable(bits int) *table {
	return &table{entries: make([]ttEntry, 1<<bits), mask: 1<<bits - 1}
}

// ttEntrySize is the bytes one entry takes (unsafe.Sizeof(ttEntry{})).
const ttEntrySize = 24

func (t *table) probe(key uint64) (ttEntry, bool) {
	i := key & t.mask
	if e := t.entries[i]; e.key == key && e.bound != 0 {
		return e, true
	}
	e := t.entries[i^1]
	return e, e.key == key && e.bound != 0
}

func (t *table) store(key uint64, move uint32, score, depth, bound, ply int) {
	i := key & t.mask
	e := &t.entries[i]
	if o := &t.entries[i^1]; o.key == key || (e.key != key && o.depth < e.depth) {
		e = o
	}
	if e.key == key && int(e.depth) > depth && e.gen == t.gen && bound != boundExact {
		return
	}
	*e = ttEntry{key: key, move: move, score: int32(toTT(score, ply)), depth: int8(depth), bound: uint8(bound), gen: t.gen}
}

// Mate scores count plies from the root; in the table they count from the
// node, so a transposition at another ply reads them right.
func toTT(s, ply int) int {
	switch {
	case s > mateBound:
		return s + ply
	case s < -mateBound:
		return s - ply
	}
	return s
}

func fromTT(s, ply int) int {
	switch {
	case s > mateBound:
		return s - ply
	case s < -mateBound:
		return s + ply
	}
	return s
}
