package bot

import (
	"context"
	"fmt"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/bermudachess/bermuda/db"
)

// Tick does whatever the clock has made due: reminders at 80% of a move's
// time, losses on time, games whose opening a crash cut short, expired
// challenges, the computer's moves still owed (after a restart), reviews
// whose process stopped, tournaments to start, pair or finish, the daily
// puzzles, players back from holiday, daily digests and conditional moves
// a crash left behind. Everything it reads comes from the database, so
// deadlines survive restarts, and every action is claimed in the database
// first, so none fires twice.
func (b *Bot) Tick(ctx context.Context) {
	now := b.Now()
	b.remind(ctx, now)   // each game's reminder survives its own panic
	b.timeouts(ctx, now) // and so does each loss on time
	func() { defer b.play.Survive("games whose opening was cut short", 0); b.unopenedGames(ctx, now) }()
	func() { defer b.play.Survive("expiring challenges", 0); b.expireChallenges(ctx, now) }()
	func() { defer b.play.Survive("the computer's due moves", 0); b.opponent().DueMoves(ctx) }()
	func() { defer b.play.Survive("reviews whose process stopped", 0); b.resumeReviews(ctx) }()
	func() { defer b.play.Survive("tournaments", 0); b.dueTournaments(ctx, now) }() // tournament_rounds.go
	func() { defer b.play.Survive("daily puzzles", 0); b.dailyPuzzles(ctx, now) }()
	func() { defer b.play.Survive("returns from holiday", 0); b.holidayReturns(ctx, now) }()            // holiday_back.go
	func() { defer b.play.Survive("daily digests", 0); b.digests(ctx, now) }()                          // notify.go
	func() { defer b.play.Survive("conditional moves", 0); b.play.FollowDue(ctx, schedulerPatience) }() // play/lines.go
	// Claims on interaction ids only matter while Discord might deliver an
	// id again: never after its 15-minute token life. Keep an hour.
	if _, err := b.store.ForgetInteractions(ctx, time.Now().Add(-time.Hour)); err != nil {
		b.log.Warn("forgetting old interaction claims", "err", err)
	}
	if _, err := b.store.ForgetPremoveDrafts(ctx); err != nil { // premove_pick.go
		b.log.Warn("forgetting conditional-line drafts that can no longer be used", "err", err)
	}
}

// schedulerPatience is how long the scheduler waits for a game an action
// holds before leaving it to the next tick (an action's own work takes
// milliseconds; only Discord calls retried through an outage take longer).
var schedulerPatience = 5 * time.Second

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

// remind tells each player whose turn's reminder is due (play.Reminders
// claims it): in the thread, and by DM to those who chose it.
func (b *Bot) remind(ctx context.Context, now time.Time) {
	b.play.Reminders(ctx, now, schedulerPatience, func(s *session) {
		t := s.Game.Turn()
		who := s.Row.Players[t.Player]
		text := fmt.Sprintf("⏰ %s, it's your move (%s). Your time runs out <t:%d:R>; after that the game is lost on time.",
			mention(who), s.Game.Roles()[t.Player], s.Row.Deadline.Unix())
		msg := &discordgo.MessageSend{Content: text, AllowedMentions: b.reminderPings(who), Components: moveButton(s.Row.ID)}
		if _, stale := b.staleBoards.Load(s.ID); stale { // the last board never reached the thread
			if board, err := b.boardMessage(s.Row, s.Game, fmt.Sprintf("Position after %s", plural(s.Row.Ply, "move"))); err == nil {
				msg.Embeds, msg.Files = board.Embeds, board.Files
			}
		}
		if _, err := b.send(s.Row.ThreadID, msg); isGone(err) {
			b.abandonGame(ctx, s, err)
		} else if err == nil && len(msg.Files) > 0 {
			b.staleBoards.Delete(s.ID)
		}
		b.noticeReminder(s.Row, s.Game) // by DM to players who chose it (notify.go)
	})
}

// timeouts ends the games lost on time (play.TimeLosses; events.go says
// so in their threads). A thread that is gone (deleted, or the bot may no
// longer post there) makes the game aborted and unrated instead, as on
// every other path: nobody could have moved. Looked at before the rated
// ending, which cannot be taken back; abandonGame's own ending is the
// claim between replicas.
func (b *Bot) timeouts(ctx context.Context, now time.Time) {
	b.play.TimeLosses(ctx, now, schedulerPatience, func(s *session) bool {
		if s.Row.ThreadID != "" {
			if err := b.dc.Typing(s.Row.ThreadID); isGone(err) {
				b.abandonGame(ctx, s, err)
				return false
			}
		}
		return true
	})
}

func (b *Bot) expireChallenges(ctx context.Context, now time.Time) {
	b.play.ExpireChallenges(ctx, now, func(c db.Challenge) {
		if c.MessageID == "" {
			return
		}
		text := fmt.Sprintf("~~%s challenged %s to %s~~ — expired unanswered.", mention(c.ChallengerID), opponentText(c), variantName(c.Variant))
		_, err := b.dc.Edit(&discordgo.MessageEdit{Channel: c.ChannelID, ID: c.MessageID, Content: &text,
			Components: &[]discordgo.MessageComponent{}, Embeds: &[]*discordgo.MessageEmbed{}, AllowedMentions: noPings})
		if err != nil {
			b.log.Warn("removing an expired challenge's buttons", "challenge", c.ID, "err", err)
		}
	})
}

// abandonGame ends a game whose thread is gone (deleted, or the bot lost
// access or permission there): aborted and unrated, since nobody could
// play on, said where the challenge was made (or logged if that fails too).
// Ended, it has no more reminders or deadlines.
func (b *Bot) abandonGame(ctx context.Context, s *session, cause error) {
	if err := b.play.Abandon(ctx, s); err != nil {
		b.log.Error("aborting a game whose thread is gone", "game", s.ID, "err", err)
		return
	}
	b.log.Warn("game thread is gone; game aborted unrated", "game", s.ID, "thread", s.Row.ThreadID, "err", cause)
	text := fmt.Sprintf("🛑 The **%s** game between %s and %s (game #%d) was aborted and will not be rated: I can no longer post in its thread (it was deleted, or I lost access to it).",
		variantName(s.Row.Variant), mention(s.Row.Players[0]), mention(s.Row.Players[1]), s.ID)
	if err := b.sendText(s.Row.ChannelID, text, pingOnly(s.Row.Players[0], s.Row.Players[1])); err != nil {
		b.log.Warn("could not say that a game was aborted", "game", s.ID, "channel", s.Row.ChannelID, "err", err)
	}
}
