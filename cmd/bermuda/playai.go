package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/bermudachess/bermuda/engine"
	"github.com/bermudachess/bermuda/games"
)

// aiOpponent is `play -ai LEVEL [-as white|black]`: the engine plays the
// other seat.
type aiOpponent struct {
	level *int
	as    *string
	human games.Player
	// seen is every position engineMove was shown (it is asked at every
	// turn, the human's too), for the search to see repetitions.
	seen []games.Game
}

func addAIFlags(fs *flag.FlagSet) *aiOpponent {
	return &aiOpponent{
		level: fs.Int("ai", 0, "play against the engine at this level (1–5); 0: hot-seat"),
		as:    fs.String("as", "white", "with -ai: play white (Player 1) or black (Player 2)"),
	}
}

// check validates the flags once the game is set up: -as names a role of
// the game (a colour), or player 1 or 2.
func (a *aiOpponent) check(g games.Game) error {
	if *a.level == 0 {
		return nil
	}
	if *a.level < 1 || *a.level > 5 {
		return usagef("-ai %d: levels go from 1 to 5", *a.level)
	}
	want := strings.ToLower(strings.TrimSpace(*a.as))
	switch want {
	case "1", "player1":
		a.human = games.Player1
		return nil
	case "2", "player2":
		a.human = games.Player2
		return nil
	}
	for p, r := range g.Roles() {
		if strings.ToLower(r) == want {
			a.human = games.Player(p)
			return nil
		}
	}
	if want == "white" || want == "black" {
		a.human = games.Player1
		if want == "black" {
			a.human = games.Player2
		}
		return nil
	}
	return usagef("-as %q: want white or black (or 1 or 2)", *a.as)
}

// engineMove returns the engine's move when it is the engine's turn.
func (a *aiOpponent) engineMove(g games.Game, stdout io.Writer) (string, bool) {
	if *a.level == 0 {
		return "", false
	}
	a.seen = append(a.seen, g)
	if g.Turn().Player == a.human {
		return "", false
	}
	r, err := engine.Search(context.Background(), g, engine.Limits{Level: *a.level, Seed: uint64(time.Now().UnixNano()), History: a.seen})
	if err != nil {
		return "", false
	}
	fmt.Fprintf(stdout, "\nengine (level %d) plays %s  [depth %d, score %s, %d nodes, %.1fs]\n",
		*a.level, r.Move.Notation, r.Depth, formatScore(r.Score), r.Nodes, r.Elapsed.Seconds())
	return r.Move.Notation, true
}
