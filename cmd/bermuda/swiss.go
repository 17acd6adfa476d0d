package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"

	"github.com/bermudachess/bermuda/swiss"
)

func init() {
	commands["swiss"] = command{"simulate a Swiss tournament: pairings and standings", runSwiss}
}

func runSwiss(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := newFlags("swiss", stderr)
	players := fs.Int("players", 16, "number of players (2–1000)")
	rounds := fs.Int("rounds", 5, "number of rounds (1 to players−1)")
	seed := fs.Uint64("seed", 1, "random seed for ratings and results")
	asJSON := fs.Bool("json", false, "print one JSON object instead of a table")
	if help, err := parseFlags(fs, args); help || err != nil {
		return err
	}
	if *players < 2 || *players > 1000 {
		return usagef("-players must be between 2 and 1000, got %d", *players)
	}
	if *rounds < 1 || *rounds > *players-1 {
		return usagef("-rounds must be between 1 and %d for %d players, got %d", *players-1, *players, *rounds)
	}
	t, err := simulateSwiss(*players, *rounds, rand.New(rand.NewPCG(*seed, 0x5715)))
	if err != nil {
		return err
	}
	table, err := swiss.Standings(t)
	if err != nil {
		return err
	}
	if *asJSON {
		return json.NewEncoder(stdout).Encode(swissReport(t, table))
	}
	printSwiss(stdout, t, table)
	return nil
}

// simulateSwiss plays rounds of a tournament of n players with random
// ratings; each game is decided at random around the Elo expectation.
func simulateSwiss(n, rounds int, rng *rand.Rand) (swiss.Tournament, error) {
	var t swiss.Tournament
	for i := range n {
		t.Players = append(t.Players, swiss.Player{ID: fmt.Sprintf("p%d", i+1), Rating: 1000 + rng.IntN(1600)})
	}
	rating := map[string]int{}
	for _, p := range t.Players {
		rating[p.ID] = p.Rating
	}
	for r := range rounds {
		games, err := swiss.Pair(t)
		if errors.Is(err, swiss.ErrNoPairing) {
			return t, fmt.Errorf("round %d: no pairing avoids a rematch or a second bye; try fewer rounds", r+1)
		}
		if err != nil {
			return t, err
		}
		for i := range games {
			if games[i].Result != swiss.Bye {
				games[i].Result = randomResult(rating[games[i].White], rating[games[i].Black], rng)
			}
		}
		t.Rounds = append(t.Rounds, games)
	}
	return t, nil
}

// randomResult draws a game's result: White's expected score is the Elo
// expectation, and draws are likelier between players of similar strength.
func randomResult(white, black int, rng *rand.Rand) swiss.Result {
	expected := 1 / (1 + math.Pow(10, float64(black-white)/400))
	draw := 0.3 * (1 - math.Abs(2*expected-1))
	switch x := rng.Float64(); {
	case x < expected-draw/2:
		return swiss.WhiteWins
	case x < expected+draw/2:
		return swiss.Draw
	}
	return swiss.BlackWins
}

type swissJSON struct {
	Players []struct {
		ID     string `json:"id"`
		Rating int    `json:"rating"`
	} `json:"players"`
	Rounds    [][]swissGameJSON   `json:"rounds"`
	Standings []swissStandingJSON `json:"standings"`
}

type swissGameJSON struct {
	White  string  `json:"white"`
	Black  *string `json:"black"`
	Result string  `json:"result"`
}

type swissStandingJSON struct {
	ID              string  `json:"id"`
	Points          float64 `json:"points"`
	Buchholz        float64 `json:"buchholz"`
	SonnebornBerger float64 `json:"sonneborn_berger"`
}

func swissReport(t swiss.Tournament, table []swiss.Standing) swissJSON {
	var out swissJSON
	for _, p := range t.Players {
		out.Players = append(out.Players, struct {
			ID     string `json:"id"`
			Rating int    `json:"rating"`
		}{p.ID, p.Rating})
	}
	out.Rounds = [][]swissGameJSON{}
	for _, games := range t.Rounds {
		round := []swissGameJSON{}
		for _, g := range games {
			j := swissGameJSON{White: g.White, Result: g.Result.String()}
			if g.Result != swiss.Bye {
				black := g.Black
				j.Black = &black
			}
			round = append(round, j)
		}
		out.Rounds = append(out.Rounds, round)
	}
	for _, s := range table {
		out.Standings = append(out.Standings, swissStandingJSON{s.ID, s.Points, s.Buchholz, s.SonnebornBerger})
	}
	return out
}

func printSwiss(w io.Writer, t swiss.Tournament, table []swiss.Standing) {
	rating := map[string]int{}
	for _, p := range t.Players {
		rating[p.ID] = p.Rating
	}
	for r, games := range t.Rounds {
		fmt.Fprintf(w, "Round %d\n", r+1)
		for board, g := range games {
			if g.Result == swiss.Bye {
				fmt.Fprintf(w, "  %3d  %-6s (%4d)  bye\n", board+1, g.White, rating[g.White])
				continue
			}
			fmt.Fprintf(w, "  %3d  %-6s (%4d) – %-6s (%4d)  %s\n", board+1, g.White, rating[g.White], g.Black, rating[g.Black], g.Result)
		}
	}
	fmt.Fprintf(w, "\n%4s  %-6s %6s %6s %9s %6s\n", "rank", "player", "rating", "points", "buchholz", "s-b")
	for _, s := range table {
		fmt.Fprintf(w, "%4d  %-6s %6d %6.1f %9.1f %6.2f\n", s.Rank, s.ID, rating[s.ID], s.Points, s.Buchholz, s.SonnebornBerger)
	}
}
