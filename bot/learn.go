package bot

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/games"
	"github.com/bermudachess/bermuda/picker"
	"github.com/bermudachess/bermuda/play"
)

// Learn from your mistakes: from a finished review, a player of the game
// gets, privately, each position where they erred, to find a better move
// with the move picker's menus or typed in a form (Type a move: any
// notation /move takes); after a try the engine's move is shown.
// The custom_id is the picker's, with learnPrefix and the mistake's index
// in place of the ply: the stored review and the game's record say the
// rest, so any replica can answer.

const learnPrefix = "lm"

// btnLearn is the button under a review: the first of the player's mistakes.
func (b *Bot) btnLearn(ctx context.Context, r *request, gameID int64) error {
	l, err := b.loadLesson(ctx, gameID, r.userID())
	if err != nil {
		return err
	}
	data, err := l.step(b, pickerState{prefix: learnPrefix, game: gameID}, "")
	if err != nil {
		return err
	}
	data.Flags = discordgo.MessageFlagsEphemeral
	return r.respond(&discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: data})
}

// learnClick answers a choice in a lesson's menus, or its buttons.
func (b *Bot) learnClick(ctx context.Context, r *request) error {
	data := r.i.MessageComponentData()
	p, err := parsePickerID(data.CustomID)
	if err != nil {
		return userErrorf("This lesson is broken; press **Learn from your mistakes** under the review again.")
	}
	l, err := b.loadLesson(ctx, p.game, r.userID())
	if err != nil {
		return err
	}
	if p.ply >= len(l.Mistakes) {
		return b.updateLesson(r, &discordgo.InteractionResponseData{Content: "That was the last of your mistakes in this game. Well done!"})
	}
	if p.what == learnTypeWhat {
		return r.respond(learnModal(p.game, p.ply, l.position(p.ply)))
	}
	if p.what == "next" {
		next := pickerState{prefix: learnPrefix, game: p.game, ply: p.ply + 1}
		if next.ply >= len(l.Mistakes) {
			return b.updateLesson(r, &discordgo.InteractionResponseData{Content: "That was the last of your mistakes in this game. Well done!"})
		}
		resp, err := l.step(b, next, "")
		if err != nil {
			return err
		}
		return b.updateLesson(r, resp)
	}
	c, err := p.click(l.position(p.ply), data.Values)
	switch {
	case errors.Is(err, errBrokenClick):
		return userErrorf("This lesson is broken; press **Learn from your mistakes** under the review again.")
	case errors.Is(err, picker.ErrStale):
		return userErrorf("That move is not legal in this position.")
	case err != nil:
		return err
	case c.move != nil:
		return b.updateLesson(r, l.verdict(b, p, *c.move))
	}
	resp, err := l.step(b, c.next, "")
	if err != nil {
		return err
	}
	return b.updateLesson(r, resp)
}

func (b *Bot) updateLesson(r *request, data *discordgo.InteractionResponseData) error {
	if data.Embeds == nil {
		data.Embeds, data.Components, data.Attachments = []*discordgo.MessageEmbed{}, []discordgo.MessageComponent{}, &[]*discordgo.MessageAttachment{}
	}
	data.AllowedMentions = noPings
	return r.respond(&discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage, Data: data})
}

// lesson is one player's mistakes in one reviewed game (play.LessonOf).
type lesson struct{ *play.Lesson }

func (b *Bot) loadLesson(ctx context.Context, gameID int64, userID string) (*lesson, error) {
	l, err := b.play.LessonOf(ctx, gameID, userID)
	switch {
	case errors.Is(err, db.ErrNotFound):
		return nil, userErrorf("This game no longer exists.")
	case errors.Is(err, play.ErrNotPlayer):
		return nil, userErrorf("Only the game's players have mistakes to learn from here; `/review` shows anyone the review.")
	case errors.Is(err, play.ErrNotReviewed):
		return nil, userErrorf("This game's review is not ready yet.")
	case errors.Is(err, play.ErrNoMistakes):
		return nil, userErrorf("The engine found no inaccuracy, mistake or blunder of yours in this game: nothing to learn from here.")
	case err != nil:
		return nil, err
	}
	return &lesson{l}, nil
}

// position is the position before mistake k.
func (l *lesson) position(k int) games.Game { return l.Before[l.Mistakes[k].Ply] }

// step draws mistake p.ply's position at the picker step p names.
func (l *lesson) step(b *Bot, p pickerState, note string) (*discordgo.InteractionResponseData, error) {
	g := l.position(p.ply)
	st, err := picker.At(g, p.from, p.to)
	if err != nil {
		st, err = picker.At(g, "", "")
		p.from, p.to = "", ""
	}
	if err != nil {
		return nil, err
	}
	m := l.Mistakes[p.ply]
	if note == "" {
		note = fmt.Sprintf("Mistake %d of %d · move %d: you played **%s** (%s). Find a better move.",
			p.ply+1, len(l.Mistakes), g.Turn().MoveNumber, moveWords(g, m.Move), withArticle(m.Judgement))
	}
	data, err := b.pickerData(l.Row, g, p, st, note)
	if err != nil {
		return nil, err
	}
	// Type a move: a form, beside the picker's own buttons when it has
	// some (Back, a page), as the puzzle's Hint is.
	typeIt := discordgo.Button{Label: "Type a move", Emoji: &discordgo.ComponentEmoji{Name: "⌨️"}, Style: discordgo.SecondaryButton,
		CustomID: pickerState{prefix: learnPrefix, game: p.game, ply: p.ply}.customID(learnTypeWhat)}
	if n := len(data.Components); n > 0 {
		if row, ok := data.Components[n-1].(discordgo.ActionsRow); ok {
			if _, buttons := row.Components[0].(discordgo.Button); buttons {
				row.Components = append(row.Components, typeIt)
				data.Components[n-1] = row
				return data, nil
			}
		}
	}
	data.Components = append(data.Components, discordgo.ActionsRow{Components: []discordgo.MessageComponent{typeIt}})
	return data, nil
}

// learnTypeWhat is the picker id's what of a lesson's Type a move button;
// learnFormPrefix starts the custom_id of the form it opens,
// lmt:<game>:<mistake>, and learnFormInput is the form's one text input.
const (
	learnTypeWhat   = "type"
	learnFormPrefix = "lmt"
	learnFormInput  = "move"
)

// learnModal is the form that takes a typed answer to mistake k.
func learnModal(gameID int64, k int, g games.Game) *discordgo.InteractionResponse {
	example := ""
	if ms := g.LegalMoves(); len(ms) > 0 {
		example = "e.g. " + ms[0].Notation
		if len(ms[0].Aliases) > 0 {
			example += " or " + ms[0].Aliases[0]
		}
	}
	return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseModal, Data: &discordgo.InteractionResponseData{
		CustomID: fmt.Sprintf("%s:%d:%d", learnFormPrefix, gameID, k),
		Title:    "Find a better move",
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.TextInput{CustomID: learnFormInput, Label: "Your move, as /move takes it", Style: discordgo.TextInputShort,
				Placeholder: truncate(example, 100), Required: true, MaxLength: 60},
		}}},
	}}
}

// learnTyped answers the form: the move typed for mistake k, judged as a
// move chosen in the menus is; what is not a legal move there is said
// privately and the lesson waits.
func (b *Bot) learnTyped(ctx context.Context, r *request) error {
	data := r.i.ModalSubmitData()
	var gameID int64
	var k int
	if _, err := fmt.Sscanf(data.CustomID, learnFormPrefix+":%d:%d", &gameID, &k); err != nil || k < 0 {
		return userErrorf("This lesson is broken; press **Learn from your mistakes** under the review again.")
	}
	typed := ""
	for _, c := range data.Components {
		if row, ok := c.(*discordgo.ActionsRow); ok {
			for _, in := range row.Components {
				if ti, ok := in.(*discordgo.TextInput); ok && ti.CustomID == learnFormInput {
					typed = ti.Value
				}
			}
		}
	}
	l, err := b.loadLesson(ctx, gameID, r.userID())
	if err != nil {
		return err
	}
	if k >= len(l.Mistakes) {
		return userErrorf("That was the last of your mistakes in this game.")
	}
	g := l.position(k)
	m, err := g.ParseMove(typed)
	if err != nil {
		var me *games.MoveError
		if errors.As(err, &me) {
			msg := fmt.Sprintf("`%s` is not a legal move here: %s.", truncate(strings.TrimSpace(me.Input), 40), me.Reason)
			if len(me.Suggestions) > 0 {
				msg += " Legal moves include: `" + strings.Join(me.Suggestions, "`, `") + "`."
			}
			return userErrorf("%s Try again, or pick the move with the menus.", msg)
		}
		return err
	}
	return b.updateLesson(r, l.verdict(b, pickerState{prefix: learnPrefix, game: gameID, ply: k}, m))
}

// verdict says whether the move found is the engine's, and shows its move.
func (l *lesson) verdict(b *Bot, p pickerState, found games.Move) *discordgo.InteractionResponseData {
	m := l.Mistakes[p.ply]
	g := l.position(p.ply)
	var text string
	switch found.Notation {
	case m.Best:
		text = fmt.Sprintf("✅ **%s** is the engine's move. (In the game: %s.)", moveWords(g, found.Notation), moveWords(g, m.Move))
	case m.Move:
		text = fmt.Sprintf("❌ That is the move you played in the game. The engine's move: **%s**.", moveWords(g, m.Best))
	default:
		text = fmt.Sprintf("🤔 Not the engine's first choice: it plays **%s** here (yours: %s; in the game: %s).",
			moveWords(g, m.Best), moveWords(g, found.Notation), moveWords(g, m.Move))
	}
	if w := l.Words[m.Ply]; w != "" {
		text += "\nWhy the game's move was " + withArticle(m.Judgement) + ": " + w
	}
	next := pickerState{prefix: learnPrefix, game: p.game, ply: p.ply}
	label := "Next mistake"
	if p.ply+1 >= len(l.Mistakes) {
		label = "Finish"
	}
	return &discordgo.InteractionResponseData{Content: text, Embeds: []*discordgo.MessageEmbed{}, Attachments: &[]*discordgo.MessageAttachment{},
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: label, Style: discordgo.PrimaryButton, CustomID: next.customID("next")},
		}}}}
}
