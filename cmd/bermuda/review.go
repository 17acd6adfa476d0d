package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strings"
	"time"

	"github.com/bermudachess/bermuda/engine"
	"github.com/bermudachess/bermuda/games"
	"github.com/bermudachess/bermuda/review"
	"github.com/bermudachess/bermuda/uci"
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
	nodes := fs.Int64("nodes", 0, "search nodes per position (default per variant, e.g. 700000 for chess: review.NodesFor; with -fit-scale: per self-play move, default 2000)")
	judge := fs.String("engine", "auto", "who judges orthodox chess: bermuda (our engine), uci:PATH (a UCI engine such as Stockfish), or auto (Stockfish if on PATH or in /usr/games, else ours); the other variants are always judged by ours")
	uciDepth := fs.Int("uci-depth", review.DefaultUCIDepth, "with a UCI engine: its depth per position")
	maxPlies := fs.Int("max-plies", 300, "with -fit-scale: a self-play game still going after this many plies is left out")
	randomPlies := fs.Int("random-plies", 4, "with -fit-scale: uniformly random opening plies")
	handicap := fs.Int("handicap", 0, "with -fit-scale: two games in three, one player's first N moves after the opening are random (decisive games)")
	resign := fs.Int("resign", 0, "with -fit-scale: adjudicate a game won once -resign-plies searched plies in a row score it beyond ± this many hundredths of a pawn (0: never)")
	resignPlies := fs.Int("resign-plies", 8, "with -fit-scale: see -resign")
	maxScore := fs.Int("max-score", 0, "with -fit-scale: leave out scores beyond ± this many hundredths of a pawn (0: none)")
	if help, err := parseFlags(fs, args); help || err != nil {
		return err
	}
	if *fitScale {
		opts := engine.ScaleOptions{
			TuneOptions: engine.TuneOptions{Games: *n, Seed: *seed, Nodes: *nodes, MaxPlies: *maxPlies, RandomPlies: *randomPlies},
			Handicap:    *handicap, MaxScore: *maxScore, Resign: *resign, ResignPlies: *resignPlies,
		}
		return runFitScale(*variant, opts, stdout, stderr)
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
	uciPath, err := reviewEngine(*judge)
	if err != nil {
		return err
	}
	opts := review.Options{
		Nodes: *nodes, MoveTime: time.Duration(*movetime) * time.Millisecond,
		Names:  [2]string{tags["Player1"], tags["Player2"]},
		Result: tags["Result"],
		UCI:    uciPath, UCIDepth: *uciDepth,
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

// reviewEngine reads -engine: the UCI engine's path, or "" for ours.
func reviewEngine(flag string) (string, error) {
	switch {
	case flag == "bermuda":
		return "", nil
	case flag == "auto":
		p, _ := uci.Find("stockfish")
		return p, nil
	case strings.HasPrefix(flag, "uci:"):
		p, err := uci.Find(strings.TrimPrefix(flag, "uci:"))
		if err != nil || p == "" {
			return "", usagef("-engine %s: %v", flag, err)
		}
		return p, nil
	}
	return "", usagef("-engine %q: want bermuda, uci:PATH or auto", flag)
}

// printReview is the readable summary: each player's figures, then every
// judged move worth a remark and every roll.
func printReview(w io.Writer, rv review.Review) {
	name := rv.Variant
	if v, err := games.Lookup(rv.Variant); err == nil {
		name = v.Name
	}
	fmt.Fprintf(w, "%s, %d plies, result %s; judged by %s, depth %s\n", name, len(rv.Plies), rv.Result, engineName(rv), depthRange(rv))
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

// engineName says who judged, as a sentence would.
func engineName(rv review.Review) string {
	if rv.Engine == review.OurEngine {
		return "Bermuda's engine"
	}
	return rv.Engine
}

// depthRange is the depths the searches reached, "8–12" (judged moves).
func depthRange(rv review.Review) string {
	lo, hi := 0, 0
	for _, p := range rv.Plies {
		if p.Loss == nil {
			continue
		}
		if lo == 0 || p.Depth < lo {
			lo = p.Depth
		}
		hi = max(hi, p.Depth)
	}
	if lo == hi {
		return fmt.Sprint(lo)
	}
	return fmt.Sprintf("%d–%d", lo, hi)
}

func joinNotes(notes []string) string {
	out := notes[0]
	for _, n := range notes[1:] {
		out += "; " + n
	}
	return out
}

// runFitScale fits a variant's K and prints it as review/scale.go wants it.
func runFitScale(variant string, opts engine.ScaleOptions, stdout, stderr io.Writer) error {
	v, err := games.Lookup(variant)
	if err != nil {
		return usageError{err.Error()}
	}
	if opts.Games < 1 || opts.Nodes < 0 || opts.MaxPlies < 1 || opts.RandomPlies < 0 || opts.Handicap < 0 || opts.MaxScore < 0 || opts.Resign < 0 || opts.ResignPlies < 0 {
		return usagef("-games and -max-plies must be at least 1, and -nodes, -random-plies, -handicap and -max-score not negative")
	}
	start := time.Now()
	n := opts.Games
	opts.Progress = func(done int) {
		if done%10 == 0 || done == n {
			fmt.Fprintf(stderr, "%d/%d games, %.1f min\n", done, n, time.Since(start).Minutes())
		}
	}
	fit, err := engine.FitScale(context.Background(), v.ID, opts)
	if err != nil {
		return err
	}
	bound := ""
	if fit.AtBound {
		bound = " (at its bound: the scores predict nothing)"
	}
	fmt.Fprintf(stdout, "%s: %d games at %d nodes (%d unfinished at %d plies, left out; %.0f%% of the others drawn, %d adjudicated), %d plies, %d scored plies (%d beyond ±%d left out), K %.4f per pawn%s, squared error %.5f, %.1f min\n",
		v.ID, fit.Games, fit.Nodes, fit.Unfinished, opts.MaxPlies, 100*fit.Drawn, fit.Adjudicated, fit.Plies, fit.Samples, fit.Beyond, opts.MaxScore, fit.K, bound, fit.Error, time.Since(start).Minutes())
	fmt.Fprintf(stdout, "  endings: %s\n", fit.FormatReasons())
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
