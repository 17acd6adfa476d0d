package beryl

// layout is what stands on each cell, by cell number − 1.
type layout [numCells]piece

// move is a move in the generator's fast form.
type move struct {
	from, to int8
	// as is an undecided mover's declaration (king or bishop) or a pawn's
	// promotion (rook, knight or bishop); noKind otherwise.
	as kind
	// capAs is the declaration of a captured undecided piece (king or
	// bishop); noKind when the victim was not undecided.
	capAs kind
}

// destinations appends the cells a piece of kind k belonging to army may
// reach from cell from: empty cells and cells holding another army's
// piece. Pawns step (rook step, to an empty cell) or capture (bishop step,
// onto another army's piece), in both cases strictly farther from their
// home point. Each destination is listed once, ascending within each
// pattern.
func (l *layout) destinations(from int, k kind, army int, out []int8) []int8 {
	open := func(t int) bool { return l[t].empty() || l[t].army() != army }
	switch k {
	case pawn:
		far := &geo.far[army]
		for _, t := range geo.neighbours[from] {
			if l[t].empty() && far[t] > far[from] {
				out = append(out, int8(t))
			}
		}
		for _, r := range geo.bishopRays[from] {
			t := r[0]
			if !l[t].empty() && l[t].army() != army && far[t] > far[from] {
				out = append(out, int8(t))
			}
		}
	case knight, king:
		targets := geo.knight[from]
		if k == king {
			targets = geo.king[from]
		}
		for _, t := range targets {
			if open(t) {
				out = append(out, int8(t))
			}
		}
	case bishop:
		for _, r := range geo.bishopRays[from] {
			out = l.slide(r, army, out)
		}
	case rook:
		// Both ways round a closed ring reach every cell of it, so a cell
		// can lie on two rays: list it once.
		var seen uint64
		for _, r := range geo.rookRays[from] {
			for _, t := range r {
				if l[t].empty() || l[t].army() != army {
					if seen&(1<<t) == 0 {
						seen |= 1 << t
						out = append(out, int8(t))
					}
				}
				if !l[t].empty() {
					break
				}
			}
		}
	}
	return out
}

// slide appends a ray's cells up to and including the first piece, if it
// belongs to another army.
func (l *layout) slide(ray []int, army int, out []int8) []int8 {
	for _, t := range ray {
		if l[t].empty() {
			out = append(out, int8(t))
			continue
		}
		if l[t].army() != army {
			out = append(out, int8(t))
		}
		break
	}
	return out
}

// attackedBy reports whether a piece of army other than the one on skip
// (−1: none) attacks cell c, i.e. could capture a piece of another army
// standing there by its movement alone (pins and restrictions ignored). An
// undecided piece attacks both as king and as bishop. Every pattern but the
// pawn's is symmetric, so it is traced back from c.
func (l *layout) attackedBy(c, army, skip int) bool {
	// A cell holds army's piece of kind k exactly when it equals
	// mkPiece(army, k): one comparison instead of emptiness, army and
	// kind (the search asks this for every move it lists).
	pawnP, knightP, bishopP := mkPiece(army, pawn), mkPiece(army, knight), mkPiece(army, bishop)
	rookP, kingP, undecidedP := mkPiece(army, rook), mkPiece(army, king), mkPiece(army, undecided)
	for _, t := range geo.knight[c] {
		if l[t] == knightP && t != skip {
			return true
		}
	}
	for _, t := range geo.king[c] {
		if p := l[t]; (p == kingP || p == undecidedP) && t != skip {
			return true
		}
	}
	for _, r := range geo.bishopRays[c] {
		if l[r[0]] == pawnP && r[0] != skip && geo.far[army][c] > geo.far[army][r[0]] {
			return true
		}
		for _, t := range r {
			p := l[t]
			if (p == bishopP || p == undecidedP) && t != skip {
				return true
			}
			if !p.empty() {
				break
			}
		}
	}
	for _, r := range geo.rookRays[c] {
		for _, t := range r {
			p := l[t]
			if p == rookP && t != skip {
				return true
			}
			if !p.empty() {
				break
			}
		}
	}
	return false
}

// twin returns the other undecided piece of army, not the one on c, or −1.
func (l *layout) twin(army, c int) int {
	want := mkPiece(army, undecided)
	for t := range l {
		if t != c && l[t] == want {
			return t
		}
	}
	return -1
}

// find returns the cell of the first piece p, or −1.
func (l *layout) find(p piece) int {
	for t := range l {
		if l[t] == p {
			return t
		}
	}
	return -1
}
