package play

import (
	"context"
	"errors"

	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/games"
)

// Resign ends the game as lost for r.UserID.
func (p *Service) Resign(ctx context.Context, r Request) (Ended, error) {
	s, seat, err := p.lockPlayer(ctx, r)
	if err != nil {
		return Ended{}, err
	}
	defer s.release()
	if err := r.ready(); err != nil {
		return Ended{}, err
	}
	return p.endOutside(ctx, s, r, seat, int(seat.Other()), "resignation")
}

// Abort ends the game unrated, drawn, while one of the players has not
// moved yet (ErrTooLate after).
func (p *Service) Abort(ctx context.Context, r Request) (Ended, error) {
	s, seat, err := p.lockPlayer(ctx, r)
	if err != nil {
		return Ended{}, err
	}
	defer s.release()
	if s.Row.Ply >= 2 {
		return Ended{}, refuse(ErrTooLate, s, seat)
	}
	if err := r.ready(); err != nil {
		return Ended{}, err
	}
	return p.endOutside(ctx, s, r, seat, -1, "aborted")
}

// DrawResult is a draw offer stored (Row.DrawOfferBy is its seat), or,
// if Ended is set, a draw agreed.
type DrawResult struct {
	Row   db.Game
	Seat  games.Player
	Ended *Ended
}

// OfferDraw offers a draw for r.UserID; an offer made back to a pending
// one accepts it (both want a draw). Refusals: ErrComputerDraw (the
// computer plays on), ErrOfferPending (already offered). r.Ready is
// called only before an agreement is stored.
func (p *Service) OfferDraw(ctx context.Context, r Request) (DrawResult, error) {
	s, seat, err := p.lockPlayer(ctx, r)
	if err != nil {
		return DrawResult{}, err
	}
	defer s.release()
	if s.Row.ComputerLevel > 0 {
		return DrawResult{}, refuse(ErrComputerDraw, s, seat)
	}
	switch s.Row.DrawOfferBy {
	case int(seat):
		return DrawResult{}, refuse(ErrOfferPending, s, seat)
	case int(seat.Other()):
		if err := r.ready(); err != nil {
			return DrawResult{}, err
		}
		ev, err := p.endOutside(ctx, s, r, seat, -1, "agreement")
		if err != nil {
			return DrawResult{}, err
		}
		return DrawResult{Row: ev.Row, Seat: seat, Ended: &ev}, nil
	}
	if err := p.store.SetDrawOffer(ctx, s.ID, int(seat)); err != nil {
		return DrawResult{}, err
	}
	s.Row.DrawOfferBy = int(seat)
	p.emit(ctx, DrawOffered{Row: s.Row, By: seat, Origin: r.Origin})
	return DrawResult{Row: s.Row, Seat: seat}, nil
}

// AnswerDraw accepts or declines the opponent's pending draw offer.
// Refusals: ErrOwnOffer, ErrNoOffer (none open: answered, or a move was
// made since), and those of every player's action.
func (p *Service) AnswerDraw(ctx context.Context, r Request, accept bool) (DrawResult, error) {
	s, seat, err := p.lockPlayer(ctx, r)
	if err != nil {
		return DrawResult{}, err
	}
	defer s.release()
	switch s.Row.DrawOfferBy {
	case int(seat.Other()):
	case int(seat):
		return DrawResult{}, refuse(ErrOwnOffer, s, seat)
	default:
		return DrawResult{}, refuse(ErrNoOffer, s, seat)
	}
	if err := r.ready(); err != nil {
		return DrawResult{}, err
	}
	if accept {
		ev, err := p.endOutside(ctx, s, r, seat, -1, "agreement")
		if err != nil {
			return DrawResult{}, err
		}
		return DrawResult{Row: ev.Row, Seat: seat, Ended: &ev}, nil
	}
	if err := p.store.SetDrawOffer(ctx, s.ID, -1); err != nil {
		return DrawResult{}, err
	}
	s.Row.DrawOfferBy = -1
	p.emit(ctx, DrawDeclined{Row: s.Row, By: seat, Origin: r.Origin})
	return DrawResult{Row: s.Row, Seat: seat}, nil
}

// EndOutside ends the locked game s for a reason outside the rules
// (resignation, agreement, abort, time) in one transaction with its
// ratings, then emits Ended. ErrEndedMeanwhile if it had already ended.
func (p *Service) EndOutside(ctx context.Context, s *Session, winner int, reason string) (Ended, error) {
	return p.endOutside(ctx, s, Request{GameID: s.ID, AtPly: AnyPly}, games.NoPlayer, winner, reason)
}

func (p *Service) endOutside(ctx context.Context, s *Session, r Request, seat games.Player, winner int, reason string) (Ended, error) {
	res, err := p.store.EndGame(ctx, s.ID, db.End{Winner: winner, Reason: reason})
	if errors.Is(err, db.ErrGameOver) {
		return Ended{}, refuse(ErrEndedMeanwhile, s, seat)
	}
	if err != nil {
		return Ended{}, err
	}
	if row, err := p.store.Game(ctx, s.ID); err == nil {
		s.Row = row
	}
	ev := Ended{Row: s.Row, Game: s.Game, Winner: winner, Reason: reason, Result: res, Origin: r.Origin}
	p.Forget(s.ID)
	p.emit(ctx, ev)
	return ev, nil
}
