package bermuda

// move is the internal, compact move. Which pieces fall, climb or are
// removed is not stored: it follows from the position when the move is made.
type move struct {
	from, to uint8
	kind     moveKind
	promo    piece // chosen promotion kind (no colour), 0 if none
}

type moveKind uint8

const (
	plainMove  moveKind = iota // any move or capture within one board
	doubleStep                 // a pawn's two-square advance (sets en passant)
	enPassant                  // a pawn's en-passant capture
	castling                   // the king's move; the rook follows
	drop                       // Rule 2: an upper piece descends to its complementary square
)

var promotionKinds = [4]piece{queen, rook, bishop, knight}

// generate appends every legal move of the side to move, in a stable order:
// lower-board pieces by square, then upper-board pieces by square, then the
// drops. There is no check rule, so every pseudo-legal move is legal; Rule 4
// freezes a board's army when none of its kings stands on that board. When a
// side has lost all its kings the game is over and nothing moves.
func (pos *position) generate(buf []move) []move {
	c := pos.toMove
	if pos.kingsOf(white) == 0 || pos.kingsOf(black) == 0 {
		return buf
	}
	for b := 0; b < 2; b++ {
		if pos.kings[b][c] == 0 {
			continue // Rule 4: this army is frozen
		}
		for l := 0; l < 64; l++ {
			buf = pos.pieceMoves(buf, b, l, c)
		}
	}
	if pos.kings[upper][c] > 0 {
		for from := baseOf(upper); from < numSquares; from++ {
			buf = pos.dropMove(buf, from, c)
		}
	}
	return buf
}

// pieceMoves appends the moves within its board of colour c's piece on
// square l of board b (nothing if no such piece stands there). The caller
// checks Rule 4.
func (pos *position) pieceMoves(buf []move, b, l, c int) []move {
	base := baseOf(b)
	p := pos.sq[base+l]
	if p == empty || p.color() != c {
		return buf
	}
	switch p.kind() {
	case pawn:
		buf = pos.pawnMoves(buf, base, l, c)
	case knight:
		buf = pos.leaps(buf, base, l, c, knightTargets[l][:])
	case bishop:
		buf = pos.slides(buf, base, l, c, 4, 8)
	case rook:
		buf = pos.slides(buf, base, l, c, 0, 4)
	case queen:
		buf = pos.slides(buf, base, l, c, 0, 8)
	case king:
		buf = pos.leaps(buf, base, l, c, kingTargets[l][:])
		buf = pos.castlings(buf, b, l, c)
	}
	return buf
}

// dropMove appends the drop of colour c's upper piece on from, if it has
// one (Rule 2). The caller checks that c has a king on the upper board.
func (pos *position) dropMove(buf []move, from, c int) []move {
	p := pos.sq[from]
	if p == empty || p.color() != c {
		return buf
	}
	to := complement[from]
	if t := pos.sq[to]; t == empty || t.color() != c {
		buf = append(buf, move{from: uint8(from), to: to, kind: drop})
	}
	return buf
}

func (pos *position) leaps(buf []move, base, l, c int, targets []uint8) []move {
	for _, t := range targets {
		to := base + int(t)
		if q := pos.sq[to]; q == empty || q.color() != c {
			buf = append(buf, move{from: uint8(base + l), to: uint8(to)})
		}
	}
	return buf
}

func (pos *position) slides(buf []move, base, l, c, d0, d1 int) []move {
	for d := d0; d < d1; d++ {
		for _, t := range rays[l][d] {
			to := base + int(t)
			q := pos.sq[to]
			if q == empty {
				buf = append(buf, move{from: uint8(base + l), to: uint8(to)})
				continue
			}
			if q.color() != c {
				buf = append(buf, move{from: uint8(base + l), to: uint8(to)})
			}
			break // only pieces on the same board block
		}
	}
	return buf
}

// pawnMoves: FIDE pawns in the board's own frame. A pawn may double-step
// from its colour's second rank of that board, whichever board it started
// on (the position string cannot tell, and FIDE ties the double step to
// the starting rank).
func (pos *position) pawnMoves(buf []move, base, l, c int) []move {
	from := base + l
	f, r := l&7, l>>3
	dr := 1 - 2*c
	promote := r+dr == lastRank(c)
	add := func(to int, kind moveKind) {
		if promote {
			for _, k := range promotionKinds {
				buf = append(buf, move{from: uint8(from), to: uint8(to), kind: kind, promo: k})
			}
			return
		}
		buf = append(buf, move{from: uint8(from), to: uint8(to), kind: kind})
	}
	if r+dr < 0 || r+dr > 7 {
		return buf // a pawn on its last rank cannot exist; guard anyway
	}
	one := from + 8*dr
	if pos.sq[one] == empty {
		add(one, plainMove)
		if r == 1+5*c {
			if two := one + 8*dr; pos.sq[two] == empty {
				add(two, doubleStep)
			}
		}
	}
	for _, df := range [2]int{-1, 1} {
		if f+df < 0 || f+df > 7 {
			continue
		}
		to := one + df
		if q := pos.sq[to]; q != empty && q.color() != c {
			add(to, plainMove)
		} else if to == pos.ep {
			add(to, enPassant)
		}
	}
	return buf
}

// castlings: FIDE castling of board b's original king and rooks (the
// rights say they have not moved), the squares between them empty. The
// variant has no check, so — as for any king move here — castling out of,
// through or into attack is allowed.
func (pos *position) castlings(buf []move, b, l, c int) []move {
	for wing := kingSide; wing <= queenSide; wing++ {
		if pos.castle&rightBit(b, c, wing) == 0 {
			continue
		}
		kingSq, rookSq := castlingSquares(b, c, wing)
		if kingSq != baseOf(b)+l || pos.sq[rookSq] != colored(rook, c) {
			continue
		}
		lo, hi := min(kingSq, rookSq), max(kingSq, rookSq)
		clear := true
		for s := lo + 1; s < hi; s++ {
			if pos.sq[s] != empty {
				clear = false
				break
			}
		}
		if clear {
			to := kingSq + 2 - 4*wing
			buf = append(buf, move{from: uint8(kingSq), to: uint8(to), kind: castling})
		}
	}
	return buf
}
