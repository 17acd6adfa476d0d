package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"time"

	"github.com/bermudachess/bermuda/engine"
	"github.com/bermudachess/bermuda/games"
	"github.com/bermudachess/bermuda/review"
)

func init() {
	commands["review"] = command{"review a recorded game: accuracy, mistakes, luck", runReview}
}

func runReview(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := newFlags("review", stderr)
	replay := fs.String("replay", "", "the game to review: a record file or PGN (from /export, play -record or match -records)")
	movetime := fs.Int("movetime", 0, "search time per move in milliseconds (instead of -nodes)")
	asJSON := fs.Bool("json", false, "print the review as one JSON object")
	fitScale := fs.Bool("fit-scale", false, "instead: fit -variant's expected-score scale K on self-play search scores")
	variant := fs.String("variant", "chess", "with -fit-scale: variant id")
	n := fs.Int("games", 200, "with -fit-scale: self-play games")
	seed := fs.Uint64("seed", 1, "with -fit-scale: seed for the dice, the opening moves and the search")
	nodes := fs.Int64("nodes", 0, fmt.Sprintf("search nodes per move (default %d; with -fit-scale: per self-play move, default 2000)", review.DefaultNodes))
	maxPlies := fs.Int("max-plies", 300, "with -fit-scale: a self-play game still going after this many plies is left out")
	if help, err := parseFlags(fs, args); help || err != nil {
		return err
	}
	if *fitScale {
		return runFitScale(*variant, *n, *seed, *nodes, *maxPlies, stdout, stderr)
	}
	if *replay == "" {
		return usagef("-replay FILE names the game to review")
	}
	if *movetime < 0 || *nodes < 0 || (*movetime > 0 && *nodes > 0) {
		return usagef("give -movetime MS or -nodes N, not both, and neither negative")
	}
	rec, tags, _, err := readGameFile(*replay)
	if err != nil {
		return err
	}
	opts := review.Options{
		Nodes: *nodes, MoveTime: time.Duration(*movetime) * time.Millisecond,
		Names:  [2]string{tags["Player1"], tags["Player2"]},
		Result: tags["Result"],
		Progress: func(done, total int) {
			if done%10 == 0 || done == total {
				fmt.Fprintf(stderr, "%d/%d plies\n", done, total)
			}
		},
	}
	rv, err := review.Game(context.Background(), rec, opts)
	if err != nil {
		return err
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(rv)
	}
	printReview(stdout, rv)
	return nil
}

// printReview is the readable summary: each player's figures, then every
// judged move worth a remark and every roll.
func printReview(w io.Writer, rv review.Review) {
	name := rv.Variant
	if v, err := games.Lookup(rv.Variant); err == nil {
		name = v.Name
	}
	fmt.Fprintf(w, "%s, %d plies, result %s\n", name, len(rv.Plies), rv.Result)
	for _, p := range rv.Players {
		acc := "—"
		if p.Accuracy != nil {
			acc = fmt.Sprintf("%.1f%%", *p.Accuracy)
		}
		fmt.Fprintf(w, "  %-20s accuracy %6s  %d inaccuracies, %d mistakes, %d blunders", p.Name, acc, p.Inaccuracies, p.Mistakes, p.Blunders)
		if p.Luck != nil {
			fmt.Fprintf(w, "  luck %+.3f", unsignedZero(*p.Luck, 3))
		}
		if p.LuckAdjusted != nil {
			fmt.Fprintf(w, " (luck-adjusted result %.3f)", unsignedZero(*p.LuckAdjusted, 3))
		}
		fmt.Fprintln(w)
	}
	for _, p := range rv.Plies {
		var notes []string
		if p.Judgement != "" {
			notes = append(notes, fmt.Sprintf("%s (-%.3f), best %s", p.Judgement, *p.Loss, p.Best))
		}
		if p.Luck != nil && (*p.Luck >= 0.05 || *p.Luck <= -0.05) {
			notes = append(notes, fmt.Sprintf("roll %+.3f for %s", *p.Luck, rv.Players[*p.RollPlayer].Name))
		}
		if len(notes) == 0 {
			continue
		}
		fmt.Fprintf(w, "  ply %3d %-20s %-8s E %.2f→%.2f  %s\n", p.Ply, rv.Players[p.Player].Name, p.Move, p.ExpectedBefore, p.ExpectedAfter, joinNotes(notes))
	}
}

func joinNotes(notes []string) string {
	out := notes[0]
	for _, n := range notes[1:] {
		out += "; " + n
	}
	return out
}

// runFitScale fits a variant's K and prints it as review/scale.go wants it.
func runFitScale(variant string, n int, seed uint64, nodes int64, maxPlies int, stdout, stderr io.Writer) error {
	v, err := games.Lookup(variant)
	if err != nil {
		return usageError{err.Error()}
	}
	if n < 1 || nodes < 0 || maxPlies < 1 {
		return usagef("-games and -max-plies must be at least 1 and -nodes not negative")
	}
	progress := func(done int) {
		if done%10 == 0 || done == n {
			fmt.Fprintf(stderr, "%d/%d games\n", done, n)
		}
	}
	fit, err := engine.FitScale(context.Background(), v.ID, engine.TuneOptions{Games: n, Seed: seed, Nodes: nodes, MaxPlies: maxPlies, Progress: progress})
	if err != nil {
		return err
	}
	bound := ""
	if fit.AtBound {
		bound = " (at its bound: the scores predict nothing)"
	}
	fmt.Fprintf(stdout, "%s: %d games (%d unfinished at %d plies, left out; %.0f%% of the others drawn), %d scored plies, K %.4f per pawn%s, squared error %.5f\n",
		v.ID, fit.Games, fit.Unfinished, maxPlies, 100*fit.Drawn, fit.Samples, fit.K, bound, fit.Error)
	return nil
}

// unsignedZero is x, or 0 when x rounds to zero at prec decimals, so that
// no "-0.000" is printed.
func unsignedZero(x float64, prec int) float64 {
	if p := math.Pow(10, float64(prec)); math.Round(x*p) == 0 {
		return 0
	}
	return x
}
