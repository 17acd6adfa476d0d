package main

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/bermudachess/bermuda/games"
	"github.com/bermudachess/bermuda/uci"
)

// uciPlayer drives an external chess engine over UCI (package uci): for
// each move "position startpos moves …" and "go movetime N", reading its
// bestmove.
type uciPlayer struct {
	spec     string
	e        *uci.Engine
	moveTime time.Duration
	fen      string // the game's start, if not the usual one (a test suite's position)
}

// startUCI starts PATH[,NAME=VALUE…] and sets its options.
func startUCI(spec string, moveTime time.Duration) (*uciPlayer, error) {
	parts := strings.Split(spec, ",")
	if parts[0] == "" {
		return nil, usagef("uci: needs the engine's path, e.g. uci:/usr/games/stockfish")
	}
	options := map[string]string{}
	for _, opt := range parts[1:] {
		name, value, ok := strings.Cut(opt, "=")
		if !ok {
			return nil, usagef("uci option %q: want NAME=VALUE", opt)
		}
		options[name] = value
	}
	e, err := uci.Start(parts[0], options)
	if err != nil {
		return nil, err
	}
	return &uciPlayer{spec: spec, e: e, moveTime: moveTime}, nil
}

func (p *uciPlayer) name() string { return "uci:" + p.spec }

func (p *uciPlayer) newGame() error { return p.e.NewGame() }

func (p *uciPlayer) choose(ctx context.Context, _ games.Game, played []string) (string, error) {
	moveTime := max(p.moveTime, time.Millisecond)
	res, err := p.e.Search(ctx, uci.Position{FEN: p.fen, Moves: played}, uci.Go{MoveTime: moveTime})
	if err != nil {
		return "", err
	}
	if res.BestMove == "" {
		return "", fmt.Errorf("UCI engine %s found no move", p.spec)
	}
	return res.BestMove, nil
}

func (p *uciPlayer) close() { p.e.Close() }
