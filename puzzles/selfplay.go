package puzzles

import (
	"context"
	"fmt"
	"math"

	"github.com/bermudachess/bermuda/engine"
	"github.com/bermudachess/bermuda/games"
	"github.com/bermudachess/bermuda/review"
)

// SelfPlay is how the generator's own games are played: engines at levels
// with noise, so that mistakes happen and leave puzzles behind.
type SelfPlay struct {
	Variant string
	Seed    uint64
	// Levels of Player 1 and Player 2 in even games, swapped in odd ones
	// (default 3 and 3: ±1 pawn of noise and 6% random moves).
	Levels [2]int
	// Nodes per move (default 2000).
	Nodes int64
	// MaxPlies ends a game that goes on (default 200).
	MaxPlies int
}

// Played is one self-play game: its positions, oldest first (the start,
// then the position after every ply), and for each the expected score its
// own search gave the player to act (NaN where there was none: a random
// move, the game's end), as Miner.Game takes them.
type Played struct {
	Positions []games.Game
	Expected  []float64
}

// Play plays game number n (0, 1, …). The dice come from a roller seeded
// by Seed and n, every search from its own seed, so a game is the same on
// every run.
func (sp SelfPlay) Play(ctx context.Context, n int) (Played, error) {
	levels, nodes, maxPlies := sp.Levels, sp.Nodes, sp.MaxPlies
	if levels == [2]int{} {
		levels = [2]int{3, 3}
	}
	if n%2 == 1 {
		levels[0], levels[1] = levels[1], levels[0]
	}
	if nodes == 0 {
		nodes = 2000
	}
	if maxPlies == 0 {
		maxPlies = 200
	}
	seed := sp.Seed*1_000_003 + uint64(n)
	dice := games.Seeded(seed)
	g, _, _, err := games.Start(sp.Variant, "", dice)
	if err != nil {
		return Played{}, err
	}
	var out Played
	for ply := 0; ; ply++ {
		out.Positions = append(out.Positions, g)
		if ply >= maxPlies || g.Outcome().Over {
			out.Expected = append(out.Expected, math.NaN())
			break
		}
		level := levels[g.Turn().Player&1]
		res, err := engine.Search(ctx, g, engine.Limits{Level: level, Nodes: nodes, Seed: seed*7919 + uint64(ply)})
		if err != nil {
			return Played{}, fmt.Errorf("self-play game %d, ply %d: %w", n, ply, err)
		}
		e := math.NaN()
		if res.Depth > 0 && !res.Fallback {
			e = review.Expected(sp.Variant, res.Score)
		}
		out.Expected = append(out.Expected, e)
		next, _, _, err := games.Apply(g, res.Move.Notation, dice)
		if err != nil {
			return Played{}, fmt.Errorf("self-play game %d, ply %d: %w", n, ply, err)
		}
		g = next
	}
	return out, nil
}

// RecordPositions replays a recorded game and returns its positions,
// oldest first, as Miner.Game takes them (with no expected scores).
func RecordPositions(rec games.Record) ([]games.Game, error) {
	var out []games.Game
	final, err := games.ReplayEach(rec, func(s games.ReplayStep) {
		if s.Index >= 0 {
			out = append(out, s.Before)
		}
	})
	if err != nil {
		return nil, err
	}
	return append(out, final), nil
}
