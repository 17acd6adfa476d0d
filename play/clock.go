package play

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"time"

	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/games"
	"github.com/bermudachess/bermuda/holiday"
)

// A turn's clock is its stored deadline and reminder, which a scheduler
// judges. The clock of the player to act stands still during their
// holidays, by the one rule of package holiday (the time a turn's clock has
// run outside the player's holidays); planned holidays count too.

// FromStored is a stored holiday for package holiday.
func FromStored(h db.Holiday) holiday.Holiday {
	return holiday.Holiday{Start: h.Start, End: h.End, EndedAt: h.EndedAt}
}

// HolidaysOf lists userID's holidays not over by since, as stored and for
// package holiday.
func (p *Service) HolidaysOf(ctx context.Context, userID string, since time.Time) ([]db.Holiday, []holiday.Holiday, error) {
	if userID == "" {
		return nil, nil, nil
	}
	rows, err := p.store.Holidays(ctx, userID, since)
	if err != nil {
		return nil, nil, fmt.Errorf("reading the holidays of %s: %w", userID, err)
	}
	hs := make([]holiday.Holiday, len(rows))
	for i, h := range rows {
		hs[i] = FromStored(h)
	}
	return rows, hs, nil
}

// turnClock is the deadline and reminder (if remind) of a turn of days
// per move that who is to act in, started at turnStart.
func (p *Service) turnClock(ctx context.Context, who string, turnStart time.Time, days int, remind bool) (deadline, reminder time.Time, err error) {
	_, hs, err := p.HolidaysOf(ctx, who, turnStart)
	if err != nil {
		return time.Time{}, time.Time{}, err
	}
	deadline, reminder = holiday.Clock(turnStart, time.Duration(days)*holiday.Day, remind, holiday.Spans(hs))
	return deadline, reminder, nil
}

// Deadlines gives the deadline and reminder time of the turn starting now
// in game g (row) after ply number plies has been stored: the reminder
// only once both have moved; none if over (no clock runs).
func (p *Service) Deadlines(ctx context.Context, row db.Game, g games.Game, plies int, over bool) (deadline, remind time.Time, err error) {
	if over {
		return time.Time{}, time.Time{}, nil
	}
	return p.turnClock(ctx, row.Players[g.Turn().Player], p.now(), row.Days, plies >= 2)
}

// HeldGame is one of a player's active games, as MoveClocks held it
// (locked while change and store run): Row is its stored row, with the
// new clock once MoveClocks returns.
type HeldGame struct {
	Row   db.Game
	ToAct bool      // the player is to act: their clock runs in it
	Start time.Time // when that turn began (ToAct only)
	s     *Session
}

// ErrClocksKeptChanging: the player's games kept being played or ended
// (on other replicas) while MoveClocks tried; nothing was changed.
var ErrClocksKeptChanging = errors.New("the games kept changing while their clocks were moved")

// lockGamesOf locks every active game of userID, in every server, in the
// order of their ids (every other path holds one game at a time, so no
// two wait for each other), with the start of each turn they are to act
// in. Call the returned unlock once done.
func (p *Service) lockGamesOf(ctx context.Context, userID string) ([]HeldGame, func(), error) {
	rows, err := p.store.PlayerActiveGames(ctx, userID)
	if err != nil {
		return nil, nil, err
	}
	sort.Slice(rows, func(i, j int) bool { return rows[i].ID < rows[j].ID })
	var held []HeldGame
	unlock := func() {
		for _, h := range held {
			h.s.Unlock()
		}
	}
	for _, row := range rows {
		s, err := p.Lock(ctx, row.ID)
		var ce *CorruptError
		if errors.As(err, &ce) {
			continue // a game whose log does not replay: logged, nobody can move in it
		}
		if err != nil {
			unlock()
			return nil, nil, err
		}
		if s.Row.State != "active" || s.Game.Outcome().Over {
			s.Unlock()
			continue
		}
		g := HeldGame{s: s, Row: s.Row}
		if s.Row.Players[s.Game.Turn().Player] == userID && !s.Row.Deadline.IsZero() {
			g.ToAct, g.Start = true, s.Row.CreatedAt
			if s.Row.Ply > 0 {
				moves, err := p.store.Moves(ctx, s.ID)
				if err != nil || len(moves) == 0 {
					held = append(held, g)
					unlock()
					return nil, nil, fmt.Errorf("reading the moves of game %d: %v (%d moves)", s.ID, err, len(moves))
				}
				g.Start = moves[len(moves)-1].At
			}
		}
		held = append(held, g)
	}
	return held, unlock, nil
}

// clocksWith are the clocks of the turns held that the player is to act
// in, by the one rule, with the player's holidays hs.
func clocksWith(held []HeldGame, hs []holiday.Holiday) []db.Clock {
	var out []db.Clock
	for _, g := range held {
		if !g.ToAct {
			continue
		}
		d, r := holiday.Clock(g.Start, time.Duration(g.Row.Days)*holiday.Day, g.Row.Ply >= 2, holiday.Spans(hs))
		out = append(out, db.Clock{GameID: g.Row.ID, Ply: g.Row.Ply, Deadline: d, ReminderAt: r})
	}
	return out
}

// earliestStart is the earliest turn start held, or at if earlier.
func earliestStart(held []HeldGame, at time.Time) time.Time {
	for _, g := range held {
		if g.ToAct && g.Start.Before(at) {
			at = g.Start
		}
	}
	return at
}

// MoveClocks changes the player's clocks as a holiday's start or end
// does: with every active game of userID locked, it reads their holidays,
// lets change decide (it returns the holidays as they will be, or a
// refusal), and has store keep that with the new clocks in one
// transaction. A game played or ended meanwhile on another replica makes
// it start again (three times at most: ErrClocksKeptChanging). It returns
// the games (unlocked), with the new clocks recorded in their rows.
func (p *Service) MoveClocks(ctx context.Context, userID string,
	change func(rows []db.Holiday, hs []holiday.Holiday, held []HeldGame) ([]holiday.Holiday, error),
	store func(clocks []db.Clock) error) ([]HeldGame, error) {
	for attempt := 0; ; attempt++ {
		held, unlock, err := p.lockGamesOf(ctx, userID)
		if err != nil {
			return nil, err
		}
		err = func() error {
			defer unlock()
			rows, hs, err := p.HolidaysOf(ctx, userID, earliestStart(held, p.now().Add(-holiday.Year)))
			if err != nil {
				return err
			}
			after, err := change(rows, hs, held)
			if err != nil {
				return err
			}
			clocks := clocksWith(held, after)
			if err := store(clocks); err != nil {
				return err
			}
			for _, c := range clocks {
				for i := range held {
					if g := &held[i]; g.Row.ID == c.GameID {
						g.s.Row.Deadline, g.s.Row.ReminderAt = c.Deadline, c.ReminderAt
						g.Row = g.s.Row
					}
				}
			}
			return nil
		}()
		if (errors.Is(err, db.ErrPositionChanged) || errors.Is(err, db.ErrGameOver)) && attempt < 2 {
			continue // held copies are checked against the store when locked again
		}
		if errors.Is(err, db.ErrPositionChanged) || errors.Is(err, db.ErrGameOver) {
			return nil, ErrClocksKeptChanging
		}
		return held, err
	}
}

// HolidayReturns claims each holiday that ran its course by now (once
// across replicas and restarts; one ended early was told then) and hands
// welcome its player's games, theirs to move first (PlayerGames). A panic
// in one is logged and the others handled.
func (p *Service) HolidayReturns(ctx context.Context, now time.Time, welcome func(h db.Holiday, list []PlayerGame)) {
	over, err := p.store.HolidaysOver(ctx, now)
	if err != nil {
		p.log.Error("reading holidays that are over", "err", err)
		return
	}
	for _, h := range over {
		func() {
			defer p.Survive("a return from holiday", 0)
			claimed, err := p.store.ClaimReturn(ctx, h.ID, now)
			if err != nil || !claimed {
				if err != nil {
					p.log.Warn("claiming a return from holiday", "user", h.UserID, "err", err)
				}
				return
			}
			list, err := p.PlayerGames(ctx, h.UserID)
			if err != nil {
				p.log.Warn("listing a returning player's games", "user", h.UserID, "err", err)
				return
			}
			welcome(h, list)
		}()
	}
}
