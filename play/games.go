package play

import (
	"context"
	"sort"
	"time"

	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/holiday"
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

// Digests claims the daily digest of each player who chose one and whose
// hour (UTC) has come, once a day across replicas and restarts, and hands
// send their games, theirs to move first; a player on holiday gets none
// (nothing waits on them). A panic in one is logged and the others sent.
func (p *Service) Digests(ctx context.Context, now time.Time, send func(n db.NoticeSetting, list []PlayerGame)) {
	now = now.UTC()
	day := now.Format(time.DateOnly)
	due, err := p.store.DueDigests(ctx, day, now.Hour())
	if err != nil {
		p.log.Error("reading due digests", "err", err)
		return
	}
	for _, n := range due {
		func() {
			defer p.Survive("a daily digest", 0)
			claimed, err := p.store.ClaimDigest(ctx, n.UserID, day)
			if err != nil || !claimed {
				if err != nil {
					p.log.Warn("claiming a digest", "user", n.UserID, "err", err)
				}
				return
			}
			_, hs, err := p.HolidaysOf(ctx, n.UserID, now)
			if err != nil {
				p.log.Warn("reading holidays", "user", n.UserID, "err", err)
			} else if _, away := holiday.Current(hs, now); away {
				return
			}
			list, err := p.PlayerGames(ctx, n.UserID)
			if err != nil {
				p.log.Warn("listing a digest's games", "user", n.UserID, "err", err)
				return
			}
			send(n, list)
		}()
	}
}
