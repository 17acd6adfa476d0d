package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/bermudachess/bermuda/games"
)

// A test suite of chess positions in EPD (Win At Chess in testdata): each
// line a position, the best moves (bm) or the moves to avoid (am) in SAN,
// and an id. analyse -epd gives each position to a player for a fixed
// time and counts those it solves: a bm move, or no am move.

// epdPosition is one line of a suite.
type epdPosition struct {
	id, fen string
	bm, am  []string
}

// readEPD reads a suite; blank lines and lines starting with # are skipped.
func readEPD(r io.Reader) ([]epdPosition, error) {
	var out []epdPosition
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		if len(f) < 5 {
			return nil, fmt.Errorf("line %d: want a position's four fields and operations", n)
		}
		p := epdPosition{fen: strings.Join(f[:4], " ") + " 0 1", id: fmt.Sprintf("line %d", n)}
		for _, op := range strings.Split(strings.Join(f[4:], " "), ";") {
			words := strings.Fields(op)
			if len(words) < 2 {
				continue
			}
			switch words[0] {
			case "bm":
				p.bm = append(p.bm, words[1:]...)
			case "am":
				p.am = append(p.am, words[1:]...)
			case "id":
				p.id = strings.Trim(strings.Join(words[1:], " "), `"`)
			}
		}
		if len(p.bm)+len(p.am) == 0 {
			return nil, fmt.Errorf("line %d: no bm or am", n)
		}
		out = append(out, p)
	}
	return out, sc.Err()
}

// solves says whether move (a notation) answers p in g.
func (p epdPosition) solves(g games.Game, move string) bool {
	legal := g.LegalMoves()
	is := func(sans []string) bool {
		for _, san := range sans {
			if m, err := games.MatchMove(san, legal); err == nil && m.Notation == move {
				return true
			}
		}
		return false
	}
	if len(p.bm) > 0 && !is(p.bm) {
		return false
	}
	return !is(p.am)
}

// runEPD plays every position of the suite in path to the player spec
// (ai:LEVEL, uci:PATH, bin:PATH) and prints the ones missed and the count.
func runEPD(path, spec string, moveTime time.Duration, seed uint64, stdout, stderr io.Writer) error {
	f, err := os.Open(path)
	if err != nil {
		return usagef("-epd: %v", err)
	}
	defer f.Close()
	suite, err := readEPD(f)
	if err != nil {
		return usagef("-epd %s: %v", path, err)
	}
	p, err := newMatchPlayer(spec, "chess", moveTime, seed)
	if err != nil {
		return err
	}
	defer p.close()
	solved := 0
	ctx := context.Background()
	for _, pos := range suite {
		g, _, _, err := games.Start("chess", pos.fen, nil)
		if err != nil {
			return fmt.Errorf("%s: %v", pos.id, err)
		}
		if err := p.newGame(); err != nil {
			return err
		}
		switch q := p.(type) {
		case *uciPlayer:
			q.fen = pos.fen
		case *binPlayer:
			q.rec = games.Record{Variant: "chess", Setup: pos.fen}
		}
		move, err := p.choose(ctx, g, nil)
		if err != nil {
			return fmt.Errorf("%s: %v", pos.id, err)
		}
		if pos.solves(g, move) {
			solved++
		} else {
			fmt.Fprintf(stdout, "%s missed: played %s, bm %s am %s\n", pos.id, move, strings.Join(pos.bm, " "), strings.Join(pos.am, " "))
		}
	}
	fmt.Fprintf(stdout, "%s: solved %d/%d at %v a position\n", p.name(), solved, len(suite), moveTime)
	return nil
}
