package bot

import (
	"context"
	"fmt"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/bermudachess/bermuda/db"
)

// holidayReturns tells each player whose holiday ran its course that
// their clocks run again: in the thread of every game where it is their
// move (pinging them, as the reminder does, unless they chose direct
// messages), and by one direct message listing those games if they did.
// A holiday ended early with /vacation end was told then. Each return is
// claimed in the database first, so it is told once across replicas and
// restarts.
func (b *Bot) holidayReturns(ctx context.Context, now time.Time) {
	b.play.HolidayReturns(ctx, now, func(h db.Holiday, list []playerGame) { b.welcomeBack(ctx, h, list) })
}

func (b *Bot) welcomeBack(ctx context.Context, h db.Holiday, list []playerGame) {
	for _, pg := range list {
		if !pg.YourMove {
			continue
		}
		text := fmt.Sprintf("🏖️ Welcome back, %s: your holiday is over and your clock runs again.", mention(h.UserID))
		if !pg.Row.Deadline.IsZero() {
			text += fmt.Sprintf(" Your time runs out <t:%d:R>.", pg.Row.Deadline.Unix())
		}
		msg := &discordgo.MessageSend{Content: text, AllowedMentions: b.reminderPings(h.UserID), Components: moveButton(pg.Row.ID)}
		if _, err := b.send(pg.Row.ThreadID, msg); err != nil {
			b.log.Warn("telling a thread its player is back", "game", pg.Row.ID, "err", err)
		}
	}
	n, err := b.store.NoticeSetting(ctx, h.UserID)
	if err != nil || n.Mode != db.NoticeDM {
		return
	}
	b.dmYourMoves(ctx, n, list, func(games int) string {
		return fmt.Sprintf("🏖️ **Welcome back:** your holiday is over, and it's your move in %s.", plural(games, "game"))
	})
}
