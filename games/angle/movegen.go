package angle

// move is the generator's compact move. There is no check rule, so every
// generated move is legal: a king may stay or step into attack and kings are
// captured like any other piece.
type move struct {
	from, to uint8
	flag     uint8
	promo    uint8 // kind promoted to (colour added on make), 0 if none
}

const (
	flagNormal uint8 = iota
	flagDouble
	flagEnPassant
	flagCastleKingside
	flagCastleQueenside
)

var promoKinds = [5]uint8{queen, rook, bishop, knight, ship}

// generate appends every legal move of the side to move to ms, in a stable
// order (squares a1…j10, then a fixed direction order per piece).
func (p *position) generate(ms []move) []move {
	for _, from := range playable {
		ms = p.pieceMoves(ms, from)
	}
	return ms
}

// pieceMoves appends the moves of the piece on from, if it belongs to the
// side to move.
func (p *position) pieceMoves(ms []move, from int) []move {
	side := p.side
	b := &p.board
	pc := b[from]
	if pc == empty || colorOf(pc) != side {
		return ms
	}
	f8 := uint8(from)
	switch pc & kindMask {
	case pawn:
		ms = p.pawnMoves(ms, from)
	case knight:
		for _, d := range knightJump {
			t := b[from+d]
			if t == empty || (t != offBoard && colorOf(t) != side) {
				ms = append(ms, move{from: f8, to: uint8(from + d)})
			}
		}
	case king:
		for _, d := range allDirs {
			t := b[from+d]
			if t == empty || (t != offBoard && colorOf(t) != side) {
				ms = append(ms, move{from: f8, to: uint8(from + d)})
			}
		}
		ms = p.castleMoves(ms, from)
	case ship:
		for _, d := range allDirs {
			to := from + d
			t := b[to]
			if t == empty {
				ms = append(ms, move{from: f8, to: uint8(to)})
				to += d
				t = b[to]
				if t == empty || (t != offBoard && colorOf(t) != side) {
					ms = append(ms, move{from: f8, to: uint8(to)})
				}
			} else if t != offBoard && colorOf(t) != side {
				ms = append(ms, move{from: f8, to: uint8(to)})
			}
		}
	case bishop:
		ms = slide(ms, b, from, side, bishopDirs[:])
	case rook:
		ms = slide(ms, b, from, side, rookDirs[:])
	case queen:
		ms = slide(ms, b, from, side, allDirs[:])
	}
	return ms
}

func slide(ms []move, b *[mailSize]uint8, from int, side uint8, dirs []int) []move {
	f8 := uint8(from)
	for _, d := range dirs {
		for to := from + d; ; to += d {
			t := b[to]
			if t == empty {
				ms = append(ms, move{from: f8, to: uint8(to)})
				continue
			}
			if t != offBoard && colorOf(t) != side {
				ms = append(ms, move{from: f8, to: uint8(to)})
			}
			break
		}
	}
	return ms
}

func (p *position) pawnMoves(ms []move, from int) []move {
	b := &p.board
	side := p.side
	fwd, startRank, lastRank := north, 1, 9
	if side == 1 {
		fwd, startRank, lastRank = south, 8, 0
	}
	f8 := uint8(from)
	promotes := rankOf(from+fwd) == lastRank
	add := func(to int, flag uint8) {
		if promotes {
			for _, k := range promoKinds {
				ms = append(ms, move{from: f8, to: uint8(to), flag: flag, promo: k})
			}
			return
		}
		ms = append(ms, move{from: f8, to: uint8(to), flag: flag})
	}
	one := from + fwd
	if b[one] == empty {
		add(one, flagNormal)
		if rankOf(from) == startRank && b[one+fwd] == empty {
			ms = append(ms, move{from: f8, to: uint8(one + fwd), flag: flagDouble})
		}
	}
	for _, to := range [2]int{one + west, one + east} {
		t := b[to]
		if t != empty && t != offBoard && colorOf(t) != side {
			add(to, flagNormal)
		} else if to == p.ep && p.ep != 0 {
			ms = append(ms, move{from: f8, to: uint8(to), flag: flagEnPassant})
		}
	}
	return ms
}

func (p *position) castleMoves(ms []move, from int) []move {
	for _, c := range castlings[p.side] {
		if p.castle&c.right == 0 || from != c.kingFrom || p.board[c.rookFrom] != rook|p.side<<3 {
			continue
		}
		clear := true
		for _, s := range c.between {
			if p.board[s] != empty {
				clear = false
				break
			}
		}
		if clear {
			flag := flagCastleKingside
			if c.rookFrom < c.kingFrom {
				flag = flagCastleQueenside
			}
			ms = append(ms, move{from: uint8(from), to: uint8(c.kingTo), flag: flag})
		}
	}
	return ms
}

// undo holds what make changed and unmake must restore.
type undo struct {
	captured uint8
	castle   uint8
	ep       int
	halfmove int
}

// epVictim is the square of the pawn an en passant capture to `to` removes.
func epVictim(to int, side uint8) int {
	if side == 0 {
		return to + south
	}
	return to + north
}

func (p *position) castlingOf(m move) *castling {
	if m.flag == flagCastleKingside {
		return &castlings[p.side][0]
	}
	return &castlings[p.side][1]
}

// make plays m (no dice: the BCAF is applied separately by Play).
func (p *position) make(m move) undo {
	u := undo{castle: p.castle, ep: p.ep, halfmove: p.halfmove}
	from, to := int(m.from), int(m.to)
	pc := p.board[from]
	switch m.flag {
	case flagEnPassant:
		v := epVictim(to, p.side)
		u.captured = p.board[v]
		p.board[v] = empty
	case flagCastleKingside, flagCastleQueenside:
		c := p.castlingOf(m)
		p.board[c.rookFrom] = empty
		p.board[c.rookTo] = rook | p.side<<3
	default:
		u.captured = p.board[to]
	}
	if m.promo != 0 {
		pc = m.promo | p.side<<3
	}
	p.board[from] = empty
	p.board[to] = pc
	p.ep = 0
	if m.flag == flagDouble {
		p.ep = (from + to) / 2
	}
	p.castle &= castleKeep[from] & castleKeep[to]
	p.halfmove++
	if pc&kindMask == pawn || m.promo != 0 || u.captured != empty {
		p.halfmove = 0
	}
	if p.side == 1 {
		p.fullmove++
	}
	p.side ^= 1
	return u
}

// unmake takes m back; u is what make returned.
func (p *position) unmake(m move, u undo) {
	p.side ^= 1
	if p.side == 1 {
		p.fullmove--
	}
	from, to := int(m.from), int(m.to)
	pc := p.board[to]
	if m.promo != 0 {
		pc = pawn | p.side<<3
	}
	p.board[from] = pc
	switch m.flag {
	case flagEnPassant:
		p.board[to] = empty
		p.board[epVictim(to, p.side)] = u.captured
	case flagCastleKingside, flagCastleQueenside:
		c := p.castlingOf(m)
		p.board[to] = empty
		p.board[c.rookTo] = empty
		p.board[c.rookFrom] = rook | p.side<<3
	default:
		p.board[to] = u.captured
	}
	p.castle, p.ep, p.halfmove = u.castle, u.ep, u.halfmove
}

// perfter keeps one move buffer per ply so a perft run allocates only at
// its start (and if some wild position needs more room).
type perfter struct {
	pos  position
	bufs [][]move
}

func newPerfter(p position, depth int) *perfter {
	pf := &perfter{pos: p, bufs: make([][]move, depth+1)}
	for i := range pf.bufs {
		pf.bufs[i] = make([]move, 0, 256)
	}
	return pf
}

// count returns the leaves below the current position at depth, which
// must have both kings. Perft skips chance (no BCAF), so the only way a
// game ends inside the tree is a king capture: such a move is a leaf, and
// nothing is counted below it. At depth 1 the moves are counted, not
// played.
func (pf *perfter) count(depth int) uint64 {
	if depth == 0 {
		return 1
	}
	ms := pf.pos.generate(pf.bufs[depth][:0])
	pf.bufs[depth] = ms
	if depth == 1 {
		return uint64(len(ms))
	}
	var n uint64
	for _, m := range ms {
		if pf.pos.board[m.to]&kindMask == king {
			continue // the game ends here: no leaves below
		}
		u := pf.pos.make(m)
		n += pf.count(depth - 1)
		pf.pos.unmake(m, u)
	}
	return n
}
