package engine

import "math"

// Late-move reductions: a quiet move that the ordering put late is searched
// shallower with a null window, and again at full depth if it beats alpha
// after all (search). How much shallower grows with the depth left and with
// the move's place in the list (the product of their logarithms, as most
// engines do), so that a deep search spends its nodes on the few moves
// likely to matter. At depth 2 a late quiet move goes straight to the
// capture search.
//
// Not reduced: the table's move, the killers, captures and promotions (not
// quiet), moves while in check, and moves that give check (the evaluation
// cannot see what a check threatens). Reduced a ply less: at the principal
// variation, and moves whose history of cut-offs is high.
//
// With dice the search keeps the former fixed reductions (a ply after four
// moves, two after twelve, in windows wider than a null one only): every
// ply there multiplies the tree by the rolls and the chance nodes' windows
// must stay exact, and nothing was measured there.
var (
	scaledReductions = true
	// dangerCap bounds the reduction where the variant cannot tell a king
	// in danger (a variant searched through Game alone, and Bermuda chess;
	// spIndecision until it told, engine/README.md): there a reduced
	// move may be the one that threatens the king, and nothing tells it
	// from another quiet move. Bermuda chess at 20 ms a move against the
	// former search: at most 2 plies lost 38 ± 38 Elo over 200 games; at
	// most 1 did not.
	dangerCap = 1
)

const (
	// lmrBase and lmrDivisor shape the reductions: lmrBase + ln(depth) ×
	// ln(move number) / lmrDivisor plies, rounded down.
	lmrBase    = 0.5
	lmrDivisor = 2.5
	// lmrFirst is the place in the list (from 0) of the first move that
	// may be reduced: the table's move, the captures and the killers
	// usually come before.
	lmrFirst = 3
)

// lmrTable is the reduction by depth left and place in the list.
var lmrTable = func() (tab [32][64]int8) {
	for d := 1; d < len(tab); d++ {
		for i := 1; i < len(tab[d]); i++ {
			tab[d][i] = int8(lmrBase + math.Log(float64(d))*math.Log(float64(i+1))/lmrDivisor)
		}
	}
	return tab
}()

// reduction is how many plies shallower the quiet move m, the i-th (from
// 0) at a node of that depth, is first searched; search has already left
// out the root, nodes in check and captures.
func (s *searcher) reduction(m move, depth, i, ply int, pv bool, ttMove uint32) int {
	t := s.t
	if !scaledReductions || t.dice() {
		if i < 4 || depth < 3 {
			return 0
		}
		if i >= 12 && depth >= 5 {
			return 2
		}
		return 1
	}
	if i < lmrFirst || m.code == ttMove || m.code == s.killers[ply][0] || m.code == s.killers[ply][1] {
		return 0
	}
	r := int(lmrTable[min(depth, len(lmrTable)-1)][min(i, len(lmrTable[0])-1)])
	if pv {
		r--
	}
	if s.historyMax > 0 && s.history[m.code&uint32(len(s.history)-1)] > s.historyMax/2 {
		r--
	}
	if !t.tellsDanger() {
		r = min(r, dangerCap)
	}
	r = min(r, depth-1) // the capture search at least
	if r <= 0 {
		return 0
	}
	if t.tellsDanger() && s.givesCheck(m, ply) {
		return 0
	}
	return r
}
