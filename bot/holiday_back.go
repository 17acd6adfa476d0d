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
	over, err := b.store.HolidaysOver(ctx, now)
	if err != nil {
		b.log.Error("reading holidays that are over", "err", err)
		return
	}
	for _, h := range over {
		func() {
			defer b.survive("a return from holiday", 0)
			b.welcomeBack(ctx, h, now)
		}()
	}
}

func (b *Bot) welcomeBack(ctx context.Context, h db.Holiday, now time.Time) {
	claimed, err := b.store.ClaimReturn(ctx, h.ID, now)
	if err != nil || !claimed {
		if err != nil {
			b.log.Warn("claiming a return from holiday", "user", h.UserID, "err", err)
		}
		return
	}
	list, err := b.playerGames(ctx, h.UserID)
	if err != nil {
		b.log.Warn("listing a returning player's games", "user", h.UserID, "err", err)
		return
	}
	for _, pg := range list {
		if !pg.yourMove {
			continue
		}
		text := fmt.Sprintf("🏖️ Welcome back, %s: your holiday is over and your clock runs again.", mention(h.UserID))
		if !pg.row.Deadline.IsZero() {
			text += fmt.Sprintf(" Your time runs out <t:%d:R>.", pg.row.Deadline.Unix())
		}
		msg := &discordgo.MessageSend{Content: text, AllowedMentions: b.reminderPings(h.UserID), Components: moveButton(pg.row.ID)}
		if _, err := b.send(pg.row.ThreadID, msg); err != nil {
			b.log.Warn("telling a thread its player is back", "game", pg.row.ID, "err", err)
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
