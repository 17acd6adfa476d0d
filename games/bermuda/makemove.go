package bermuda

// effects records what a move did beyond moving its piece, for events,
// labels and the picture. Squares are -1 when nothing happened.
type effects struct {
	mover        piece
	victim       piece // the piece captured (on either board)
	victimSq     int
	fellTo       int   // Rule 1: where the victim fell (upper-board capture)
	crushed      piece // what the falling victim removed from the game
	dropTo       int   // Rule 2: where the moving piece dropped
	climbTo      int   // Rule 3: where the capturer climbed
	climbBlocked bool  // Rule 3: the square above was occupied
	climber      piece // the lower capturer, after any promotion on capture
	promoted     piece // what the moving pawn chose to become, 0 if nothing
	promotedSq   int
	arrived      piece // a queen made on arrival (drop, fall or climb), 0 if none
	arrivedSq    int
	rookFrom     int // castling
	rookTo       int
}

func noEffects() effects {
	return effects{victimSq: -1, fellTo: -1, dropTo: -1, climbTo: -1, promotedSq: -1, arrivedSq: -1, rookFrom: -1, rookTo: -1}
}

// arrive is what a piece becomes on landing on sq after changing boards: a
// pawn arriving on its colour's last rank of its new board becomes a queen
// at once. Ruling: the arrival is automatic (the piece's owner may not be
// the mover — a captured pawn falls too), so there is no choice to make
// and one rule covers drops, climbs and falling victims alike.
func arrive(p piece, sq int, fx *effects) piece {
	if p.kind() == pawn && rankOf(sq) == lastRank(p.color()) {
		q := colored(queen, p.color())
		if fx != nil {
			fx.arrived, fx.arrivedSq = q, sq
		}
		return q
	}
	return p
}

// play makes m, which must come from generate on this position. fx, when
// not nil, receives what happened.
func (pos *position) play(m move, fx *effects) {
	c := pos.toMove
	from, to := int(m.from), int(m.to)
	p := pos.sq[from]
	keep := rightsKeep[from] & rightsKeep[to]
	pos.ep = -1
	pos.halfmove++
	if p.kind() == pawn {
		pos.halfmove = 0
	}
	if fx != nil {
		fx.mover = p
	}
	switch m.kind {
	case castling:
		wing := queenSide
		if to > from {
			wing = kingSide
		}
		_, rookFrom := castlingSquares(boardOf(from), c, wing)
		rookTo := (from + to) / 2
		pos.set(from, empty)
		pos.set(to, p)
		pos.set(rookTo, pos.sq[rookFrom])
		pos.set(rookFrom, empty)
		keep &= rightsKeep[rookFrom]
		if fx != nil {
			fx.rookFrom, fx.rookTo = rookFrom, rookTo
		}
	case drop: // Rule 2: an enemy below is captured and removed
		if v := pos.sq[to]; v != empty {
			pos.halfmove = 0
			if fx != nil {
				fx.victim, fx.victimSq = v, to
			}
		}
		pos.set(from, empty)
		pos.set(to, arrive(p, to, fx))
		if fx != nil {
			fx.dropTo = to
		}
	default:
		victimSq := to
		if m.kind == enPassant {
			victimSq = to - pawnStep(c)
		}
		victim := pos.sq[victimSq]
		moved := p
		if m.promo != empty {
			moved = colored(m.promo, c)
			if fx != nil {
				fx.promoted, fx.promotedSq = moved, to
			}
		}
		pos.set(from, empty)
		pos.set(victimSq, empty)
		pos.set(to, moved)
		if m.kind == doubleStep {
			pos.ep = (from + to) / 2
		}
		if victim != empty {
			pos.halfmove = 0
			if fx != nil {
				fx.victim, fx.victimSq = victim, victimSq
			}
			if boardOf(to) == upper {
				// Rule 1: the victim falls to the square beneath it, and
				// whatever stood there is removed from the game.
				below := int(complement[victimSq])
				if fx != nil {
					fx.fellTo, fx.crushed = below, pos.sq[below]
				}
				pos.set(below, arrive(victim, below, fx))
				keep &= rightsKeep[below]
			} else {
				if fx != nil {
					fx.climber = moved
				}
				// Rule 3: the capturer climbs if the square above is empty.
				above := int(complement[to])
				if pos.sq[above] == empty {
					pos.set(to, empty)
					pos.set(above, arrive(moved, above, fx))
					keep &= rightsKeep[above]
					if fx != nil {
						fx.climbTo = above
					}
				} else if fx != nil {
					fx.climbBlocked = true
				}
			}
		}
	}
	pos.castle &= keep
	if c == black {
		pos.fullmove++
	}
	pos.toMove = 1 - c
}

// perft counts leaves by copy-make, reusing one move buffer per ply.
func (pos *position) perft(depth int, bufs [][]move) uint64 {
	if depth == 0 {
		return 1
	}
	moves := pos.generate(bufs[depth][:0])
	bufs[depth] = moves
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		child := *pos
		child.play(m, nil)
		n += child.perft(depth-1, bufs)
	}
	return n
}

func perftBuffers(depth int) [][]move {
	bufs := make([][]move, depth+1)
	for i := range bufs {
		bufs[i] = make([]move, 0, 256)
	}
	return bufs
}
