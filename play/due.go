package play

import (
	"context"
	"errors"
	"time"

	"github.com/bermudachess/bermuda/db"
)

// What the clock makes due in the games, for a scheduler (every replica
// runs one): reminders, losses on time, openings a crash cut short. Every
// list comes from the store, so deadlines survive restarts, and every
// action is claimed in the store first, so none fires twice. Each game is
// handled under its lock, waited for at most patience (a game an action
// holds is left to the next pass); a panic in one is logged, its lock
// released, and the others handled.

// RunDue runs a scheduled job on game id under the game's lock, waiting at
// most patience for it: a failure to load it is logged, and a panic in run
// is logged and the lock released, so one bad game never stops the
// scheduler (or the process).
func (p *Service) RunDue(ctx context.Context, id int64, patience time.Duration, job string, run func(s *Session)) {
	s, ok, err := p.TryLock(ctx, id, patience)
	if !ok {
		return
	}
	if err != nil {
		p.log.Error(job+": loading the game", "game", id, "err", err)
		return
	}
	defer s.Unlock()
	defer p.Survive(job, id)
	run(s)
}

// Reminders claims each turn whose reminder is due by now (once across
// replicas, at the ply it was due for) and has remind tell its player,
// under the game's lock.
func (p *Service) Reminders(ctx context.Context, now time.Time, patience time.Duration, remind func(s *Session)) {
	due, err := p.store.DueReminders(ctx, now)
	if err != nil {
		p.log.Error("reading due reminders", "err", err)
		return
	}
	for _, g := range due {
		p.RunDue(ctx, g.ID, patience, "reminder", func(s *Session) {
			first, err := p.store.MarkReminded(ctx, g.ID, g.Ply)
			if err != nil {
				p.log.Error("marking a reminder", "game", g.ID, "err", err)
				return
			}
			if first && s.Row.State == "active" {
				s.Row.ReminderSent = true
				remind(s)
			}
		})
	}
}

// TimeLosses ends on time every game whose deadline passed by now, if it
// still has, and emits Ended (reason "time"). Ending the game is the
// claim: of several replicas ticking at once, only the one whose end is
// stored emits it. keep, if set, is asked first, under the lock: a front
// end that can no longer show the game ends it otherwise (Abandon) and
// says false.
func (p *Service) TimeLosses(ctx context.Context, now time.Time, patience time.Duration, keep func(s *Session) bool) {
	due, err := p.store.DueTimeouts(ctx, now)
	if err != nil {
		p.log.Error("reading due timeouts", "err", err)
		return
	}
	for _, g := range due {
		p.RunDue(ctx, g.ID, patience, "timeout", func(s *Session) {
			// The row was read under the game's lock: a move that just
			// landed, here or on another replica, shows in it.
			if s.Row.State != "active" || s.Row.Deadline.IsZero() || s.Row.Deadline.After(now) {
				return
			}
			if keep != nil && !keep(s) {
				return
			}
			loser := s.Game.Turn().Player
			_, err := p.EndOutside(ctx, s, int(loser.Other()), "time")
			switch {
			case err == nil:
			case errors.Is(err, ErrEndedMeanwhile):
				s.Game = nil // ended elsewhere meanwhile: reloaded when needed
			default:
				p.log.Warn("ending a game on time", "game", g.ID, "err", err)
			}
		})
	}
}

// Unopened hands open every active game created before since that has no
// front end to be played in yet (a crash cut its opening short), under its
// lock; a game open cannot finish is abandoned (aborted, unrated: nobody
// can have moved in it), and told reports that to its players elsewhere.
func (p *Service) Unopened(ctx context.Context, since time.Time, patience time.Duration,
	open func(s *Session) bool, told func(row db.Game)) {
	due, err := p.store.UnopenedGames(ctx, since)
	if err != nil {
		p.log.Error("reading games whose opening was cut short", "err", err)
		return
	}
	for _, g := range due {
		// An opening still under way in this process holds the game's lock.
		p.RunDue(ctx, g.ID, patience, "an unopened game", func(s *Session) {
			if s.Row.State != "active" || s.Row.ThreadID != "" || open(s) {
				return
			}
			if err := p.Abandon(ctx, s); err != nil {
				if !errors.Is(err, ErrEndedMeanwhile) {
					p.log.Warn("aborting a game whose opening was cut short", "game", s.ID, "err", err)
				}
				s.Game = nil // reloaded when needed
				return
			}
			p.log.Warn("game opening was cut short; game aborted unrated", "game", s.ID)
			told(s.Row)
		})
	}
}
