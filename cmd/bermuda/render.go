package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/bermudachess/bermuda/games"
	"github.com/bermudachess/bermuda/games/lessons"
	"github.com/bermudachess/bermuda/render"
)

func init() {
	commands["render"] = command{"draw a position, a piece's moves or the piece legend as a PNG, or a recorded game as an animated GIF", runRender}
}

func runRender(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := newFlags("render", stderr)
	variant := fs.String("variant", "chess", "variant id")
	fen := fs.String("fen", "", "start from this position string (default: the start position)")
	moves := fs.String("moves", "", `moves to play first, separated by spaces, e.g. "e4 e5 Nf3"`)
	seed := fs.Uint64("seed", 0, "roll dice from this seed (0: crypto/rand)")
	out := fs.String("o", "", "PNG file to write ('-' for standard output)")
	cell := fs.Int("cell", 0, fmt.Sprintf("pixels per cell, %d–%d (0: %d)", render.MinCellPx, render.MaxCellPx, render.DefaultCellPx))
	legend := fs.Bool("legend", false, "draw the piece legend instead of a position: every kind in every colour, or with -variant that variant's pieces")
	piece := fs.String("piece", "", "draw how this piece kind moves in -variant (e.g. knight), alone on an empty board")
	replay := fs.String("replay", "", "record file of a game (as /export writes it), for -gif")
	asGIF := fs.Bool("gif", false, "with -replay: write the whole game as an animated GIF")
	if help, err := parseFlags(fs, args); help || err != nil {
		return err
	}
	if *out == "" {
		return usagef("-o is required: the file to write, or '-' for standard output")
	}
	if *cell != 0 && (*cell < render.MinCellPx || *cell > render.MaxCellPx) {
		return usagef("-cell must be between %d and %d, got %d", render.MinCellPx, render.MaxCellPx, *cell)
	}
	variantSet := false
	fs.Visit(func(f *flag.Flag) { variantSet = variantSet || f.Name == "variant" })
	if *asGIF != (*replay != "") {
		return usagef("-gif and -replay FILE go together: the animation is made from a record file")
	}
	var data []byte
	var err error
	switch {
	case *legend && variantSet:
		data, err = variantLegend(*variant)
	case *legend:
		data, err = render.Legend()
	case *asGIF:
		if !variantSet {
			*variant = ""
		}
		data, err = replayGIF(*replay, *variant, *cell, stderr)
	case *piece != "":
		data, err = pieceLesson(*variant, *piece, *cell, stderr)
	default:
		var view games.View
		view, err = positionView(*variant, *fen, *moves, *seed)
		if err != nil {
			return err
		}
		data, err = render.Render(view, render.Options{CellPx: *cell})
	}
	if err != nil {
		return err
	}
	if *out == "-" {
		_, err = stdout.Write(data)
		return err
	}
	if err := os.WriteFile(*out, data, 0o644); err != nil {
		return fmt.Errorf("writing %s: %w", *out, err)
	}
	return nil
}

// replayGIF reads a record file and animates it. The file names its
// variant; -variant, when given, must agree.
func replayGIF(path, variant string, cell int, stderr io.Writer) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, usagef("cannot open -replay file: %v", err)
	}
	defer f.Close()
	rec, _, err := games.ReadRecord(f)
	if err != nil {
		return nil, usagef("bad record in %s: %v", path, err)
	}
	if variant != "" && !strings.EqualFold(variant, rec.Variant) {
		return nil, usagef("-variant %s, but %s records a game of %s", variant, path, rec.Variant)
	}
	data, err := render.ReplayGIF(rec, render.GIFOptions{CellPx: cell})
	var tooBig *render.TooLargeError
	if errors.As(err, &tooBig) {
		fmt.Fprintf(stderr, "warning: %v (written anyway)\n", err)
		return data, nil
	}
	return data, err
}

// variantLegend draws the pieces of one variant in its armies.
func variantLegend(variant string) ([]byte, error) {
	v, err := games.Lookup(variant)
	if err != nil {
		return nil, usageError{err.Error()}
	}
	kinds, err := lessons.Kinds(v.ID)
	if err != nil {
		return nil, err
	}
	return render.LegendOf(kinds, v.Sides, v.Name+" pieces")
}

// pieceLesson draws a piece alone on its variant's board with its moves
// marked, and prints the lesson's sentence.
func pieceLesson(variant, kind string, cell int, stderr io.Writer) ([]byte, error) {
	v, err := games.Lookup(variant)
	if err != nil {
		return nil, usageError{err.Error()}
	}
	l, err := lessons.PieceLesson(v.ID, games.PieceKind(strings.ToLower(strings.TrimSpace(kind))))
	if err != nil {
		return nil, usageError{err.Error()}
	}
	fmt.Fprintln(stderr, l.Sentence)
	return render.Render(l.View, render.Options{CellPx: cell})
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
