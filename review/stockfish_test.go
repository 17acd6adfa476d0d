package review

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bermudachess/bermuda/games"
	"github.com/bermudachess/bermuda/uci/ucitest"
)

// stockfish is ucitest.Stockfish: the path, or a skip (a failure in CI).
func stockfish(t testing.TB) string { return ucitest.Stockfish(t) }

// stockfishCorpus is what the Stockfish measurements start from: the PGN
// files under the folder the variable names (searched recursively,
// sorted; without the variable the benchmark skips), Stockfish's path and
// its depth (BERMUDA_STOCKFISH_DEPTH, default 18).
func stockfishCorpus(t testing.TB, folderVar string) (bin string, depth int, files []string) {
	t.Helper()
	dir := os.Getenv(folderVar)
	if dir == "" {
		t.Skip("set " + folderVar + " (a folder of PGN files)")
	}
	bin = stockfish(t)
	depth = 18
	if d, err := strconv.Atoi(os.Getenv("BERMUDA_STOCKFISH_DEPTH")); err == nil {
		depth = d
	}
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(p, ".pgn") {
			files = append(files, p)
		}
		return nil
	})
	sort.Strings(files)
	// BERMUDA_STOCKFISH_SHARD=i/n keeps the files whose index is i modulo
	// n: n processes share the games (and the cache), each with its dump.
	var i, n int
	if _, err := fmt.Sscanf(os.Getenv("BERMUDA_STOCKFISH_SHARD"), "%d/%d", &i, &n); err == nil && n > 0 {
		var mine []string
		for k, f := range files {
			if k%n == i {
				mine = append(mine, f)
			}
		}
		files = mine
	}
	if os.Getenv("BERMUDA_STOCKFISH_REVERSE") != "" { // from the last: a second process meets the first
		slices.Reverse(files)
	}
	return bin, depth, files
}

// TestStockfishJudgesChess: with a UCI engine set, an orthodox chess game
// is judged by it (the review names it), Legall's mate comes out right,
// and the other variants are still judged by ours.
func TestStockfishJudgesChess(t *testing.T) {
	t.Parallel()
	bin := stockfish(t)
	var steps []step
	for _, m := range []string{"e4", "e5", "Nf3", "d6", "Bc4", "Bg4", "Nc3", "g6", "Nxe5", "Bxd1", "Bxf7+", "Ke7", "Nd5#"} {
		steps = append(steps, step{move: m})
	}
	rv, err := Game(context.Background(), record(t, "chess", "", steps...), Options{UCI: bin, UCIDepth: 12})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(rv.Engine, "Stockfish") {
		t.Errorf("engine %q, want Stockfish", rv.Engine)
	}
	for _, p := range rv.Plies {
		t.Logf("ply %2d %-6s best %-6s E %.2f→%.2f loss %s %s depth %d %v", p.Ply, p.Move, p.Best, p.ExpectedBefore, p.ExpectedAfter, fmtLoss(p.Loss), p.Judgement, p.Depth, p.Refutation)
	}
	if j := rv.Plies[8].Judgement; j == Mistake || j == Blunder {
		t.Errorf("5.Nxe5 judged a %s", j)
	}
	if j := rv.Plies[9].Judgement; j != Blunder {
		t.Errorf("5...Bxd1 judged %q, want a blunder", j)
	}
	if k := rv.Plies[11]; !k.Forced || k.Loss != nil {
		t.Errorf("6...Ke7: %+v, want forced and not judged", k)
	}
	if d := rv.Plies[4].Depth; d < 12 {
		t.Errorf("depth %d, want 12", d)
	}
	bede, err := Game(context.Background(), record(t, "bede", "", step{move: "d2e3"}), Options{UCI: bin, Nodes: testNodes})
	if err != nil {
		t.Fatal(err)
	}
	if bede.Engine != OurEngine {
		t.Errorf("bede judged by %q, want ours", bede.Engine)
	}
}

// BenchmarkStockfishAgreement is a measurement, not a check CI runs: it reviews
// orthodox chess games with our engine alone and again with Stockfish (one
// thread, 64 MB, depth BERMUDA_STOCKFISH_DEPTH, default 18; the same review
// by positions, Lichess's curve for its centipawns), and prints how far
// the two agree, move by move.
//
//	BERMUDA_STOCKFISH_GAMES=DIR [BERMUDA_STOCKFISH_PLIES=40] go test -run '^$' -bench StockfishAgreement -benchtime 1x -v -timeout 120m ./review
//
// DIR holds PGN files (searched recursively), e.g. from bermuda match
// -records DIR; BERMUDA_STOCKFISH_PLIES keeps each game's first plies only;
// BERMUDA_STOCKFISH_MOVES=1 logs every move the two judge differently.
// BERMUDA_STOCKFISH_CACHE=DIR2 keeps Stockfish's reviews there (one JSON
// file per game, plies and depth) and reads them back on the next run, so
// that a change to our review is measured against the same judgements in
// a few minutes. BERMUDA_STOCKFISH_AGAINST=N puts Stockfish at depth N in
// our engine's place: the ceiling, how far a shallower Stockfish agrees
// with the deeper one on the same classes. BERMUDA_STOCKFISH_DUMP=FILE
// writes every judged move of both reviews as tab-separated values. The
// figures are also given per first-level folder of DIR.
// BERMUDA_STOCKFISH_SHARD=i/n takes every n-th game from the i-th,
// BERMUDA_STOCKFISH_REVERSE=1 takes them from the last, and
// BERMUDA_STOCKFISH_FILL=18,12,ours only fills the cache at those depths
// (ours: our engine's review, kept under BERMUDA_STOCKFISH_TAG).
func BenchmarkStockfishAgreement(t *testing.B) {
	bin, depth, files := stockfishCorpus(t, "BERMUDA_STOCKFISH_GAMES")
	root := os.Getenv("BERMUDA_STOCKFISH_GAMES")
	maxPlies, _ := strconv.Atoi(os.Getenv("BERMUDA_STOCKFISH_PLIES"))  // 0: whole games
	perMove := os.Getenv("BERMUDA_STOCKFISH_MOVES") != ""              // log every move judged differently
	against, _ := strconv.Atoi(os.Getenv("BERMUDA_STOCKFISH_AGAINST")) // 0: our engine
	var dump *os.File
	if p := os.Getenv("BERMUDA_STOCKFISH_DUMP"); p != "" {
		var err error
		if dump, err = os.Create(p); err != nil {
			t.Fatal(err)
		}
		defer dump.Close()
		fmt.Fprintln(dump, "game\tply\tmove\tour_best\tour_before\tour_loss\tour_class\tour_depth\tsf_best\tsf_before\tsf_loss\tsf_class\tour_after\tcheck_best\tcheck_played")
	}
	if fill := os.Getenv("BERMUDA_STOCKFISH_FILL"); fill != "" {
		// Stockfish's reviews only, at each depth listed, into the cache.
		for _, f := range files {
			rec := readPGN(t, f)
			if maxPlies > 0 && len(rec.Plies) > maxPlies {
				rec.Plies = rec.Plies[:maxPlies]
			}
			rel, _ := filepath.Rel(root, f)
			for _, d := range strings.Split(fill, ",") {
				if d == "ours" {
					start := time.Now()
					ourReview(t, rel, rec)
					t.Logf("%s by ours: %v", rel, time.Since(start).Round(time.Second))
					continue
				}
				n, err := strconv.Atoi(d)
				if err != nil {
					t.Fatal(err)
				}
				start := time.Now()
				stockfishReview(t, bin, n, rel, rec)
				t.Logf("%s at depth %d: %v", rel, n, time.Since(start).Round(time.Second))
			}
		}
		return
	}
	all := newAgreement()
	groups := map[string]*agreement{}
	var groupNames []string
	var ourDepths []int
	for k, f := range files {
		rec := readPGN(t, f)
		if maxPlies > 0 && len(rec.Plies) > maxPlies {
			rec.Plies = rec.Plies[:maxPlies]
		}
		rel, _ := filepath.Rel(root, f)
		group := strings.SplitN(filepath.ToSlash(rel), "/", 2)[0]
		if groups[group] == nil {
			groups[group] = newAgreement()
			groupNames = append(groupNames, group)
		}
		start := time.Now()
		var mine Review
		var checks map[int][2]int
		if against > 0 {
			mine = stockfishReview(t, bin, against, rel, rec)
		} else {
			c := ourReview(t, rel, rec)
			mine, checks = c.Review, c.Checked
		}
		mid := time.Now()
		sf := stockfishReview(t, bin, depth, rel, rec)
		took := fmt.Sprintf("ours %v, Stockfish's %v", mid.Sub(start).Round(time.Second), time.Since(mid).Round(time.Second))
		for i, row := range mine.Plies {
			other := sf.Plies[i]
			if row.Loss == nil || other.Loss == nil {
				continue // forced: judged by neither
			}
			all.add(*row.Loss, *other.Loss, row.Judgement, other.Judgement)
			groups[group].add(*row.Loss, *other.Loss, row.Judgement, other.Judgement)
			ourDepths = append(ourDepths, row.Depth)
			if perMove && row.Judgement != other.Judgement {
				t.Logf("  ply %2d %-6s ours: best %-6s E %.3f loss %.3f %-10q depth %2d | Stockfish: best %-6s E %.3f loss %.3f %q",
					row.Ply, row.Move, row.Best, row.ExpectedBefore, *row.Loss, row.Judgement, row.Depth, other.Best, other.ExpectedBefore, *other.Loss, other.Judgement)
			}
			if dump != nil {
				cb, cp := "", ""
				if c, ok := checks[row.Ply]; ok {
					cb, cp = strconv.Itoa(c[0]), strconv.Itoa(c[1])
				}
				fmt.Fprintf(dump, "%s\t%d\t%s\t%s\t%.6f\t%.6f\t%s\t%d\t%s\t%.6f\t%.6f\t%s\t%.6f\t%s\t%s\n", rel, row.Ply, row.Move, row.Best, row.ExpectedBefore, *row.Loss,
					row.Judgement, row.Depth, other.Best, other.ExpectedBefore, *other.Loss, other.Judgement, row.ExpectedAfter, cb, cp)
			}
		}
		t.Logf("%s: %d plies; accuracy ours %s/%s, Stockfish %s/%s; %s (wall)", rel, len(mine.Plies),
			fmtAcc(mine.Players[0].Accuracy), fmtAcc(mine.Players[1].Accuracy), fmtAcc(sf.Players[0].Accuracy), fmtAcc(sf.Players[1].Accuracy), took)
		if (k+1)%5 == 0 && k+1 < len(files) {
			report(t, k+1, depth, all.ours, all.theirs, all.classes) // so far
		}
	}
	sort.Ints(ourDepths)
	if against > 0 {
		t.Logf("in our engine's place: Stockfish at depth %d", against)
	}
	t.Logf("our depth: median %d, 10th percentile %d, 90th %d", ourDepths[len(ourDepths)/2], ourDepths[len(ourDepths)/10], ourDepths[len(ourDepths)*9/10])
	for _, g := range groupNames {
		a := groups[g]
		same := 0
		for i := range a.classes {
			same += a.classes[i][i]
		}
		t.Logf("folder %s: %d judged moves, same class %d (%.1f%%); our blunders %d, Stockfish's %d of them; its blunders %d, we judge %d nothing",
			g, len(a.ours), same, pct(same, len(a.ours)), a.row(3), a.classes[3][3], a.col(3), a.classes[0][3])
	}
	report(t, len(files), depth, all.ours, all.theirs, all.classes)
}

// agreement collects the two reviews' losses and classes.
type agreement struct {
	ours, theirs []float64
	classes      [4][4]int // [ours][Stockfish]: none, inaccuracy, mistake, blunder
}

func newAgreement() *agreement { return &agreement{} }

func (a *agreement) add(ours, theirs float64, ourClass, theirClass string) {
	a.ours, a.theirs = append(a.ours, ours), append(a.theirs, theirs)
	a.classes[classIndex(ourClass)][classIndex(theirClass)]++
}

func (a *agreement) row(i int) (n int) {
	for j := range 4 {
		n += a.classes[i][j]
	}
	return n
}

func (a *agreement) col(j int) (n int) {
	for i := range 4 {
		n += a.classes[i][j]
	}
	return n
}

// stockfishReview is rec reviewed by Stockfish at depth, through the
// cache (cachedReview).
func stockfishReview(t testing.TB, bin string, depth int, rel string, rec games.Record) Review {
	t.Helper()
	return cachedReview(t, fmt.Sprintf("d%d", depth), rel, rec, Options{UCI: bin, UCIDepth: depth}).Review
}

// ourReview is rec reviewed by our engine at the default budget, through
// the cache under the tag BERMUDA_STOCKFISH_TAG (none: not cached): the
// build being measured names its own tag.
func ourReview(t testing.TB, rel string, rec games.Record) cachedRev {
	t.Helper()
	tag := os.Getenv("BERMUDA_STOCKFISH_TAG")
	if tag == "" {
		rv, err := Game(context.Background(), rec, Options{})
		if err != nil {
			t.Fatal(err)
		}
		return withChecks(rv)
	}
	return cachedReview(t, "ours-"+tag, rel, rec, Options{})
}

// cachedRev is a review as the cache keeps it: with the check's scores of
// every checked ply, which the review's JSON leaves out.
type cachedRev struct {
	Review
	Checked map[int][2]int `json:"checked"`
}

func withChecks(rv Review) cachedRev {
	c := cachedRev{Review: rv, Checked: map[int][2]int{}}
	for _, p := range rv.Plies {
		if p.checked != nil {
			c.Checked[p.Ply] = *p.checked
		}
	}
	return c
}

// cachedReview is rec reviewed with opts; with BERMUDA_STOCKFISH_CACHE
// set, read from there if an earlier run stored it (the file names the
// game, its plies and the key), else stored. A process that starts a
// review claims it (a .lock file); another that needs the same review
// waits for it, so that several processes can share a corpus.
func cachedReview(t testing.TB, key, rel string, rec games.Record, opts Options) cachedRev {
	t.Helper()
	cache := os.Getenv("BERMUDA_STOCKFISH_CACHE")
	var path string
	if cache != "" {
		if err := os.MkdirAll(cache, 0o755); err != nil {
			t.Fatal(err)
		}
		name := strings.NewReplacer("/", "_", "\\", "_").Replace(filepath.ToSlash(rel))
		path = filepath.Join(cache, fmt.Sprintf("%s-p%d-%s.json", name, len(rec.Plies), key))
		for {
			var rv cachedRev
			if readCached(t, path, &rv) && len(rv.Plies) == len(rec.Plies) {
				return rv
			}
			lock, err := os.OpenFile(path+".lock", os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644)
			if err == nil {
				lock.Close()
				defer os.Remove(path + ".lock")
				break
			}
			time.Sleep(10 * time.Second) // another process is reviewing it
		}
	}
	rv, err := Game(context.Background(), rec, opts)
	if err != nil {
		t.Fatal(err)
	}
	c := withChecks(rv)
	if path != "" {
		writeCached(t, path, c)
	}
	return c
}

// readCached decodes the cache file at path into v, and reports whether
// the file was there.
func readCached(t testing.TB, path string, v any) bool {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		return false
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return true
}

// writeCached stores v as JSON at path through a temporary file, so that a
// reader never meets half of it.
func writeCached(t testing.TB, path string, v any) {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path+".tmp", b, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(path+".tmp", path); err != nil {
		t.Fatal(err)
	}
}
func classIndex(j string) int {
	return map[string]int{"": 0, Inaccuracy: 1, Mistake: 2, Blunder: 3}[j]
}

// report prints the agreement: loss differences, correlation, and the
// judgement classes side by side.
func report(t testing.TB, nGames, depth int, ours, theirs []float64, classes [4][4]int) {
	n := float64(len(ours))
	var sumAbs, mo, mt float64
	for i := range ours {
		sumAbs += math.Abs(ours[i] - theirs[i])
		mo += ours[i]
		mt += theirs[i]
	}
	mo, mt = mo/n, mt/n
	var cov, vo, vt float64
	within := 0
	for i := range ours {
		cov += (ours[i] - mo) * (theirs[i] - mt)
		vo += (ours[i] - mo) * (ours[i] - mo)
		vt += (theirs[i] - mt) * (theirs[i] - mt)
		if math.Abs(ours[i]-theirs[i]) < 0.05 {
			within++
		}
	}
	same := 0
	for i := range classes {
		same += classes[i][i]
	}
	ourBlunders, confirmed, confirmedMistake := 0, classes[3][3], classes[3][2]+classes[3][3]
	for j := range 4 {
		ourBlunders += classes[3][j]
	}
	theirBlunders := 0
	for i := range 4 {
		theirBlunders += classes[i][3]
	}
	t.Logf("%d games, %d judged moves, Stockfish depth %d", nGames, len(ours), depth)
	t.Logf("mean loss: ours %.4f, Stockfish %.4f; mean |difference| %.4f; within 0.05: %.1f%%; Pearson r %.3f",
		mo, mt, sumAbs/n, 100*float64(within)/n, cov/math.Sqrt(vo*vt))
	t.Logf("same judgement class: %.1f%% of moves", 100*float64(same)/n)
	t.Logf("our blunders: %d; Stockfish calls %d of them blunders (%.1f%%), %d at least mistakes (%.1f%%)",
		ourBlunders, confirmed, pct(confirmed, ourBlunders), confirmedMistake, pct(confirmedMistake, ourBlunders))
	t.Logf("Stockfish's blunders: %d; we judge %d of them nothing (%.1f%%), %d less than a mistake (%.1f%%), %d less than a blunder (%.1f%%)",
		theirBlunders, classes[0][3], pct(classes[0][3], theirBlunders), classes[0][3]+classes[1][3], pct(classes[0][3]+classes[1][3], theirBlunders),
		theirBlunders-classes[3][3], pct(theirBlunders-classes[3][3], theirBlunders))
	names := []string{"none", "inaccuracy", "mistake", "blunder"}
	t.Logf("%-11s %s", "ours \\ SF", strings.Join(names, "  "))
	for i, row := range classes {
		t.Logf("%-11s %4d %10d %8d %8d", names[i], row[0], row[1], row[2], row[3])
	}
}

func pct(a, b int) float64 { return 100 * float64(a) / float64(max(b, 1)) }

func readPGN(t testing.TB, path string) games.Record {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rec, _, err := games.ReadRecord(f)
	if err != nil {
		t.Fatal(err)
	}
	return rec
}
