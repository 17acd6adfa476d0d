package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"sort"
	"strings"
	"time"

	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/games"
	"github.com/bermudachess/bermuda/puzzles"
)

func init() {
	commands["puzzles"] = command{"mine puzzles from self-play or finished games, or check a puzzle file", runPuzzles}
}

func runPuzzles(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := newFlags("puzzles", stderr)
	variant := fs.String("variant", "chess", "variant id")
	n := fs.Int("games", 0, "self-play games to mine (or, with -db, at most this many finished games; 0 = all)")
	seed := fs.Uint64("seed", 1, "seed of the self-play games (dice and engines)")
	out := fs.String("o", "", "write the puzzles here, one JSON object a line (default: standard output)")
	dbPath := fs.String("db", "", "mine the finished games of this database (SQLite file or postgres:// URL) instead of self-play")
	check := fs.String("check", "", "instead: re-verify every puzzle of this JSON-lines file with the deeper search (exit 1 if any fails)")
	rerate := fs.String("rate", "", "instead: give every puzzle of this JSON-lines file its starting rating again (as the generator now rates) and write them to -o")
	nodes := fs.Int64("nodes", puzzles.DefaultNodes, "search nodes per decision (the check searches 3× as many)")
	max := fs.Int("max", 0, "stop after this many puzzles (0: no limit)")
	levels := fs.String("levels", "3,3", "self-play engine levels of the two players (swapped every other game; noise makes mistakes)")
	branch := fs.Int("branch-every", 3, "self-play: at every this many plies also try a random move in place of the engine's and mine the position after it (0: never)")
	playNodes := fs.Int64("play-nodes", 2000, "self-play: search nodes per move of the games mined")
	share := fs.Float64("share", 0.4, "at least this share of the puzzles written have two or more solver moves (one-move puzzles beyond it are held back)")
	held := fs.String("held", "", "write the one-move puzzles -share held back to this file")
	merge := fs.String("merge", "", "instead: merge these JSON-lines files (comma-separated; a puzzle whose id or position an earlier one has is left out), keep -share and -max, and write them to -o")
	limit := fs.Duration("for", 0, "stop mining after this long (wall clock; 0: no limit) and write what was found")
	fates := fs.Int("fates", 1, "seeded rolls tried for the fate of a line's rolling moves: where one leaves a line of one rolling solver move, the next is tried")
	firstFate := fs.Int("first-fate", 0, "the number of the first fate tried (-fates: a run with -first-fate 1 tries the fates a run of -fates 1 did not)")
	multiOnly := fs.Bool("multi", false, "judge in full only positions where a cheap sketch of the line (the screen's budget) has a second clearly best solver move: mines lines of two or more solver moves, few one-move puzzles")
	from := fs.String("from", "", "instead of games: judge again the start position of every puzzle of this JSON-lines file with the current generator (a line may now go on past a rolling move), and write the puzzles found")
	if help, err := parseFlags(fs, args); help || err != nil {
		return err
	}
	if *nodes < 1000 || *n < 0 || *max < 0 || *branch < 0 || *playNodes < 100 || *share < 0 || *share >= 1 || *limit < 0 {
		return usagef("-nodes must be at least 1000, -play-nodes 100, -share in [0, 1), -games, -max and -for not negative")
	}
	var lv [2]int
	if _, err := fmt.Sscanf(*levels, "%d,%d", &lv[0], &lv[1]); err != nil || lv[0] < 1 || lv[0] > 5 || lv[1] < 1 || lv[1] > 5 {
		return usagef("-levels wants two levels 1–5, e.g. 3,3")
	}
	if *fates < 1 || *firstFate < 0 {
		return usagef("-fates must be at least 1, -first-fate not negative")
	}
	opts := puzzles.Options{Nodes: *nodes, Fates: *fates, FirstFate: *firstFate}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if *check != "" {
		return checkPuzzleFile(ctx, *check, opts, stdout)
	}
	if *rerate != "" {
		return ratePuzzleFile(ctx, *rerate, *out, opts, stdout)
	}
	if *merge != "" {
		return mergePuzzleFiles(*merge, *out, *held, selection{max: *max, share: *share}, stderr, stdout)
	}
	if _, err := games.Lookup(*variant); err != nil {
		return usageError{err.Error()}
	}
	if *dbPath == "" && *n == 0 && *from == "" {
		return usagef("-games N (self-play games), -db FILE or -from FILE is required")
	}
	w := stdout
	if *out != "" {
		f, err := os.Create(*out)
		if err != nil {
			return err
		}
		defer f.Close()
		w = f
	}
	m := &puzzles.Miner{Opts: opts, MultiOnly: *multiOnly}
	start := time.Now()
	if *limit > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, *limit)
		defer cancel()
	}
	sel := selection{max: *max, share: *share}
	mined := 0
	mine := func(positions []games.Game, expected []float64, branches []puzzles.Branch) error {
		ps, err := m.Game(ctx, positions, expected)
		if err != nil {
			return err
		}
		if len(branches) > 0 {
			seen := map[string]bool{}
			for _, g := range positions {
				seen[g.Key()] = true
			}
			more, err := m.Branches(ctx, branches, seen)
			if err != nil {
				return err
			}
			ps = append(ps, more...)
		}
		sel.add(ps)
		mined++
		fmt.Fprintf(stderr, "game %d: %d puzzles (%d with two or more solver moves, %d with one; %s)\n", mined, len(ps), len(sel.multi), len(sel.single), time.Since(start).Round(time.Second))
		return nil
	}
	var err error
	if *from != "" {
		err = mineFrom(ctx, *from, *variant, m, func(ps []puzzles.Puzzle) {
			sel.add(ps)
			mined++
			if mined%10 == 0 {
				fmt.Fprintf(stderr, "position %d: %d puzzles (%d with two or more solver moves; %s)\n", mined, len(sel.multi)+len(sel.single), len(sel.multi), time.Since(start).Round(time.Second))
			}
		}, sel.enough)
		if err == nil || ctx.Err() != nil {
			fmt.Fprintf(stderr, "%s: %d positions judged again, %d puzzles (%d with two or more solver moves; %s)\n", *from, mined, len(sel.multi)+len(sel.single), len(sel.multi), time.Since(start).Round(time.Second))
		}
	} else if *dbPath != "" {
		err = mineDatabase(ctx, *dbPath, *variant, *n, mine, sel.enough)
	} else {
		sp := puzzles.SelfPlay{Variant: *variant, Seed: *seed, Levels: lv, BranchEvery: *branch, Nodes: *playNodes}
		for i := 0; i < *n && !sel.enough() && err == nil; i++ {
			var played puzzles.Played
			if played, err = sp.Play(ctx, i); err == nil {
				err = mine(played.Positions, played.Expected, played.Branches)
			}
		}
	}
	if err != nil && ctx.Err() == nil {
		return err
	}
	if ctx.Err() != nil {
		fmt.Fprintf(stderr, "stopped (%v): the game being mined is left out\n", context.Cause(ctx))
	}
	kept, back := sel.kept()
	if err := puzzles.WriteJSONL(w, kept); err != nil {
		return err
	}
	if *held != "" {
		if err := writeJSONLFile(*held, back); err != nil {
			return err
		}
	}
	fmt.Fprintf(stderr, "written: %d puzzles, %d with two or more solver moves; %d one-move puzzles held back\n", len(kept), min(len(sel.multi), len(kept)), len(back))
	found := len(kept)
	printMinerStats(stderr, *variant, *seed, mined, found, time.Since(start), m.Stats)
	return nil
}

// mineFrom judges again the start position of every puzzle of a file (of
// the variant) with the miner, one position at a time, as a game position
// whose history is unknown (no swing filter, no "already won" test: the
// file's puzzles passed those when they were mined).
func mineFrom(ctx context.Context, path, variant string, m *puzzles.Miner, add func([]puzzles.Puzzle), enough func() bool) error {
	ps, err := readPuzzleFile(path)
	if err != nil {
		return err
	}
	for _, old := range ps {
		if enough() {
			break
		}
		if old.Variant != variant {
			return fmt.Errorf("%s: puzzle %s is of %s, not %s", path, old.ID, old.Variant, variant)
		}
		g, err := old.Start()
		if err != nil {
			return err
		}
		m.Stats.Positions++
		p, reason, err := m.Position(ctx, g, math.NaN(), nil)
		if err != nil {
			return err
		}
		var found []puzzles.Puzzle
		if reason == "" {
			found = append(found, p)
		}
		add(found)
	}
	return nil
}

// mineDatabase mines the finished games of one variant in a database, by
// id, through the store's read API; games still being played (or aborted)
// are never read.
func mineDatabase(ctx context.Context, path, variant string, limit int, mine func([]games.Game, []float64, []puzzles.Branch) error, enough func() bool) error {
	if !db.IsPostgresURL(path) {
		if _, err := os.Stat(path); err != nil {
			return err // Open would create an empty database
		}
	}
	store, err := db.Open(path)
	if err != nil {
		return err
	}
	defer store.Close()
	// Ids are given in order; a long run of missing ids is the end.
	const missesAtEnd = 1000
	done := 0
	for id, misses := int64(1), 0; misses < missesAtEnd && !enough() && (limit == 0 || done < limit); id++ {
		row, err := store.Game(ctx, id)
		if errors.Is(err, db.ErrNotFound) {
			misses++
			continue
		}
		if err != nil {
			return err
		}
		misses = 0
		if row.State != "finished" || row.Variant != variant {
			continue
		}
		moves, err := store.Moves(ctx, id)
		if err != nil {
			return err
		}
		rec := games.Record{Variant: row.Variant, Setup: row.Setup, StartRolls: row.StartRolls}
		for _, mv := range moves {
			rec.Plies = append(rec.Plies, games.Ply{Move: mv.Notation, Rolls: mv.Rolls})
		}
		positions, err := puzzles.RecordPositions(rec)
		if err != nil {
			return fmt.Errorf("game %d: %w", id, err)
		}
		if err := mine(positions, nil, nil); err != nil {
			return err
		}
		done++
	}
	return nil
}

// selection holds the puzzles found and keeps at least share of those it
// writes with two or more solver moves: one-move puzzles beyond that are
// held back (those with a mate or a variant's own theme first).
type selection struct {
	max           int
	share         float64
	multi, single []puzzles.Puzzle
}

func (s *selection) add(ps []puzzles.Puzzle) {
	for _, p := range ps {
		if p.Solvers() > 1 {
			s.multi = append(s.multi, p)
		} else {
			s.single = append(s.single, p)
		}
	}
}

// singles is how many one-move puzzles may go with the multi-move ones.
func (s *selection) singles() int {
	n := len(s.single)
	if s.share > 0 {
		n = min(n, int(float64(len(s.multi))*(1-s.share)/s.share))
	}
	if s.max > 0 {
		n = min(n, max(s.max-len(s.multi), 0))
	}
	return n
}

func (s *selection) enough() bool {
	return s.max > 0 && len(s.multi)+s.singles() >= s.max
}

func (s *selection) kept() (kept, back []puzzles.Puzzle) {
	out := append([]puzzles.Puzzle(nil), s.multi...)
	if s.max > 0 && len(out) > s.max {
		out = out[:s.max]
	}
	single := append([]puzzles.Puzzle(nil), s.single...)
	sort.SliceStable(single, func(i, j int) bool { return themed(single[i]) && !themed(single[j]) })
	n := s.singles()
	return append(out, single[:n]...), single[n:]
}

func writeJSONLFile(path string, ps []puzzles.Puzzle) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := puzzles.WriteJSONL(f, ps); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// themed says whether a one-move puzzle has more to it than winning
// material: a mate or a variant's own move.
func themed(p puzzles.Puzzle) bool {
	for _, t := range p.Themes {
		switch t {
		case puzzles.ThemeMaterial, puzzles.ThemeDefence, puzzles.ThemeOneMove, puzzles.ThemeKingCapture:
		default:
			return true
		}
	}
	return false
}

func printMinerStats(w io.Writer, variant string, seed uint64, mined, found int, took time.Duration, st puzzles.Stats) {
	fmt.Fprintf(w, "%s: seed %d, %d games, %d positions, %d puzzles, %s\n", variant, seed, mined, st.Positions, found, took.Round(time.Second))
	fmt.Fprintf(w, "  %d puzzles found before the position first looked at (a longer line)\n", st.Longer)
	for _, r := range st.Reasons() {
		fmt.Fprintf(w, "  rejected %6d (%5.1f%%)  %s\n", st.Rejected[r], 100*float64(st.Rejected[r])/float64(max(st.Positions, 1)), r)
	}
}

// readPuzzleFile reads a JSON-lines puzzle file, naming it in a read error.
func readPuzzleFile(path string) ([]puzzles.Puzzle, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	ps, err := puzzles.ReadJSONL(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return ps, nil
}

// checkPuzzleFile re-verifies every puzzle of a file; any failure is an
// error (exit code 1) after all have been checked.
func checkPuzzleFile(ctx context.Context, path string, opts puzzles.Options, stdout io.Writer) error {
	ps, err := readPuzzleFile(path)
	if err != nil {
		return err
	}
	var failed []string
	for i := range ps {
		err := puzzles.Verify(ctx, &ps[i], opts)
		var ve *puzzles.VerifyError
		switch {
		case errors.As(err, &ve):
			fmt.Fprintln(stdout, "FAIL", ve)
			failed = append(failed, ps[i].ID)
		case err != nil:
			return err
		}
	}
	fmt.Fprintf(stdout, "%s: %d puzzles, %d failed\n", path, len(ps), len(failed))
	if len(failed) > 0 {
		return fmt.Errorf("%d of %d puzzles failed: %s", len(failed), len(ps), strings.Join(failed, ", "))
	}
	return nil
}

// ratePuzzleFile rates every puzzle of a file again and writes them to out
// (standard output if "").
func ratePuzzleFile(ctx context.Context, path, out string, opts puzzles.Options, stdout io.Writer) error {
	ps, err := readPuzzleFile(path)
	if err != nil {
		return err
	}
	for i := range ps {
		if ps[i].Rating, err = puzzles.Rate(ctx, &ps[i], opts); err != nil {
			return fmt.Errorf("puzzle %s: %w", ps[i].ID, err)
		}
	}
	if out == "" {
		return puzzles.WriteJSONL(stdout, ps)
	}
	return writeJSONLFile(out, ps)
}
