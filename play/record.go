package play

import (
	"context"

	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/games"
)

// Record is the stored game as a record (games.Record: its variant,
// setup and moves with their rolls), with its stored moves.
func (p *Service) Record(ctx context.Context, row db.Game) (games.Record, []db.Move, error) {
	moves, err := p.store.Moves(ctx, row.ID)
	if err != nil {
		return games.Record{}, nil, err
	}
	rec := games.Record{Variant: row.Variant, Setup: row.Setup, StartRolls: row.StartRolls}
	for _, m := range moves {
		rec.Plies = append(rec.Plies, games.Ply{Move: m.Notation, Rolls: m.Rolls})
	}
	return rec, moves, nil
}

// History replays the stored game to list its positions before the
// current one (for a search to see repetitions).
func (p *Service) History(ctx context.Context, row db.Game) ([]games.Game, error) {
	rec, _, err := p.Record(ctx, row)
	if err != nil {
		return nil, err
	}
	var out []games.Game
	_, err = games.ReplayEach(rec, func(st games.ReplayStep) {
		if st.Index >= 0 {
			out = append(out, st.Before)
		}
	})
	return out, err
}

// ComputerTurn is the position the computer must move from in a game, if
// it is its turn (ok false otherwise): a copy, so that the game stays
// playable and readable while it thinks. Its move then goes through Move,
// at Row.Ply, as the computer's user id.
func (p *Service) ComputerTurn(ctx context.Context, gameID int64) (pos games.Game, row db.Game, seat games.Player, ok bool, err error) {
	s, err := p.Lock(ctx, gameID) // checked against the stored row
	if err != nil {
		return nil, db.Game{}, games.NoPlayer, false, err
	}
	defer s.release()
	if !p.ComputerToAct(s.Row, s.Game) {
		return nil, db.Game{}, games.NoPlayer, false, nil
	}
	return s.Game.Clone(), s.Row, p.ComputerSeat(s.Row), true, nil
}
