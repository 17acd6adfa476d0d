package bot

import (
	"context"
	"fmt"
	"time"

	"github.com/bermudachess/bermuda/db"
)

// openingGrace is how long a new game may go without a recorded thread.
// Its opening (thread, first posts, then recording the thread) takes about
// a second; the handler doing it gives up after a minute (its context
// ends, so it can no longer record the thread). A game still without one
// after this was cut short, e.g. by a crash between creating the thread
// and recording it: its players were told it is on, but nothing can find
// it from the thread.
const openingGrace = 2 * time.Minute

// unopenedGames repairs every game whose opening was cut short. An
// accepted challenge's game is opened after all, in the thread its players
// were shown (a thread started from a message has that message's id), as
// they expect. One whose thread cannot be had (and a game against the
// computer, whose announcement is not stored) is cancelled unrated, said
// where it was challenged; nobody can have moved in it. Each step is
// claimed in the database, so of several replicas one acts.
func (b *Bot) unopenedGames(ctx context.Context, now time.Time) {
	b.play.Unopened(ctx, now.Add(-openingGrace), schedulerPatience, func(s *session) bool { return b.finishOpening(ctx, s) }, func(row db.Game) {
		text := fmt.Sprintf("🛑 The **%s** game between %s and %s (game #%d) was cancelled and will not be rated: "+
			"I was interrupted while opening its thread, so it could not be played there. Use `/challenge` to start again.",
			variantName(row.Variant), mention(row.Players[0]), mention(row.Players[1]), row.ID)
		if err := b.sendText(row.ChannelID, text, pingOnly(row.Players[0], row.Players[1])); err != nil {
			b.log.Warn("could not say that a game was cancelled", "game", row.ID, "channel", row.ChannelID, "err", err)
		}
	})
}

// finishOpening opens an accepted challenge's game in the thread started
// from its challenge message, creating the thread if the crash came first;
// a tournament's game is announced again in the tournament's channel.
// It reports false if the game must be cancelled instead.
func (b *Bot) finishOpening(ctx context.Context, s *session) bool {
	if bd, err := b.store.BoardOfGame(ctx, s.ID); err == nil {
		return b.reopenBoardGame(ctx, s, bd) // a tournament's game (tournament_rounds.go)
	}
	if s.Row.ComputerLevel > 0 {
		return false
	}
	c, err := b.store.ChallengeOfGame(ctx, s.ID)
	if err != nil || c.MessageID == "" {
		return false
	}
	names := b.play.Names(ctx, s.Row)
	name := fmt.Sprintf("%s · %s vs %s", variantName(s.Row.Variant), names[0], names[1])
	threadID := c.MessageID
	if th, err := b.dc.StartThread(c.ChannelID, c.MessageID, truncate(name, 100)); err == nil {
		threadID = th.ID
	} else if discordCode(err) != 160004 { // 160004: the thread exists already
		b.log.Warn("reopening a game's thread failed", "game", s.ID, "err", err)
		return false
	}
	claimed, err := b.store.ClaimGameThread(ctx, s.ID, threadID)
	if err != nil || !claimed {
		s.Game = nil // another replica finished it (or will): reloaded when needed
		return true
	}
	s.Row.ThreadID = threadID
	for _, p := range s.Row.Players {
		if err := b.dc.AddThreadMember(threadID, p); err != nil {
			b.log.Warn("adding a thread member failed", "thread", threadID, "user", p, "err", err)
		}
	}
	b.log.Warn("game opening was cut short; finished by the scheduler", "game", s.ID, "thread", threadID)
	b.sendText(threadID, "⚠️ I was interrupted while opening this game; it is ready now and nothing was played yet.", noPings)
	// The opening dice, if any, are in the stored start rolls and show on
	// the board; the throw-by-throw messages are not repeated.
	b.postOpening(s.Row, s.Game, nil)
	b.noticeTurn(s.Row, s.Game, "", "") // a DM to the first player, if they chose it (notify.go)
	return true
}

// noGameHere explains a game command used where no game is recorded. A
// player with a game whose thread was never recorded is most likely in
// that thread: they are told what happened rather than that there is none.
func (b *Bot) noGameHere(ctx context.Context, r *request) error {
	if games, err := b.store.ActiveGames(ctx, r.i.GuildID, r.userID()); err == nil {
		for _, g := range games {
			if g.ThreadID == "" {
				return userErrorf("Game #%d is not ready in its thread yet. If opening it was interrupted, I finish it "+
					"(or cancel it, unrated, and say so in <#%s>) within a few minutes; otherwise, try again in a moment.", g.ID, g.ChannelID)
			}
		}
	}
	return userErrorf("There is no game in this channel. Use this command inside a game thread, or start a game with `/challenge`.")
}
