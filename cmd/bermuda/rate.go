package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/bermudachess/bermuda/rating"
)

func init() {
	commands["rate"] = command{"fit Elo ratings to match results, some players fixed as anchors", runRate}
}

// runRate reads match results, one pairing a line:
//
//	VARIANT A B WINS DRAWS LOSSES [anything else]
//
// (A's wins, draws and losses; '#' starts a comment), keeps the lines of
// -variant and rates the players jointly (package rating).
func runRate(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlags("rate", stderr)
	in := fs.String("in", "-", "results file (- for standard input)")
	variant := fs.String("variant", "chess", "rate the lines of this variant")
	anchorList := fs.String("anchor", "", "fixed ratings, NAME=ELO[,NAME=ELO…], e.g. SF1350=1350,SF1700=1700")
	prior := fs.Float64("prior", 1, "virtual draws added to every pairing (0: plain maximum likelihood)")
	asJSON := fs.Bool("json", false, "print the ratings as a JSON array")
	if help, err := parseFlags(fs, args); help || err != nil {
		return err
	}
	anchors := map[string]float64{}
	for _, kv := range strings.Split(*anchorList, ",") {
		if kv == "" {
			continue
		}
		name, v, ok := strings.Cut(kv, "=")
		elo, err := strconv.ParseFloat(v, 64)
		if !ok || err != nil || name == "" {
			return usagef("-anchor %q: want NAME=ELO", kv)
		}
		anchors[name] = elo
	}
	if len(anchors) == 0 {
		return usagef("-anchor: fix at least one player, e.g. -anchor L1=0")
	}
	r := stdin
	if *in != "-" {
		f, err := os.Open(*in)
		if err != nil {
			return usagef("-in: %v", err)
		}
		defer f.Close()
		r = f
	}
	results, err := readResults(r, *variant)
	if err != nil {
		return err
	}
	if len(results) == 0 {
		return usagef("no results for %s", *variant)
	}
	ratings, err := rating.Fit(results, anchors, *prior)
	if err != nil {
		return err
	}
	if *asJSON {
		return json.NewEncoder(stdout).Encode(ratings)
	}
	fmt.Fprintf(stdout, "%s: %d pairings, %.0f virtual draws each; ± is a 95%% interval\n", *variant, len(results), *prior)
	fmt.Fprintf(stdout, "%-12s %7s %6s %6s %7s\n", "player", "Elo", "±", "games", "score")
	for _, x := range ratings {
		pm := fmt.Sprintf("%.0f", x.Error)
		if x.Anchor {
			pm = "anchor"
		}
		fmt.Fprintf(stdout, "%-12s %7.0f %6s %6d %6.1f%%\n", x.Name, x.Elo, pm, x.Games, 100*x.Score/float64(x.Games))
	}
	return nil
}

// readResults parses the results of variant from r.
func readResults(r io.Reader, variant string) ([]rating.Result, error) {
	var out []rating.Result
	sc := bufio.NewScanner(r)
	for line := 1; sc.Scan(); line++ {
		text, _, _ := strings.Cut(sc.Text(), "#")
		f := strings.Fields(text)
		if len(f) == 0 {
			continue
		}
		if len(f) < 6 {
			return nil, fmt.Errorf("line %d: want VARIANT A B WINS DRAWS LOSSES", line)
		}
		if f[0] != variant {
			continue
		}
		var n [3]int
		for i := range n {
			v, err := strconv.Atoi(f[3+i])
			if err != nil || v < 0 {
				return nil, fmt.Errorf("line %d: %q is not a count of games", line, f[3+i])
			}
			n[i] = v
		}
		out = append(out, rating.Result{A: f[1], B: f[2], Wins: n[0], Draws: n[1], Losses: n[2]})
	}
	return out, sc.Err()
}
