package chess

import "math/bits"

// Sliding attacks use "fancy" magic bitboards: for each square the relevant
// blockers (the ray squares short of the edge) are multiplied by a magic
// number whose top bits index that square's slice of one shared table. The
// magics are searched at start-up with a fixed-seed generator, which takes
// a few milliseconds and keeps the numbers out of the source.
type magicEntry struct {
	mask   bitboard
	magic  uint64
	shift  uint
	offset int
}

var (
	rookMagics   [64]magicEntry
	bishopMagics [64]magicEntry
	rookTable    []bitboard
	bishopTable  []bitboard
)

func rookAttacks(sq int, occ bitboard) bitboard {
	m := &rookMagics[sq]
	return rookTable[m.offset+int(((occ&m.mask)*m.magic)>>m.shift)]
}

func bishopAttacks(sq int, occ bitboard) bitboard {
	m := &bishopMagics[sq]
	return bishopTable[m.offset+int(((occ&m.mask)*m.magic)>>m.shift)]
}

func queenAttacks(sq int, occ bitboard) bitboard {
	return rookAttacks(sq, occ) | bishopAttacks(sq, occ)
}

// xorshift64star is the deterministic generator for the magic search.
type xorshift64star uint64

func (x *xorshift64star) next() uint64 {
	*x ^= *x >> 12
	*x ^= *x << 25
	*x ^= *x >> 27
	return uint64(*x) * 2685821657736338717
}

// sparse returns a random number with few bits set: good magic candidates.
func (x *xorshift64star) sparse() uint64 { return x.next() & x.next() & x.next() }

func initMagics() {
	rng := xorshift64star(0x5eed_c0ffee_1234)
	rookTable = buildMagics(&rookMagics, rookDirs, &rng)
	bishopTable = buildMagics(&bishopMagics, bishopDirs, &rng)
}

func buildMagics(entries *[64]magicEntry, dirs [4][2]int, rng *xorshift64star) []bitboard {
	var table []bitboard
	occs := make([]bitboard, 0, 4096)
	atts := make([]bitboard, 0, 4096)
	var used []int
	for sq := 0; sq < 64; sq++ {
		// Edge squares never block anything further, so leave them out.
		edges := ((rank1 | rank8) &^ (rank1 << uint(8*(sq/8)))) | ((fileA | fileH) &^ (fileA << uint(sq%8)))
		mask := slowAttacks(sq, 0, dirs) &^ edges
		n := bits.OnesCount64(mask)
		size := 1 << uint(n)
		occs, atts = occs[:0], atts[:0]
		// Carry-rippler: enumerate every subset of mask.
		for sub := bitboard(0); ; {
			occs = append(occs, sub)
			atts = append(atts, slowAttacks(sq, sub, dirs))
			sub = (sub - mask) & mask
			if sub == 0 {
				break
			}
		}
		e := magicEntry{mask: mask, shift: uint(64 - n), offset: len(table)}
		table = append(table, make([]bitboard, size)...)
		slot := table[e.offset:]
		// used[idx] == try marks a slot filled during this attempt.
		used = make([]int, size)
		try := 0
		for {
			try++
			magic := rng.sparse()
			if bits.OnesCount64((mask*magic)>>56) < 6 {
				continue
			}
			ok := true
			for i, occ := range occs {
				idx := int((occ * magic) >> e.shift)
				if used[idx] != try {
					used[idx] = try
					slot[idx] = atts[i]
				} else if slot[idx] != atts[i] {
					ok = false
					break
				}
			}
			if ok {
				e.magic = magic
				break
			}
		}
		entries[sq] = e
	}
	return table
}
