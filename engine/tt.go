package engine

// Transposition table: buckets of four 16-byte entries, one cache line
// each. A position lives in one bucket (the low bits of its hash) and is
// recognised by the high 32 bits. A result replaces the entry of the same
// position (unless that one is deeper and not exact), else the shallowest
// of the bucket: deep results, which cost the most, survive the many
// shallow ones. Scores near mate are stored relative to the node.

const (
	boundExact = iota + 1
	boundLower // the score is at least this (a cut)
	boundUpper // the score is at most this (nothing beat alpha)
)

type ttEntry struct {
	check uint32 // the hash's high half
	move  uint32
	score int32
	depth int8
	bound uint8
	gen   uint8
}

// ttEntrySize is the bytes one entry takes (unsafe.Sizeof(ttEntry{})).
const ttEntrySize = 16

type table struct {
	entries []ttEntry
	mask    uint64 // selects a bucket's first entry
	gen     uint8
	touched uint32 // what touch read, so that the read is made
}

// touch reads the first entry of key's bucket ahead of its probe: the
// bucket is seldom in the cache, and the processor fetches it while the
// node does its other work (repetition, check) instead of waiting at the
// probe. It changes nothing the search reads.
func (t *table) touch(key uint64) {
	t.touched += t.entries[key&t.mask].check
}

func newTable(bits int) *table {
	return &table{entries: make([]ttEntry, 1<<bits), mask: (1<<bits - 1) &^ 3}
}

func (t *table) bucket(key uint64) []ttEntry {
	i := key & t.mask
	return t.entries[i : i+4 : i+4]
}

func (t *table) probe(key uint64) (ttEntry, bool) {
	check := uint32(key >> 32)
	for _, e := range t.bucket(key) {
		if e.check == check && e.bound != 0 {
			return e, true
		}
	}
	return ttEntry{}, false
}

func (t *table) store(key uint64, move uint32, score, depth, bound, ply int) {
	check := uint32(key >> 32)
	b := t.bucket(key)
	e := &b[0]
	for i := range b {
		if b[i].check == check && b[i].bound != 0 {
			e = &b[i]
			break
		}
		if b[i].depth < e.depth || b[i].bound == 0 {
			e = &b[i]
		}
	}
	if e.check == check && e.bound != 0 && int(e.depth) > depth && e.gen == t.gen && bound != boundExact {
		return
	}
	*e = ttEntry{check: check, move: move, score: int32(toTT(score, ply)), depth: int8(depth), bound: uint8(bound), gen: t.gen}
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
