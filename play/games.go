package play

import (
	"context"
	"sort"
	"time"

	"github.com/bermudachess/bermuda/db"
)

// PlayerGame is one of a player's active games, and whose move it is.
type PlayerGame struct {
	Row      db.Game
	User     string // whose list it is
	YourMove bool
	Computer bool   // the computer is to move
	ToMove   string // the user id to move
}

// PlayerGames lists userID's active games in every server that can be
// played (their opening was not cut short): those where it is their move
// first, soonest deadline first; then the others. Each is read from its
// latest view, without waiting for an action in progress.
func (p *Service) PlayerGames(ctx context.Context, userID string) ([]PlayerGame, error) {
	rows, err := p.store.PlayerActiveGames(ctx, userID)
	if err != nil {
		return nil, err
	}
	var out []PlayerGame
	for _, row := range rows {
		if row.ThreadID == "" {
			continue // its opening was cut short: not playable yet
		}
		pg := PlayerGame{Row: row, User: userID}
		if v, err := p.CurrentView(ctx, row); err == nil && v.Active {
			pg.ToMove = v.Players[v.Game.Turn().Player]
			pg.YourMove = pg.ToMove == userID
			pg.Computer = p.ComputerToAct(row, v.Game)
		} else if err != nil {
			p.log.Warn("reading a game for a player's list", "game", row.ID, "err", err)
		}
		out = append(out, pg)
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, c := out[i], out[j]
		if a.YourMove != c.YourMove {
			return a.YourMove
		}
		return deadlineBefore(a.Row.Deadline, c.Row.Deadline)
	})
	return out, nil
}

// deadlineBefore orders deadlines, none last.
func deadlineBefore(a, c time.Time) bool {
	switch {
	case a.IsZero():
		return false
	case c.IsZero():
		return true
	}
	return a.Before(c)
}
