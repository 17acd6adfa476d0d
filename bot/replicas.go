package bot

import (
	"context"
	"fmt"

	"github.com/bermudachess/bermuda/db"
)

// Several replicas may hold the same game in memory while players' moves
// reach whichever one Discord or the load balancer picked. The database is
// the truth: a held copy is used only after its ply and state are checked
// against the stored row, and a move is stored only at the ply it was
// played from (db.ErrPositionChanged otherwise), so nothing is lost,
// doubled, or decided on a stale position.

// checkHeld compares a held game with its stored row: the same ply and
// state keep the rules state (only the row is refreshed: a draw offer, a
// deadline); anything else drops it, so the caller reloads the game.
func (b *Bot) checkHeld(ctx context.Context, s *session) error {
	row, err := b.store.Game(ctx, s.id)
	if err != nil {
		return err
	}
	if row.Ply != s.row.Ply || row.State != s.row.State {
		s.game = nil
		return nil
	}
	s.row = row
	return nil
}

// positionChanged answers a move that lost the race for its ply (another
// replica stored a move there first): the held copy is reloaded, and the
// player is told what happened and whose turn it is now.
func (b *Bot) positionChanged(ctx context.Context, s *session) error {
	row, g, err := b.store.LoadGame(ctx, s.id)
	if err != nil {
		s.game = nil // reloaded by the next action
		return userErrorf("Another move was stored in this game while yours was on its way, so yours was not played. Look at the latest board and try again.")
	}
	s.row, s.game = row, g
	if row.State != "active" {
		return userErrorf("This game ended while your move was on its way (%s); your move was not played.", row.Reason)
	}
	t := g.Turn()
	return userErrorf("Another move was stored in this game while yours was on its way, so yours was not played. It is now move %d, %s (%s) to play: look at the latest board and try again.",
		row.Ply+1, mention(row.Players[t.Player]), g.Roles()[t.Player])
}

// currentView is the game's view for readers that must not wait (see
// gameView), reloaded when the stored row shows the held one is behind.
func (b *Bot) currentView(ctx context.Context, row db.Game) (*gameView, error) {
	v, err := b.gameView(ctx, row.ID)
	if err != nil || (v.ply == row.Ply && v.active == (row.State == "active")) {
		return v, err
	}
	s, err := b.lockGame(ctx, row.ID) // checks the held copy against the store
	if err != nil {
		return nil, err
	}
	s.unlock()
	return s.view.Load(), nil
}

// showTimeLoss says in the thread that the player to move ran out of time,
// then shows the final board and the result. Call it only after this
// process's EndGame succeeded: that is the claim that makes one replica,
// and one only, say it.
func (b *Bot) showTimeLoss(ctx context.Context, s *session, loser, winner int, res db.Result) {
	if row, err := b.store.Game(ctx, s.id); err == nil {
		s.row = row
	}
	text := fmt.Sprintf("⌛ %s ran out of time.", mention(s.row.Players[loser]))
	if err := b.sendText(s.row.ThreadID, text, noPings); err != nil {
		b.log.Warn("could not say that a game was lost on time", "game", s.id, "thread", s.row.ThreadID, "err", err)
	}
	if msg, err := b.boardMessage(s.row, s.game, "Final position"); err == nil {
		b.send(s.row.ThreadID, msg)
	}
	b.announceEnd(s.row, s.game, winner, "time", res)
}
