package puzzles

import (
	"context"
	"fmt"

	"github.com/bermudachess/bermuda/engine"
	"github.com/bermudachess/bermuda/games"
)

// SelfPlay is how the generator's own games are played: engines at a
// level with noise, so that mistakes happen and leave puzzles behind.
type SelfPlay struct {
	Variant string
	Seed    uint64
	// Level of both sides (default 3: ±1 pawn of noise, 6% random moves).
	Level int
	// Nodes per move (default 3000).
	Nodes int64
	// MaxPlies ends a game that goes on (default 200).
	MaxPlies int
}

// Positions plays game number n (0, 1, …) and returns its positions,
// oldest first: the start, the position after every ply. The dice come
// from a roller seeded by Seed and n, every search from its own seed, so
// a game is the same on every run.
func (sp SelfPlay) Positions(ctx context.Context, n int) ([]games.Game, error) {
	level, nodes, maxPlies := sp.Level, sp.Nodes, sp.MaxPlies
	if level == 0 {
		level = 3
	}
	if nodes == 0 {
		nodes = 3000
	}
	if maxPlies == 0 {
		maxPlies = 200
	}
	seed := sp.Seed*1_000_003 + uint64(n)
	dice := games.Seeded(seed)
	g, _, _, err := games.Start(sp.Variant, "", dice)
	if err != nil {
		return nil, err
	}
	out := []games.Game{g}
	for ply := 0; ply < maxPlies && !g.Outcome().Over; ply++ {
		res, err := engine.Search(ctx, g, engine.Limits{Level: level, Nodes: nodes, Seed: seed*7919 + uint64(ply)})
		if err != nil {
			return nil, fmt.Errorf("self-play game %d, ply %d: %w", n, ply, err)
		}
		next, _, _, err := games.Apply(g, res.Move.Notation, dice)
		if err != nil {
			return nil, fmt.Errorf("self-play game %d, ply %d: %w", n, ply, err)
		}
		g = next
		out = append(out, g)
	}
	return out, nil
}

// RecordPositions replays a recorded game and returns its positions,
// oldest first, as Miner.Game takes them.
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
