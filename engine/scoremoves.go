package engine

import (
	"context"
	"fmt"
	"sort"
	"time"

	"github.com/bermudachess/bermuda/games"
)

// MoveScore is one legal move and what the search found it worth.
type MoveScore struct {
	Move games.Move
	// Score is in hundredths of a pawn for the player to act before the
	// move (see MateIn); a move whose end a die decides is worth the
	// probability-weighted average of its outcomes.
	Score int
}

// Scores is every legal move of a position scored by one search.
type Scores struct {
	Moves   []MoveScore // every legal move, best first (ties in LegalMoves order)
	Depth   int         // the iteration every score comes from
	Nodes   int64
	Elapsed time.Duration
}

// Best is the best move's score.
func (s Scores) Best() MoveScore { return s.Moves[0] }

// Of finds a move's score by its notation.
func (s Scores) Of(notation string) (MoveScore, bool) {
	for _, m := range s.Moves {
		if m.Move.Notation == notation {
			return m, true
		}
	}
	return MoveScore{}, false
}

// ScoreMoves scores every legal move of g in one search, as a multi-PV
// search does: the root gives each move a full window, so every score is
// exact, not a bound, and all come from the same completed iteration (a
// move's score is comparable with the others'). What it is for: judging a
// played move against the best (game review), or finding positions with
// one good move (puzzles).
//
// It searches as level 5 without contempt (a draw scores 0, so the scores
// are the position's, not the engine's preference), within lim.MoveTime
// or lim.Nodes; neither means level 5's default time, unless lim.Depth
// alone bounds it. lim.Level, Seed and PieceValues are ignored; History
// counts as in Search. The first iteration always completes, whatever the
// budget, so every move has a score; only ctx stops it (with its error).
// Scores a deeper iteration left unfinished are dropped. A position with
// one legal move is searched all the same: its score is the position's.
func ScoreMoves(ctx context.Context, g games.Game, lim Limits) (res Scores, err error) {
	legal := g.LegalMoves()
	if len(legal) == 0 {
		return Scores{}, fmt.Errorf("no legal move: the game is over (%s)", g.Outcome().Reason)
	}
	defer func() {
		if r := recover(); r != nil {
			res, err = Scores{}, fmt.Errorf("scoring the moves of %s: %v", g.Position(), r)
		}
	}()
	start := time.Now()
	lv := levels[5]
	s := &searcher{ctx: ctx, tt: newTable(lv.tableBits), exactAtRoot: true}
	budget := lim.MoveTime
	if budget == 0 && lim.Nodes == 0 && lim.Depth == 0 {
		budget = lv.defaultDur
	}
	s.rootPlayer = g.Turn().Player
	ev := newEvaluator(g, nil)
	s.t = newTree(g, ev)
	s.rootDraws = repetitionDraws(g, s.t, legal)
	s.earlier = earlierPositions(lim.History, s.t)
	maxDepth := lv.maxDepth
	if lim.Depth > 0 && lim.Depth < maxDepth {
		maxDepth = lim.Depth
	}
	var last map[uint32]int
	for depth := 1; depth <= maxDepth; depth++ {
		if depth == 2 {
			// Depth 1 ran unbounded so that every move has a score; the
			// budget counts from the start all the same.
			s.maxNodes = lim.Nodes
			if budget > 0 {
				s.deadline = start.Add(budget - budget/10)
			}
		}
		s.rootScores = map[uint32]int{}
		s.search(depth, 0, -infinity, infinity)
		if ctx.Err() != nil {
			return Scores{}, ctx.Err()
		}
		if s.stopped || len(s.rootScores) == 0 {
			break
		}
		last, res.Depth = s.rootScores, depth
		if s.maxNodes > 0 && s.nodes >= s.maxNodes {
			break
		}
		if budget > 0 && time.Since(start) > budget*55/100 {
			break // the next iteration would not finish in time
		}
		if allDecided(last) {
			break // every move leads to a forced result: deeper changes nothing
		}
	}
	res.Moves, err = scoredLegal(s, last, legal)
	if err != nil {
		return Scores{}, err
	}
	res.Nodes, res.Elapsed = s.nodes, time.Since(start)
	return res, nil
}

// allDecided says whether every root score is a forced win or loss.
func allDecided(scores map[uint32]int) bool {
	for _, v := range scores {
		if MateIn(v) == 0 {
			return false
		}
	}
	return true
}

// scoredLegal maps the root scores back to the legal moves, best first.
func scoredLegal(s *searcher, scores map[uint32]int, legal []games.Move) ([]MoveScore, error) {
	index := make(map[string]int, len(legal))
	for i, m := range legal {
		index[m.Notation] = i
	}
	out := make([]MoveScore, len(legal))
	seen := make([]bool, len(legal))
	for code, v := range scores {
		mv, ok := s.rootMove(code)
		m, ok := legalMatch(mv, ok, legal)
		if !ok {
			return nil, fmt.Errorf("the search scored %q, which is not a legal move", mv.Notation)
		}
		i := index[m.Notation]
		out[i], seen[i] = MoveScore{Move: m, Score: v}, true
	}
	for i, ok := range seen {
		if !ok {
			return nil, fmt.Errorf("the search left %s unscored", legal[i].Notation)
		}
	}
	sort.SliceStable(out, func(a, b int) bool { return out[a].Score > out[b].Score })
	return out, nil
}
