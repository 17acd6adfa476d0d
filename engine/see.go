package engine

// Static exchange evaluation: what a capture wins once both sides have
// taken on its target cell in turn, each with its least valuable piece,
// either side free to stop when going on would lose. It plays the
// exchange on the tree (make/unmake), so it holds in every variant whose
// fast path tells a move's target cell and piece (games.MoveFacts), with
// that variant's own rules of capture. It stops where the next position
// depends on dice or the same player moves again; the capture then counts
// as safe, so that the estimate errs towards searching it.

// maxExchange bounds the captures followed on one cell.
const maxExchange = 24

// see is the material m wins for the player who makes it, in hundredths of
// a pawn: the value taken where the variant does not say enough.
func (s *searcher) see(m move) int {
	if m.to < 0 || m.mover == 0 {
		return int(m.victim + m.promotion)
	}
	t := s.t
	var gain [maxExchange]int
	gain[0] = int(m.victim + m.promotion)
	attacker := int(m.mover + m.promotion)
	cur, n, pushed := m, 1, 0
	for n < maxExchange {
		me := t.player()
		s.seeProb = t.expand(cur, s.seeProb[:0])
		if len(s.seeProb) != 1 {
			break
		}
		t.push(cur, 0)
		pushed++
		if over, _ := t.status(); over || t.player() == me {
			break
		}
		r, ok := s.leastRecapture(m.to, pushed)
		if !ok {
			break
		}
		gain[n] = attacker - gain[n-1]
		attacker = int(r.mover + r.promotion)
		cur = r
		n++
	}
	for ; pushed > 0; pushed-- {
		t.pop()
	}
	for n--; n > 0; n-- {
		gain[n-1] = -max(-gain[n-1], gain[n])
	}
	return gain[0]
}

// leastRecapture is the capture on cell to made by the least valuable
// piece, at exchange step d.
func (s *searcher) leastRecapture(to int32, d int) (move, bool) {
	if ft, ok := s.t.(*fastTree); ok && ft.lister != nil {
		return ft.leastCaptureOn(to)
	}
	for len(s.seeBuf) <= d {
		s.seeBuf = append(s.seeBuf, nil)
	}
	moves := s.t.moves(s.seeBuf[d][:0], true)
	s.seeBuf[d] = moves
	best, found := move{}, false
	for _, r := range moves {
		if r.to == to && r.victim > 0 && (!found || r.mover < best.mover) {
			best, found = r, true
		}
	}
	return best, found
}
