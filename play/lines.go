package play

import (
	"context"
	"errors"
	"time"

	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/games"
	"github.com/bermudachess/bermuda/premove"
)

// Conditional lines: after moving, a player may queue answers to the
// opponent's next moves (package premove checks a line and follows it;
// db premoves stores it in canonical notation). When a move is stored,
// Commit follows the game's lines: a matching move has its answer played
// at once through Commit itself (stored at its ply, so once only, then
// emitted as any move, Queued), and the rest of the line stays queued;
// any other move clears it. FollowDue follows the lines a crash or a
// restart left behind. Variants with dice offer none.

// queuedLines reads the game's queued lines once for commit's two uses
// (whether an answer follows, then following them); none in a variant
// with dice. A read that fails counts as none: FollowDue follows the
// lines later.
func (p *Service) queuedLines(ctx context.Context, s *Session) []db.Premove {
	if offered, _ := premove.Offered(s.Row.Variant); !offered {
		return nil
	}
	lines, err := p.store.Premoves(ctx, s.ID)
	if err != nil {
		p.log.Error("reading conditional moves", "game", s.ID, "err", err)
		return nil
	}
	return lines
}

// FollowLines follows the game's queued lines (s locked): a matching
// move has its answer played; a line another move cleared, or whose game
// ended, is deleted. Every change is conditional on the line's ply, and
// the answer is stored at its ply, so a repeat (another replica, a
// retried pass) plays nothing twice.
func (p *Service) FollowLines(ctx context.Context, s *Session) {
	p.followLines(ctx, s, p.queuedLines(ctx, s))
}

func (p *Service) followLines(ctx context.Context, s *Session, lines []db.Premove) {
	defer p.Survive("conditional moves", s.ID)
	for _, q := range lines {
		if p.followLine(ctx, s, q) {
			return // the answer's own commit followed the lines again
		}
	}
}

// lineStep says what the line q means now that the game stands at
// s.Row.Ply, from the stored move log (ok is false if it could not be
// read: the line is left for a later pass).
func (p *Service) lineStep(ctx context.Context, s *Session, q db.Premove) (step premove.Step, why string, ok bool) {
	switch {
	case s.Game == nil || s.Row.State != "active" || s.Game.Outcome().Over:
		return premove.Step{State: premove.Gone}, "the game is over", true
	case s.Row.Ply == q.Ply:
		return premove.Step{State: premove.Waiting, Rest: q.Moves}, "", true // waiting for the opponent's move
	case s.Row.Ply < q.Ply:
		return premove.Step{State: premove.Gone}, "the line is ahead of the game", true
	}
	log, err := p.store.Moves(ctx, s.ID)
	if err != nil || len(log) != s.Row.Ply {
		p.log.Error("reading the moves a conditional line follows", "game", s.ID, "moves", len(log), "err", err)
		return premove.Step{}, "", false
	}
	played := make([]string, 0, len(log)-q.Ply)
	for _, m := range log[q.Ply:] {
		played = append(played, m.Notation)
	}
	step = premove.Follow(q.Moves, played)
	if step.State == premove.Due {
		if seat := s.PlayerOf(q.OwnerID); seat == games.NoPlayer || s.Game.Turn().Player != seat {
			return premove.Step{State: premove.Gone}, "not the owner's turn", true
		}
	}
	return step, "another move, or the line's end", true
}

// queuedAnswerFollows says whether a queued answer to the move just
// stored is due, and whose.
func (p *Service) queuedAnswerFollows(ctx context.Context, s *Session, lines []db.Premove) (owner string, ok bool) {
	for _, q := range lines {
		if step, _, ok := p.lineStep(ctx, s, q); ok && step.State == premove.Due {
			return q.OwnerID, true
		}
	}
	return "", false
}

// followLine follows one line and reports whether it played its answer.
func (p *Service) followLine(ctx context.Context, s *Session, q db.Premove) bool {
	step, why, ok := p.lineStep(ctx, s, q)
	if !ok {
		return false
	}
	switch step.State {
	case premove.Gone:
		if _, err := p.store.DeletePremove(ctx, s.ID, q.OwnerID, q.Ply); err != nil {
			p.log.Error("clearing a conditional line", "game", s.ID, "err", err)
		}
		p.log.Debug("conditional line cleared", "game", s.ID, "ply", q.Ply, "why", why)
	case premove.Waiting:
		if step.Skip > 0 {
			if _, err := p.store.AdvancePremove(ctx, s.ID, q.OwnerID, q.Ply, q.Ply+step.Skip, step.Rest); err != nil {
				p.log.Error("moving a conditional line on", "game", s.ID, "err", err)
			}
		}
	case premove.Due:
		next, ply, evs, err := games.Apply(s.Game, step.Reply, p.roller)
		if err != nil {
			p.log.Error("a queued answer does not apply", "game", s.ID, "move", step.Reply, "err", err)
			p.store.DeletePremove(ctx, s.ID, q.OwnerID, q.Ply)
			return false
		}
		// A move without a request, as the computer's: stored at its ply
		// (one copy only, whoever follows).
		r := Request{GameID: s.ID, UserID: q.OwnerID, AtPly: s.Row.Ply}
		if err := p.commit(ctx, s, r, s.PlayerOf(q.OwnerID), next, ply, evs, true); err != nil {
			if _, refused := err.(*Refusal); !refused {
				p.log.Error("playing a queued answer", "game", s.ID, "err", err)
			}
			return false
		}
		return true
	}
	return false
}

// FollowDue follows the lines whose game has moved past them or ended (a
// crash between a move and its answer, or a game ended by resignation,
// time or abort): for a scheduler's every pass. A game busy for longer
// than patience is left to the next pass.
func (p *Service) FollowDue(ctx context.Context, patience time.Duration) {
	lines, err := p.store.PremovesToFollow(ctx)
	if err != nil {
		p.log.Error("reading conditional moves to follow", "err", err)
		return
	}
	done := map[int64]bool{}
	for _, q := range lines {
		if done[q.GameID] {
			continue
		}
		done[q.GameID] = true
		row, err := p.store.Game(ctx, q.GameID)
		if err != nil {
			p.log.Error("conditional moves: reading the game", "game", q.GameID, "err", err)
			continue
		}
		if row.State != "active" { // ended: nothing to play, nothing to load
			for _, l := range lines {
				if l.GameID == q.GameID {
					p.store.DeletePremove(ctx, l.GameID, l.OwnerID, l.Ply)
				}
			}
			continue
		}
		s, ok, err := p.TryLock(ctx, q.GameID, patience)
		if !ok {
			continue
		}
		if err != nil {
			p.log.Error("conditional moves: loading game", "game", q.GameID, "err", err)
			continue
		}
		func() {
			defer s.Unlock()
			defer p.Survive("conditional moves", q.GameID)
			p.FollowLines(ctx, s)
		}()
	}
}

// ErrNoLines: the variant has dice, so no conditional lines; ErrYourTurn:
// lines are queued while the opponent is to move.
var (
	ErrNoLines  = errors.New("conditional moves are not offered in this variant")
	ErrYourTurn = errors.New("it is your turn: play your move")
)

// Line is userID's queued line in the game, or nil.
func (p *Service) Line(ctx context.Context, gameID int64, userID string) (*db.Premove, error) {
	lines, err := p.store.Premoves(ctx, gameID)
	if err != nil {
		return nil, err
	}
	for _, q := range lines {
		if q.OwnerID == userID {
			return &q, nil
		}
	}
	return nil, nil
}

// SetLine checks words (pairs of the opponent's move and r.UserID's
// answer, premove.Split) in the game as it stands at r.AtPly and queues
// them, replacing r.UserID's line. Refusals: ErrNoLines, ErrYourTurn, a
// *premove.LineError or premove.ErrEmpty as premove.Check says, and those
// of every action (ErrRaced if the opponent moved meanwhile).
func (p *Service) SetLine(ctx context.Context, r Request, words []string) (premove.Line, error) {
	s, seat, err := p.lockPlayer(ctx, r)
	if err != nil {
		return nil, err
	}
	defer s.release()
	if offered, err := premove.Offered(s.Row.Variant); err != nil {
		return nil, err
	} else if !offered {
		return nil, refuse(ErrNoLines, s, seat)
	}
	if s.Game.Turn().Player == seat {
		return nil, refuse(ErrYourTurn, s, seat)
	}
	line, err := premove.Check(s.Game, seat, words)
	if err != nil {
		return nil, err
	}
	if err := r.ready(); err != nil {
		return nil, err
	}
	err = p.store.SetPremove(ctx, db.Premove{GameID: s.ID, OwnerID: r.UserID, Ply: s.Row.Ply, Moves: line})
	switch {
	case errors.Is(err, db.ErrPositionChanged):
		s.Game = nil // reloaded by the next action
		return nil, &Refusal{Err: ErrRaced, View: ViewOf(s.Row, nil), Seat: seat}
	case errors.Is(err, db.ErrGameOver):
		s.Game = nil
		return nil, &Refusal{Err: ErrEndedMeanwhile, View: ViewOf(s.Row, nil), Seat: seat}
	case err != nil:
		return nil, err
	}
	return line, nil
}

// ClearLine deletes userID's queued line in the game, the one queued at
// ply (AnyPly: whichever), and says whether there was one.
func (p *Service) ClearLine(ctx context.Context, gameID int64, userID string, ply int) (bool, error) {
	return p.store.DeletePremove(ctx, gameID, userID, ply)
}
