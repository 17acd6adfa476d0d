package review

import (
	"context"
	"fmt"
	"strings"

	"github.com/bermudachess/bermuda/engine"
	"github.com/bermudachess/bermuda/games"
	"github.com/bermudachess/bermuda/uci"
)

// analyst searches positions for the review: our engine, or a UCI engine
// for orthodox chess.
type analyst interface {
	// analyse searches g (history ends with g) within lim.
	analyse(ctx context.Context, g games.Game, history []games.Game, lim engine.Limits) (analysis, error)
	// check scores the move played against the position's best in one
	// search: the mover's loss and the best move found, or ok false if
	// the analyst does not check.
	check(ctx context.Context, g games.Game, best, played string, history []games.Game, lim engine.Limits) (c checked, ok bool, err error)
	name() string
	close()
}

// analysis is one position's search, with its score as an expected score
// for the player to act.
type analysis struct {
	best  string
	e     float64
	depth int
	pv    []string
}

// checked is what a check of a move found: the mover's loss against the
// position's best move, and that move, at the check's depth.
type checked struct {
	loss                   float64
	best                   string
	depth                  int
	bestScore, playedScore int // our engine's: the best's and the played move's
}

// analyst picks the judge of rec: the UCI engine for orthodox chess when
// one is set, else ours.
func (r *reviewer) analyst(rec games.Record) (analyst, error) {
	if r.opts.UCI != "" && rec.Variant == "chess" {
		depth := r.opts.UCIDepth
		if depth <= 0 {
			depth = DefaultUCIDepth
		}
		e, err := uci.Start(r.opts.UCI, map[string]string{"Threads": "1", "Hash": "64"})
		if err != nil {
			return nil, err
		}
		if err := e.NewGame(); err != nil {
			e.Close()
			return nil, err
		}
		return &uciAnalyst{e: e, depth: depth}, nil
	}
	return &ourAnalyst{variant: r.variant, a: engine.NewAnalyser()}, nil
}

// ourAnalyst is our engine, one transposition table for the whole game.
type ourAnalyst struct {
	variant string
	a       *engine.Analyser
}

func (o *ourAnalyst) analyse(ctx context.Context, g games.Game, history []games.Game, lim engine.Limits) (analysis, error) {
	lim.History = repeated(history)
	res, err := o.a.Analyse(ctx, g, lim)
	if err != nil {
		return analysis{}, err
	}
	return analysis{best: res.Best.Notation, e: Expected(o.variant, res.Score), depth: res.Depth, pv: res.PV}, nil
}

func (o *ourAnalyst) check(ctx context.Context, g games.Game, best, played string, history []games.Game, lim engine.Limits) (checked, bool, error) {
	lim.History = repeated(history)
	c, err := o.a.Check(ctx, g, best, played, lim)
	if err != nil {
		return checked{}, false, err
	}
	loss := max(0, Expected(o.variant, c.BestScore)-Expected(o.variant, c.Played))
	return checked{loss: loss, best: c.Best.Notation, depth: c.Depth, bestScore: c.BestScore, playedScore: c.Played}, true, nil
}

// repeated is what the search of a position counts as a draw when a line
// comes back to it: the positions the game (history, which ends with the
// position searched) has already had twice, so that once more is the
// third time. A position it has had once is not a draw to come back to:
// the game goes on after a twofold repetition unless a player repeats
// again, which the search sees for itself (a line that repeats a position
// of its own is a draw), as Stockfish counts repetitions. The search
// counts every position it is given as a draw (engine.Limits.History),
// as play wants, where the side ahead should not give the other a chance
// to repeat; a review wants the position's value.
func repeated(history []games.Game) []games.Game {
	seen := make(map[uint64]int, len(history))
	var out []games.Game
	for _, g := range history {
		k := engine.RepetitionHash(g) // the search's own identity of a position
		if seen[k]++; seen[k] == 2 {
			out = append(out, g)
		}
	}
	return out
}

func (o *ourAnalyst) name() string { return OurEngine }
func (o *ourAnalyst) close()       {}

// uciAnalyst is a UCI engine searching each position to a fixed depth;
// centipawns become expected scores on Lichess's curve for Stockfish
// (DefaultK), a mate 1 or 0.
type uciAnalyst struct {
	e     *uci.Engine
	depth int
}

func (u *uciAnalyst) analyse(ctx context.Context, g games.Game, _ []games.Game, _ engine.Limits) (analysis, error) {
	res, err := u.e.Search(ctx, uci.Position{FEN: g.Position()}, uci.Go{Depth: u.depth})
	if err != nil {
		return analysis{}, err
	}
	best, ok := ourNotation(g, res.BestMove)
	if !ok {
		return analysis{}, fmt.Errorf("%s chose %q, not a legal move of %s", u.e.Name(), res.BestMove, g.Position())
	}
	return analysis{best: best, e: uciExpected(res), depth: res.Depth, pv: res.PV}, nil
}

// uciExpected is a UCI score as an expected score for the side to move.
func uciExpected(res uci.Result) float64 {
	switch {
	case res.Mate > 0:
		return 1
	case res.Mate < 0:
		return 0
	}
	return ExpectedK(DefaultK, res.CP)
}

// check: a UCI engine's consecutive searches are deep enough to stand as
// they are (Lichess does not check either).
func (u *uciAnalyst) check(context.Context, games.Game, string, string, []games.Game, engine.Limits) (checked, bool, error) {
	return checked{}, false, nil
}

func (u *uciAnalyst) name() string { return u.e.Name() }
func (u *uciAnalyst) close()       { u.e.Close() }

// UCIMove is a chess move's notation as UCI writes it (e7e8=Q → e7e8q).
func UCIMove(notation string) string {
	return strings.ToLower(strings.ReplaceAll(notation, "=", ""))
}

// ourNotation finds the legal move of g that a UCI engine names.
func ourNotation(g games.Game, move string) (string, bool) {
	for _, m := range g.LegalMoves() {
		if UCIMove(m.Notation) == move {
			return m.Notation, true
		}
	}
	return "", false
}
