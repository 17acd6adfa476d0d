package engine

import (
	"math"

	"github.com/bermudachess/bermuda/games"
)

// Chance nodes: a move whose end a die decides is worth the average of its
// outcomes, weighted by their probabilities. Outcome scores are clamped to
// ±chanceBound (a won or lost game counts as ±chanceBound through a die),
// so that the bounds below are finite.
//
// Alpha-beta needs only to know whether the average falls below alpha, above
// beta, or where between. Ballard's Star1 gives each outcome the window that
// could still move the average past alpha or beta, counting the outcomes not
// yet searched at their bounds; with six outcomes of 1/6 that window is
// nearly open until the last ones, and a search below an open window prunes
// almost nothing. So the first pass narrows each window to within
// chanceMargin of the parent's: an outcome that fails out of it leaves a
// bound, not a score. The pass ends early once the outcomes' bounds decide
// the average; otherwise the outcomes left with a bound are searched again
// with their Star1 windows, which the other outcomes' scores and bounds now
// make narrow. Both passes are exact: the result is the average, or a bound
// on the side of the window that it proves.

// chanceMargin is how far, in hundredths of a pawn, an outcome's first
// window reaches beyond the parent's: outcomes of one throw seldom differ
// by more in a balanced position.
const chanceMargin = 150

// star1 turns the bounded windows on; off, every outcome is searched with a
// full window (plain expectimax), which TestStar1PrunesChanceNodes compares.
var star1 = true

// outcomeBounds is what is known of one outcome's score: between lo and hi.
type outcomeBounds struct{ lo, hi float64 }

func (b outcomeBounds) exact() bool { return b.lo == b.hi }

// chance searches the chance node of m at full depth. Unlikely outcomes
// are searched a ply less: they move the average little.
func (s *searcher) chance(m move, probs []float64, depth, ply, alpha, beta int, me games.Player) int {
	t := s.t
	const lo, hi = -float64(chanceBound), float64(chanceBound)
	out := s.outBuf[ply][:0]
	for range probs {
		out = append(out, outcomeBounds{lo, hi})
	}
	s.outBuf[ply] = out
	for pass := 0; pass < 2; pass++ {
		for i, p := range probs {
			if out[i].exact() {
				continue
			}
			least, most := averageBounds(probs, out, i)
			ca := int(math.Max(lo-1, math.Floor((float64(alpha)-most)/p)))
			cb := int(math.Min(hi+1, math.Ceil((float64(beta)-least)/p)))
			if !star1 {
				ca, cb = -infinity, infinity
			} else if pass == 0 {
				na, nb := max(ca, alpha-chanceMargin), min(cb, beta+chanceMargin)
				if na < nb {
					ca, cb = na, nb
				}
			}
			d := depth
			if i > 0 && p < unlikely && d > 0 {
				d--
			}
			t.push(m, i)
			v := s.child(me, d, ply, ca, cb, false)
			t.pop()
			if s.stopped {
				return 0
			}
			fv := clampOutcome(v)
			switch {
			case v <= ca:
				out[i].hi = min(out[i].hi, fv)
			case v >= cb:
				out[i].lo = max(out[i].lo, fv)
			default:
				out[i] = outcomeBounds{fv, fv}
			}
			least, most = averageBounds(probs, out, -1)
			if most <= float64(alpha) {
				return int(math.Floor(most)) // the average cannot exceed alpha
			}
			if least >= float64(beta) {
				return int(math.Ceil(least)) // the average is at least beta
			}
		}
	}
	sum, _ := averageBounds(probs, out, -1) // every outcome is exact by now
	return int(math.Round(sum))
}

// averageBounds is the least and the most the outcomes' average can be,
// leaving out outcome skip (-1: none).
func averageBounds(probs []float64, out []outcomeBounds, skip int) (least, most float64) {
	for j, q := range probs {
		if j != skip {
			least += q * out[j].lo
			most += q * out[j].hi
		}
	}
	return least, most
}

// clampOutcome is an outcome's score within ±chanceBound.
func clampOutcome(v int) float64 { return float64(max(-chanceBound, min(chanceBound, v))) }

// quietChance is a chance node in the capture search. Only the likeliest
// outcome is searched on; the others are judged as they stand, or a capture
// sequence with dice at every step grows exponentially. They are judged
// first, so that the likeliest is searched with exactly the window that
// decides the average.
func (s *searcher) quietChance(m move, probs []float64, depth, ply, alpha, beta int, me games.Player) int {
	t := s.t
	const lo, hi = -float64(chanceBound), float64(chanceBound)
	others := 0.0
	for i := 1; i < len(probs); i++ {
		t.push(m, i)
		v := s.standing(me, ply)
		t.pop()
		others += probs[i] * clampOutcome(v)
	}
	p := probs[0]
	ca := int(math.Max(lo-1, math.Floor((float64(alpha)-others)/p)))
	cb := int(math.Min(hi+1, math.Ceil((float64(beta)-others)/p)))
	if !star1 {
		ca, cb = -infinity, infinity
	}
	t.push(m, 0)
	v := s.child(me, depth, ply, ca, cb, true)
	t.pop()
	if s.stopped {
		return 0
	}
	avg := others + p*clampOutcome(v)
	switch {
	case v <= ca:
		return int(math.Floor(avg))
	case v >= cb:
		return int(math.Ceil(avg))
	}
	return int(math.Round(avg))
}
