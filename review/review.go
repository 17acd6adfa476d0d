package review

import (
	"context"
	"fmt"
	"time"

	"github.com/bermudachess/bermuda/engine"
	"github.com/bermudachess/bermuda/games"
)

// Review is a whole game judged move by move; it marshals to the JSON that
// `bermuda review -json` prints, and is meant to be stored as such.
type Review struct {
	Variant string `json:"variant"`
	// Result is the game's result as in PGN ("1-0": Player 1 won, "0-1",
	// "1/2-1/2", "*" unfinished).
	Result  string    `json:"result"`
	Players []Summary `json:"players"` // seat order: Player 1 (White in chess) first
	Plies   []Ply     `json:"plies"`
}

// Summary is one player's figures.
type Summary struct {
	Name string `json:"name"`
	// Accuracy is Lichess's game accuracy, 0–100; null if no move of the
	// player was judged.
	Accuracy     *float64 `json:"accuracy"`
	Inaccuracies int      `json:"inaccuracies"`
	Mistakes     int      `json:"mistakes"`
	Blunders     int      `json:"blunders"`
	// Luck is the sum of the luck of the player's own rolls, in expected
	// score; null in a variant without dice.
	Luck *float64 `json:"luck"`
	// LuckAdjusted is the player's result (1, ½, 0) less their luck, plus
	// their opponent's: what the game was worth with the dice's help taken
	// out. The two players' add up to 1. Null without dice or without a
	// result.
	LuckAdjusted *float64 `json:"luck_adjusted"`
}

// Ply is one move of the game as judged.
type Ply struct {
	Ply    int    `json:"ply"`    // from 0, the game's first move
	Player int    `json:"player"` // index into Players of who moved
	Move   string `json:"move"`
	Best   string `json:"best"` // the search's best move
	// ExpectedBefore and ExpectedAfter are the mover's expected scores
	// (0–1) with the best move and with the move played, from one search:
	// before any dice the move itself rolls, after those that came before.
	ExpectedBefore float64 `json:"expected_before"`
	ExpectedAfter  float64 `json:"expected_after"`
	// Loss is ExpectedBefore − ExpectedAfter; null for a forced move (the
	// only legal one), which is not judged.
	Loss      *float64 `json:"loss"`
	Judgement string   `json:"judgement"` // "", "inaccuracy", "mistake" or "blunder"
	Forced    bool     `json:"forced"`
	// Luck is the luck of the dice this move rolled, for RollPlayer (whose
	// roll it was: the mover in the Angle, the next thrower in Random Move
	// Number Chess); null when it rolled nothing.
	Luck       *float64 `json:"luck"`
	RollPlayer *int     `json:"roll_player,omitempty"`
	Depth      int      `json:"depth"` // of the search that judged the move

	rolls []roll     // the ply's rolls, for the players' sums
	lucks []*float64 // each roll's luck for its owner
}

// Options bound and follow a review.
type Options struct {
	// Nodes is the search budget per move judged (default DefaultNodes);
	// MoveTime, if set, replaces it with a time per move.
	Nodes    int64
	MoveTime time.Duration
	// Names are the players' names in seat order ("Player 1" and
	// "Player 2" where empty).
	Names [2]string
	// Result overrides the result the rules give the final position (a
	// resignation, a loss on time, an agreed draw): "1-0", "0-1",
	// "1/2-1/2" or "*".
	Result string
	// Progress, if set, is called after every ply with how many are done.
	Progress func(done, total int)
}

// DefaultNodes is the default search budget per move: a 100-ply game of
// any variant is reviewed within a minute of one core (README.md).
const DefaultNodes = 150_000

// rollShare is the part of a move's budget each position after its dice
// is searched with, for luck: a roll leads to several positions, and luck
// needs their values, not their best moves.
const rollShare = 8

// Game reviews a recorded game: every move judged against the engine's
// best in the same search, every roll's luck, each player's accuracy. It
// replays rec first (an error if it does not replay), honours ctx between
// and inside searches, and reports progress per ply. One goroutine: the
// review takes one core.
func Game(ctx context.Context, rec games.Record, opts Options) (Review, error) {
	var steps []games.ReplayStep
	var history []games.Game // the position before each ply, oldest first
	final, err := games.ReplayEach(rec, func(s games.ReplayStep) {
		if s.Index >= 0 {
			steps = append(steps, s)
			history = append(history, s.Before)
		}
	})
	if err != nil {
		return Review{}, err
	}
	r := reviewer{variant: rec.Variant, opts: opts, dice: hasDice(rec)}
	if r.opts.Nodes <= 0 && r.opts.MoveTime <= 0 {
		r.opts.Nodes = DefaultNodes
	}
	out := Review{Variant: rec.Variant, Result: opts.Result}
	if out.Result == "" {
		out.Result, _ = games.ResultTags(final.Outcome())
	}
	var moves []judgedMove
	var values []float64 // Player 1's expected score before each ply, then at the end
	for i, s := range steps {
		row, p1Before, err := r.ply(ctx, s, rec.Plies[i], history[:i+1])
		if err != nil {
			return Review{}, fmt.Errorf("ply %d (%s): %w", i, s.Move.Notation, err)
		}
		out.Plies = append(out.Plies, row)
		values = append(values, p1Before)
		jm := judgedMove{player: -1}
		if row.Loss != nil {
			jm = judgedMove{player: row.Player, acc: MoveAccuracy(*row.Loss)}
		}
		moves = append(moves, jm)
		if opts.Progress != nil {
			opts.Progress(i+1, len(steps))
		}
	}
	values = append(values, endValue(final, out.Plies))
	out.Players = r.summaries(out, moves, values)
	return out, nil
}

// reviewer holds what every ply's review shares.
type reviewer struct {
	variant string
	opts    Options
	dice    bool
}

// limits is the budget of a search: the move's, or a share of it.
func (r *reviewer) limits(share int64, history []games.Game) engine.Limits {
	lim := engine.Limits{History: history}
	if r.opts.MoveTime > 0 {
		lim.MoveTime = r.opts.MoveTime / time.Duration(share)
	} else {
		lim.Nodes = max(1, r.opts.Nodes/share)
	}
	return lim
}

// ply judges one move and the luck of its dice. It returns the row and
// Player 1's expected score before the move. history ends with the
// position the move was played in.
func (r *reviewer) ply(ctx context.Context, s games.ReplayStep, stored games.Ply, history []games.Game) (Ply, float64, error) {
	mover := s.Before.Turn().Player
	row := Ply{Ply: s.Index, Player: int(mover), Move: s.Move.Notation}
	forced := len(s.Before.LegalMoves()) == 1
	share := int64(1)
	if forced {
		share = rollShare // nothing to choose: its value is all we need
	}
	scores, err := engine.ScoreMoves(ctx, s.Before, r.limits(share, history))
	if err != nil {
		return Ply{}, 0, err
	}
	played, ok := scores.Of(s.Move.Notation)
	if !ok {
		return Ply{}, 0, fmt.Errorf("the search did not score the move played")
	}
	best := scores.Best()
	row.Best, row.Depth, row.Forced = best.Move.Notation, scores.Depth, forced
	row.ExpectedBefore = Expected(r.variant, best.Score)
	row.ExpectedAfter = Expected(r.variant, played.Score)
	if !forced {
		loss := max(0, row.ExpectedBefore-row.ExpectedAfter)
		row.Loss, row.Judgement = &loss, Judge(loss)
	}
	p1Before := row.ExpectedBefore
	if mover == games.Player2 {
		p1Before = 1 - p1Before
	}
	if len(stored.Rolls) == 0 {
		return row, p1Before, nil
	}
	rolls, lucks, err := plyLuck(ctx, s.Before, s.Move, stored.Rolls, s.Events, func(ctx context.Context, g games.Game) (float64, error) {
		return r.p1Value(ctx, g, history)
	})
	if err != nil {
		return Ply{}, 0, err
	}
	// The row shows the ply's luck for its first roll's owner; a roll of
	// the other player in the same ply counts against it.
	owner := rolls[0].owner
	if owner != games.NoPlayer {
		total, any := 0.0, false
		for k, l := range lucks {
			if l != nil {
				total += *l * sign(rolls[k].owner) * sign(owner)
				any = true
			}
		}
		if any {
			o := int(owner)
			row.Luck, row.RollPlayer = &total, &o
		}
	}
	row.rolls, row.lucks = rolls, lucks
	return row, p1Before, nil
}

// p1Value is Player 1's expected score in g with best play: the result if
// the game is over, else a search's best score. history ends with the
// position before the dice that led to g.
func (r *reviewer) p1Value(ctx context.Context, g games.Game, history []games.Game) (float64, error) {
	if o := g.Outcome(); o.Over {
		return resultValue(o), nil
	}
	best, _, err := engine.BestScore(ctx, g, r.limits(rollShare, history))
	if err != nil {
		return 0, err
	}
	e := Expected(r.variant, best.Score)
	if g.Turn().Player == games.Player2 {
		e = 1 - e
	}
	return e, nil
}

// resultValue is a finished game's score for Player 1.
func resultValue(o games.Outcome) float64 {
	switch {
	case o.Draw:
		return 0.5
	case o.Winner == games.Player1:
		return 1
	}
	return 0
}

// endValue is Player 1's expected score at the end: the result if the
// rules ended the game, else the last move's value.
func endValue(final games.Game, plies []Ply) float64 {
	if o := final.Outcome(); o.Over {
		return resultValue(o)
	}
	if len(plies) == 0 {
		return 0.5
	}
	last := plies[len(plies)-1]
	if last.Player == int(games.Player2) {
		return 1 - last.ExpectedAfter
	}
	return last.ExpectedAfter
}

// hasDice says whether the game rolled any die: luck is then counted
// (zero for a player whose rolls all came out average), else null.
func hasDice(rec games.Record) bool {
	if len(rec.StartRolls) > 0 {
		return true
	}
	for _, p := range rec.Plies {
		if len(p.Rolls) > 0 {
			return true
		}
	}
	return false
}

// summaries adds up each player's judgements, accuracy and luck.
func (r *reviewer) summaries(rv Review, moves []judgedMove, values []float64) []Summary {
	out := make([]Summary, 2)
	acc := gameAccuracy(moves, values)
	var luck [2]float64
	for p := range out {
		out[p].Name = r.opts.Names[p]
		if out[p].Name == "" {
			out[p].Name = games.Player(p).String()
		}
		out[p].Accuracy = acc[p]
	}
	for _, row := range rv.Plies {
		s := &out[row.Player]
		switch row.Judgement {
		case Inaccuracy:
			s.Inaccuracies++
		case Mistake:
			s.Mistakes++
		case Blunder:
			s.Blunders++
		}
		for k, l := range row.lucks {
			if o := row.rolls[k].owner; l != nil && (o == games.Player1 || o == games.Player2) {
				luck[o] += *l
			}
		}
	}
	if !r.dice {
		return out
	}
	result, known := map[string]float64{games.ResultPlayer1: 1, games.ResultPlayer2: 0, games.ResultDraw: 0.5}[rv.Result]
	for p := range out {
		l := luck[p]
		out[p].Luck = &l
		if known {
			mine := result
			if p == 1 {
				mine = 1 - result
			}
			adj := mine - luck[p] + luck[1-p]
			out[p].LuckAdjusted = &adj
		}
	}
	return out
}
