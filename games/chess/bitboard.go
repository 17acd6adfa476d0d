package chess

import "math/bits"

// A bitboard has bit sq set for square sq; squares are numbered a1=0, b1=1,
// …, h8=63, the same indexing as games.Grid{Files: 8, Ranks: 8}.
type bitboard = uint64

const (
	fileA bitboard = 0x0101010101010101
	fileH bitboard = fileA << 7
	rank1 bitboard = 0xff
	rank2 bitboard = rank1 << 8
	rank3 bitboard = rank1 << 16
	rank6 bitboard = rank1 << 40
	rank7 bitboard = rank1 << 48
	rank8 bitboard = rank1 << 56
)

// Leaper attack tables and the geometry tables used for pins and checks.
var (
	knightAttacks [64]bitboard
	kingAttacks   [64]bitboard
	pawnAttacks   [2][64]bitboard // [colour][square]: squares a pawn there attacks
	// between[a][b] is the squares strictly between a and b on a shared
	// rank, file or diagonal (0 when not aligned).
	between [64][64]bitboard
	// line[a][b] is the whole line through a and b, edge to edge (0 when
	// not aligned): a pinned piece may only move along it.
	line [64][64]bitboard
)

func bit(sq int) bitboard { return 1 << uint(sq) }

func popLSB(b *bitboard) int {
	sq := bits.TrailingZeros64(*b)
	*b &= *b - 1
	return sq
}

// ray walks from sq in direction (df, dr) until the edge or a blocker in
// occ (the blocker included).
func ray(sq, df, dr int, occ bitboard) bitboard {
	var out bitboard
	f, r := sq%8+df, sq/8+dr
	for f >= 0 && f < 8 && r >= 0 && r < 8 {
		s := r*8 + f
		out |= bit(s)
		if occ&bit(s) != 0 {
			break
		}
		f += df
		r += dr
	}
	return out
}

var (
	rookDirs   = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	bishopDirs = [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
)

func slowAttacks(sq int, occ bitboard, dirs [4][2]int) bitboard {
	var out bitboard
	for _, d := range dirs {
		out |= ray(sq, d[0], d[1], occ)
	}
	return out
}

func init() {
	for sq := 0; sq < 64; sq++ {
		f, r := sq%8, sq/8
		for _, d := range [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}} {
			if nf, nr := f+d[0], r+d[1]; nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
				knightAttacks[sq] |= bit(nr*8 + nf)
			}
		}
		for df := -1; df <= 1; df++ {
			for dr := -1; dr <= 1; dr++ {
				if nf, nr := f+df, r+dr; (df != 0 || dr != 0) && nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
					kingAttacks[sq] |= bit(nr*8 + nf)
				}
			}
		}
		for _, df := range []int{-1, 1} {
			if nf := f + df; nf >= 0 && nf < 8 {
				if r < 7 {
					pawnAttacks[white][sq] |= bit((r+1)*8 + nf)
				}
				if r > 0 {
					pawnAttacks[black][sq] |= bit((r-1)*8 + nf)
				}
			}
		}
	}
	initMagics()
	for a := 0; a < 64; a++ {
		for _, dirs := range [][4][2]int{rookDirs, bishopDirs} {
			for _, d := range dirs {
				full := ray(a, d[0], d[1], 0)
				for b := full; b != 0; {
					s := popLSB(&b)
					between[a][s] = ray(a, d[0], d[1], bit(s)) &^ bit(s)
					line[a][s] = full | ray(a, -d[0], -d[1], 0) | bit(a)
				}
			}
		}
	}
}

func popCount(b bitboard) int { return bits.OnesCount64(b) }
