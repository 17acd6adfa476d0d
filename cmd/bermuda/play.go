package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/bermudachess/bermuda/games"
)

func init() {
	commands["play"] = command{"play a hot-seat game in the terminal", runPlay}
}

func runPlay(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlags("play", stderr)
	variant := fs.String("variant", "chess", "variant id")
	fen := fs.String("fen", "", "start from this position string")
	seed := fs.Uint64("seed", 0, "roll dice from this seed (0: crypto/rand)")
	replay := fs.String("replay", "", "replay a record file (from /export), then continue")
	if help, err := parseFlags(fs, args); help || err != nil {
		return err
	}
	var roller games.Roller = games.CryptoRoller{}
	if *seed != 0 {
		roller = games.Seeded(*seed)
	}
	var g games.Game
	if *replay != "" {
		f, err := os.Open(*replay)
		if err != nil {
			return usagef("cannot open -replay file: %v", err)
		}
		rec, _, err := games.ReadRecord(f)
		f.Close()
		if err != nil {
			return usagef("bad record file %s: %v", *replay, err)
		}
		if g, err = games.Replay(rec); err != nil {
			return fmt.Errorf("record file %s does not replay: %v", *replay, err)
		}
		fmt.Fprintf(stdout, "replayed %d moves of %s\n", len(rec.Plies), rec.Variant)
	} else {
		v, err := games.Lookup(*variant)
		if err != nil {
			return usageError{err.Error()}
		}
		var evs []games.Event
		g, _, evs, err = games.Start(v.ID, *fen, roller)
		if err != nil {
			return usagef("cannot start %s: %v", v.ID, err)
		}
		fmt.Fprintf(stdout, "%s — type a move, 'moves' for the legal moves, 'quit' to stop\n", v.Name)
		printEvents(stdout, evs)
	}
	in := bufio.NewScanner(stdin)
	for {
		fmt.Fprint(stdout, "\n"+g.Diagram())
		if o := g.Outcome(); o.Over {
			fmt.Fprintln(stdout, describeOutcome(g, o))
			return nil
		}
		t := g.Turn()
		roles := g.Roles()
		fmt.Fprintf(stdout, "move %d, %s (%s) to act", t.MoveNumber, t.Player, roles[t.Player])
		if t.MovesLeft > 1 {
			fmt.Fprintf(stdout, ", %d moves left this turn", t.MovesLeft)
		}
		fmt.Fprint(stdout, "> ")
		if !in.Scan() {
			fmt.Fprintln(stdout)
			return in.Err()
		}
		line := strings.TrimSpace(in.Text())
		switch strings.ToLower(line) {
		case "":
			continue
		case "quit", "exit":
			return nil
		case "moves":
			var names []string
			for _, m := range g.LegalMoves() {
				names = append(names, m.Notation)
			}
			fmt.Fprintf(stdout, "%d legal moves: %s\n", len(names), strings.Join(names, " "))
			continue
		case "fen", "position":
			fmt.Fprintln(stdout, g.Position())
			continue
		}
		next, _, evs, err := games.Apply(g, line, roller)
		if err != nil {
			fmt.Fprintln(stdout, "error:", err)
			continue
		}
		g = next
		printEvents(stdout, evs)
	}
}

func printEvents(w io.Writer, evs []games.Event) {
	for _, e := range evs {
		if e.Kind == games.EventDice {
			fmt.Fprintln(w, "🎲", e.Text)
			continue
		}
		fmt.Fprintln(w, "•", e.Text)
	}
}

func describeOutcome(g games.Game, o games.Outcome) string {
	if o.Draw {
		return "Game over: draw (" + o.Reason + ")"
	}
	return fmt.Sprintf("Game over: %s (%s) wins (%s)", o.Winner, g.Roles()[o.Winner], o.Reason)
}
