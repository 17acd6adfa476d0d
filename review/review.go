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
	// Engine is who judged: OurEngine, or the UCI engine's name
	// ("Stockfish 17").
	Engine string `json:"engine"`
	Plies  []Ply  `json:"plies"`
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
	// ExpectedBefore is the mover's expected score (0–1) from the search
	// of the position before the move, after any dice that came before it;
	// ExpectedAfter is theirs after the move played: from the search of
	// the next position, or, for a move that rolls dice, the average over
	// every way they could fall (README.md has the details).
	ExpectedBefore float64 `json:"expected_before"`
	ExpectedAfter  float64 `json:"expected_after"`
	// Loss is ExpectedBefore − ExpectedAfter (never below 0; 0 for the
	// search's best move); null for a forced move (the only legal one),
	// which is not judged.
	Loss      *float64 `json:"loss"`
	Judgement string   `json:"judgement"` // "", "inaccuracy", "mistake" or "blunder"
	Forced    bool     `json:"forced"`
	// Luck is the luck of the dice this move rolled, for RollPlayer (whose
	// roll it was: the mover in the Angle, the next thrower in Random Move
	// Number Chess); null when it rolled nothing.
	Luck       *float64 `json:"luck"`
	RollPlayer *int     `json:"roll_player,omitempty"`
	Depth      int      `json:"depth"` // reached by the search of the position before the move
	// Refutation is the line that punishes a judged move: the best play
	// from the position it led to (omitted when the move was not judged an
	// inaccuracy or worse, or ended the game).
	Refutation []string `json:"refutation,omitempty"`

	rolls []roll     // the ply's rolls, for the players' sums
	lucks []*float64 // each roll's luck for its owner
	// checked is the check's two scores (the best's, the played move's;
	// hundredths of a pawn for the mover) when the move was checked: what
	// the measurements against Stockfish refit the curve from.
	checked *[2]int
}

// Options bound and follow a review.
type Options struct {
	// Nodes is the search budget per position (default NodesFor the
	// variant);
	// MoveTime, if set, replaces it with a time per position.
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
	// UCI, if set, is the path of a UCI engine (Stockfish) that judges
	// games of orthodox chess instead of our engine, as Lichess does;
	// other variants ignore it. UCIDepth is its depth per position
	// (default DefaultUCIDepth).
	UCI      string
	UCIDepth int
}

// DefaultNodes is the default search budget per position for a variant
// without its own in variantNodes.
const DefaultNodes = 500_000

// variantNodes are the default budgets per position, set so that the
// benchmark's 100-ply game of each variant is reviewed within the minute
// of one core the issue allows (on a quiet core, 2026-11-29: 20–46 CPU s,
// chess the most; README.md, Speed, has the figures): the dice variants
// pay for luck, and their positions cost more to search. A review costs
// the positions' searches, a check at half the budget (checkShare) of
// every move whose first loss reaches checkLoss (61 of 100 plies in the
// benchmark's chess game), and in the dice variants an eighth of the
// budget for every outcome of every roll (rollShare; more than half of
// Random Move Number Chess's time). spIndecision had twice chess's
// budget until its search learnt to tell a king in danger (its losses are
// a king lost or nothing); that search's nodes cost twice as much and see
// further, and at 700,000 it reviews faster than the old one at 1,400,000,
// a ply deeper, with the same 57 of 63 moves judged as a 20× review
// judges them (README.md, Default budget against 20×).
var variantNodes = map[string]int64{
	"chess":        700_000,
	"angle":        450_000,
	"bede":         450_000,
	"bermuda":      700_000,
	"beryl":        500_000,
	"randommove":   350_000,
	"spindecision": 700_000,
}

// NodesFor is the default budget per position of a variant's review.
func NodesFor(variant string) int64 {
	if n, ok := variantNodes[variant]; ok {
		return n
	}
	return DefaultNodes
}

// DefaultUCIDepth is the depth a UCI engine searches each position to.
const DefaultUCIDepth = 18

// rollShare is the part of a position's budget each position after a
// move's dice is searched with, for luck and for the value of the chance
// node: a roll leads to several positions, and only their values are
// needed. A forced move's position gets forcedShare.
const (
	rollShare   = 8
	forcedShare = 4
)

// checkShare is the part of a position's budget the check of a move
// (Analyser.Check) is searched with. The check comes right after the
// searches of the position and of the next one, on the same table, so
// half the budget reaches the position's own depth in most checks (in the
// Speed benchmark's chess game 50 of 61, Bermuda chess 53 of 53), for half
// the check's cost: with the whole budget, the checks were 38% of a chess
// review's time (61 of 100 plies checked).
const checkShare = 2

// checkLoss is the loss, from the searches of the positions before and
// after a move, from which the move is checked in one search
// (Analyser.Check): every judged move, and those within 0.02 of an
// inaccuracy, which the noise of two searches could keep below it.
const checkLoss = InaccuracyLoss - 0.02

// OurEngine is Review.Engine when our own engine judged the game.
const OurEngine = "Bermuda"

// Game reviews a recorded game: every position searched once, in order,
// each move judged by how much of the mover's expected score it gave away
// from one position to the next, every roll's luck, each player's
// accuracy. It replays rec first (an error if it does not replay), honours
// ctx between and inside searches, and reports progress per ply. One
// goroutine: the review takes one core (and a UCI engine's one thread).
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
		r.opts.Nodes = NodesFor(rec.Variant)
	}
	if r.an, err = r.analyst(rec); err != nil {
		return Review{}, err
	}
	defer r.an.close()
	out := Review{Variant: rec.Variant, Result: opts.Result, Engine: r.an.name()}
	if out.Result == "" {
		out.Result, _ = games.ResultTags(final.Outcome())
	}
	positions := append(append([]games.Game(nil), history...), final)
	// Every position is searched once, in order: position i+1's search
	// finishes the judgement of ply i.
	var prev *position
	if len(steps) > 0 {
		if prev, err = r.position(ctx, positions, 0); err != nil {
			return Review{}, fmt.Errorf("ply 0 (%s): %w", steps[0].Move.Notation, err)
		}
	}
	var moves []judgedMove
	var values []float64 // Player 1's expected score before each ply, then at the end
	for i, s := range steps {
		next, err := r.position(ctx, positions, i+1)
		if err != nil {
			return Review{}, fmt.Errorf("ply %d (%s): %w", i, s.Move.Notation, err)
		}
		row, p1Before, err := r.ply(ctx, s, rec.Plies[i], positions[:i+1], prev, next)
		if err != nil {
			return Review{}, fmt.Errorf("ply %d (%s): %w", i, s.Move.Notation, err)
		}
		prev = next
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
	an      analyst
}

// position is one position of the game as searched: over (with its
// result), or its best move, value and line.
type position struct {
	g      games.Game
	over   bool
	p1     float64 // Player 1's expected score with best play
	mover  games.Player
	e      float64 // the same for the player to act
	best   string
	depth  int
	pv     []string
	forced bool
}

// position searches positions[i] (the game's earlier positions are the
// history its search knows).
func (r *reviewer) position(ctx context.Context, positions []games.Game, i int) (*position, error) {
	g := positions[i]
	p := &position{g: g, mover: g.Turn().Player}
	if o := g.Outcome(); o.Over {
		p.over, p.p1 = true, resultValue(o)
		p.e = p.p1
		if p.mover == games.Player2 {
			p.e = 1 - p.p1
		}
		return p, nil
	}
	p.forced = len(g.LegalMoves()) == 1
	share := int64(1)
	if p.forced {
		share = forcedShare // nothing to choose: its value is all we need
	}
	a, err := r.an.analyse(ctx, g, positions[:i+1], r.limits(share))
	if err != nil {
		return nil, err
	}
	p.e, p.best, p.depth, p.pv = a.e, a.best, a.depth, a.pv
	p.p1 = forP1(p.e, p.mover)
	return p, nil
}

// limits is the budget of a search: the position's, or a share of it.
func (r *reviewer) limits(share int64) engine.Limits {
	lim := engine.Limits{}
	if r.opts.MoveTime > 0 {
		lim.MoveTime = r.opts.MoveTime / time.Duration(share)
	} else {
		lim.Nodes = max(1, r.opts.Nodes/share)
	}
	return lim
}

// forP1 turns the expected score of player p into Player 1's.
func forP1(e float64, p games.Player) float64 {
	if p == games.Player2 {
		return 1 - e
	}
	return e
}

// ply judges one move and the luck of its dice from the searches of the
// positions before and after it. It returns the row and Player 1's
// expected score before the move. history ends with the position the move
// was played in.
func (r *reviewer) ply(ctx context.Context, s games.ReplayStep, stored games.Ply, history []games.Game, before, after *position) (Ply, float64, error) {
	mover := before.mover
	row := Ply{Ply: s.Index, Player: int(mover), Move: s.Move.Notation}
	row.Best, row.Depth, row.Forced = before.best, before.depth, before.forced
	row.ExpectedBefore = before.e
	p1After := after.p1
	var rolls []roll
	var lucks []*float64
	if len(stored.Rolls) > 0 {
		// The move's dice: what it is worth is the chance node's value,
		// the average over every way they could have fallen.
		var avg float64
		var err error
		rolls, lucks, avg, err = plyLuck(ctx, s.Before, s.Move, stored.Rolls, s.Events, func(ctx context.Context, g games.Game) (float64, error) {
			return r.p1Value(ctx, g, history)
		})
		if err != nil {
			return Ply{}, 0, err
		}
		p1After = avg
	}
	row.ExpectedAfter = forP1(p1After, mover) // Player 1's ↔ the mover's: the same map both ways
	if !row.Forced {
		loss := 0.0
		if row.Move != row.Best {
			loss = max(0, row.ExpectedBefore-row.ExpectedAfter)
			if loss >= checkLoss {
				// Two searches of consecutive positions can disagree by
				// the search's own noise: check the move in one.
				c, ok, err := r.an.check(ctx, s.Before, row.Best, row.Move, history, r.limits(checkShare))
				if err != nil {
					return Ply{}, 0, err
				}
				if ok {
					// The check's difference, within what the mover
					// had to lose; its best move is the deeper search's.
					row.ExpectedAfter = max(0, row.ExpectedBefore-c.loss)
					row.checked = &[2]int{c.bestScore, c.playedScore}
					loss = row.ExpectedBefore - row.ExpectedAfter
					row.Best = c.best
				}
			}
		} else {
			// The search's own choice gives nothing away; what the next
			// position's search sees differently is its own horizon.
			row.ExpectedAfter = row.ExpectedBefore
		}
		row.Loss, row.Judgement = &loss, Judge(loss)
		if row.Judgement != "" && !after.over {
			row.Refutation = after.pv
		}
	}
	p1Before := forP1(row.ExpectedBefore, mover)
	if len(rolls) == 0 {
		return row, p1Before, nil
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
// the game is over, else a search's, with a share of the budget. history
// ends with the position before the dice that led to g.
func (r *reviewer) p1Value(ctx context.Context, g games.Game, history []games.Game) (float64, error) {
	if o := g.Outcome(); o.Over {
		return resultValue(o), nil
	}
	a, err := r.an.analyse(ctx, g, history, r.limits(rollShare))
	if err != nil {
		return 0, err
	}
	return forP1(a.e, g.Turn().Player), nil
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
