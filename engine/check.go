package engine

import (
	"context"
	"fmt"
	"time"

	"github.com/bermudachess/bermuda/games"
)

// Check is what Analyser.Check found in one iteration: the position's best
// move and score, and the score of the move played.
type Check struct {
	Best      games.Move
	BestScore int // hundredths of a pawn for the player to act (see MateIn)
	Played    int // the played move's score, the same way
	Depth     int // the iteration both come from
	Nodes     int64
}

// Check scores the move played in g against the position's best in one
// search: at every iteration the played move is searched with a full
// window (an exact score), and the other moves as the root of an ordinary
// search does, each against the best score so far (a null window, searched
// again when one beats it), so that the best score is exact too. Both come
// from the same iteration, on the Analyser's table, with the budget spent
// on this one position: the exact check of a move whose loss, from two
// searches of consecutive positions, might be the search's own noise.
//
// Why the best of every move and not of the best move Analyse named: a
// deeper iteration can find that move lost as well (in Bermuda chess a
// king drops to a threat two plies beyond a depth-2 search), and a check
// of the two moves alone then calls the played move as good as the best
// when it loses a queen. first is searched first (the move Analyse
// named): usually the best, it makes the others' windows tight.
//
// Scores are for the player to act in g (a chance move's is the average
// of its outcomes); lim and ctx are as in Analyse.
func (a *Analyser) Check(ctx context.Context, g games.Game, first, played string, lim Limits) (res Check, err error) {
	legal := g.LegalMoves()
	if len(legal) == 0 {
		return Check{}, fmt.Errorf("no legal move: the game is over (%s)", g.Outcome().Reason)
	}
	defer func() {
		if r := recover(); r != nil {
			res, err = Check{}, fmt.Errorf("checking %s in %s: %v", played, g.Position(), r)
		}
	}()
	start := time.Now()
	s, budget, maxDepth := a.searcher(ctx, g, lim, legal)
	root := s.t.moves(nil, false)
	var firstCode, playedCode uint32 = noMove, noMove
	for _, m := range root {
		if pm, ok := s.t.public(m); ok {
			switch pm.Notation {
			case played:
				playedCode = m.code
			case first:
				firstCode = m.code
			}
		}
	}
	if playedCode == noMove {
		return Check{}, fmt.Errorf("%s is not a legal move", played)
	}
	s.path[0] = s.t.hash()
	lead := firstCode // the move searched first: the last iteration's best
	var last Check
	bestCode := uint32(noMove)
	for d := 1; d <= maxDepth; d++ {
		if d == 2 {
			a.bound(s, lim, budget, start)
		}
		best, bc, vp, ok := s.checkIteration(root, lead, playedCode, d)
		if ctx.Err() != nil {
			return Check{}, ctx.Err()
		}
		if !ok {
			break
		}
		last, bestCode, lead = Check{BestScore: best, Played: vp, Depth: d}, bc, bc
		if s.maxNodes > 0 && s.nodes >= s.maxNodes {
			break
		}
		if budget > 0 && time.Since(start) > budget*55/100 {
			break // the next iteration would not finish in time
		}
		if MateIn(best) != 0 && MateIn(vp) != 0 {
			break // both forced: deeper changes nothing
		}
	}
	if last.Depth == 0 {
		return Check{}, fmt.Errorf("the first iteration did not complete")
	}
	m, ok := s.rootMove(bestCode)
	if last.Best, ok = legalMatch(m, ok, legal); !ok {
		return Check{}, fmt.Errorf("the search chose %q, which is not a legal move", m.Notation)
	}
	last.Nodes = s.nodes
	return last, nil
}

// checkIteration is one iteration of Check at depth d: the played move
// with a full window, lead next (when another move), then the rest in the
// search's usual order, each against the best so far. It returns the best
// score and move, the played move's score, and false if the search
// stopped before the iteration completed.
func (s *searcher) checkIteration(root []move, lead, played uint32, d int) (best int, bestCode uint32, vp int, ok bool) {
	s.rootDepth, s.extended[0] = d, 0 // as search sets them at the root: check extensions count from here
	order := make([]move, 0, len(root))
	for _, code := range []uint32{played, lead} {
		for _, m := range root {
			if m.code == code && (len(order) == 0 || order[0].code != code) {
				order = append(order, m)
			}
		}
	}
	rest := make([]move, 0, len(root))
	for _, m := range root {
		if m.code != played && m.code != lead {
			rest = append(rest, m)
		}
	}
	sc := s.order(rest, 0, noMove)
	for i := range rest {
		pick(rest, sc, i)
	}
	order = append(order, rest...)
	score := func(m move, alpha, beta int) int {
		if s.rootDraws[m.code] {
			return 0
		}
		return s.playMove(m, d-1, 0, alpha, beta, false)
	}
	best, bestCode = -infinity, noMove
	for i, m := range order {
		var v int
		if i == 0 || best <= -infinity {
			v = score(m, -infinity, infinity) // the played move, or the first with a score: exact
		} else if v = score(m, best, best+1); v > best && !s.stopped {
			v = score(m, best, infinity) // it beats the best: its exact score
		}
		if s.stopped {
			return 0, 0, 0, false
		}
		if i == 0 {
			vp = v
		}
		if v > best {
			best, bestCode = v, m.code
		}
	}
	// The root's entry, as search leaves one: the line Analyse and the
	// principal variation start from.
	s.tt.store(s.path[0], bestCode, best, d, boundExact, 0)
	return best, bestCode, vp, true
}
