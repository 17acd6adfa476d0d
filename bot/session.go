package bot

import (
	"context"
	"errors"

	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/games"
	"github.com/bermudachess/bermuda/play"
)

// Games are held, locked and checked against the store by package play
// (play.Session); the bot only turns its refusals into answers.
type (
	session  = play.Session
	gameView = play.View
)

// lockGame returns the game's session, loaded and locked (play.Lock). The
// caller must call Unlock. A game that fails to replay is reported.
func (b *Bot) lockGame(ctx context.Context, id int64) (*session, error) {
	s, err := b.play.Lock(ctx, id)
	return s, corruptAnswer(err)
}

// corruptAnswer says what a player reads about a game that does not replay.
func corruptAnswer(err error) error {
	var ce *play.CorruptError
	if errors.As(err, &ce) {
		return userErrorf("⚠️ Game #%d cannot be loaded: its stored move log does not replay (%v). An admin has to look at it; nothing was changed.", ce.ID, ce.Err)
	}
	return err
}

// gameView returns the game's latest view without waiting for an action
// in progress.
func (b *Bot) gameView(ctx context.Context, id int64) (*gameView, error) {
	v, err := b.play.View(ctx, id)
	return v, corruptAnswer(err)
}

// currentView is the game's view for readers that must not wait,
// reloaded when the stored row shows the held one is behind.
func (b *Bot) currentView(ctx context.Context, row db.Game) (*gameView, error) {
	v, err := b.play.CurrentView(ctx, row)
	return v, corruptAnswer(err)
}

// gameIDInThread finds the id of the game whose thread this is.
func (b *Bot) gameIDInThread(ctx context.Context, r *request) (int64, error) {
	row, err := b.store.GameByThread(ctx, r.i.ChannelID)
	if errors.Is(err, db.ErrNotFound) {
		return 0, b.noGameHere(ctx, r)
	}
	return row.ID, err
}

// gameInThread finds the game whose thread this is, locked.
func (b *Bot) gameInThread(ctx context.Context, r *request) (*session, error) {
	id, err := b.gameIDInThread(ctx, r)
	if err != nil {
		return nil, err
	}
	return b.lockGame(ctx, id)
}

// seatOf returns which games.Player userID is among players, or NoPlayer.
func seatOf(players [2]string, userID string) games.Player { return play.SeatOf(players, userID) }

// notPlayer refuses anyone who is not one of the game's players.
func notPlayer(row db.Game) error {
	return userErrorf("You are not a player in this game: only <@%s> and <@%s> can do that here.", row.Players[0], row.Players[1])
}

// gameOver refuses actions on a finished game.
func gameOver(row db.Game) error {
	return userErrorf("This game is already over (%s). Start a new one with `/rematch` or `/challenge`.", row.Reason)
}

// playerGame finds this thread's game, locked, for an action only its
// players may take while it is active. The caller must unlock it.
func (b *Bot) playerGame(ctx context.Context, r *request) (*session, games.Player, error) {
	s, err := b.gameInThread(ctx, r)
	if err != nil {
		return nil, games.NoPlayer, err
	}
	if s.Row.State != "active" {
		s.Unlock()
		return nil, games.NoPlayer, gameOver(s.Row)
	}
	p := s.PlayerOf(r.userID())
	if p == games.NoPlayer {
		s.Unlock()
		return nil, games.NoPlayer, notPlayer(s.Row)
	}
	return s, p, nil
}

// refusal turns play's refusals common to every action into answers;
// others come back as they are (and nil as nil).
func refusal(err error) error {
	var ref *play.Refusal
	if !errors.As(err, &ref) {
		return err
	}
	switch {
	case errors.Is(err, play.ErrOver):
		return gameOver(ref.View.Row)
	case errors.Is(err, play.ErrNotPlayer):
		return notPlayer(ref.View.Row)
	}
	return err
}
