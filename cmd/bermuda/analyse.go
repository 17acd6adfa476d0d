package main

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/bermudachess/bermuda/engine"
	"github.com/bermudachess/bermuda/games"
)

func init() {
	commands["analyse"] = command{"search a position and print each iteration", runAnalyse}
}

func runAnalyse(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := newFlags("analyse", stderr)
	variant := fs.String("variant", "chess", "variant id")
	fen := fs.String("fen", "", "position string (default: the start)")
	moveTime := fs.Int("movetime", 0, "milliseconds to think (default 5000 unless -nodes)")
	nodes := fs.Int64("nodes", 0, "stop after this many nodes")
	level := fs.Int("level", 5, "engine level 1–5")
	seed := fs.Uint64("seed", 1, "seed for the dice of the start and the level's randomness")
	epd := fs.String("epd", "", "chess test suite (EPD with bm/am): count the positions solved in -movetime each")
	player := fs.String("player", "", "with -epd: who plays, as match's players (default ai:LEVEL; uci:PATH, bin:PATH)")
	if help, err := parseFlags(fs, args); help || err != nil {
		return err
	}
	if *epd != "" {
		if *moveTime <= 0 {
			return usagef("-epd needs -movetime")
		}
		if *player == "" {
			*player = fmt.Sprintf("ai:%d", *level)
		}
		return runEPD(*epd, *player, time.Duration(*moveTime)*time.Millisecond, *seed, stdout, stderr)
	}
	v, err := games.Lookup(*variant)
	if err != nil {
		return usageError{err.Error()}
	}
	if *moveTime < 0 || *nodes < 0 {
		return usagef("-movetime and -nodes cannot be negative")
	}
	if *level < 1 || *level > 5 {
		return usagef("-level %d: levels go from 1 to 5", *level)
	}
	g, _, _, err := games.Start(v.ID, *fen, games.Seeded(*seed))
	if err != nil {
		return usagef("cannot start %s from that position: %v", v.ID, err)
	}
	if o := g.Outcome(); o.Over {
		return fmt.Errorf("the game is over: %s", describeOutcome(g, o))
	}
	lim := engine.Limits{Level: *level, Nodes: *nodes, Seed: *seed, MoveTime: time.Duration(*moveTime) * time.Millisecond}
	if *moveTime == 0 && *nodes == 0 {
		lim.MoveTime = 5 * time.Second
	}
	lim.OnIteration = func(i engine.Info) {
		fmt.Fprintf(stdout, "depth %2d  score %s  nodes %9d  nps %8.0f  time %6dms  pv %s\n",
			i.Depth, formatScore(i.Score), i.Nodes, float64(i.Nodes)/max(i.Elapsed.Seconds(), 1e-6), i.Elapsed.Milliseconds(), strings.Join(i.PV, " "))
	}
	r, err := engine.Search(context.Background(), g, lim)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "bestmove %s\n", r.Move.Notation)
	return nil
}

// formatScore writes a score as pawns for the player to act, or a forced
// result in plies.
func formatScore(s int) string {
	switch m := engine.MateIn(s); {
	case m > 0:
		return fmt.Sprintf("win in %d plies", m)
	case m < 0:
		return fmt.Sprintf("loss in %d plies", -m)
	}
	return fmt.Sprintf("%+.2f", float64(s)/100)
}
