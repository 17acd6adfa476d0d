package bot

import (
	"context"
	"fmt"

	"github.com/bermudachess/bermuda/db"
)

// showTimeLoss says in the thread that the player to move ran out of time,
// then shows the final board and the result. Call it only after this
// process's EndGame succeeded: that is the claim that makes one replica,
// and one only, say it.
func (b *Bot) showTimeLoss(ctx context.Context, s *session, loser, winner int, res db.Result) {
	if row, err := b.store.Game(ctx, s.ID); err == nil {
		s.Row = row
	}
	text := fmt.Sprintf("⌛ %s ran out of time.", mention(s.Row.Players[loser]))
	if err := b.sendText(s.Row.ThreadID, text, noPings); err != nil {
		b.log.Warn("could not say that a game was lost on time", "game", s.ID, "thread", s.Row.ThreadID, "err", err)
	}
	if msg, err := b.boardMessage(s.Row, s.Game, "Final position"); err == nil {
		b.send(s.Row.ThreadID, msg)
	}
	b.announceEnd(s.Row, s.Game, winner, "time", res)
}
