package play

import (
	"context"

	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/games"
)

// Seats orders a new game's players, a and b, in games.Player order: a
// plays first when color is "white" (or ""), second when "black", and as
// a die says when "random".
func (p *Service) Seats(a, b, color string) [2]string {
	switch color {
	case "black":
		return [2]string{b, a}
	case "random":
		if f, err := p.roller.Roll(2); err == nil && f == 2 {
			return [2]string{b, a}
		}
	}
	return [2]string{a, b}
}

// NewGame readies a game to be stored (by the front end's own claim: a
// challenge accepted, a round paired): row names its variant, players,
// days and the rest; NewGame starts the variant (rolling what its start
// rolls) and fills in the state, the times and the first turn's deadline
// (none while the computer is to act). Once stored, Hold it until the
// game is shown.
func (p *Service) NewGame(ctx context.Context, row db.Game) (db.Game, games.Game, []games.Event, error) {
	g, rolls, evs, err := games.Start(row.Variant, "", p.roller)
	if err != nil {
		return row, nil, nil, err
	}
	now := p.now()
	row.StartRolls, row.State, row.Winner, row.DrawOfferBy, row.CreatedAt, row.UpdatedAt = rolls, "active", -1, -1, now, now
	if !p.ComputerToAct(row, g) {
		if row.Deadline, _, err = p.Deadlines(ctx, row, g, 0, false); err != nil {
			return row, nil, nil, err
		}
	}
	return row, g, evs, nil
}

// Open stores a new game (row and g from NewGame) with create (CreateGame,
// or the claim that makes it, such as a challenge accepted), which returns
// its id, and holds it locked until the front end has shown it: a quick
// first action can then neither load a second copy nor act before the game
// is shown. Call Shown once it can be found where it is shown, or Cancel;
// then Unlock.
func (p *Service) Open(row db.Game, g games.Game, create func(db.Game) (int64, error)) (*Session, error) {
	id, err := create(row)
	if err != nil {
		return nil, err
	}
	row.ID = id
	return p.Hold(row, g), nil
}

// Shown records where the held game s is shown (its thread): only then can
// any replica find it from there (s's lock holds actions back in this
// process only). A game that could not be recorded is forgotten.
func (p *Service) Shown(ctx context.Context, s *Session, threadID string) error {
	s.Row.ThreadID = threadID
	if err := p.store.SetGameThread(ctx, s.ID, threadID); err != nil {
		p.Forget(s.ID)
		return err
	}
	return nil
}

// Cancel ends a held game that could not be shown: aborted, unrated, with
// nothing played, and emits Ended with Abandoned set (the front end that
// failed says so itself).
func (p *Service) Cancel(ctx context.Context, s *Session) {
	if err := p.Abandon(ctx, s); err != nil {
		p.log.Warn("cancelling a game that could not open", "game", s.ID, "err", err)
	}
}
