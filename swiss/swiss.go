// Package swiss pairs and ranks a Swiss tournament: a simplified FIDE Dutch
// system (handbook C.04.3) for the pairings, and Buchholz cut-1,
// Sonneborn–Berger and direct encounter for the standings. It is pure: the
// caller holds the tournament (players, rounds, results) and asks for the
// next round or the standings; nothing here stores or sends anything. The
// rules implemented, and where they simplify FIDE's, are in README.md.
package swiss

import (
	"errors"
	"fmt"
)

// Player is one entrant. ID is the caller's key (a Discord user id, say);
// Rating orders the initial ranking. A withdrawn player keeps their games
// but is not paired again.
type Player struct {
	ID        string
	Rating    int
	Withdrawn bool
}

// Result is the outcome of one game of a round.
type Result int

const (
	// Pending is a game paired but not finished; Pair returns its games so.
	Pending Result = iota
	WhiteWins
	BlackWins
	Draw
	// Bye is the pairing-allocated bye: White is the player, Black is empty,
	// worth one point.
	Bye
	// WhiteWinsByForfeit and BlackWinsByForfeit are games not played because
	// one side did not come (withdrew): the present player gets the point.
	WhiteWinsByForfeit
	BlackWinsByForfeit
)

var resultNames = [...]string{"pending", "1-0", "0-1", "1/2-1/2", "bye", "1-0 forfeit", "0-1 forfeit"}

func (r Result) String() string {
	if r < 0 || int(r) >= len(resultNames) {
		return fmt.Sprintf("Result(%d)", int(r))
	}
	return resultNames[r]
}

// played reports whether the board saw a game (so colours and the pairing
// count for colour history and tie-breaks).
func (r Result) played() bool { return r == WhiteWins || r == BlackWins || r == Draw }

// halfPoints is what White and Black score, in half points.
func (r Result) halfPoints() (white, black int) {
	switch r {
	case WhiteWins, WhiteWinsByForfeit, Bye:
		return 2, 0
	case BlackWins, BlackWinsByForfeit:
		return 0, 2
	case Draw:
		return 1, 1
	}
	return 0, 0
}

// Game is one board of a round. A bye has White set, Black empty and Result Bye.
type Game struct {
	White, Black string
	Result       Result
}

// Tournament is everything pairing and standings need: the entrants and the
// rounds so far, each round its games (a player missing from a round was
// absent and scored nothing).
type Tournament struct {
	Players []Player
	Rounds  [][]Game
}

// ErrNoPairing means no pairing of the present players meets the absolute
// criteria (no rematch, at most one bye each).
var ErrNoPairing = errors.New("swiss: no legal pairing exists for the next round")

// check reports the first inconsistency in t: an unknown or duplicate
// player, a player twice in one round, a malformed bye.
func (t Tournament) check() error {
	known := make(map[string]bool, len(t.Players))
	for _, p := range t.Players {
		if p.ID == "" {
			return errors.New("swiss: a player has an empty id")
		}
		if known[p.ID] {
			return fmt.Errorf("swiss: player %q listed twice", p.ID)
		}
		known[p.ID] = true
	}
	for r, games := range t.Rounds {
		seen := map[string]bool{}
		for _, g := range games {
			if g.Result < Pending || g.Result > BlackWinsByForfeit {
				return fmt.Errorf("swiss: round %d: unknown result %d", r+1, int(g.Result))
			}
			if (g.Result == Bye) != (g.Black == "") {
				return fmt.Errorf("swiss: round %d: %q: a bye has no black player and only a bye", r+1, g.White)
			}
			for _, id := range []string{g.White, g.Black} {
				if id == "" && g.Result == Bye {
					continue
				}
				if !known[id] {
					return fmt.Errorf("swiss: round %d: unknown player %q", r+1, id)
				}
				if seen[id] {
					return fmt.Errorf("swiss: round %d: player %q on two boards", r+1, id)
				}
				seen[id] = true
			}
		}
	}
	return nil
}
