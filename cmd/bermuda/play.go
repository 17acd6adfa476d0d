package main

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"time"

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
	replay := fs.String("replay", "", "replay a record file or PGN (from /export or -record), then continue")
	record := fs.String("record", "", "write the game to this file after every move: PGN for chess, the record format for the other variants")
	ai := addAIFlags(fs)
	if help, err := parseFlags(fs, args); help || err != nil {
		return err
	}
	var roller games.Roller = games.CryptoRoller{}
	if *seed != 0 {
		roller = games.Seeded(*seed)
	}
	var g games.Game
	var file *gameFile
	if *replay != "" {
		rec, tags, replayed, err := readGameFile(*replay)
		if err != nil {
			return err
		}
		g, file = replayed, &gameFile{path: *record, rec: rec, tags: tags}
		fmt.Fprintf(stdout, "replayed %d moves of %s\n", len(rec.Plies), rec.Variant)
	} else {
		v, err := games.Lookup(*variant)
		if err != nil {
			return usageError{err.Error()}
		}
		var evs []games.Event
		var rolls []int
		g, rolls, evs, err = games.Start(v.ID, *fen, roller)
		if err != nil {
			return usagef("cannot start %s: %v", v.ID, err)
		}
		file = newGameFile(*record, games.Record{Variant: v.ID, Setup: *fen, StartRolls: rolls}, time.Now())
		fmt.Fprintf(stdout, "%s — type a move, 'moves' for the legal moves, 'quit' to stop\n", v.Name)
		printEvents(stdout, evs)
	}
	if err := file.save(); err != nil {
		return err
	}
	if err := ai.check(g); err != nil {
		return err
	}
	in := bufio.NewScanner(stdin)
	for {
		fmt.Fprint(stdout, "\n"+g.Diagram())
		if o := g.Outcome(); o.Over {
			fmt.Fprintln(stdout, describeOutcome(g, o))
			return nil
		}
		if mv, ok := ai.engineMove(g, stdout); ok {
			next, ply, evs, err := games.Apply(g, mv, roller)
			if err != nil {
				return fmt.Errorf("the engine's move %s: %w", mv, err)
			}
			g = next
			file.add(ply)
			if err := file.save(); err != nil {
				return err
			}
			printEvents(stdout, evs)
			continue
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
		next, ply, evs, err := games.Apply(g, line, roller)
		if err != nil {
			fmt.Fprintln(stdout, "error:", err)
			continue
		}
		g = next
		file.add(ply)
		if err := file.save(); err != nil {
			return err
		}
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
