package engine

import (
	"context"
	"fmt"
	"time"

	"github.com/bermudachess/bermuda/games"
)

// Analysis of a game, position by position, as Lichess analyses with
// Stockfish: each position is searched once with the ordinary search
// (iterative deepening, aspiration windows around the last iteration's
// score), and one transposition table is kept from one position to the
// next, so that the search of a position starts from what the search of
// the one before it found (most of the tree below the move played has
// been searched already). What game review stands on.

// analysisTableBits sizes the table an Analyser keeps: 2^20 entries of 24
// bytes (24 MB), enough for a few million nodes of a game's positions.
const analysisTableBits = 20

// aspiration is the first half-width of the window around the previous
// iteration's score, in hundredths of a pawn; a search that falls outside
// it is searched again with the failing side widened (doubling each time),
// then with a full window.
const aspiration = 30

// Analyser searches the positions of one game one after another, keeping
// its transposition table between them. It is not safe for concurrent use;
// one Analyser serves one game (or any positions of one variant: entries
// are keyed by the position's hash).
type Analyser struct {
	tt *table
}

// NewAnalyser returns an Analyser with an empty table.
func NewAnalyser() *Analyser { return &Analyser{tt: newTable(analysisTableBits)} }

// Analysis is what the search of one position found.
type Analysis struct {
	Best  games.Move
	Score int // hundredths of a pawn for the player to act (see MateIn)
	Depth int // the last completed iteration
	PV    []string
	Nodes int64
}

// Analyse searches g as level 5 does, without contempt (a draw scores 0,
// so the score is the position's), within lim.Nodes or lim.MoveTime
// (neither: level 5's default time, unless lim.Depth alone bounds it).
// lim.History counts as in Search; Level, Seed, PieceValues and
// OnIteration are ignored. The first iteration always completes; later
// ones are kept only when they complete inside their window. ctx's error
// stops it.
func (a *Analyser) Analyse(ctx context.Context, g games.Game, lim Limits) (res Analysis, err error) {
	legal := g.LegalMoves()
	if len(legal) == 0 {
		return Analysis{}, fmt.Errorf("no legal move: the game is over (%s)", g.Outcome().Reason)
	}
	defer func() {
		if r := recover(); r != nil {
			res, err = Analysis{}, fmt.Errorf("analysing %s: %v", g.Position(), r)
		}
	}()
	start := time.Now()
	s, budget, maxDepth := a.searcher(ctx, g, lim, legal)
	var last Analysis
	bestCode := uint32(noMove)
	prev := 0
	for depth := 1; depth <= maxDepth; depth++ {
		if depth == 2 {
			a.bound(s, lim, budget, start)
		}
		score, ok := a.iterate(s, depth, prev)
		if ctx.Err() != nil {
			return Analysis{}, ctx.Err()
		}
		if !ok || s.rootBest == noMove {
			break
		}
		prev, bestCode = score, s.rootBest
		last = Analysis{Score: score, Depth: depth, PV: s.pv(depth)}
		if s.maxNodes > 0 && s.nodes >= s.maxNodes {
			break
		}
		if budget > 0 && time.Since(start) > budget*55/100 {
			break // the next iteration would not finish in time
		}
		if m := MateIn(score); m != 0 && abs(m) <= depth {
			break // a forced result within the horizon: deeper changes nothing
		}
	}
	if last.Depth == 0 {
		return Analysis{}, fmt.Errorf("the first iteration did not complete")
	}
	m, ok := s.rootMove(bestCode)
	if last.Best, ok = legalMatch(m, ok, legal); !ok {
		return Analysis{}, fmt.Errorf("the search chose %q, which is not a legal move", m.Notation)
	}
	last.Nodes = s.nodes
	return last, nil
}

// iterate searches the root to depth inside an aspiration window around
// prev, widening the side that fails. It reports false if the search
// stopped before the iteration completed.
func (a *Analyser) iterate(s *searcher, depth, prev int) (int, bool) {
	alpha, beta := -infinity, infinity
	delta := aspiration
	if depth >= 4 && MateIn(prev) == 0 {
		alpha, beta = prev-delta, prev+delta
	}
	for {
		s.rootBest = noMove
		v := s.search(depth, 0, alpha, beta)
		if s.stopped {
			return 0, false
		}
		switch {
		case v <= alpha && alpha > -infinity:
			delta *= 2
			alpha = max(-infinity, v-delta)
			if delta > 16*aspiration {
				alpha = -infinity
			}
		case v >= beta && beta < infinity:
			delta *= 2
			beta = min(infinity, v+delta)
			if delta > 16*aspiration {
				beta = infinity
			}
		default:
			return v, true
		}
	}
}

// searcher sets up one search of g on the Analyser's table.
func (a *Analyser) searcher(ctx context.Context, g games.Game, lim Limits, legal []games.Move) (*searcher, time.Duration, int) {
	a.tt.gen++ // this position's entries replace older ones first
	budget, maxDepth := level5Limits(lim)
	s := rootSearcher(ctx, g, lim, legal, a.tt)
	return s, budget, maxDepth
}

// bound applies the budget from the second iteration on: the first runs
// unbounded so that there is always a move and a score.
func (a *Analyser) bound(s *searcher, lim Limits, budget time.Duration, start time.Time) {
	s.maxNodes = lim.Nodes
	if budget > 0 {
		s.deadline = start.Add(budget - budget/10)
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
