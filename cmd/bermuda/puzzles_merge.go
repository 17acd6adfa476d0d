package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/bermudachess/bermuda/puzzles"
)

// mergePuzzleFiles merges the puzzles of several files (comma-separated,
// in order) into out, standard output if "": a puzzle whose id or position
// an earlier one already has is left out (two runs can find the same
// position, and a set shows a position once), and what is kept follows
// -share and -max as a mining run's selection does, earlier files first
// within multi-move and one-move puzzles (so a shipped set is kept whole
// where it fits). One-move puzzles beyond the share go to held if given.
func mergePuzzleFiles(paths, out, held string, sel selection, stderr, stdout io.Writer) error {
	ids, positions := map[string]bool{}, map[string]bool{}
	variant, dup := "", 0
	for _, path := range strings.Split(paths, ",") {
		ps, err := readPuzzleFile(path)
		if err != nil {
			return err
		}
		for _, p := range ps {
			if variant == "" {
				variant = p.Variant
			}
			if p.Variant != variant {
				return fmt.Errorf("%s: puzzle %s is of %s, the others of %s", path, p.ID, p.Variant, variant)
			}
			if ids[p.ID] || positions[p.Position] {
				dup++
				continue
			}
			ids[p.ID], positions[p.Position] = true, true
			sel.add([]puzzles.Puzzle{p})
		}
	}
	kept, back := sel.kept()
	if out == "" {
		if err := puzzles.WriteJSONL(stdout, kept); err != nil {
			return err
		}
	} else if err := writeJSONLFile(out, kept); err != nil {
		return err
	}
	if held != "" {
		if err := writeJSONLFile(held, back); err != nil {
			return err
		}
	}
	fmt.Fprintf(stderr, "merged: %d puzzles, %d with two or more solver moves; %d duplicates left out, %d one-move puzzles held back\n",
		len(kept), min(len(sel.multi), len(kept)), dup, len(back))
	return nil
}
