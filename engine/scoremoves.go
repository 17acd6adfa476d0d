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
	s, it, err := deepen(ctx, g, lim, legal, true)
	if err != nil {
		return Scores{}, err
	}
	res.Moves, err = scoredLegal(s, it.scores, legal)
	if err != nil {
		return Scores{}, err
	}
	res.Depth, res.Nodes, res.Elapsed = it.depth, s.nodes, it.elapsed
	return res, nil
}

// BestScore is the best move of g and its score, as ScoreMoves would put
// first, from an ordinary alpha-beta search (the other moves get bounds,
// not scores): the same budget reaches deeper. For a position's value
// alone, such as each position a roll of the dice can lead to.
func BestScore(ctx context.Context, g games.Game, lim Limits) (best MoveScore, depth int, err error) {
	legal := g.LegalMoves()
	if len(legal) == 0 {
		return MoveScore{}, 0, fmt.Errorf("no legal move: the game is over (%s)", g.Outcome().Reason)
	}
	defer func() {
		if r := recover(); r != nil {
			best, depth, err = MoveScore{}, 0, fmt.Errorf("searching %s: %v", g.Position(), r)
		}
	}()
	s, it, err := deepen(ctx, g, lim, legal, false)
	if err != nil {
		return MoveScore{}, 0, err
	}
	m, ok := s.rootMove(it.best)
	if m, ok = legalMatch(m, ok, legal); !ok {
		return MoveScore{}, 0, fmt.Errorf("the search chose %q, which is not a legal move", m.Notation)
	}
	return MoveScore{Move: m, Score: it.score}, it.depth, nil
}

// iteration is what the last completed iteration of deepen found.
type iteration struct {
	depth   int
	scores  map[uint32]int // every root move's score (exact searches)
	best    uint32
	score   int
	elapsed time.Duration
}

// deepen runs the iterations of ScoreMoves and BestScore: level 5 without
// contempt, the first iteration unbounded, the later ones within lim.
func deepen(ctx context.Context, g games.Game, lim Limits, legal []games.Move, exact bool) (*searcher, iteration, error) {
	start := time.Now()
	budget, maxDepth := level5Limits(lim)
	s := rootSearcher(ctx, g, lim, legal, newTable(tableBits(levels[5], budget, lim.Nodes)))
	s.exactAtRoot = exact
	var last iteration
	for depth := 1; depth <= maxDepth; depth++ {
		if depth == 2 {
			// Depth 1 ran unbounded so that every move has a score; the
			// budget counts from the start all the same.
			s.maxNodes = lim.Nodes
			if budget > 0 {
				s.deadline = start.Add(budget - budget/10)
			}
		}
		if exact {
			s.rootScores = map[uint32]int{}
		}
		s.rootBest = noMove
		score := s.search(depth, 0, -infinity, infinity)
		if ctx.Err() != nil {
			return nil, iteration{}, ctx.Err()
		}
		if s.stopped || s.rootBest == noMove {
			break
		}
		last = iteration{depth: depth, scores: s.rootScores, best: s.rootBest, score: score, elapsed: time.Since(start)}
		if s.maxNodes > 0 && s.nodes >= s.maxNodes {
			break
		}
		if budget > 0 && time.Since(start) > budget*55/100 {
			break // the next iteration would not finish in time
		}
		if MateIn(score) != 0 && (!exact || allDecided(last.scores)) {
			break // forced results: deeper changes nothing
		}
	}
	if last.depth == 0 {
		return nil, iteration{}, fmt.Errorf("the first iteration did not complete")
	}
	return s, last, nil
}

// level5Limits is the time budget and the depth cap of a search at level
// 5 within lim: level 5's default time when lim sets no bound at all.
func level5Limits(lim Limits) (budget time.Duration, maxDepth int) {
	lv := levels[5]
	budget = lim.MoveTime
	if budget == 0 && lim.Nodes == 0 && lim.Depth == 0 {
		budget = lv.defaultDur
	}
	maxDepth = lv.maxDepth
	if lim.Depth > 0 && lim.Depth < maxDepth {
		maxDepth = lim.Depth
	}
	return budget, maxDepth
}

// rootSearcher is a search of g on table tt, without contempt, for the
// player to act: what ScoreMoves, BestScore and the Analyser share.
func rootSearcher(ctx context.Context, g games.Game, lim Limits, legal []games.Move, tt *table) *searcher {
	s := &searcher{ctx: ctx, tt: tt}
	s.rootPlayer = g.Turn().Player
	s.t = newTree(g, newEvaluator(g, nil))
	s.rootDraws = repetitionDraws(g, s.t, legal)
	s.earlier = earlierPositions(lim.History, s.t)
	return s
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
