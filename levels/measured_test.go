package levels

import (
	"bufio"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/bermudachess/bermuda/rating"
)

// The rating runs' results (see the README): one line a match, VARIANT A B
// WINS DRAWS LOSSES, then the CPU seconds, wall seconds, load average and
// seed. The stockfish anchors are named by their UCI_Elo.
const resultsFile = "testdata/results.tsv"

// prior is the fit's virtual draws per pairing: some pairings were won
// or lost outright, and one virtual draw keeps their ratings finite.
const prior = 1

func readResults(t *testing.T) map[string][]rating.Result {
	t.Helper()
	f, err := os.Open(resultsFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string][]rating.Result{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		text, _, _ := strings.Cut(sc.Text(), "#")
		fields := strings.Fields(text)
		if len(fields) == 0 {
			continue
		}
		var n [3]int
		for i := range n {
			if n[i], err = strconv.Atoi(fields[3+i]); err != nil {
				t.Fatalf("%q: %v", sc.Text(), err)
			}
		}
		out[fields[0]] = append(out[fields[0]], rating.Result{A: fields[1], B: fields[2], Wins: n[0], Draws: n[1], Losses: n[2]})
	}
	return out
}

// chessAnchors are Stockfish's UCI_Elo settings that played.
func chessAnchors(results []rating.Result) map[string]float64 {
	anchors := map[string]float64{}
	for _, r := range results {
		if elo, err := strconv.Atoi(strings.TrimPrefix(r.B, "SF")); err == nil && strings.HasPrefix(r.B, "SF") {
			anchors[r.B] = float64(elo)
		}
	}
	return anchors
}

// TestTableIsTheFit: the table holds exactly what the fit of the recorded
// games gives (rounded to whole points), so the figures players see can
// be traced to games. On a mismatch it prints the table to paste.
func TestTableIsTheFit(t *testing.T) {
	byVariant := readResults(t)
	want := [Count + 1]Strength{}
	chess, err := rating.Fit(byVariant["chess"], chessAnchors(byVariant["chess"]), prior)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range chess {
		var n int
		if _, err := fmt.Sscanf(r.Name, "L%d", &n); err == nil {
			want[n].ChessElo, want[n].ChessError = int(math.Round(r.Elo)), int(math.Round(r.Error))
		}
	}
	for v, results := range byVariant {
		if v == "chess" {
			continue
		}
		fit, err := rating.Fit(results, map[string]float64{"L1": 0}, prior)
		if err != nil {
			t.Fatalf("%s: %v", v, err)
		}
		for _, r := range fit {
			var n int
			if _, err := fmt.Sscanf(r.Name, "L%d", &n); err == nil && n > 1 {
				if want[n].Variants == nil {
					want[n].Variants = map[string][2]int{}
				}
				want[n].Variants[v] = [2]int{int(math.Round(r.Elo)), int(math.Round(r.Error))}
			}
		}
	}
	var paste strings.Builder
	for n := 1; n <= Count; n++ {
		got := table[n]
		same := got.ChessElo == want[n].ChessElo && got.ChessError == want[n].ChessError && len(got.Variants) == len(want[n].Variants)
		for v, g := range want[n].Variants {
			same = same && got.Variants[v] == g
		}
		if !same {
			t.Errorf("level %d: table %+v, fit %+v", n, got, want[n])
		}
		fmt.Fprintf(&paste, "\t{Words: %q, ChessElo: %d, ChessError: %d", got.Words, want[n].ChessElo, want[n].ChessError)
		if len(want[n].Variants) > 0 {
			fmt.Fprintf(&paste, ", Variants: map[string][2]int{")
			for _, v := range []string{"angle", "bede", "bermuda", "beryl", "spindecision", "randommove"} {
				if g, ok := want[n].Variants[v]; ok {
					fmt.Fprintf(&paste, "%q: {%d, %d}, ", v, g[0], g[1])
				}
			}
			paste.WriteString("}")
		}
		paste.WriteString("},\n")
	}
	if t.Failed() {
		t.Logf("the fit as table entries:\n%s", paste.String())
	}
}
