package bede

import (
	"math/rand/v2"
	"sort"
	"testing"
)

// A slow second generator written straight from RULES.md §3, sharing no
// tables or code paths with the fast one: moves are found by walking
// coordinates, and check by listing every enemy capture. The fast
// generator must agree with it in every position of many random games.

type refSq struct{ f, r int }

func (s refSq) on() bool { return s.f >= 0 && s.f < 9 && s.r >= 0 && s.r < 11 }
func (s refSq) idx() int { return s.r*9 + s.f }

func refAt(p *position, s refSq) uint8 { return p.board[s.idx()] }

// refDests returns where the piece of side on s moving as k may end, and
// whether each end is a capture. forAttack also lists squares holding
// kings (to find checks); otherwise kings are never taken.
func refDests(p *position, s refSq, side int, k kind, isJester, forAttack bool) map[refSq]bool {
	out := map[refSq]bool{}
	fwd := 1
	if side == 1 {
		fwd = -1
	}
	canTake := func(t refSq) bool {
		pc := refAt(p, t)
		return pc != 0 && (forAttack || kindOf(pc) != king)
	}
	land := func(t refSq) { // quiet or capture
		if !t.on() {
			return
		}
		if refAt(p, t) == 0 {
			out[t] = false
		} else if canTake(t) {
			out[t] = true
		}
	}
	slide := func(dx, dy int) {
		for t := (refSq{s.f + dx, s.r + dy}); t.on(); t = (refSq{t.f + dx, t.r + dy}) {
			if refAt(p, t) != 0 {
				if canTake(t) {
					out[t] = true
				}
				return
			}
			out[t] = false
		}
	}
	switch k {
	case bede:
		for _, d := range [][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}} {
			slide(d[0], d[1])
		}
		for _, d := range [][2]int{{0, 2}, {0, -2}, {2, 0}, {-2, 0}} {
			land(refSq{s.f + d[0], s.r + d[1]})
		}
	case chancellor:
		for _, d := range [][2]int{{0, 1}, {0, -1}, {1, 0}, {-1, 0}} {
			slide(d[0], d[1])
		}
		for _, d := range [][2]int{{1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1}} {
			land(refSq{s.f + d[0], s.r + d[1]})
		}
	case zebra:
		for _, a := range []int{2, -2} {
			for _, b := range []int{3, -3} {
				land(refSq{s.f + a, s.r + b})
				land(refSq{s.f + b, s.r + a})
			}
		}
	case queen:
		for dx := -1; dx <= 1; dx++ {
			for dy := -1; dy <= 1; dy++ {
				if dx != 0 || dy != 0 {
					slide(dx, dy)
				}
			}
		}
	case king:
		for dx := -1; dx <= 1; dx++ {
			for dy := -1; dy <= 1; dy++ {
				t := refSq{s.f + dx, s.r + dy}
				if (dx == 0 && dy == 0) || !t.on() {
					continue
				}
				if refAt(p, t) == 0 {
					out[t] = false
				} else if !isJester && canTake(t) {
					out[t] = true
				}
			}
		}
	case pawn:
		// Quiet: one or two diagonal-forward steps over empty squares.
		for _, a := range []int{-1, 1} {
			m := refSq{s.f + a, s.r + fwd}
			if !m.on() || refAt(p, m) != 0 {
				continue
			}
			out[m] = false
			for _, b := range []int{-1, 1} {
				if t := (refSq{m.f + b, m.r + fwd}); t.on() && refAt(p, t) == 0 {
					out[t] = false
				}
			}
		}
		for _, t := range []refSq{{s.f, s.r + fwd}, {s.f + 1, s.r}, {s.f - 1, s.r}} {
			if t.on() && canTake(t) {
				out[t] = true
			}
		}
	case squire:
		// Quiet: every sequence of 1–3 forward/left/right steps over empty
		// squares (revisits allowed here) with at least one forward step.
		var walk func(at refSq, steps int, forward bool)
		walk = func(at refSq, steps int, forward bool) {
			if steps > 0 && forward {
				out[at] = false
			}
			if steps == 3 {
				return
			}
			for _, d := range [][2]int{{0, fwd}, {1, 0}, {-1, 0}} {
				t := refSq{at.f + d[0], at.r + d[1]}
				if t.on() && (refAt(p, t) == 0 || t == s) {
					walk(t, steps+1, forward || d[0] == 0)
				}
			}
		}
		walk(s, 0, false)
		delete(out, s)
		// Captures: 1 or 2 diagonal-forward steps, the middle empty.
		for _, a := range []int{-1, 1} {
			m := refSq{s.f + a, s.r + fwd}
			if !m.on() {
				continue
			}
			if refAt(p, m) != 0 {
				if canTake(m) {
					out[m] = true
				}
				continue
			}
			for _, b := range []int{-1, 1} {
				if t := (refSq{m.f + b, m.r + fwd}); t.on() && canTake(t) {
					out[t] = true
				}
			}
		}
	}
	return out
}

func refKind(p *position, s refSq, copies kind) kind {
	k := kindOf(refAt(p, s))
	if k == jester {
		return copies
	}
	return k
}

// refAttacked: does any piece of by capture onto the king of 1-by, its
// Jester acting as jesterAs?
func refKingAttacked(p *position, by int, jesterAs kind) bool {
	for i, pc := range p.board {
		if pc == 0 || sideOf(pc) != by {
			continue
		}
		s := refSq{i % 9, i / 9}
		k := kindOf(pc)
		if k == jester {
			k = jesterAs
		}
		for t, takes := range refDests(p, s, by, k, kindOf(pc) == jester, true) {
			if takes && refAt(p, t) == pieceOf(king, 1-by) {
				return true
			}
		}
	}
	return false
}

// refLegal lists the legal notations of the side to move, sorted.
func refLegal(p *position) []string {
	var out []string
	side := p.side
	for i, pc := range p.board {
		if pc == 0 || sideOf(pc) != side {
			continue
		}
		s := refSq{i % 9, i / 9}
		k := refKind(p, s, p.copies)
		if k == noKind {
			continue
		}
		isJ := kindOf(pc) == jester
		for t := range refDests(p, s, side, k, isJ, false) {
			if !p.escalated && (t.r-s.r)*(1-2*side) < 0 {
				continue
			}
			q := *p
			q.board[t.idx()], q.board[i] = pc, 0
			if refKingAttacked(&q, 1-side, k) {
				continue
			}
			n := grid.Name(i) + grid.Name(t.idx())
			rel := t.r
			if side == 1 {
				rel = 10 - t.r
			}
			if !isJ && (k == pawn || k == squire) && rel >= 9 {
				n += "=B"
			}
			out = append(out, n)
		}
	}
	sort.Strings(out)
	return out
}

func TestFastGeneratorAgreesWithReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	positions := 0
	for game := 0; game < 8; game++ {
		g := mustGame(t, "")
		for ply := 0; ply < 160 && !g.outcome.Over; ply++ {
			var fast []string
			for _, m := range g.pos.legalMoves(nil) {
				fast = append(fast, notation(m))
			}
			sort.Strings(fast)
			ref := refLegal(&g.pos)
			if !sameList(fast, ref) {
				t.Fatalf("game %d ply %d, %s:\nfast %v\n ref %v", game, ply, g.Position(), fast, ref)
			}
			positions++
			// Escalation by check, seen by the reference: the mover's Jester
			// still copies what the opponent last moved.
			m := g.pos.legalMoves(nil)[rng.IntN(len(fast))]
			before := g.pos
			if _, err := g.Play(g.describe(m), nil); err != nil {
				t.Fatal(err)
			}
			after := g.pos
			wantEsc := before.escalated || refGivesCheck(&after, before.copies) ||
				(before.board[m.to()] != 0 && kindOf(before.board[m.to()]) != pawn)
			if after.escalated != wantEsc {
				t.Fatalf("game %d ply %d: escalation %v after %s in %s, reference says %v", game, ply, after.escalated, notation(m), before.String(), wantEsc)
			}
		}
	}
	if positions < 400 {
		t.Errorf("only %d positions compared", positions)
	}
}

func refGivesCheck(after *position, moverJesterCopies kind) bool {
	return refKingAttacked(after, 1-after.side, moverJesterCopies)
}

func TestPerftAgreesWithReferenceAtDepthTwo(t *testing.T) {
	g := mustGame(t, "")
	var ref uint64
	for _, n := range refLegal(&g.pos) {
		m, ok := g.find(n)
		if !ok {
			t.Fatalf("reference move %s unknown", n)
		}
		child := g.pos
		child.play(m)
		ref += uint64(len(refLegal(&child)))
	}
	if fast := g.Perft(2); fast != ref {
		t.Errorf("perft(2) fast %d, reference %d", fast, ref)
	}
}

// Random crowded positions (Jesters and squires close to the kings, any
// escalation and copy state) exercise what random games rarely reach.
func TestFastGeneratorAgreesWithReferenceOnRandomPositions(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	letters := []byte("pPsSbBcCzZqQjJjJ")
	copies := []string{"-", "p", "s", "b", "c", "z", "q", "k"}
	compared := 0
	for compared < 1500 {
		pieces := map[string]byte{}
		for _, k := range []byte{'K', 'k'} {
			for {
				sq := grid.Name(rng.IntN(squares))
				if pieces[sq] == 0 {
					pieces[sq] = k
					break
				}
			}
		}
		for n := 4 + rng.IntN(14); n > 0; n-- {
			sq := grid.Name(rng.IntN(squares))
			if pieces[sq] == 0 {
				pieces[sq] = letters[rng.IntN(len(letters))]
			}
		}
		esc := "-"
		if rng.IntN(2) == 0 {
			esc = "e"
		}
		side := "wb"[rng.IntN(2) : rng.IntN(2)+1]
		setup := place(pieces, side+" "+esc+" "+copies[rng.IntN(len(copies))]+" 0 1 "+copies[rng.IntN(len(copies))])
		g, err := newGame(setup)
		if err != nil {
			continue // kings in check, pawns on their last ranks…
		}
		var fast []string
		for _, m := range g.pos.legalMoves(nil) {
			fast = append(fast, notation(m))
		}
		sort.Strings(fast)
		if ref := refLegal(&g.pos); !sameList(fast, ref) {
			t.Fatalf("%s:\nfast %v\n ref %v", setup, fast, ref)
		}
		compared++
	}
}
