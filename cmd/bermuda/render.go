package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/bermudachess/bermuda/games"
	"github.com/bermudachess/bermuda/render"
)

func init() {
	commands["render"] = command{"draw a position (or the piece legend) as a PNG", runRender}
}

func runRender(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := newFlags("render", stderr)
	variant := fs.String("variant", "chess", "variant id")
	fen := fs.String("fen", "", "start from this position string (default: the start position)")
	moves := fs.String("moves", "", `moves to play first, separated by spaces, e.g. "e4 e5 Nf3"`)
	seed := fs.Uint64("seed", 0, "roll dice from this seed (0: crypto/rand)")
	out := fs.String("o", "", "PNG file to write ('-' for standard output)")
	cell := fs.Int("cell", 0, fmt.Sprintf("pixels per cell, %d–%d (0: %d)", render.MinCellPx, render.MaxCellPx, render.DefaultCellPx))
	legend := fs.Bool("legend", false, "draw every piece kind in every colour instead of a position")
	if help, err := parseFlags(fs, args); help || err != nil {
		return err
	}
	if *out == "" {
		return usagef("-o is required: the PNG file to write, or '-' for standard output")
	}
	if *cell != 0 && (*cell < render.MinCellPx || *cell > render.MaxCellPx) {
		return usagef("-cell must be between %d and %d, got %d", render.MinCellPx, render.MaxCellPx, *cell)
	}
	var png []byte
	var err error
	if *legend {
		png, err = render.Legend()
	} else {
		var view games.View
		view, err = positionView(*variant, *fen, *moves, *seed)
		if err != nil {
			return err
		}
		png, err = render.Render(view, render.Options{CellPx: *cell})
	}
	if err != nil {
		return err
	}
	if *out == "-" {
		_, err = stdout.Write(png)
		return err
	}
	if err := os.WriteFile(*out, png, 0o644); err != nil {
		return fmt.Errorf("writing %s: %w", *out, err)
	}
	return nil
}

// positionView starts a game and plays the moves, returning the view of
// the position reached. Mistakes in the arguments are usage errors that
// say which move failed.
func positionView(variant, fen, moves string, seed uint64) (games.View, error) {
	v, err := games.Lookup(variant)
	if err != nil {
		return games.View{}, usageError{err.Error()}
	}
	var roller games.Roller = games.CryptoRoller{}
	if seed != 0 {
		roller = games.Seeded(seed)
	}
	g, _, _, err := games.Start(v.ID, fen, roller)
	if err != nil {
		return games.View{}, usagef("bad -fen for %s: %v", v.ID, err)
	}
	for i, m := range strings.Fields(moves) {
		next, _, _, err := games.Apply(g, m, roller)
		if err != nil {
			return games.View{}, usagef("move %d (%q) cannot be played: %v", i+1, m, err)
		}
		g = next
	}
	return g.View(), nil
}
