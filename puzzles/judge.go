package puzzles

import (
	"context"
	"fmt"

	"github.com/bermudachess/bermuda/engine"
	"github.com/bermudachess/bermuda/games"
	"github.com/bermudachess/bermuda/review"
)

// The thresholds, on the expected-score scale of the puzzle's variant (E
// in [0, 1] for the player to act; a forced win 1, a forced loss 0): each
// variant's own curve (review.ScaleK). Margin and WinE are chess's; a
// variant whose curve is too flat for them gets its own (CurveOf).
const (
	// Margin is how far the second-best move must fall short of the best:
	// Lichess's generator asks for 0.42 on its winning-chances scale
	// (−1…1) between best and second; the issue asks for 0.3 on ours,
	// which is stricter.
	Margin = 0.3
	// WinE is a winning position: about +2 pawns at chess's K (0.5177).
	WinE = 0.75
	// SaveE is a position that is held: the best move of a defence puzzle
	// must keep at least this much.
	SaveE = 0.4
	// AlreadyWonE leaves out positions whose solver was already winning
	// before the opponent's last move (Lichess: more than +4 pawns): in
	// every variant it is its WinE plus 0.07, as in chess.
	AlreadyWonE = 0.82
	// MaxGapCP bounds what the thresholds may ask in material on a flat
	// curve: where chess's Margin or WinE would need more than this many
	// hundredths of a pawn from an even position (the Angle, Random Move
	// Number Chess), the variant's thresholds are what its curve gives
	// 600 (a rook and a pawn, or two minor pieces).
	MaxGapCP = 600
	// ContinueCP keeps a line going after its first move: a later solver
	// move is clearly best if it passes the Margin test or if it is
	// ahead of the second best by this much (a minor piece). Once the
	// solver is winning the curve flattens, and taking the piece a fork
	// won moves E little even though nothing else keeps it.
	ContinueCP = 300
)

// Curve is how a variant's scores are judged.
type Curve struct {
	K           float64 // the variant's slope (review.ScaleK)
	Margin      float64 // the gap between best and second best
	WinE        float64 // a winning position
	AlreadyWonE float64 // a win that was already there before the opponent's move
}

// CurveOf is the variant's curve and thresholds: chess's Margin and WinE,
// or, where those would ask more than MaxGapCP of material from an even
// position, the E its curve gives MaxGapCP.
func CurveOf(variant string) Curve {
	c := Curve{K: review.ScaleK(variant), Margin: Margin, WinE: WinE}
	if cap := review.ExpectedK(c.K, MaxGapCP); cap < WinE {
		c.WinE, c.Margin = cap, cap-0.5
	}
	c.AlreadyWonE = c.WinE + (AlreadyWonE - WinE)
	return c
}

// E is a search score as an expected score on the curve.
func (c Curve) E(score int) float64 { return review.ExpectedK(c.K, score) }

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
	// Fates is how many seeded rolls the generator tries for the fate of
	// a line's rolling moves (default 1): where the first fate leaves a
	// line of one solver move whose move rolled, the next seed's fate is
	// tried, and the first line of two or more solver moves is kept. The
	// first move is the best against every roll whichever fate is kept;
	// the fate only decides how the story goes on. FirstFate is the
	// first seed's number (default 0).
	Fates, FirstFate int
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
	if o.Fates <= 0 {
		o.Fates = 1
	}
	return o
}

// decision is every move of a position scored, seen by the player to act.
type decision struct {
	curve        Curve
	scores       engine.Scores
	best, second engine.MoveScore
	eBest, eSec  float64
	onlyMove     bool
	forcedWin    bool // the best move forces a win
}

// decide scores every legal move of g with nodes (and at most depth
// plies, 0: no cap).
func decide(ctx context.Context, g games.Game, nodes int64, depth int) (decision, error) {
	sc, err := engine.ScoreMoves(ctx, g, engine.Limits{Nodes: nodes, Depth: depth})
	if err != nil {
		return decision{}, err
	}
	c := CurveOf(g.Variant())
	d := decision{curve: c, scores: sc, best: sc.Moves[0], eBest: c.E(sc.Moves[0].Score)}
	d.forcedWin = engine.MateIn(d.best.Score) > 0
	if len(sc.Moves) == 1 {
		d.onlyMove = true
		return d, nil
	}
	d.second = sc.Moves[1]
	d.eSec = c.E(d.second.Score)
	return d, nil
}

// clear says whether the best move stands out: the second best is at
// least Margin lower, or the best forces a win (mate, the last king
// taken) and the second forces none, as Lichess's mate puzzles ask
// however much the second still wins by, or the best wins at once and the
// second does not (winsNowAlone). A position with one legal move is clear
// (nothing else to play).
func (d decision) clear() bool {
	if d.onlyMove {
		return true
	}
	return d.eBest-d.eSec >= d.curve.Margin || (d.forcedWin && engine.MateIn(d.second.Score) <= 0) || d.winsNowAlone()
}

// winsNowAlone says whether the best move wins the game at once (a mate
// in one, the last king taken) and no other move does: as Lichess's
// generator takes a mate in one whatever else would mate later.
func (d decision) winsNowAlone() bool {
	return engine.MateIn(d.best.Score) == 1 && engine.MateIn(d.second.Score) != 1
}

// clearLater is clear for a solver move after the line's first: the
// Margin test, or, between two scores that are no forced result, a lead
// of ContinueCP.
func (d decision) clearLater() bool {
	if d.clear() {
		return true
	}
	if engine.MateIn(d.best.Score) != 0 || engine.MateIn(d.second.Score) != 0 {
		return false
	}
	return d.best.Score-d.second.Score >= ContinueCP
}

// kind says what the best move does: "win", "save", or "" for neither.
func (d decision) kind() string {
	switch {
	case d.forcedWin || d.eBest >= d.curve.WinE:
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
	e := CurveOf(g.Variant()).E(best.Score)
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
