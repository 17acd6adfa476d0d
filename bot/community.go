package bot

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/games"
	"github.com/bermudachess/bermuda/levels"
)

// InvitePermissions is the permission integer the bot asks for on invite.
const InvitePermissions = 309237763072

// ratingText shows a rating, with "?" while it is provisional (RD > 110).
func ratingText(r db.Rating) string {
	if r.RD > 110 {
		return fmt.Sprintf("%.0f?", r.Rating)
	}
	return fmt.Sprintf("%.0f", r.Rating)
}

func (b *Bot) cmdLeaderboard(ctx context.Context, r *request) error {
	if r.i.GuildID == "" {
		return userErrorf("Leaderboards belong to a server: use this in a server channel.")
	}
	v, err := games.Lookup(r.stringOption("variant"))
	if err != nil {
		return userErrorf("Unknown variant. Pick one from the list: %s.", variantList())
	}
	top, err := b.store.Leaderboard(ctx, r.i.GuildID, v.ID, 10)
	if err != nil {
		return err
	}
	provisional, err := b.store.Provisional(ctx, r.i.GuildID, v.ID, 10)
	if err != nil {
		return err
	}
	var sb strings.Builder
	if len(top) == 0 {
		sb.WriteString("Nobody has an established rating here yet: a rating settles (deviation ≤ 65) after a number of rated games.\n")
	}
	for n, row := range top {
		fmt.Fprintf(&sb, "**%d.** %s — %s (%s)\n", n+1, mention(row.UserID), ratingText(row), record(row))
	}
	if len(provisional) > 0 {
		sb.WriteString("\n**Not ranked yet** (`?` = provisional rating)\n")
		for _, row := range provisional {
			fmt.Fprintf(&sb, "%s — %s (%s)\n", mention(row.UserID), ratingText(row), record(row))
		}
	}
	return r.respond(&discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: &discordgo.InteractionResponseData{
		Embeds:          []*discordgo.MessageEmbed{{Title: "🏆 " + v.Name + " — leaderboard", Description: sb.String(), Color: 0x1f6f8b}},
		AllowedMentions: noPings,
	}})
}

// record is "12 games: 7 W, 4 L, 1 D".
func record(r db.Rating) string {
	return fmt.Sprintf("%s: %d W, %d L, %d D", plural(r.Wins+r.Losses+r.Draws, "game"), r.Wins, r.Losses, r.Draws)
}

func (b *Bot) cmdStats(ctx context.Context, r *request) error {
	if r.i.GuildID == "" {
		return userErrorf("Stats belong to a server: use this in a server channel.")
	}
	userID := r.userID()
	if u := r.userOption("player"); u != nil {
		userID = u.ID
	}
	ratings, err := b.store.PlayerRatings(ctx, r.i.GuildID, userID)
	if err != nil {
		return err
	}
	active, err := b.store.ActiveGames(ctx, r.i.GuildID, userID)
	if err != nil {
		return err
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "Stats for %s in this server\n", mention(userID))
	if len(ratings) == 0 {
		sb.WriteString("No finished rated games yet.\n")
	}
	for _, rt := range ratings {
		fmt.Fprintf(&sb, "**%s**: %s ±%.0f — %d W, %d L, %d D\n", variantName(rt.Variant), ratingText(rt), rt.RD, rt.Wins, rt.Losses, rt.Draws)
	}
	vsComputer, err := b.computerRecordText(ctx, r.i.GuildID, userID)
	if err != nil {
		return err
	}
	sb.WriteString(vsComputer)
	puzzleText, err := b.puzzleStatsText(ctx, userID) // puzzle_daily.go
	if err != nil {
		return err
	}
	sb.WriteString(puzzleText)
	fmt.Fprintf(&sb, "Active games: %d", len(active))
	return b.statsAnswer(ctx, r, userID, truncate(sb.String(), 1990)) // charts.go
}

func (b *Bot) cmdGames(ctx context.Context, r *request) error {
	if handled, err := b.gamesMineAnswer(ctx, r); handled { // /games mine, notify.go
		return err
	}
	if r.i.GuildID == "" {
		return userErrorf("Games belong to a server: use this in a server channel.")
	}
	userID := ""
	if u := r.userOption("player"); u != nil {
		userID = u.ID
	}
	rows, err := b.store.ActiveGames(ctx, r.i.GuildID, userID)
	if err != nil {
		return err
	}
	var sb strings.Builder
	if len(rows) == 0 {
		sb.WriteString("No active games. Start one with `/challenge`.")
	}
	onHoliday := holidaySeen{} // holiday.go
	for n, row := range rows {
		if n == 20 {
			fmt.Fprintf(&sb, "… and %d more.", len(rows)-n)
			break
		}
		turn := ""
		if s, err := b.lockGame(ctx, row.ID); err == nil {
			t := s.Game.Turn()
			turn = fmt.Sprintf(" — %s to move", mention(s.Row.Players[t.Player]))
			s.Unlock()
		}
		turn += b.holidayTag(ctx, row, onHoliday)
		fmt.Fprintf(&sb, "<#%s> %s: %s vs %s%s\n", row.ThreadID, variantName(row.Variant), mention(row.Players[0]), mention(row.Players[1]), turn)
	}
	return r.ephemeral(truncate(sb.String(), 1990))
}

// Discord's embed limits, in characters: a description, a field's value,
// and all of an embed's text together.
const (
	embedDescriptionMax = 4096
	embedFieldMax       = 1024
	embedTotalMax       = 6000
)

// rulesEmbed is /rules: the variant's rules, the public text they come
// from, and (when the operator configured docs_url) our rules page. The
// fields come first so that only the long description is ever shortened.
func rulesEmbed(v games.Variant, docsURL string) *discordgo.MessageEmbed {
	source := fmt.Sprintf("%s, %d: %s", v.Author, v.Year, v.Source)
	if v.SourceURL != "" {
		source += "\n" + v.SourceURL
	}
	e := &discordgo.MessageEmbed{Title: "📜 " + v.Name, Color: 0x1f6f8b,
		Fields: []*discordgo.MessageEmbedField{{Name: "Source", Value: clip(source, embedFieldMax)}}}
	if docsURL != "" {
		page := strings.TrimRight(docsURL, "/") + "/" + v.ID + ".md"
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: "Full rules, with pictures and our rulings",
			Value: clip(page, embedFieldMax)})
	}
	desc := v.Rules
	if desc == "" {
		desc = v.Summary
	}
	if v.Reconstructed {
		desc += "\n\n⚠️ **Reconstructed setup.** " + v.ReconstructedNote
	}
	room := embedTotalMax - utf8.RuneCountInString(e.Title)
	for _, f := range e.Fields {
		room -= utf8.RuneCountInString(f.Name) + utf8.RuneCountInString(f.Value)
	}
	e.Description = clip(desc, min(room, embedDescriptionMax))
	return e
}

// clip shortens s to at most n characters (not bytes), marking the cut.
func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}

func (b *Bot) cmdHelp(ctx context.Context, r *request) error {
	b.mu.Lock()
	app := b.appID
	b.mu.Unlock()
	text := "**Bermuda** hosts five strange chess variants, played move by move in a thread over days.\n" +
		"• `/challenge variant [opponent] [color] [days]` — invite a player (or anyone); `opponent:@me [level]` plays the computer (levels " + levels.Summary() + ") at once, unrated.\n" +
		"• To move, press **Move** under the board: a private picker shows your pieces that can move, then where the one you choose can go (then a promotion or declaration if the rules ask).\n" +
		"• In the thread: `/move` to type a move instead, `/moves [from]`, `/board`, `/draw`, `/resign`, `/abort` (before both move), `/export [gif]`, `/rematch`; after moving, `/premove` queues answers to their next moves (variants without dice).\n" +
		"• After a game: **Review** under the result (or `/review`) — the engine judges every move: accuracy, mistakes, luck with dice, and your mistakes to solve again.\n" +
		"• `/puzzle [variant]` — a puzzle near your puzzle rating, privately; **Hint** names the piece.\n" +
		"• `/tournament create variant rounds days` — a Swiss tournament at correspondence pace; `standings`, `withdraw`, `list`; organisers `cancel`, `start_round`, `add_computer`.\n" +
		"• `/rules variant [piece]` — how a variant plays, with pictures. `/leaderboard`, `/stats` (ratings, chart, puzzle ratings and streaks), `/games`.\n" +
		"• `/notify` — mentions, a DM or a daily digest when it's your move; `/games mine:True` — your games everywhere, your move first.\n" +
		"• Each die roll gets its own message. Time control: days per move; a reminder at 80% of the time; running out loses.\n" +
		"• `/vacation start days [from]` — a holiday, now or planned: your clocks stop in all your games (30 days a year); `end`, `status`.\n" +
		"• Server managers: `/settings days` (default time control), `tournament_role` (who may run tournaments), `puzzle_channel` (a daily puzzle), `pages` (game pages on the web).\n"
	if app != "" {
		text += fmt.Sprintf("Invite me: https://discord.com/oauth2/authorize?client_id=%s&permissions=%d&scope=bot+applications.commands", app, InvitePermissions)
	}
	return r.ephemeral(text)
}

func (b *Bot) cmdExport(ctx context.Context, r *request) error {
	row, err := b.threadGame(ctx, r)
	if err != nil {
		return err
	}
	return b.export(ctx, r, row)
}

func (b *Bot) btnExport(ctx context.Context, r *request, gameID int64) error {
	row, err := b.store.Game(ctx, gameID)
	if err != nil {
		return err
	}
	return b.export(ctx, r, row)
}

// threadGame reads (without locking) the game of this thread.
func (b *Bot) threadGame(ctx context.Context, r *request) (db.Game, error) {
	row, err := b.store.GameByThread(ctx, r.i.ChannelID)
	if errors.Is(err, db.ErrNotFound) {
		return row, userErrorf("There is no game in this channel. Use this command inside a game thread (or the buttons under a game's result).")
	}
	return row, err
}

// cmdRematch challenges the other player again with sides swapped; the
// challenge is posted in the parent channel and accepted like any other.
func (b *Bot) cmdRematch(ctx context.Context, r *request) error {
	row, err := b.threadGame(ctx, r)
	if err != nil {
		return err
	}
	return b.rematch(ctx, r, row)
}

func (b *Bot) btnRematch(ctx context.Context, r *request, gameID int64) error {
	row, err := b.store.Game(ctx, gameID)
	if err != nil {
		return err
	}
	return b.rematch(ctx, r, row)
}

// rematchAlreadyOffered refuses a second rematch of a game, saying where
// the first one is: the player's own earlier click made it (its answer may
// have been lost at Discord, so they clicked again), or the opponent's.
func (b *Bot) rematchAlreadyOffered(ctx context.Context, row db.Game, p games.Player) error {
	rm, err := b.play.RematchOf(ctx, row, p)
	me, other := row.Players[p], row.Players[p.Other()]
	switch {
	case err != nil:
		return err
	case rm.Game != nil && rm.Game.ThreadID == "":
		return userErrorf("You already started the rematch; its game thread is being opened.")
	case rm.Game != nil:
		return userErrorf("You already started the rematch: the game is in <#%s>.", rm.Game.ThreadID)
	case rm.Challenge == nil:
		return nil
	}
	switch c := *rm.Challenge; {
	case c.State == "open" && c.ChallengerID == me:
		return userErrorf("You already offered %s a rematch: it waits for their answer in <#%s>.", mention(other), c.ChannelID)
	case c.State == "open":
		return userErrorf("%s already offered you a rematch: accept it in <#%s>.", mention(other), c.ChannelID)
	default:
		return userErrorf("The rematch is already on: %s", b.gameOfChallenge(ctx, c))
	}
}

func (b *Bot) rematch(ctx context.Context, r *request, row db.Game) error {
	p := games.NoPlayer
	for i, id := range row.Players {
		if id == r.userID() {
			p = games.Player(i)
		}
	}
	if p == games.NoPlayer {
		return userErrorf("Only the players of this game can ask for a rematch.")
	}
	if row.State == "active" {
		return userErrorf("This game is still going. A rematch can be offered once it ends.")
	}
	if err := b.rematchAlreadyOffered(ctx, row, p); err != nil {
		return err
	}
	if err := r.needPerms(threadPerms...); err != nil {
		return err
	}
	color := "black" // swapped: the player who had Player 1's side takes Player 2's
	if p == games.Player2 {
		color = "white"
	}
	if row.ComputerLevel > 0 {
		return b.rematchComputer(ctx, r, row, color)
	}
	v, err := games.Lookup(row.Variant)
	if err != nil {
		return err
	}
	c, err := b.play.Challenge(ctx, db.Challenge{GuildID: row.GuildID, ChannelID: row.ChannelID, ChallengerID: r.userID(),
		OpponentID: row.Players[p.Other()], Variant: row.Variant, Color: color, Days: row.Days})
	if err != nil {
		return err
	}
	id := c.ID
	data := challengeMessage(c, v)
	data.Content = "🔁 Rematch! " + data.Content
	msg, err := b.dc.Send(row.ChannelID, &discordgo.MessageSend{Content: data.Content, Embeds: data.Embeds, Components: data.Components, AllowedMentions: data.AllowedMentions})
	if err != nil {
		b.store.CloseChallenge(ctx, id, "cancelled")
		return fmt.Errorf("posting the rematch challenge: %w", err)
	}
	if err := b.store.SetChallengeMessage(ctx, id, msg.ID); err != nil {
		return err
	}
	return r.respond(&discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: &discordgo.InteractionResponseData{
		Content:         fmt.Sprintf("🔁 %s offered a rematch with sides swapped in <#%s>.", mention(r.userID()), row.ChannelID),
		AllowedMentions: noPings,
	}})
}
