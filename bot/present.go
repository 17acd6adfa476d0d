package bot

import (
	"fmt"
	"runtime"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/games"
	"github.com/bermudachess/bermuda/render"
)

// variantName is the display name of a variant id.
func variantName(id string) string {
	if v, err := games.Lookup(id); err == nil {
		return v.Name
	}
	return id
}

func mention(userID string) string { return "<@" + userID + ">" }

// pingOnly lets a message ping exactly these users and nobody else.
func pingOnly(users ...string) *discordgo.MessageAllowedMentions {
	return &discordgo.MessageAllowedMentions{Users: users}
}

var noPings = &discordgo.MessageAllowedMentions{}

// playerLine says who plays what, e.g. "<@1> (White) vs <@2> (Black)".
func playerLine(row db.Game, g games.Game) string {
	roles := g.Roles()
	return fmt.Sprintf("%s (%s) vs %s (%s)", mention(row.Players[0]), roles[0], mention(row.Players[1]), roles[1])
}

// drawing admits as many board renderings at once as there are CPUs.
// Drawing is the bot's heaviest work; with more at once nothing is drawn
// sooner, but a new interaction would queue behind them for the CPU before
// it could be acknowledged within Discord's 3 seconds.
var drawing = make(chan struct{}, runtime.GOMAXPROCS(0))

// boardMessage is a new message with the position as a PNG in an embed,
// pinging whoever acts next (if the game goes on).
func (b *Bot) boardMessage(row db.Game, g games.Game, title string) (*discordgo.MessageSend, error) {
	view := g.View()
	drawing <- struct{}{}
	png, err := render.PNG(view)
	<-drawing
	if err != nil {
		return nil, fmt.Errorf("rendering the board: %w", err)
	}
	embed := &discordgo.MessageEmbed{
		Title:       boardTitle(row, title),
		Description: boardCaption(row, g),
		Image:       &discordgo.MessageEmbedImage{URL: "attachment://board.png"},
		Footer:      &discordgo.MessageEmbedFooter{Text: fmt.Sprintf("%s · game #%d · %s per move", variantName(row.Variant), row.ID, plural(row.Days, "day"))},
		Color:       0x1f6f8b,
	}
	msg := &discordgo.MessageSend{
		Embeds:          []*discordgo.MessageEmbed{embed},
		Files:           []*discordgo.File{pngFile("board.png", png, boardAlt(view))},
		AllowedMentions: noPings,
	}
	if o := g.Outcome(); row.State == "active" && !o.Over {
		msg.Components = moveButton(row.ID)
		if bb := b.boardButton(row.ID, row.GuildID); bb != nil {
			row0 := msg.Components[0].(discordgo.ActionsRow)
			row0.Components = append(row0.Components, bb)
			msg.Components[0] = row0
		}
		t := g.Turn()
		next := row.Players[t.Player]
		if b.computerToAct(row, g) {
			msg.Content = "🤖 The computer is thinking…"
			if t.MovesLeft > 1 {
				msg.Content = fmt.Sprintf("🤖 The computer is thinking… (%d moves this turn)", t.MovesLeft)
			}
			return msg, nil
		}
		line := fmt.Sprintf("%s, your move (%s)", mention(next), g.Roles()[t.Player])
		if t.MovesLeft > 1 {
			line += fmt.Sprintf(" — **%d moves** this turn", t.MovesLeft)
		}
		if len(t.Sides) > 1 {
			names := make([]string, len(t.Sides))
			for i, side := range t.Sides {
				names[i] = side.String()
			}
			line += " — you may move " + joinOr(names)
		}
		if !row.Deadline.IsZero() {
			line += fmt.Sprintf(" · time runs out <t:%d:R>", row.Deadline.Unix())
		}
		line += b.holidayLines(row) // holiday.go
		msg.Content = line
		msg.AllowedMentions = b.turnPings(next) // nobody, for players told by DM or digest (notify.go)
	}
	return msg, nil
}

// splitEvents separates what the move itself did (before any die was
// rolled) from what followed the dice (pieces that vanished, checks, a
// passed turn). The dice messages say what they caused, so vanishings are
// left to them.
func splitEvents(evs []games.Event) (before, after []games.Event) {
	rolled := false
	for _, e := range evs {
		switch {
		case e.Kind == games.EventDice:
			rolled = true
		case e.Kind == games.EventGameOver || e.Text == "":
		case !rolled:
			before = append(before, e)
		case e.Kind != games.EventVanished:
			after = append(after, e)
		}
	}
	return before, after
}

// bullets writes each event's text as a line.
func bullets(row db.Game, evs []games.Event) string {
	var b strings.Builder
	for _, e := range evs {
		b.WriteString("\n• " + personalize(row, e.Text))
	}
	return b.String()
}

// describeMove is the move in words: the notation and what the move did.
func describeMove(row db.Game, userID string, notation string, evs []games.Event) string {
	before, _ := splitEvents(evs)
	return truncate(fmt.Sprintf("%s played **%s**", mention(userID), notation)+bullets(row, before), 1900)
}

// diceLines are the dice messages, one per roll event, mentioning who
// rolled, e.g. "🎲 @ann BCAF `4, 5` → f7: White's Ship vanished into the Angle".
func diceLines(row db.Game, mover string, evs []games.Event) []string {
	var out []string
	for _, e := range games.DiceEvents(evs) {
		who := mover
		if e.Player == games.Player1 || e.Player == games.Player2 {
			who = row.Players[e.Player]
		}
		text := personalize(row, e.Text)
		if !strings.Contains(text, "<@") {
			text = mention(who) + " " + text
		}
		out = append(out, truncate("🎲 "+text, 1900))
	}
	return out
}

// personalize puts the players' mentions where the rules say "Player 1"
// or "Player 2" (the rules know seats, not people).
func personalize(row db.Game, text string) string {
	text = strings.ReplaceAll(text, "Player 1", mention(row.Players[0]))
	return strings.ReplaceAll(text, "Player 2", mention(row.Players[1]))
}

func diceTexts(evs []games.Event) []string {
	var out []string
	for _, e := range games.DiceEvents(evs) {
		out = append(out, e.Text)
	}
	return out
}

// resultText announces the end of a game with any rating changes.
func resultText(row db.Game, g games.Game, winner int, reason string, res db.Result) string {
	var b strings.Builder
	roles := [2]string{"", ""}
	if g != nil {
		roles = g.Roles()
	}
	switch {
	case reason == "aborted":
		b.WriteString("🛑 **Game aborted.** It will not be rated.")
	case winner < 0:
		fmt.Fprintf(&b, "🤝 **Draw** — %s.", reason)
	case strings.HasPrefix(roles[winner], "wins"): // the role already says how they win
		fmt.Fprintf(&b, "🏁 **%s wins** — %s.", mention(row.Players[winner]), reason)
	default:
		fmt.Fprintf(&b, "🏁 **%s (%s) wins** — %s.", mention(row.Players[winner]), roles[winner], reason)
	}
	if res.Rated {
		for _, c := range res.Changes {
			fmt.Fprintf(&b, "\n%s: %.0f → %.0f (%s)", mention(c.UserID), c.Before, c.After, shown(c.After-c.Before, 0, true))
		}
	} else if reason != "aborted" && res.UnratedTournament {
		b.WriteString("\nGames of an unrated tournament are not rated.")
	} else if reason != "aborted" && row.ComputerLevel > 0 {
		b.WriteString("\nGames against the computer are not rated.")
	} else if reason != "aborted" {
		b.WriteString("\nThis game was not rated (it ended before both players had made two moves).")
	}
	return b.String()
}

func plural(n int, unit string) string {
	if n == 1 {
		return "1 " + unit
	}
	return fmt.Sprintf("%d %ss", n, unit)
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n-1] + "…"
}

// send posts to a channel and logs failures; game state is already stored,
// so a failed post loses nothing that /board cannot show again.
func (b *Bot) send(channelID string, m *discordgo.MessageSend) (*discordgo.Message, error) {
	msg, err := b.dc.Send(channelID, m)
	if err != nil {
		b.log.Warn("posting to Discord failed", "channel", channelID, "err", err)
	}
	return msg, err
}

func (b *Bot) sendText(channelID, text string, mentions *discordgo.MessageAllowedMentions) error {
	_, err := b.send(channelID, &discordgo.MessageSend{Content: text, AllowedMentions: mentions})
	return err
}

// joinOr joins names as "A, B or C".
func joinOr(xs []string) string {
	if len(xs) < 2 {
		return strings.Join(xs, "")
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " or " + xs[len(xs)-1]
}
