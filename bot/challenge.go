package bot

import (
	"context"
	"errors"
	"fmt"

	"github.com/bwmarrin/discordgo"

	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/games"
	"github.com/bermudachess/bermuda/levels"
	"github.com/bermudachess/bermuda/play"
)

var threadPerms = []int64{
	discordgo.PermissionViewChannel, discordgo.PermissionSendMessages, discordgo.PermissionEmbedLinks,
	discordgo.PermissionAttachFiles, discordgo.PermissionReadMessageHistory,
	discordgo.PermissionCreatePublicThreads, discordgo.PermissionSendMessagesInThreads,
}

func (b *Bot) cmdChallenge(ctx context.Context, r *request) error {
	if r.i.GuildID == "" {
		return userErrorf("Challenges work in a server channel, not in direct messages.")
	}
	if _, err := b.store.GameByThread(ctx, r.i.ChannelID); err == nil {
		return userErrorf("Start challenges in a normal text channel: the game gets its own thread from there.")
	}
	v, err := games.Lookup(r.stringOption("variant"))
	if err != nil {
		return userErrorf("Unknown variant. Pick one from the list: %s.", variantList())
	}
	challenger := r.user()
	var opponentID string
	vsComputer := false
	if o := r.userOption("opponent"); o != nil {
		switch {
		case o.ID == challenger.ID:
			return userErrorf("You can't challenge yourself. Name another player, or leave `opponent` empty so anyone can accept.")
		case o.ID == b.selfID():
			vsComputer = true
		case o.Bot:
			return userErrorf("%s is a bot and can't play. Challenge a person, or leave `opponent` empty.", o.Username)
		}
		opponentID = o.ID
		b.store.UpsertPlayer(ctx, o.ID, displayName(o))
	}
	color := r.stringOption("color")
	if color == "" {
		color = "random"
	}
	days := r.intOption("days")
	if days == 0 {
		set, err := b.store.Settings(ctx, r.i.GuildID)
		if err != nil {
			return err
		}
		days = b.defaultDays // the bot's, unless the server chose (/settings days)
		if set.DaysChosen {
			days = set.DefaultDays
		}
	}
	if !validDays(days) {
		return userErrorf("%d days per move is not offered; choose one of %s.", days, daysList())
	}
	level, err := computerLevel(r)
	if err != nil {
		return err
	}
	if r.intOption("level") != 0 && !vsComputer {
		return userErrorf("`level` sets the computer's strength: choose me (%s) as the `opponent` to play the computer.", mention(b.selfID()))
	}
	if err := r.needPerms(threadPerms...); err != nil {
		return err
	}
	if err := b.store.UpsertPlayer(ctx, challenger.ID, r.userName()); err != nil {
		return err
	}
	if vsComputer {
		return b.challengeComputer(ctx, r, computerGame{guildID: r.i.GuildID, channelID: r.i.ChannelID, human: challenger.ID,
			variant: v.ID, color: color, days: days, level: level})
	}
	c, err := b.play.Challenge(ctx, db.Challenge{GuildID: r.i.GuildID, ChannelID: r.i.ChannelID, ChallengerID: challenger.ID,
		OpponentID: opponentID, Variant: v.ID, Color: color, Days: days})
	if err != nil {
		return err
	}
	id := c.ID
	resp := &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: challengeMessage(c, v)}
	if err := r.respond(resp); err != nil {
		b.store.CloseChallenge(ctx, id, "cancelled")
		return err
	}
	if msg, err := b.dc.Original(r.i); err == nil {
		b.store.SetChallengeMessage(ctx, id, msg.ID)
	} else {
		b.log.Warn("could not read the challenge message id", "challenge", id, "err", err)
	}
	return nil
}

func challengeMessage(c db.Challenge, v games.Variant) *discordgo.InteractionResponseData {
	who := "Anyone may accept."
	mentions := noPings
	if c.OpponentID != "" {
		who = mention(c.OpponentID) + ", do you accept?"
		mentions = pingOnly(c.OpponentID)
	}
	side := map[string]string{"white": "plays the first side (White)", "black": "plays the second side (Black)", "random": "gets a random side"}[c.Color]
	if v.ID == "randommove" {
		side = "throws a die against you for White"
	}
	desc := fmt.Sprintf("%s\n\n%s %s · %s per move.\n%s", v.Summary, mention(c.ChallengerID), side, plural(c.Days, "day"), who)
	if v.Reconstructed {
		desc += "\n*The setup is reconstructed: the original diagram is lost. See `/rules`.*"
	}
	return &discordgo.InteractionResponseData{
		Content:         fmt.Sprintf("♟️ %s challenges %s to **%s**", mention(c.ChallengerID), opponentText(c), v.Name),
		Embeds:          []*discordgo.MessageEmbed{{Title: v.Name, Description: desc, Color: 0x1f6f8b}},
		AllowedMentions: mentions,
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: "Accept", Style: discordgo.SuccessButton, CustomID: fmt.Sprintf("accept:%d", c.ID)},
			discordgo.Button{Label: "Decline", Style: discordgo.DangerButton, CustomID: fmt.Sprintf("decline:%d", c.ID)},
			discordgo.Button{Label: "Cancel", Style: discordgo.SecondaryButton, CustomID: fmt.Sprintf("cancel:%d", c.ID)},
		}}},
	}
}

func opponentText(c db.Challenge) string {
	if c.OpponentID == "" {
		return "anyone"
	}
	return mention(c.OpponentID)
}

func displayName(u *discordgo.User) string {
	if u.GlobalName != "" {
		return u.GlobalName
	}
	return u.Username
}

func variantList() string {
	var s string
	for i, c := range variantChoices() {
		if i > 0 {
			s += ", "
		}
		s += "`" + c.Value.(string) + "`"
	}
	return s
}

// challengeRefusal words play's refusal of an answer (verb: accept,
// decline or cancel) to a challenge.
func (b *Bot) challengeRefusal(ctx context.Context, r *request, verb string, err error) error {
	var ref *play.ChallengeRefusal
	if !errors.As(err, &ref) {
		return err
	}
	c := ref.Challenge
	switch {
	case errors.Is(err, play.ErrNoChallenge):
		return userErrorf("This challenge no longer exists.")
	case errors.Is(err, play.ErrChallengeClosed):
		return b.challengeClosed(ctx, c, r.userID())
	case errors.Is(err, play.ErrOwnChallenge) && verb == "accept":
		return userErrorf("You can't accept your own challenge. Use **Cancel** to withdraw it.")
	case errors.Is(err, play.ErrOwnChallenge):
		return userErrorf("That's your own challenge: use **Cancel** to withdraw it.")
	case errors.Is(err, play.ErrNotChallenged) && verb == "accept":
		return userErrorf("Only %s can accept this challenge. Start your own with `/challenge`.", mention(c.OpponentID))
	case errors.Is(err, play.ErrNotChallenged):
		return userErrorf("Only %s can decline this challenge.", mention(c.OpponentID))
	case errors.Is(err, play.ErrOpenToAnyone):
		return userErrorf("This challenge is open to anyone; just leave it if you don't want to play.")
	case errors.Is(err, play.ErrNotChallenger):
		return userErrorf("Only %s, who made this challenge, can cancel it.", mention(c.ChallengerID))
	}
	return err
}

// challengeClosed explains a click on a challenge that is no longer open.
// The click that closed it may have been the clicker's own: when its answer
// is lost at Discord the buttons stay, the player clicks again, and "taken"
// would read as if someone else had taken it. So their own accept, decline
// or cancel is named as theirs, with the game's thread for an accept.
func (b *Bot) challengeClosed(ctx context.Context, c db.Challenge, clicker string) error {
	switch {
	case c.State == "accepted" && c.AcceptedBy == clicker:
		return userErrorf("You already accepted this challenge: %s", b.gameOfChallenge(ctx, c))
	case c.State == "accepted" && c.ChallengerID == clicker:
		return userErrorf("%s already accepted your challenge: %s", mention(c.AcceptedBy), b.gameOfChallenge(ctx, c))
	case c.State == "declined" && c.OpponentID == clicker:
		return userErrorf("You already declined this challenge.")
	case c.State == "cancelled" && c.ChallengerID == clicker:
		return userErrorf("You already cancelled this challenge.")
	}
	return userErrorf("This challenge is already taken (%s).", c.State)
}

// gameOfChallenge says where an accepted challenge's game is: its thread,
// or why there is none (being opened right now, or it could not be opened
// and the game was cancelled).
func (b *Bot) gameOfChallenge(ctx context.Context, c db.Challenge) string {
	g, err := b.store.Game(ctx, c.GameID)
	switch {
	case err != nil:
		b.log.Warn("reading an accepted challenge's game", "challenge", c.ID, "game", c.GameID, "err", err)
		return "its game has started."
	case g.ThreadID != "":
		return fmt.Sprintf("the game is in <#%s>.", g.ThreadID)
	case g.State == "active":
		return "its game thread is being opened."
	}
	return "its game thread could not be opened, so the game was cancelled. Start a new one with `/challenge`."
}

func (b *Bot) btnAccept(ctx context.Context, r *request, id int64) error {
	acceptor := r.userID()
	s, startEvents, c, err := b.play.AcceptChallenge(ctx, id, acceptor, func() error {
		if err := r.needPerms(threadPerms...); err != nil {
			return err
		}
		if err := b.store.UpsertPlayer(ctx, acceptor, r.userName()); err != nil {
			return err
		}
		r.deferUpdate()
		return nil
	})
	if err != nil {
		return b.challengeRefusal(ctx, r, "accept", err)
	}
	defer s.Unlock() // held until the opening posts are out (play.Open)
	row, g := s.Row, s.Game
	names := [2]string{b.name(ctx, row.Players[0]), b.name(ctx, row.Players[1])}
	thread, err := b.dc.StartThread(c.ChannelID, r.i.Message.ID, truncate(fmt.Sprintf("%s · %s vs %s", variantName(c.Variant), names[0], names[1]), 100))
	if err != nil {
		// No thread, no game: cancel it rather than leave it unplayable.
		b.play.Cancel(ctx, s)
		b.log.Error("creating the game thread failed; game aborted", "game", row.ID, "err", err)
		failed := fmt.Sprintf("⚠️ %s accepted %s's challenge to **%s**, but the game thread could not be opened.", mention(acceptor), mention(c.ChallengerID), variantName(c.Variant))
		r.editOriginal(&discordgo.WebhookEdit{Content: &failed, Components: &[]discordgo.MessageComponent{}, Embeds: &[]*discordgo.MessageEmbed{}, AllowedMentions: noPings})
		return userErrorf("I couldn't open the game thread (Discord said: %v), so the game was cancelled. Check my permissions in this channel and challenge again.", err)
	}
	done := fmt.Sprintf("✅ %s accepted %s's challenge to **%s** — the game is on in <#%s>.", mention(acceptor), mention(c.ChallengerID), variantName(c.Variant), thread.ID)
	r.editOriginal(&discordgo.WebhookEdit{Content: &done, Components: &[]discordgo.MessageComponent{}, Embeds: &[]*discordgo.MessageEmbed{}, AllowedMentions: noPings})
	row.ThreadID = thread.ID
	s.Row = row
	for _, p := range row.Players {
		if err := b.dc.AddThreadMember(thread.ID, p); err != nil {
			b.log.Warn("adding a thread member failed", "thread", thread.ID, "user", p, "err", err)
		}
	}
	b.postOpening(row, g, startEvents)
	b.noticeTurn(row, g, acceptor, "") // a DM to the first player, if they chose it (notify.go)
	return b.play.Shown(ctx, s, thread.ID)
}

// postOpening is the thread's first posts: who plays what, any opening
// dice (one message per throw), then the board.
func (b *Bot) postOpening(row db.Game, g games.Game, startEvents []games.Event) {
	b.sendText(row.ThreadID, fmt.Sprintf("**%s** · %s · %s per move. Play with `/move`; `/moves` lists legal moves, `/rules` explains the game.",
		variantName(row.Variant), playerLine(row, g), plural(row.Days, "day")), noPings)
	for _, line := range diceLines(row, row.Players[0], startEvents) {
		b.sendText(row.ThreadID, line, noPings)
	}
	if msg, err := b.boardMessage(row, g, "The game begins"); err == nil {
		b.send(row.ThreadID, msg)
	} else {
		b.log.Error("opening board", "game", row.ID, "err", err)
	}
}

func (b *Bot) name(ctx context.Context, userID string) string {
	if n, err := b.store.PlayerName(ctx, userID); err == nil && n != "" {
		return n
	}
	return userID
}

// answerChallenge closes the challenge for the clicker (play.AnswerChallenge).
func (b *Bot) answerChallenge(ctx context.Context, r *request, id int64, state, verb string) error {
	c, err := b.play.AnswerChallenge(ctx, id, r.userID(), state)
	if err != nil {
		return b.challengeRefusal(ctx, r, verb, err)
	}
	text := fmt.Sprintf("~~%s challenged %s to %s~~ — %s by %s.", mention(c.ChallengerID), opponentText(c), variantName(c.Variant), state, mention(r.userID()))
	return r.respond(&discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage, Data: &discordgo.InteractionResponseData{
		Content: text, Components: []discordgo.MessageComponent{}, Embeds: []*discordgo.MessageEmbed{}, AllowedMentions: noPings,
	}})
}

func (b *Bot) btnDecline(ctx context.Context, r *request, id int64) error {
	return b.answerChallenge(ctx, r, id, "declined", "decline")
}

func (b *Bot) btnCancel(ctx context.Context, r *request, id int64) error {
	return b.answerChallenge(ctx, r, id, "cancelled", "cancel")
}

// levelChoices are the computer's levels as command choices, each named
// with its measured strength so that players know what they choose.
func levelChoices() []*discordgo.ApplicationCommandOptionChoice {
	var out []*discordgo.ApplicationCommandOptionChoice
	for n := 1; n <= levels.Count; n++ {
		out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: levels.Label(n), Value: n})
	}
	return out
}
