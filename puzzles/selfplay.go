package puzzles

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/bermudachess/bermuda/engine"
	"github.com/bermudachess/bermuda/games"
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
	// BranchEvery: at every this many plies (0: never) a random legal
	// move is also tried in place of the engine's, and the position after
	// it becomes a candidate of its own (Played.Branches): a mistake on
	// demand, which the main line leaves to the levels' noise.
	BranchEvery int
}

// Played is one self-play game: its positions, oldest first (the start,
// then the position after every ply), and for each the expected score its
// own search gave the player to act (NaN where there was none: a random
// move, the game's end), as Miner.Game takes them.
type Played struct {
	Positions []games.Game
	Expected  []float64
	Branches  []Branch
}

// Branch is a position reached by a random move in place of the
// engine's, with the mover's expected score before it.
type Branch struct {
	Game  games.Game
	Mover games.Player
	// Before is the expected score the game's search gave the mover
	// before the random move (NaN if none).
	Before float64
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
			e = CurveOf(sp.Variant).E(res.Score)
		}
		out.Expected = append(out.Expected, e)
		if sp.BranchEvery > 0 && ply%sp.BranchEvery == sp.BranchEvery-1 {
			b, err := randomBranch(g, res.Move, e, seed*31+uint64(ply))
			if err != nil {
				return Played{}, fmt.Errorf("self-play game %d, ply %d: %w", n, ply, err)
			}
			if b.Game != nil {
				out.Branches = append(out.Branches, b)
			}
		}
		next, _, _, err := games.Apply(g, res.Move.Notation, dice)
		if err != nil {
			return Played{}, fmt.Errorf("self-play game %d, ply %d: %w", n, ply, err)
		}
		g = next
	}
	return out, nil
}

// randomBranch plays a random legal move other than the engine's choice
// on a copy of g, with dice of its own seed (nil Game if there is none).
func randomBranch(g games.Game, chosen games.Move, before float64, seed uint64) (Branch, error) {
	var others []games.Move
	for _, m := range g.LegalMoves() {
		if m.Notation != chosen.Notation {
			others = append(others, m)
		}
	}
	if len(others) == 0 {
		return Branch{}, nil
	}
	rng := rand.New(rand.NewPCG(seed, seed^0x2545f4914f6cdd1d))
	m := others[rng.IntN(len(others))]
	next, _, _, err := games.Apply(g, m.Notation, games.Seeded(seed))
	if err != nil {
		return Branch{}, err
	}
	return Branch{Game: next, Mover: g.Turn().Player, Before: before}, nil
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
