package main

import (
	"context"
	"fmt"
	"io"
	"sort"

	"github.com/bermudachess/bermuda/engine"
	"github.com/bermudachess/bermuda/games"
)

func init() {
	commands["tune"] = command{"fit a variant's piece values to self-play results", runTune}
}

func runTune(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := newFlags("tune", stderr)
	variant := fs.String("variant", "chess", "variant id")
	n := fs.Int("games", 200, "self-play games")
	seed := fs.Uint64("seed", 1, "seed for the dice, the opening moves and the search")
	nodes := fs.Int64("nodes", 2000, "search nodes per move")
	if help, err := parseFlags(fs, args); help || err != nil {
		return err
	}
	v, err := games.Lookup(*variant)
	if err != nil {
		return usageError{err.Error()}
	}
	if *n < 1 || *nodes < 1 {
		return usagef("-games and -nodes must be at least 1")
	}
	progress := func(done int) {
		if done%10 == 0 || done == *n {
			fmt.Fprintf(stderr, "%d/%d games\n", done, *n)
		}
	}
	res, err := engine.Tune(context.Background(), v.ID, engine.TuneOptions{Games: *n, Seed: *seed, Nodes: *nodes, Progress: progress})
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s: %d games, %d quiet positions, K %.4f, squared error %.5f with the generic values, %.5f fitted\n",
		v.Name, res.Games, res.Samples, res.K, res.Start, res.End)
	kinds := make([]string, 0, len(res.Unbalanced))
	for k := range res.Unbalanced {
		kinds = append(kinds, string(k))
	}
	sort.Strings(kinds)
	generic := engine.PieceValues()
	for _, k := range kinds {
		fitted, ok := res.Values[games.PieceKind(k)]
		word := fmt.Sprintf("%d", fitted)
		if !ok {
			word = "not fitted"
		}
		fmt.Fprintf(stdout, "%-12s %10s  (generic %d, unbalanced in %d positions)\n", k, word, generic[games.PieceKind(k)], res.Unbalanced[games.PieceKind(k)])
	}
	return nil
}
