package bot

import (
	"context"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/engine"
	"github.com/bermudachess/bermuda/games"
	"github.com/bermudachess/bermuda/play"
)

// Games against the computer: choosing the bot itself as the opponent of
// /challenge starts one at once (nobody has to accept), in a thread like
// any other game. The bot's user plays the computer's seat; the game row
// carries the level. They are never rated.

// computerGame is what a game against the computer is made from.
type computerGame struct {
	guildID, channelID string
	human              string // the player's user id
	variant            string
	color              string // the player's side: "white", "black" or "random"
	days, level        int
	rematchOf          int64
}

// levelName is "level 3", with the easy and strong ends named.
func levelName(level int) string {
	switch level {
	case 1:
		return "level 1 (beginner)"
	case 5:
		return "level 5 (strongest)"
	}
	return fmt.Sprintf("level %d", level)
}

// computerLevel reads the challenge's level option: engine.DefaultLevel
// when not given.
func computerLevel(r *request) (int, error) {
	level := r.intOption("level")
	if level == 0 {
		return engine.DefaultLevel, nil
	}
	if level < 1 || level > 5 {
		return 0, userErrorf("The computer plays at levels 1 (beginner) to 5 (strongest); %d is not one of them.", level)
	}
	return level, nil
}

// startComputerGame creates the game, has post announce it in the channel
// (returning the message the thread hangs from), opens the thread, posts
// the opening and, if the computer moves first, queues its move. If the
// announcement or the thread fails, the game is aborted unrated.
func (b *Bot) startComputerGame(ctx context.Context, cg computerGame, post func(text string) (messageID string, err error)) (threadID string, err error) {
	self := b.selfID()
	if self == "" {
		return "", userErrorf("I'm still connecting to Discord: try again in a moment.")
	}
	color := cg.color
	if color == "" {
		color = "random"
	}
	row, g, startEvents, err := b.play.NewGame(ctx, db.Game{GuildID: cg.guildID, ChannelID: cg.channelID, Variant: cg.variant,
		Players: b.play.Seats(cg.human, self, color), Days: cg.days, RematchOf: cg.rematchOf, ComputerLevel: cg.level})
	if err != nil {
		return "", err
	}
	// Held until the opening is out, as an accepted challenge's game is.
	s, err := b.play.Open(row, g, func(row db.Game) (int64, error) { return b.store.CreateGame(ctx, row) })
	if err != nil {
		return "", err
	}
	defer s.Unlock()
	row, id := s.Row, s.ID
	abort := func(why error) {
		b.play.Cancel(ctx, s)
		b.log.Error("a game against the computer could not start; aborted", "game", id, "err", why)
	}
	seat := games.Player1
	if row.Players[1] == cg.human {
		seat = games.Player2
	}
	text := fmt.Sprintf("🤖 %s plays the computer at **%s**, %s, as %s.", mention(cg.human), variantName(cg.variant),
		levelName(cg.level), g.Roles()[seat])
	msgID, err := post(text)
	if err != nil {
		abort(err)
		return "", err
	}
	name := fmt.Sprintf("%s · %s vs the computer (level %d)", variantName(cg.variant), b.name(ctx, cg.human), cg.level)
	thread, err := b.dc.StartThread(cg.channelID, msgID, truncate(name, 100))
	if err != nil {
		abort(err)
		return "", userErrorf("I couldn't open the game thread (Discord said: %v), so the game was cancelled. Check my permissions in this channel and try again.", err)
	}
	row.ThreadID = thread.ID
	s.Row = row
	if err := b.dc.AddThreadMember(thread.ID, cg.human); err != nil {
		b.log.Warn("adding a thread member failed", "thread", thread.ID, "user", cg.human, "err", err)
	}
	b.postOpening(row, g, startEvents)
	if err := b.play.Shown(ctx, s, thread.ID); err != nil {
		abort(err)
		return "", err
	}
	if b.computerToAct(row, g) {
		b.opponent().Due(id) // it waits for the game, held until we return
	}
	return thread.ID, nil
}

// challengeComputer is /challenge with the bot as the opponent: the game
// starts at once, announced by the answer to the command.
func (b *Bot) challengeComputer(ctx context.Context, r *request, cg computerGame) error {
	threadID, err := b.startComputerGame(ctx, cg, func(text string) (string, error) {
		err := r.respond(&discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: text, AllowedMentions: noPings}})
		if err != nil {
			return "", err
		}
		msg, err := b.dc.Original(r.i)
		if err != nil {
			return "", fmt.Errorf("reading the announcement's id: %w", err)
		}
		return msg.ID, nil
	})
	if err != nil {
		if r.answered { // the announcement is out: say it did not happen
			failed := fmt.Sprintf("~~%s plays the computer at **%s**~~ — the game could not start.", mention(cg.human), variantName(cg.variant))
			r.editOriginal(&discordgo.WebhookEdit{Content: &failed, AllowedMentions: noPings})
		}
		return err
	}
	text := fmt.Sprintf("🤖 %s plays the computer at **%s**, %s — the game is on in <#%s>.", mention(cg.human),
		variantName(cg.variant), levelName(cg.level), threadID)
	r.editOriginal(&discordgo.WebhookEdit{Content: &text, AllowedMentions: noPings})
	return nil
}

// rematchComputer starts the rematch of a finished game against the
// computer at once: same variant, level and time, sides swapped; announced
// in the channel the game came from.
func (b *Bot) rematchComputer(ctx context.Context, r *request, row db.Game, color string) error {
	r.deferPublic()
	cg := computerGame{guildID: row.GuildID, channelID: row.ChannelID, human: r.userID(), variant: row.Variant,
		color: color, days: row.Days, level: row.ComputerLevel, rematchOf: row.ID}
	threadID, err := b.startComputerGame(ctx, cg, func(text string) (string, error) {
		msg, err := b.dc.Send(row.ChannelID, &discordgo.MessageSend{Content: "🔁 Rematch! " + text, AllowedMentions: noPings})
		if err != nil {
			return "", fmt.Errorf("posting the rematch: %w", err)
		}
		return msg.ID, nil
	})
	if err != nil {
		return err
	}
	text := fmt.Sprintf("🔁 %s's rematch against the computer (%s, sides swapped) is on in <#%s>.", mention(r.userID()), levelName(row.ComputerLevel), threadID)
	if !r.deferred || r.editOriginal(&discordgo.WebhookEdit{Content: &text, AllowedMentions: noPings}) != nil {
		b.sendText(r.i.ChannelID, text, noPings)
	}
	return nil
}

// computerRecordText is /stats's part on games against the computer: the
// player's results against each level, or "" if none.
func (b *Bot) computerRecordText(ctx context.Context, guildID, userID string) (string, error) {
	recs, err := b.store.ComputerRecord(ctx, guildID, userID)
	if err != nil || len(recs) == 0 {
		return "", err
	}
	var sb strings.Builder
	sb.WriteString("**Against the computer** (unrated)\n")
	for _, rec := range recs {
		fmt.Fprintf(&sb, "%s: %d W, %d D, %d L\n", strings.ToUpper(levelName(rec.Level)[:1])+levelName(rec.Level)[1:], rec.Wins, rec.Draws, rec.Losses)
	}
	return sb.String(), nil
}

// opponent is the computer player of the bot's games (package play), made
// on first use.
func (b *Bot) opponent() *play.Computer {
	b.computerOnce.Do(func() { b.computer = play.NewComputer(b.play) })
	return b.computer
}

// computerSeat is the seat the bot itself plays in a game against the
// computer, or NoPlayer (play.ComputerSeat).
func (b *Bot) computerSeat(row db.Game) games.Player { return b.play.ComputerSeat(row) }

// computerToAct says whether the computer owes the next move in g.
func (b *Bot) computerToAct(row db.Game, g games.Game) bool { return b.play.ComputerToAct(row, g) }
