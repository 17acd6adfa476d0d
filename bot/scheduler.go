package bot

import (
	"context"
	"fmt"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Tick does whatever the clock has made due: reminders at 80% of a move's
// time, losses on time, and expired challenges. Everything it reads comes
// from the database, so deadlines survive restarts, and every action is
// claimed in the database first, so none fires twice.
func (b *Bot) Tick(ctx context.Context) {
	now := b.Now()
	b.remind(ctx, now)
	b.timeouts(ctx, now)
	b.expireChallenges(ctx, now)
}

// RunScheduler ticks every interval until ctx ends.
func (b *Bot) RunScheduler(ctx context.Context, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		b.Tick(ctx)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

func (b *Bot) remind(ctx context.Context, now time.Time) {
	due, err := b.store.DueReminders(ctx, now)
	if err != nil {
		b.log.Error("reading due reminders", "err", err)
		return
	}
	for _, g := range due {
		s, err := b.lockGame(ctx, g.ID)
		if err != nil {
			b.log.Error("reminder: loading game", "game", g.ID, "err", err)
			continue
		}
		first, err := b.store.MarkReminded(ctx, g.ID, g.Ply)
		if err == nil && first && s.row.State == "active" {
			s.row.ReminderSent = true
			t := s.game.Turn()
			who := s.row.Players[t.Player]
			b.sendText(s.row.ThreadID, fmt.Sprintf("⏰ %s, it's your move (%s). Your time runs out <t:%d:R>; after that the game is lost on time.",
				mention(who), s.game.Roles()[t.Player], s.row.Deadline.Unix()), pingOnly(who))
		} else if err != nil {
			b.log.Error("marking a reminder", "game", g.ID, "err", err)
		}
		s.unlock()
	}
}

func (b *Bot) timeouts(ctx context.Context, now time.Time) {
	due, err := b.store.DueTimeouts(ctx, now)
	if err != nil {
		b.log.Error("reading due timeouts", "err", err)
		return
	}
	for _, g := range due {
		s, err := b.lockGame(ctx, g.ID)
		if err != nil {
			b.log.Error("timeout: loading game", "game", g.ID, "err", err)
			continue
		}
		// Re-check under the game's lock: a move may have just landed.
		if fresh, err := b.store.Game(ctx, g.ID); err == nil && fresh.State == "active" && !fresh.Deadline.IsZero() && !fresh.Deadline.After(now) {
			s.row = fresh
			loser := s.game.Turn().Player
			b.sendText(s.row.ThreadID, fmt.Sprintf("⌛ %s ran out of time.", mention(s.row.Players[loser])), noPings)
			if _, err := b.endOutside(ctx, s, int(loser.Other()), "time"); err != nil {
				b.log.Warn("ending a game on time", "game", g.ID, "err", err)
			}
		}
		s.unlock()
	}
}

func (b *Bot) expireChallenges(ctx context.Context, now time.Time) {
	due, err := b.store.ExpiredChallenges(ctx, now)
	if err != nil {
		b.log.Error("reading expired challenges", "err", err)
		return
	}
	for _, c := range due {
		if err := b.store.CloseChallenge(ctx, c.ID, "expired"); err != nil {
			continue // accepted or answered meanwhile
		}
		if c.MessageID == "" {
			continue
		}
		text := fmt.Sprintf("~~%s challenged %s to %s~~ — expired unanswered.", mention(c.ChallengerID), opponentText(c), variantName(c.Variant))
		_, err := b.dc.Edit(&discordgo.MessageEdit{Channel: c.ChannelID, ID: c.MessageID, Content: &text,
			Components: &[]discordgo.MessageComponent{}, Embeds: &[]*discordgo.MessageEmbed{}, AllowedMentions: noPings})
		if err != nil {
			b.log.Warn("removing an expired challenge's buttons", "challenge", c.ID, "err", err)
		}
	}
}
