package main

import (
	"fmt"
	"io"

	"github.com/bermudachess/bermuda/games"
)

func init() {
	commands["perft"] = command{"count the move tree of a position (perft)", runPerft}
}

func runPerft(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := newFlags("perft", stderr)
	variant := fs.String("variant", "chess", "variant id")
	fen := fs.String("fen", "", "position string (default: the start position)")
	depth := fs.Int("depth", 1, "depth in plies (1–12)")
	divide := fs.Bool("divide", false, "list each first move's count before the total")
	if help, err := parseFlags(fs, args); help || err != nil {
		return err
	}
	if *depth < 0 || *depth > 12 {
		return usagef("-depth must be between 0 and 12, got %d", *depth)
	}
	v, err := games.Lookup(*variant)
	if err != nil {
		return usageError{err.Error()}
	}
	g, err := v.New(*fen)
	if err != nil {
		return usagef("bad -fen for %s: %v", v.ID, err)
	}
	if *divide {
		var total uint64
		for _, mc := range g.Divide(*depth) {
			fmt.Fprintf(stdout, "%s: %d\n", mc.Move, mc.Nodes)
			total += mc.Nodes
		}
		fmt.Fprintln(stdout, total)
		return nil
	}
	fmt.Fprintln(stdout, g.Perft(*depth))
	return nil
}
