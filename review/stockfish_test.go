package review

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/bermudachess/bermuda/games"
)

// TestStockfishAgreement is a one-off measurement, not a check CI runs: it
// reviews orthodox chess games with our engine and judges the same moves
// with Stockfish (the played move and the best, each searched to the same
// depth from the same position, centipawns turned into win percentages by
// Lichess's curve), then prints how far the two agree.
//
//	BERMUDA_STOCKFISH=/usr/games/stockfish BERMUDA_STOCKFISH_GAMES=DIR \
//	  go test -run StockfishAgreement -v -timeout 60m ./review
//
// DIR holds PGN files, e.g. from bermuda match -records DIR.
func TestStockfishAgreement(t *testing.T) {
	bin, dir := os.Getenv("BERMUDA_STOCKFISH"), os.Getenv("BERMUDA_STOCKFISH_GAMES")
	if bin == "" || dir == "" {
		t.Skip("set BERMUDA_STOCKFISH (a UCI engine) and BERMUDA_STOCKFISH_GAMES (a folder of PGN files)")
	}
	depth := 14
	if d, err := strconv.Atoi(os.Getenv("BERMUDA_STOCKFISH_DEPTH")); err == nil {
		depth = d
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.pgn"))
	sort.Strings(files)
	sf, err := startStockfish(bin)
	if err != nil {
		t.Fatal(err)
	}
	defer sf.close()
	var ours, theirs []float64
	var classes [4][4]int // [ours][Stockfish]: none, inaccuracy, mistake, blunder
	for _, f := range files {
		rec := readPGN(t, f)
		rv, err := Game(context.Background(), rec, Options{})
		if err != nil {
			t.Fatal(err)
		}
		games.ReplayEach(rec, func(s games.ReplayStep) {
			if s.Index < 0 {
				return
			}
			row := rv.Plies[s.Index]
			if row.Loss == nil {
				return // forced: judged by neither
			}
			best := sf.winPercent(s.Before.Position(), "", depth)
			played := sf.winPercent(s.Before.Position(), s.Move.Notation, depth)
			loss := math.Max(0, best-played) / 100
			ours, theirs = append(ours, *row.Loss), append(theirs, loss)
			classes[classIndex(row.Judgement)][classIndex(Judge(loss))]++
		})
		t.Logf("%s: %d plies", filepath.Base(f), len(rv.Plies))
	}
	report(t, len(files), depth, ours, theirs, classes)
}

func classIndex(j string) int {
	return map[string]int{"": 0, Inaccuracy: 1, Mistake: 2, Blunder: 3}[j]
}

// report prints the agreement: loss differences, correlation, and the
// judgement classes side by side.
func report(t *testing.T, nGames, depth int, ours, theirs []float64, classes [4][4]int) {
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
	t.Logf("%d games, %d judged moves, Stockfish depth %d", nGames, len(ours), depth)
	t.Logf("mean loss: ours %.4f, Stockfish %.4f; mean |difference| %.4f; within 0.05: %.1f%%; Pearson r %.3f",
		mo, mt, sumAbs/n, 100*float64(within)/n, cov/math.Sqrt(vo*vt))
	t.Logf("same judgement class: %.1f%% of moves", 100*float64(same)/n)
	names := []string{"none", "inaccuracy", "mistake", "blunder"}
	t.Logf("%-11s %s", "ours \\ SF", strings.Join(names, "  "))
	for i, row := range classes {
		t.Logf("%-11s %4d %10d %8d %8d", names[i], row[0], row[1], row[2], row[3])
	}
}

func readPGN(t *testing.T, path string) games.Record {
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

// stockfish is a minimal UCI conversation: one search at a time.
type stockfish struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Scanner
}

func startStockfish(bin string) (*stockfish, error) {
	cmd := exec.Command(bin)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	sf := &stockfish{cmd: cmd, in: in, out: bufio.NewScanner(out)}
	sf.send("uci")
	sf.until("uciok")
	sf.send("setoption name Threads value 1")
	sf.send("setoption name Hash value 64")
	sf.send("isready")
	sf.until("readyok")
	return sf, nil
}

func (sf *stockfish) send(line string) { fmt.Fprintln(sf.in, line) }

func (sf *stockfish) until(prefix string) string {
	for sf.out.Scan() {
		if line := sf.out.Text(); strings.HasPrefix(line, prefix) {
			return line
		}
	}
	return ""
}

// winPercent searches fen to depth (only move, if given) and returns the
// win percentage for the side to move by Lichess's curve: centipawns
// clamped to ±1000, a mate counted as 1000.
func (sf *stockfish) winPercent(fen, move string, depth int) float64 {
	sf.send("position fen " + fen)
	cmd := fmt.Sprintf("go depth %d", depth)
	if move != "" {
		cmd += " searchmoves " + strings.ToLower(strings.ReplaceAll(move, "=", ""))
	}
	sf.send(cmd)
	cp := 0.0
	for sf.out.Scan() {
		line := sf.out.Text()
		if strings.HasPrefix(line, "bestmove") {
			break
		}
		f := strings.Fields(line)
		for i := 0; i+2 < len(f); i++ {
			if f[i] != "score" {
				continue
			}
			v, _ := strconv.Atoi(f[i+2])
			switch f[i+1] {
			case "cp":
				cp = float64(v)
			case "mate":
				cp = math.Copysign(1000, float64(v))
			}
		}
	}
	cp = math.Max(-1000, math.Min(1000, cp))
	return 50 + 50*(2/(1+math.Exp(-0.00368208*cp))-1)
}

func (sf *stockfish) close() {
	sf.send("quit")
	sf.in.Close()
	sf.cmd.Wait()
}
