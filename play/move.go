package play

import (
	"context"
	"errors"
	"time"

	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/games"
)

// MoveResult is a move stored: the game as it stands after it, and after
// any queued answer that followed at once (Row.Ply > Before+1 then).
type MoveResult struct {
	Ply    games.Ply // the move as stored, with its rolls
	Seat   games.Player
	Before int // the ply it was played at
	Row    db.Game
	Game   games.Game
}

// Move plays text (in any notation the variant's parser forgives) for
// r.UserID in r.GameID, if it is their turn at r.AtPly, and commits it
// (Commit). Refusals are *Refusal: ErrOver, ErrNotPlayer, ErrStale,
// ErrNotYourTurn, ErrIllegal (with the games.MoveError), ErrRaced,
// ErrEndedMeanwhile.
func (p *Service) Move(ctx context.Context, r Request, text string) (MoveResult, error) {
	s, seat, err := p.lockPlayer(ctx, r)
	if err != nil {
		return MoveResult{}, err
	}
	defer s.release()
	if t := s.Game.Turn(); t.Player != seat {
		ref := refuse(ErrNotYourTurn, s, seat)
		ref.ComputerToAct = p.ComputerToAct(s.Row, s.Game)
		return MoveResult{}, ref
	}
	next, ply, evs, err := games.Apply(s.Game, text, p.roller)
	var me *games.MoveError
	if errors.As(err, &me) {
		ref := refuse(ErrIllegal, s, seat)
		ref.Move = me
		return MoveResult{}, ref
	}
	if err != nil {
		return MoveResult{}, err
	}
	if err := r.ready(); err != nil {
		return MoveResult{}, err
	}
	before := s.Row.Ply
	if err := p.Commit(ctx, s, r, seat, next, ply, evs); err != nil {
		return MoveResult{}, err
	}
	return MoveResult{Ply: ply, Seat: seat, Before: before, Row: s.Row, Game: s.Game}, nil
}

// Commit stores a move applied to the locked session s (next, ply and evs
// from games.Apply on s.Game) with its rolls, its turn's clock and, if the
// rules ended the game, the end and ratings, in one transaction, at the
// ply s holds (so a move another replica stored first wins: ErrRaced,
// with s reloaded). Only then are the events emitted: Moved, then Ended
// if it ended the game. Then the game's queued lines are followed: a
// matching answer is committed the same way, at once.
func (p *Service) Commit(ctx context.Context, s *Session, r Request, seat games.Player, next games.Game, ply games.Ply, evs []games.Event) error {
	return p.commit(ctx, s, r, seat, next, ply, evs, false)
}

func (p *Service) commit(ctx context.Context, s *Session, r Request, seat games.Player, next games.Game, ply games.Ply, evs []games.Event, queued bool) error {
	o := next.Outcome()
	plies := s.Row.Ply + 1
	// No clock while the computer is to act: it moves as soon as it can.
	deadline, remind, err := p.Deadlines(ctx, s.Row, next, plies, o.Over || p.ComputerToAct(s.Row, next))
	if err != nil {
		return err
	}
	var end *db.End
	if o.Over {
		end = &db.End{Winner: int(o.Winner), Reason: o.Reason}
		if o.Draw {
			end.Winner = -1
		}
	}
	mover := s.Row.Players[seat]
	began := time.Now()
	res, err := p.store.AppendMove(ctx, s.ID, s.Row.Ply, db.Move{
		Ply: plies, Notation: ply.Move, PlayerID: mover, Rolls: ply.Rolls, Dice: diceTexts(evs),
		InteractionID: r.Source, At: p.now(),
	}, deadline, remind, end)
	switch {
	case errors.Is(err, db.ErrPositionChanged):
		// Another replica stored a move at this ply first: nothing of this
		// one (nor its dice) was stored or shown.
		return p.raced(ctx, s, seat)
	case errors.Is(err, db.ErrGameOver):
		s.Game = nil // ended elsewhere: reloaded by the next action
		return &Refusal{Err: ErrEndedMeanwhile, View: ViewOf(s.Row, nil), Seat: seat}
	case err != nil:
		return err
	}
	p.metrics.ObserveStoreCommit(time.Since(began))
	p.metrics.MoveCommitted(s.Row.Variant)
	row, err := p.store.Game(ctx, s.ID)
	if err != nil {
		return err
	}
	s.Row, s.Game = row, next
	s.publish() // readers may see the next move while this one is shown

	// A queued answer that follows at once is the next player's move.
	lines := p.queuedLines(ctx, s)
	owner, _ := p.queuedAnswerFollows(ctx, s, lines)
	p.emit(ctx, Moved{Row: row, Mover: mover, Seat: seat, Ply: ply, Events: evs, Next: next, Queued: queued,
		AnswerFollows: owner, Origin: r.Origin})
	if o.Over {
		// A finished game leaves memory: anything that still needs it
		// reads it from the store.
		p.Forget(s.ID)
		p.emit(ctx, Ended{Row: row, Game: next, Winner: end.Winner, Reason: o.Reason, Result: res, ByMove: true, Origin: r.Origin})
	}
	p.followLines(ctx, s, lines) // the other player's queued answer to this move, if it matches
	return nil
}

// raced reloads the held copy after a move lost the race for its ply.
func (p *Service) raced(ctx context.Context, s *Session, seat games.Player) error {
	row, g, err := p.store.LoadGame(ctx, s.ID)
	if err != nil {
		s.Game = nil // reloaded by the next action
		return &Refusal{Err: ErrRaced, View: ViewOf(s.Row, nil), Seat: seat}
	}
	s.Row, s.Game = row, g
	return &Refusal{Err: ErrRaced, View: ViewOf(row, g), Seat: seat}
}

func diceTexts(evs []games.Event) []string {
	var out []string
	for _, e := range games.DiceEvents(evs) {
		out = append(out, e.Text)
	}
	return out
}
