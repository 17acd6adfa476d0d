package chess

import "math/bits"

// The positional evaluation: what the engine's material count (the pawn
// 100, knight 310, bishop 330, rook 500, queen 950) leaves out. Every term
// has a middlegame and an endgame weight, blended by the phase (how much
// of the pieces is left), so a king that should hide while the queens are
// on walks to the centre as they come off, and a passed pawn grows with
// the ending. The weights are fitted to Stockfish's scores of quiet
// positions (evalMid and evalEnd, written by the fit in the tests), so the
// tables also carry each piece's worth beyond the material count by phase.

// The terms, as indexes into evalMid and evalEnd. Each counts White's
// minus Black's.
const (
	fPST         = 0            // + kind*64 + square from the owner's side (a1 for White, a8 for Black)
	fPassed      = fPST + 6*64  // + the passed pawn's rank from its owner's side (1…6)
	fDoubled     = fPassed + 8  // pawns with another of their own ahead on the file
	fIsolated    = fDoubled + 1 // pawns with none of their own on the files beside
	fBishopPair  = fIsolated + 1
	fRookOpen    = fBishopPair + 1 // rooks on a file with no pawn
	fRookHalf    = fRookOpen + 1   // rooks on a file with only the enemy's pawns
	fShelter     = fRookHalf + 1   // own pawns on the two ranks in front of a king on its first two ranks, its file and the files beside
	fTempo       = fShelter + 1    // the side to move: +1 for White, -1 for Black
	fMobility    = fTempo + 1      // + kind-knight: squares a knight, bishop, rook or queen attacks that hold no piece of its own nor are attacked by an enemy pawn
	fKingAttack  = fMobility + 4   // + kind-knight: squares next to the enemy king (or its own) a knight, bishop, rook or queen attacks
	fKingDanger  = fKingAttack + 4 // the square of the number of pieces attacking those squares, while the attacker has a queen
	fPassedFree  = fKingDanger + 1 // passed pawns whose next square is empty, each counted as its rank from its owner's side (1…6) squared
	fPassedKing  = fPassedFree + 1 // per passed pawn, the enemy king's distance from its next square less its own king's (each at most 5), times its rank
	nEvalTerms   = fPassedKing + 1
	fullPhase    = 24 // knights and bishops 1, rooks 2, queens 4: the start position
	phaseQueen   = 4
	phaseRook    = 2
	phaseMinor   = 1
	passedRanks  = 8
	firstStruct  = fPassed
	structLength = nEvalTerms - firstStruct
)

// placement is the piece-square part of Positional, White's minus Black's,
// by phase, kept up to date from level to level with the squares a move
// changes.
type placement struct{ mid, end int32 }

func (pl *placement) add(pc piece, sq int) {
	if pc != 0 {
		pl.mid += int32(pstMid[pc][sq])
		pl.end += int32(pstEnd[pc][sq])
	}
}

func (pl *placement) remove(pc piece, sq int) {
	if pc != 0 {
		pl.mid -= int32(pstMid[pc][sq])
		pl.end -= int32(pstEnd[pc][sq])
	}
}

// play follows m from prev to next: the squares it empties and fills,
// the pawn taken en passant and the castling rook.
func (pl *placement) play(prev, next *position, m move) {
	from, to := m.from(), m.to()
	pl.remove(prev.board[from], from)
	pl.remove(prev.board[to], to)
	pl.add(next.board[to], to)
	switch m.kind() {
	case moveEnPassant:
		capSq := to - 8
		if prev.stm == black {
			capSq = to + 8
		}
		pl.remove(prev.board[capSq], capSq)
	case moveCastle:
		rFrom, rTo := to+1, to-1
		if to < from {
			rFrom, rTo = to-2, to+1
		}
		pl.remove(prev.board[rFrom], rFrom)
		pl.add(next.board[rTo], rTo)
	}
}

// pstMid and pstEnd are the piece-square weights by piece code and board
// square as the placement sums count them: mirrored and negated for Black.
var pstMid, pstEnd [13][64]int16

func init() { buildPlacementTables() }

// buildPlacementTables fills pstMid and pstEnd from evalMid and evalEnd
// (again whenever the fit changes those).
func buildPlacementTables() {
	for c := white; c <= black; c++ {
		for k := pawn; k <= king; k++ {
			pc := makePiece(c, k)
			for sq := 0; sq < 64; sq++ {
				rel, sign := sq, int16(1)
				if c == black {
					rel, sign = sq^56, -1
				}
				pstMid[pc][sq] = sign * evalMid[fPST+k*64+rel]
				pstEnd[pc][sq] = sign * evalEnd[fPST+k*64+rel]
			}
		}
	}
}

// Positional scores the position for the side to move: the placement
// sums, the pawn structure and the other terms of structure, blended by
// phase.
func (s *searchState) Positional() int {
	l := s.cur()
	return blend(&l.pos, int(l.placement.mid), int(l.placement.end), &l.pawns)
}

// positionalByBoard is Positional worked out from the board alone, square
// by square: what the placement sums must always equal.
func positionalByBoard(p *position) int {
	mid, end := 0, 0
	for sq, pc := range p.board {
		if pc != 0 {
			mid += int(pstMid[pc][sq])
			end += int(pstEnd[pc][sq])
		}
	}
	var pc pawnCache
	return blend(p, mid, end, &pc)
}

// blend adds the structure terms to the piece-square sums, weighs the
// middlegame and endgame sums by phase, and turns the score to the side
// to move.
func blend(p *position, mid, end int, pc *pawnCache) int {
	st := structureScore(p, pc)
	mid += int((st + 1<<15) >> 16)
	end += int(int16(st))
	ph := phase(p)
	score := (mid*ph + end*(fullPhase-ph)) / fullPhase
	if p.stm == black {
		score = -score
	}
	return score
}

// evalPacked holds each structure term's two weights in one number,
// the middlegame's times 65536 plus the endgame's, so that one sum adds
// both (the halves stay apart while each sum is within ±32767).
var evalPacked [nEvalTerms]int32

func init() {
	for i := range evalPacked {
		evalPacked[i] = int32(evalMid[i])<<16 + int32(evalEnd[i])
	}
}

// structureScore is the weighed sum of structure's counts, packed as
// evalPacked: the same terms, counted the same way, without the array
// (the evaluation asks at every node of the capture search, and this is
// most of its time). TestFitTermsWeighAsPositional holds the two together.
func structureScore(p *position, pc *pawnCache) int32 {
	wp, bp := p.pieces(white, pawn), p.pieces(black, pawn)
	wFiles, bFiles := fileFill(wp), fileFill(bp)
	if !pc.known || pc.white != wp || pc.black != bp {
		*pc = pawnCache{white: wp, black: bp, score: pawnScore(wp, bp, wFiles, bFiles), known: true}
	}
	s := pc.score
	wb, bb := p.pieces(white, bishop), p.pieces(black, bishop)
	if wb&(wb-1) != 0 {
		s += evalPacked[fBishopPair]
	}
	if bb&(bb-1) != 0 {
		s -= evalPacked[fBishopPair]
	}
	wr, br := p.pieces(white, rook), p.pieces(black, rook)
	open := ^(wFiles | bFiles)
	s += int32(popCount(wr&open)-popCount(br&open)) * evalPacked[fRookOpen]
	s += int32(popCount(wr&bFiles&^wFiles)-popCount(br&wFiles&^bFiles)) * evalPacked[fRookHalf]
	s += int32(popCount(wp&shelter[white][p.kingSquare(white)])-
		popCount(bp&shelter[black][p.kingSquare(black)])) * evalPacked[fShelter]
	if p.stm == white {
		s += evalPacked[fTempo]
	} else {
		s -= evalPacked[fTempo]
	}
	wArea := ^p.byColour[white] &^ ((bp&^fileA)>>9 | (bp&^fileH)>>7)
	bArea := ^p.byColour[black] &^ ((wp&^fileA)<<7 | (wp&^fileH)<<9)
	occ := p.occupied()
	// The squares around each king: White's attacks on bZone count for
	// White, Black's on wZone against.
	wZone, bZone := kingZone[p.kingSquare(white)], kingZone[p.kingSquare(black)]
	wAttackers, bAttackers := 0, 0
	for k := knight; k <= queen; k++ {
		n, z := 0, 0
		for b := p.pieces(white, k); b != 0; {
			a := pieceAttacks(k, popLSB(&b), occ)
			n += popCount(a & wArea)
			if hit := popCount(a & bZone); hit > 0 {
				z += hit
				wAttackers++
			}
		}
		for b := p.pieces(black, k); b != 0; {
			a := pieceAttacks(k, popLSB(&b), occ)
			n -= popCount(a & bArea)
			if hit := popCount(a & wZone); hit > 0 {
				z -= hit
				bAttackers++
			}
		}
		s += int32(n)*evalPacked[fMobility+k-knight] + int32(z)*evalPacked[fKingAttack+k-knight]
	}
	s += int32(kingDanger(p, white, wAttackers)-kingDanger(p, black, bAttackers)) * evalPacked[fKingDanger]
	free, king := passers(p, wp, bp)
	return s + int32(free)*evalPacked[fPassedFree] + int32(king)*evalPacked[fPassedKing]
}

// passers counts fPassedFree and fPassedKing, White's minus Black's.
func passers(p *position, wp, bp bitboard) (free, king int) {
	occ := p.occupied()
	wk, bk := p.kingSquare(white), p.kingSquare(black)
	for b := wp &^ besides(southFill(bp>>8)); b != 0; {
		sq := popLSB(&b)
		r, stop := sq/8, sq+8
		if stop >= 64 {
			continue
		}
		if occ&bit(stop) == 0 {
			free += r * r
		}
		king += (min(distance(bk, stop), 5) - min(distance(wk, stop), 5)) * r
	}
	for b := bp &^ besides(northFill(wp<<8)); b != 0; {
		sq := popLSB(&b)
		r, stop := 7-sq/8, sq-8
		if stop < 0 {
			continue
		}
		if occ&bit(stop) == 0 {
			free -= r * r
		}
		king -= (min(distance(wk, stop), 5) - min(distance(bk, stop), 5)) * r
	}
	return free, king
}

// distance is the number of king moves between two squares.
func distance(a, b int) int {
	return max(abs8(a%8-b%8), abs8(a/8-b/8))
}

func abs8(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// pieceAttacks is the squares a piece of kind k (knight to queen) on sq
// attacks.
func pieceAttacks(k, sq int, occ bitboard) bitboard {
	switch k {
	case knight:
		return knightAttacks[sq]
	case bishop:
		return bishopAttacks(sq, occ)
	case rook:
		return rookAttacks(sq, occ)
	}
	return bishopAttacks(sq, occ) | rookAttacks(sq, occ)
}

// kingDanger is the fKingDanger count for side c with n pieces attacking
// the enemy king's squares: n squared while c has a queen (an attack
// without the queen rarely mates).
func kingDanger(p *position, c, n int) int {
	if p.pieces(c, queen) == 0 {
		return 0
	}
	return n * n
}

// kingZone[sq] is a king on sq and the squares next to it.
var kingZone [64]bitboard

func init() {
	for sq := range kingZone {
		kingZone[sq] = kingAttacks[sq] | bit(sq)
	}
}

// pawnCache is pawnScore for the pawns white and black, when known: a
// level starts with its parent's, and most moves move no pawn.
type pawnCache struct {
	white, black bitboard
	score        int32
	known        bool
}

// pawnScore is the terms of the pawns alone, packed: passed, doubled and
// isolated pawns.
func pawnScore(wp, bp, wFiles, bFiles bitboard) int32 {
	var s int32
	for b := wp &^ besides(southFill(bp>>8)); b != 0; {
		s += evalPacked[fPassed+popLSB(&b)/8]
	}
	for b := bp &^ besides(northFill(wp<<8)); b != 0; {
		s -= evalPacked[fPassed+7-popLSB(&b)/8]
	}
	s += int32(popCount(wp&southFill(wp>>8))-popCount(bp&northFill(bp<<8))) * evalPacked[fDoubled]
	return s + int32(popCount(wp&^neighbours(wFiles))-popCount(bp&^neighbours(bFiles)))*evalPacked[fIsolated]
}

// phase is fullPhase at the start and 0 with pawns and kings alone (more
// after promotions is counted as fullPhase).
func phase(p *position) int {
	ph := phaseMinor*bits.OnesCount64(p.byKind[knight]|p.byKind[bishop]) +
		phaseRook*bits.OnesCount64(p.byKind[rook]) +
		phaseQueen*bits.OnesCount64(p.byKind[queen])
	return min(ph, fullPhase)
}

// structure counts the terms after the piece-square tables, White's minus
// Black's, indexed from firstStruct (what the fit weighs; the evaluation
// itself adds them up in structureScore): passed pawns by rank, doubled and
// isolated pawns, the bishop pair, rooks on open and half-open files, the
// kings' pawn shelter, the tempo and the pieces' mobility. Bitboards
// throughout; only passed pawns (rare) and pieces are visited one by one.
func structure(p *position) (n [structLength]int16) {
	wp, bp := p.pieces(white, pawn), p.pieces(black, pawn)
	wFiles, bFiles := fileFill(wp), fileFill(bp)

	// A white pawn is passed when no black pawn stands ahead of it on its
	// file or the files beside, that is outside the squares behind (from
	// Black's side) black pawns and their neighbours.
	for b := wp &^ besides(southFill(bp>>8)); b != 0; {
		n[fPassed-firstStruct+popLSB(&b)/8]++
	}
	for b := bp &^ besides(northFill(wp<<8)); b != 0; {
		n[fPassed-firstStruct+7-popLSB(&b)/8]--
	}
	n[fDoubled-firstStruct] = int16(popCount(wp&southFill(wp>>8)) - popCount(bp&northFill(bp<<8)))
	n[fIsolated-firstStruct] = int16(popCount(wp&^neighbours(wFiles)) - popCount(bp&^neighbours(bFiles)))
	if popCount(p.pieces(white, bishop)) >= 2 {
		n[fBishopPair-firstStruct]++
	}
	if popCount(p.pieces(black, bishop)) >= 2 {
		n[fBishopPair-firstStruct]--
	}
	wr, br := p.pieces(white, rook), p.pieces(black, rook)
	open := ^(wFiles | bFiles)
	n[fRookOpen-firstStruct] = int16(popCount(wr&open) - popCount(br&open))
	n[fRookHalf-firstStruct] = int16(popCount(wr&bFiles&^wFiles) - popCount(br&wFiles&^bFiles))
	n[fShelter-firstStruct] = int16(popCount(wp&shelter[white][p.kingSquare(white)]) -
		popCount(bp&shelter[black][p.kingSquare(black)]))
	n[fTempo-firstStruct] = 1
	if p.stm == black {
		n[fTempo-firstStruct] = -1
	}
	wArea := ^p.byColour[white] &^ ((bp&^fileA)>>9 | (bp&^fileH)>>7)
	bArea := ^p.byColour[black] &^ ((wp&^fileA)<<7 | (wp&^fileH)<<9)
	occ := p.occupied()
	wZone, bZone := kingZone[p.kingSquare(white)], kingZone[p.kingSquare(black)]
	wAttackers, bAttackers := 0, 0
	for k := knight; k <= queen; k++ {
		n[fMobility-firstStruct+k-knight] = int16(mobility(p.pieces(white, k), k, occ, wArea) -
			mobility(p.pieces(black, k), k, occ, bArea))
		wz, wn := zoneAttacks(p.pieces(white, k), k, occ, bZone)
		bz, bn := zoneAttacks(p.pieces(black, k), k, occ, wZone)
		n[fKingAttack-firstStruct+k-knight] = int16(wz - bz)
		wAttackers += wn
		bAttackers += bn
	}
	n[fKingDanger-firstStruct] = int16(kingDanger(p, white, wAttackers) - kingDanger(p, black, bAttackers))
	free, king := passers(p, wp, bp)
	n[fPassedFree-firstStruct], n[fPassedKing-firstStruct] = int16(free), int16(king)
	return n
}

// zoneAttacks counts the squares of zone the pieces b (of kind k) attack,
// each piece's apart, and the pieces that attack any.
func zoneAttacks(b bitboard, k int, occ, zone bitboard) (squares, pieces int) {
	for b != 0 {
		if hit := popCount(pieceAttacks(k, popLSB(&b), occ) & zone); hit > 0 {
			squares += hit
			pieces++
		}
	}
	return squares, pieces
}

// mobility counts the squares of area the pieces b (of kind k) attack.
func mobility(b bitboard, k int, occ, area bitboard) int {
	n := 0
	for b != 0 {
		sq := popLSB(&b)
		var a bitboard
		switch k {
		case knight:
			a = knightAttacks[sq]
		case bishop:
			a = bishopAttacks(sq, occ)
		case rook:
			a = rookAttacks(sq, occ)
		default:
			a = bishopAttacks(sq, occ) | rookAttacks(sq, occ)
		}
		n += popCount(a & area)
	}
	return n
}

func northFill(b bitboard) bitboard {
	b |= b << 8
	b |= b << 16
	return b | b<<32
}

func southFill(b bitboard) bitboard {
	b |= b >> 8
	b |= b >> 16
	return b | b>>32
}

// fileFill is every square of the files b has a square on.
func fileFill(b bitboard) bitboard { return northFill(southFill(b)) }

// neighbours is the squares beside b's, on the files left and right.
func neighbours(b bitboard) bitboard { return (b&^fileA)>>1 | (b&^fileH)<<1 }

// besides is b and the squares beside it.
func besides(b bitboard) bitboard { return b | neighbours(b) }

// shelter[colour][king's square] is the squares in front of a king on its
// first two ranks where its own pawns shelter it: the next two ranks, on
// its file and the files beside.
var shelter [2][64]bitboard

func init() {
	for sq := 0; sq < 64; sq++ {
		f, r := sq%8, sq/8
		files := besides(fileA << uint(f))
		if r <= 1 {
			shelter[white][sq] = files & (rank1<<uint(8*(r+1)) | rank1<<uint(8*(r+2)))
		}
		if r >= 6 {
			shelter[black][sq] = files & (rank1<<uint(8*(r-1)) | rank1<<uint(8*(r-2)))
		}
	}
}
