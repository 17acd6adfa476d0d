package puzzles

import (
	"context"
	"fmt"

	"github.com/bermudachess/bermuda/engine"
	"github.com/bermudachess/bermuda/games"
	"github.com/bermudachess/bermuda/review"
)

// The thresholds, on review's expected-score scale (E in [0, 1] for the
// player to act; a forced win 1, a forced loss 0).
const (
	// Margin is how far the second-best move must fall short of the best:
	// Lichess's generator asks for 0.42 on its winning-chances scale
	// (−1…1) between best and second; the issue asks for 0.3 on ours,
	// which is stricter.
	Margin = 0.3
	// WinE is a winning position: about +3 pawns at chess's K (0.375).
	WinE = 0.75
	// SaveE is a position that is held: the best move of a defence puzzle
	// must keep at least this much.
	SaveE = 0.4
	// AlreadyWonE leaves out positions whose solver was already winning
	// before the opponent's last move (Lichess: more than +4 pawns).
	AlreadyWonE = 0.82
)

// Options bound the searches of the generator and of the check.
type Options struct {
	// Nodes is the budget of each solver decision (engine.ScoreMoves);
	// the opponent's replies and the end of the line get the same with
	// engine.BestScore. Default DefaultNodes.
	Nodes int64
	// ScreenNodes is the cheap first look at every position of a game;
	// only positions where one move stands out are searched with Nodes.
	// Default DefaultScreenNodes.
	ScreenNodes int64
	// CheckNodes is the deeper search that re-verifies a puzzle
	// (Verify); default 3×Nodes.
	CheckNodes int64
	// MaxSolverMoves bounds the line (default 4).
	MaxSolverMoves int
}

// Defaults of Options.
const (
	DefaultNodes       = 40_000
	DefaultScreenNodes = 4_000
)

func (o Options) withDefaults() Options {
	if o.Nodes <= 0 {
		o.Nodes = DefaultNodes
	}
	if o.ScreenNodes <= 0 {
		o.ScreenNodes = DefaultScreenNodes
	}
	if o.CheckNodes <= 0 {
		o.CheckNodes = 3 * o.Nodes
	}
	if o.MaxSolverMoves <= 0 {
		o.MaxSolverMoves = 4
	}
	return o
}

// decision is every move of a position scored, seen by the player to act.
type decision struct {
	scores        engine.Scores
	best, second  engine.MoveScore
	eBest, eSec   float64
	onlyMove      bool
	forcedWin     bool // the best move forces a win
	secondWinning bool
}

// decide scores every legal move of g with nodes.
// expected is a search score as an expected score for the player it is
// for. Puzzles judge every variant on one curve, Lichess's for chess
// (review.DefaultK): "clearly best" then asks the same gap in material or a
// forced result everywhere. Review's curves fitted on self-play are far
// flatter where self-play games are mostly drawn (the Angle: a queen is
// worth 0.61) or kings count double (Bermuda chess), and on them the 0.3 gap
// would ask for several queens.
func expected(score int) float64 { return review.ExpectedK(review.DefaultK, score) }

func decide(ctx context.Context, g games.Game, nodes int64, depth int) (decision, error) {
	sc, err := engine.ScoreMoves(ctx, g, engine.Limits{Nodes: nodes, Depth: depth})
	if err != nil {
		return decision{}, err
	}
	d := decision{scores: sc, best: sc.Moves[0], eBest: expected(sc.Moves[0].Score)}
	d.forcedWin = engine.MateIn(d.best.Score) > 0
	if len(sc.Moves) == 1 {
		d.onlyMove = true
		return d, nil
	}
	d.second = sc.Moves[1]
	d.eSec = expected(d.second.Score)
	d.secondWinning = d.eSec >= WinE || engine.MateIn(d.second.Score) > 0
	return d, nil
}

// clear says whether the best move stands out: the second best is at
// least Margin lower, or the best forces a win and the second no longer
// wins. A position with one legal move is clear (nothing else to play).
func (d decision) clear() bool {
	if d.onlyMove {
		return true
	}
	return d.eBest-d.eSec >= Margin || (d.forcedWin && !d.secondWinning)
}

// kind says what the best move does: "win", "save", or "" for neither.
func (d decision) kind() string {
	switch {
	case d.forcedWin || d.eBest >= WinE:
		return "win"
	case d.eBest >= SaveE:
		return "save"
	}
	return ""
}

// solverE is the expected score for solver of a position, searched with
// nodes (a finished game is its result).
func solverE(ctx context.Context, g games.Game, solver games.Player, nodes int64) (float64, error) {
	if out := g.Outcome(); out.Over {
		switch {
		case out.Draw:
			return 0.5, nil
		case out.Winner == solver:
			return 1, nil
		}
		return 0, nil
	}
	best, _, err := engine.BestScore(ctx, g, engine.Limits{Nodes: nodes})
	if err != nil {
		return 0, err
	}
	e := expected(best.Score)
	if g.Turn().Player != solver {
		e = 1 - e
	}
	return e, nil
}

// rolls reports whether m rolls dice when played in g.
func rolls(g games.Game, m games.Move) (bool, error) {
	outs, err := games.RollOutcomes(g, m, 1)
	if err != nil {
		return false, err
	}
	return len(outs) > 1 || len(outs[0].Rolls) > 0, nil
}

// maxChainedRolls is how many chained rolls the dice check branches on
// (the engine's own bound: a lost Random Move Number Chess turn throws
// again at once).
const maxChainedRolls = 3

// worstRoll is the solver's lowest expected score over every way the dice
// of m can fall, each outcome searched with nodes (outcomes that leave the
// same position are searched once).
func worstRoll(ctx context.Context, g games.Game, m games.Move, nodes int64) (float64, int, error) {
	solver := g.Turn().Player
	outs, err := games.RollOutcomes(g, m, maxChainedRolls)
	if err != nil {
		return 0, 0, err
	}
	seen := map[string]float64{}
	worst := 1.0
	for _, o := range outs {
		key := o.Game.Position()
		e, ok := seen[key]
		if !ok {
			if e, err = solverE(ctx, o.Game, solver, nodes); err != nil {
				return 0, 0, fmt.Errorf("after rolls %v: %w", o.Rolls, err)
			}
			seen[key] = e
		}
		if e < worst {
			worst = e
		}
	}
	return worst, len(seen), nil
}
