package chess

import (
	"fmt"
	"math/bits"
)

//go:generate sh -c "go run magicgen.go > magic_numbers.go"

// Sliding attacks use "fancy" magic bitboards: for each square the relevant
// blockers (the ray squares short of the edge) are multiplied by a magic
// number whose top bits index that square's slice of one shared table. The
// magic numbers were searched once by magicgen.go and stored in
// magic_numbers.go, so start-up only fills the tables.
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

func initMagics() {
	rookTable = fillMagics(&rookMagics, rookDirs, &rookMagicNumbers)
	bishopTable = fillMagics(&bishopMagics, bishopDirs, &bishopMagicNumbers)
}

// relevantMask is the blockers that matter from sq: its rays short of
// the board's edge (a piece on the last square shadows nothing).
func relevantMask(sq int, dirs [4][2]int) bitboard {
	var out bitboard
	for _, d := range dirs {
		for f, r := sq%8+d[0], sq/8+d[1]; f+d[0] >= 0 && f+d[0] < 8 && r+d[1] >= 0 && r+d[1] < 8; f, r = f+d[0], r+d[1] {
			out |= bit(r*8 + f)
		}
	}
	return out
}

func fillMagics(entries *[64]magicEntry, dirs [4][2]int, magics *[64]uint64) []bitboard {
	var table []bitboard
	for sq := 0; sq < 64; sq++ {
		mask := relevantMask(sq, dirs)
		n := bits.OnesCount64(mask)
		e := magicEntry{mask: mask, magic: magics[sq], shift: uint(64 - n), offset: len(table)}
		table = append(table, make([]bitboard, 1<<uint(n))...)
		slot := table[e.offset:]
		filled := make([]bool, 1<<uint(n))
		// Carry-rippler: visit every subset of mask.
		for sub := bitboard(0); ; {
			idx := (sub * e.magic) >> e.shift
			att := slowAttacks(sq, sub, dirs)
			if filled[idx] && slot[idx] != att {
				// Only an edited magic_numbers.go can get here.
				panic(fmt.Sprintf("chess: stored magic for square %d collides; regenerate magic_numbers.go", sq))
			}
			slot[idx], filled[idx] = att, true
			if sub = (sub - mask) & mask; sub == 0 {
				break
			}
		}
		entries[sq] = e
	}
	return table
}
