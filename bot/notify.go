package bot

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/games"
	"github.com/bermudachess/bermuda/play"
)

// Knowing it's your move. /notify chooses how a player hears of it:
// mentions in the game thread (the default), a direct message each time
// (with the move, the time left, a link to the thread and the board), or
// a daily digest at an hour of their choosing. Either way the thread still
// names them; it pings only those on mentions (and, before a loss on time,
// those on the digest). A direct message Discord refuses (50007: the
// player does not accept DMs) puts the player back on mentions, said once
// with a ping in the game's thread. /games mine lists a player's games in
// every server, those where it is their move first.
//
// Direct messages are sent after the move is stored and shown, off the
// game's lock, by the picture workers (they draw the board): a slow or
// refusing Discord never holds a move back.

const (
	notifyHow  = "how"
	notifyHour = "hour"
	gamesMine  = "mine"
)

// notifyCommand is /notify.
func notifyCommand() *discordgo.ApplicationCommand {
	inDMs, zero := true, 0.0
	return &discordgo.ApplicationCommand{Name: "notify", Description: "How I tell you it's your move: mentions, a direct message, or a daily digest",
		DMPermission: &inDMs, Options: []*discordgo.ApplicationCommandOption{
			{Type: discordgo.ApplicationCommandOptionString, Name: notifyHow, Description: "How to tell you (leave empty to see your setting)", Choices: []*discordgo.ApplicationCommandOptionChoice{
				{Name: "Mentions in the game thread", Value: db.NoticeMentions},
				{Name: "Direct message when it's your move", Value: db.NoticeDM},
				{Name: "Daily digest of the games where it's your move", Value: db.NoticeDigest},
			}},
			{Type: discordgo.ApplicationCommandOptionInteger, Name: notifyHour, Description: "Daily digest: the hour, in UTC (0–23)", MinValue: &zero, MaxValue: 23},
		}}
}

// gamesMineOption is /games' mine option.
func gamesMineOption() *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionBoolean, Name: gamesMine,
		Description: "Your games in every server we share, those where it's your move first"}
}

func (b *Bot) cmdNotify(ctx context.Context, r *request) error {
	user := r.userID()
	cur, err := b.store.NoticeSetting(ctx, user)
	if err != nil {
		return err
	}
	how := r.stringOption(notifyHow)
	hourOpt := r.option(notifyHour)
	if how == "" && hourOpt == nil {
		return r.ephemeral(b.noticeText(cur))
	}
	hour := cur.DigestHour
	if hourOpt != nil {
		f, ok := hourOpt.Value.(float64)
		if !ok || f != float64(int(f)) || f < 0 || f > 23 {
			return userErrorf("The hour must be a whole hour from 0 to 23 (UTC); for example 18 is %s for you.", localHour(b.Now(), 18))
		}
		hour = int(f)
	}
	switch {
	case how == "" && cur.Mode != db.NoticeDigest:
		return userErrorf("The hour is for the daily digest: choose `how: Daily digest` with it. You're on %s now.", modeName(cur.Mode))
	case how == "":
		how = db.NoticeDigest // a new hour for the digest
	case how != db.NoticeMentions && how != db.NoticeDM && how != db.NoticeDigest:
		return userErrorf("I don't know the notice %q: choose Mentions, Direct message or Daily digest.", truncate(how, 40))
	case hourOpt != nil && how != db.NoticeDigest:
		return userErrorf("The hour is only for the daily digest: leave it out for %s.", modeName(how))
	case hourOpt == nil && how == db.NoticeDigest && cur.Mode != db.NoticeDigest:
		return userErrorf("At which hour should the digest come? Add `hour:` from 0 to 23, in UTC (18 is %s for you).", localHour(b.Now(), 18))
	}
	r.deferEphemeral()
	if how != db.NoticeMentions {
		// Proven at once: a player who does not accept direct messages
		// learns it now rather than by a notice that never comes.
		hello := "📨 Bermuda will tell you here when it's your move."
		if how == db.NoticeDigest {
			hello = fmt.Sprintf("📬 Bermuda will send your daily digest here at %s (%02d:00 UTC).", localHour(b.Now(), hour), hour)
		}
		channel, err := b.sendDM(ctx, cur, &discordgo.MessageSend{Content: hello, AllowedMentions: noPings})
		if discordCode(err) == 50007 {
			why := "Discord won't let me send you direct messages (your privacy settings refuse DMs from this server's members)"
			if cur.Mode == db.NoticeMentions {
				return userErrorf("%s, so nothing changed: you're on mentions. Allow them and try again.", why)
			}
			if _, err := b.store.FallBackToMentions(ctx, user, cur.Mode); err != nil {
				return err
			}
			return userErrorf("%s, so you're back on mentions: I'll ping you in the game threads. Allow them and try again.", why)
		}
		if err != nil {
			b.log.Warn("a /notify greeting by DM failed", "user", user, "err", err)
			return userErrorf("Discord didn't take my direct message to you just now, so nothing changed. Please try again in a moment.")
		}
		if err := b.store.SetNotice(ctx, user, how, hour, digestNotBefore(b.Now(), hour)); err != nil {
			return err
		}
		if err := b.store.SetDMChannel(ctx, user, channel); err != nil {
			b.log.Warn("caching a DM channel", "user", user, "err", err)
		}
	} else if err := b.store.SetNotice(ctx, user, how, hour, digestNotBefore(b.Now(), hour)); err != nil {
		return err
	}
	now, err := b.store.NoticeSetting(ctx, user)
	if err != nil {
		return err
	}
	return r.privately("✅ " + b.noticeText(now))
}

// digestNotBefore is the day from which a digest at hour is due, chosen
// at now: today if the hour is still to come, else tomorrow (expressed as
// the last day not due).
func digestNotBefore(now time.Time, hour int) string {
	now = now.UTC()
	if now.Hour() >= hour {
		return now.Format(time.DateOnly)
	}
	return now.AddDate(0, 0, -1).Format(time.DateOnly)
}

// nextHour is the next time it is hour:00 UTC after now.
func nextHour(now time.Time, hour int) time.Time {
	now = now.UTC()
	t := time.Date(now.Year(), now.Month(), now.Day(), hour, 0, 0, 0, time.UTC)
	if !t.After(now) {
		t = t.AddDate(0, 0, 1)
	}
	return t
}

// localHour shows hour:00 UTC in the reader's own time.
func localHour(now time.Time, hour int) string {
	return fmt.Sprintf("<t:%d:t>", nextHour(now, hour).Unix())
}

func modeName(mode string) string {
	switch mode {
	case db.NoticeDM:
		return "direct messages"
	case db.NoticeDigest:
		return "the daily digest"
	}
	return "mentions"
}

// noticeText says what a setting does.
func (b *Bot) noticeText(n db.NoticeSetting) string {
	change := "\n`/notify how:` changes it; `/games mine:True` lists your games in every server, your move first."
	switch n.Mode {
	case db.NoticeDM:
		return "📨 You're on **direct messages**: when it's your move I send you one, with the move, your time left, the board (its **Move** button plays from there) and a link to the game. The thread names you without a ping." + change
	case db.NoticeDigest:
		return fmt.Sprintf("📬 You're on the **daily digest**: every day at %s your time (%02d:00 UTC) I send you a direct message listing the games where it's your move, with links and time left (nothing when there are none). "+
			"The threads name you without a ping; the reminder before you run out of time still pings you.", localHour(b.Now(), n.DigestHour), n.DigestHour) + change
	}
	return "🔔 You're on **mentions**: I ping you in the game thread when it's your move." + change
}

// noticeMode is a player's mode; mentions if it cannot be read (a ping
// too many beats a move missed).
func (b *Bot) noticeMode(userID string) string {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	n, err := b.store.NoticeSetting(ctx, userID)
	if err != nil {
		b.log.Warn("reading a notice setting", "user", userID, "err", err)
		return db.NoticeMentions
	}
	return n.Mode
}

// turnPings is whom a board announcing userID's move pings: userID on
// mentions, nobody otherwise (a DM or the digest tells them).
func (b *Bot) turnPings(userID string) *discordgo.MessageAllowedMentions {
	if b.noticeMode(userID) != db.NoticeMentions {
		return noPings
	}
	return pingOnly(userID)
}

// reminderPings is whom the reminder pings: all but players on direct
// messages (who get it by DM), since running out of time loses.
func (b *Bot) reminderPings(userID string) *discordgo.MessageAllowedMentions {
	if b.noticeMode(userID) == db.NoticeDM {
		return noPings
	}
	return pingOnly(userID)
}

// noticeTurn tells the player to act by direct message, if they chose
// that, once row (stored and shown) passes the turn to them: after a
// move, played (its notation) by actor, or at a game's start (played "").
// actor is never told of their own action. It returns at once.
func (b *Bot) noticeTurn(row db.Game, g games.Game, actor, played string) {
	b.noticeLater(row, g, actor, played, false)
}

// noticeReminder sends the 80% reminder by direct message to a player
// who chose direct messages (the thread's reminder does not ping them).
func (b *Bot) noticeReminder(row db.Game, g games.Game) {
	b.noticeLater(row, g, "", "", true)
}

func (b *Bot) noticeLater(row db.Game, g games.Game, actor, played string, reminder bool) {
	if g == nil || row.State != "active" || row.ThreadID == "" || g.Outcome().Over || b.computerToAct(row, g) {
		return
	}
	next := row.Players[g.Turn().Player]
	if next == actor || next == b.selfID() {
		return // still their turn (several moves a turn), or the computer's
	}
	b.pictures.run(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
		defer cancel()
		b.sendTurnNotice(ctx, row, g, next, actor, played, reminder)
	})
}

func (b *Bot) sendTurnNotice(ctx context.Context, row db.Game, g games.Game, next, actor, played string, reminder bool) {
	n, err := b.store.NoticeSetting(ctx, next)
	if err != nil {
		b.log.Warn("reading a notice setting", "user", next, "err", err)
		return
	}
	if n.Mode != db.NoticeDM {
		return
	}
	if _, away := b.onHoliday(ctx, next); away {
		return // their clock stands still; the board waits for their return
	}
	// Played on meanwhile (a quick reply, a move made for them): this
	// notice is out of date, and the next one is on its way.
	if v, err := b.gameView(ctx, row.ID); err != nil || v.Ply != row.Ply || !v.Active {
		return
	}
	seat := g.Turn().Player
	game := fmt.Sprintf("**%s** (game #%d) against %s", variantName(row.Variant), row.ID, b.opponentName(ctx, row, row.Players[seat.Other()]))
	var text string
	switch {
	case reminder:
		text = fmt.Sprintf("⏰ **Reminder:** it's still your move in %s.", game)
	case played == "":
		text = fmt.Sprintf("♟️ **Your move:** your %s has begun, and you play first (%s).", game, g.Roles()[seat])
	default:
		text = fmt.Sprintf("♟️ **Your move** in %s: %s played **%s**.", game, b.moverName(ctx, actor), played)
	}
	if !row.Deadline.IsZero() {
		text += fmt.Sprintf(" Your time runs out <t:%d:R>.", row.Deadline.Unix())
	}
	text += "\n" + threadLink(row)
	msg, err := b.boardMessage(row, g, fmt.Sprintf("Position after %s", plural(row.Ply, "move")))
	if err != nil {
		b.log.Warn("drawing a notice's board", "game", row.ID, "err", err)
		msg = &discordgo.MessageSend{}
	}
	// The board's Move button works from the DM too: the picker opens there
	// and the move is posted in the thread (picker.go).
	msg.Content, msg.Components, msg.AllowedMentions = truncate(text, 2000), moveButton(row.ID), noPings
	if _, err := b.sendDM(ctx, n, msg); err != nil {
		b.dmFailed(ctx, n, row.ThreadID, err)
	}
}

// opponentName is the opponent in a notice: their name in bold, or the
// computer with its level.
func (b *Bot) opponentName(ctx context.Context, row db.Game, id string) string {
	if row.ComputerLevel > 0 && id == b.selfID() {
		return fmt.Sprintf("the computer (level %d)", row.ComputerLevel)
	}
	return "**" + b.name(ctx, id) + "**"
}

// moverName is who just moved, in a notice.
func (b *Bot) moverName(ctx context.Context, id string) string {
	if id == b.selfID() {
		return "the computer"
	}
	return b.name(ctx, id)
}

// threadLink is a link that opens the game's thread from anywhere.
func threadLink(row db.Game) string {
	return fmt.Sprintf("https://discord.com/channels/%s/%s", row.GuildID, row.ThreadID)
}

// sendDM posts m to the player's direct messages, opening the channel
// if none is cached (or the cached one is gone), and returns the channel.
func (b *Bot) sendDM(ctx context.Context, n db.NoticeSetting, m *discordgo.MessageSend) (string, error) {
	channel := n.DMChannel
	reset := rewind(m.Files) // the board is posted whole on a second try
	for attempt := 0; ; attempt++ {
		if channel == "" {
			id, err := b.dc.OpenDM(n.UserID)
			if err != nil {
				return "", err
			}
			channel = id
			if n.Mode != db.NoticeMentions {
				if err := b.store.SetDMChannel(ctx, n.UserID, id); err != nil {
					b.log.Warn("caching a DM channel", "user", n.UserID, "err", err)
				}
			}
		}
		reset()
		_, err := b.dc.Send(channel, m)
		if code := discordCode(err); (code == 10003 || code == 50001) && attempt == 0 && n.DMChannel != "" {
			channel = "" // the cached channel is gone: open it again, once
			continue
		}
		return channel, err
	}
}

// dmFailed handles a notice Discord did not take. Refused (50007): the
// player goes back to mentions, told once with a ping in thread. Other
// failures are logged; the thread still names them.
func (b *Bot) dmFailed(ctx context.Context, n db.NoticeSetting, thread string, err error) {
	if discordCode(err) != 50007 {
		b.log.Warn("sending a notice by direct message failed", "user", n.UserID, "err", err)
		return
	}
	changed, ferr := b.store.FallBackToMentions(ctx, n.UserID, n.Mode)
	if ferr != nil {
		b.log.Error("putting a player back on mentions", "user", n.UserID, "err", ferr)
		return
	}
	if !changed || thread == "" {
		return // told already (or changed meanwhile)
	}
	text := fmt.Sprintf("📵 %s, I couldn't send you a direct message (Discord refused it: your privacy settings may not allow DMs from this server's members), "+
		"so you're back on mentions: I'll ping you here when it's your move. `/notify` changes it.", mention(n.UserID))
	if err := b.sendText(thread, text, pingOnly(n.UserID)); err != nil {
		b.log.Warn("telling a player their DMs were refused", "user", n.UserID, "thread", thread, "err", err)
	}
}

// digests sends, once a day at each digest player's hour (UTC), the list
// of games where it is their move. The day is claimed in the database
// before anything is sent: at most one digest a day, whatever the
// restarts and replicas; none is sent when no game waits for them.
func (b *Bot) digests(ctx context.Context, now time.Time) {
	b.play.Digests(ctx, now, func(n db.NoticeSetting, list []playerGame) {
		b.dmYourMoves(ctx, n, list, func(games int) string {
			return fmt.Sprintf("📬 **Your daily digest:** it's your move in %s.", plural(games, "game"))
		})
	})
}

// dmYourMoves sends n's player one direct message: head (given how many
// games) and a line for each game of list where it is their move; nothing
// when there is none. A refused DM is handled by dmFailed, told in the
// thread of the first such game.
func (b *Bot) dmYourMoves(ctx context.Context, n db.NoticeSetting, list []playerGame, head func(games int) string) {
	var lines []string
	thread := ""
	for _, pg := range list {
		if !pg.YourMove {
			continue
		}
		if thread == "" {
			thread = pg.Row.ThreadID
		}
		lines = append(lines, b.gameLine(ctx, pg))
	}
	if len(lines) == 0 {
		return
	}
	text := head(len(lines)) + "\n" + strings.Join(lines, "\n")
	if _, err := b.sendDM(ctx, n, &discordgo.MessageSend{Content: truncate(text, 2000), AllowedMentions: noPings}); err != nil {
		b.dmFailed(ctx, n, thread, err)
	}
}

// playerGame is one of a player's active games (play.PlayerGames): those
// where it is their move first, soonest deadline first.
type playerGame = play.PlayerGame

// gameLine is a player's game in a list: variant, opponent, link, time left.
func (b *Bot) gameLine(ctx context.Context, pg playerGame) string {
	row := pg.Row
	opp := row.Players[0]
	if opp == pg.User {
		opp = row.Players[1]
	}
	s := fmt.Sprintf("• %s vs %s · %s", variantName(row.Variant), b.opponentName(ctx, row, opp), threadLink(row))
	switch {
	case pg.Computer:
		s += " · the computer is thinking"
	case pg.YourMove && !row.Deadline.IsZero():
		s = "• ♟️ **Your move** — " + strings.TrimPrefix(s, "• ") + fmt.Sprintf(" · your time runs out <t:%d:R>", row.Deadline.Unix())
	case pg.YourMove:
		s = "• ♟️ **Your move** — " + strings.TrimPrefix(s, "• ")
	case !row.Deadline.IsZero():
		s += fmt.Sprintf(" · their move, their time runs out <t:%d:R>", row.Deadline.Unix())
	default:
		s += " · their move"
	}
	return s
}

// gamesMineAnswer is /games mine (and /games in direct messages, where no
// server is at hand). handled is false for /games about this server.
func (b *Bot) gamesMineAnswer(ctx context.Context, r *request) (handled bool, err error) {
	mine := false
	if o := r.option(gamesMine); o != nil {
		mine, _ = o.Value.(bool)
	}
	if !mine && r.i.GuildID != "" {
		return false, nil
	}
	if u := r.userOption("player"); u != nil && u.ID != r.userID() {
		if !mine {
			return true, userErrorf("Here `/games` lists your own games in every server; use it in a server to see %s's games there.", mention(u.ID))
		}
		return true, userErrorf("`mine` lists your own games; leave out `player` (or `mine`) to see %s's games in this server.", mention(u.ID))
	}
	r.deferEphemeral() // each game is read (and maybe replayed) to say whose move it is
	list, err := b.play.PlayerGames(ctx, r.userID())
	if err != nil {
		return true, err
	}
	answer := func(text string) error { return r.privately(text) }
	if len(list) == 0 {
		return true, answer("You have no games in play in any server we share. Start one with `/challenge`.")
	}
	waiting := 0
	for _, pg := range list {
		if pg.YourMove {
			waiting++
		}
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "**Your games in every server** — your move in %d of %d:\n", waiting, len(list))
	for n, pg := range list {
		line := b.gameLine(ctx, pg) + "\n"
		if sb.Len()+len(line) > 1900 {
			fmt.Fprintf(&sb, "… and %d more.", len(list)-n)
			break
		}
		sb.WriteString(line)
	}
	return true, answer(sb.String())
}
