package review

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
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
func BenchmarkStockfishAgreement(t *testing.B) {
	bin, depth, files := stockfishCorpus(t, "BERMUDA_STOCKFISH_GAMES")
	maxPlies, _ := strconv.Atoi(os.Getenv("BERMUDA_STOCKFISH_PLIES")) // 0: whole games
	perMove := os.Getenv("BERMUDA_STOCKFISH_MOVES") != ""             // log every move judged differently
	var ours, theirs []float64
	var classes [4][4]int // [ours][Stockfish]: none, inaccuracy, mistake, blunder
	var ourDepths []int
	for k, f := range files {
		rec := readPGN(t, f)
		if maxPlies > 0 && len(rec.Plies) > maxPlies {
			rec.Plies = rec.Plies[:maxPlies]
		}
		start := time.Now()
		mine, err := Game(context.Background(), rec, Options{})
		if err != nil {
			t.Fatal(err)
		}
		mid := time.Now()
		sf, err := Game(context.Background(), rec, Options{UCI: bin, UCIDepth: depth})
		if err != nil {
			t.Fatal(err)
		}
		took := fmt.Sprintf("ours %v, Stockfish's %v", mid.Sub(start).Round(time.Second), time.Since(mid).Round(time.Second))
		for i, row := range mine.Plies {
			other := sf.Plies[i]
			if row.Loss == nil || other.Loss == nil {
				continue // forced: judged by neither
			}
			ours, theirs = append(ours, *row.Loss), append(theirs, *other.Loss)
			classes[classIndex(row.Judgement)][classIndex(other.Judgement)]++
			ourDepths = append(ourDepths, row.Depth)
			if perMove && row.Judgement != other.Judgement {
				t.Logf("  ply %2d %-6s ours: best %-6s E %.3f loss %.3f %-10q depth %2d | Stockfish: best %-6s E %.3f loss %.3f %q",
					row.Ply, row.Move, row.Best, row.ExpectedBefore, *row.Loss, row.Judgement, row.Depth, other.Best, other.ExpectedBefore, *other.Loss, other.Judgement)
			}
		}
		t.Logf("%s: %d plies; accuracy ours %s/%s, Stockfish %s/%s; %s (wall)", filepath.Base(filepath.Dir(f))+"/"+filepath.Base(f), len(mine.Plies),
			fmtAcc(mine.Players[0].Accuracy), fmtAcc(mine.Players[1].Accuracy), fmtAcc(sf.Players[0].Accuracy), fmtAcc(sf.Players[1].Accuracy), took)
		if (k+1)%5 == 0 && k+1 < len(files) {
			report(t, k+1, depth, ours, theirs, classes) // so far
		}
	}
	sort.Ints(ourDepths)
	t.Logf("our depth: median %d, 10th percentile %d, 90th %d", ourDepths[len(ourDepths)/2], ourDepths[len(ourDepths)/10], ourDepths[len(ourDepths)*9/10])
	report(t, len(files), depth, ours, theirs, classes)
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
