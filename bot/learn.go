package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/bwmarrin/discordgo"

	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/games"
	"github.com/bermudachess/bermuda/picker"
	"github.com/bermudachess/bermuda/review"
)

// Learn from your mistakes: from a finished review, a player of the game
// gets, privately, each position where they erred, to find a better move
// with the move picker's menus; after a try the engine's move is shown.
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
	if p.ply >= len(l.mistakes) {
		return b.updateLesson(r, &discordgo.InteractionResponseData{Content: "That was the last of your mistakes in this game. Well done!"})
	}
	if p.what == "next" {
		next := pickerState{prefix: learnPrefix, game: p.game, ply: p.ply + 1}
		if next.ply >= len(l.mistakes) {
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

// lesson is one player's mistakes in one reviewed game.
type lesson struct {
	row      db.Game
	mistakes []review.Ply
	before   map[int]games.Game // the position before each ply
}

func (b *Bot) loadLesson(ctx context.Context, gameID int64, userID string) (*lesson, error) {
	row, err := b.store.Game(ctx, gameID)
	if errors.Is(err, db.ErrNotFound) {
		return nil, userErrorf("This game no longer exists.")
	}
	if err != nil {
		return nil, err
	}
	seat := -1
	for i, id := range row.Players {
		if id == userID {
			seat = i
		}
	}
	if seat < 0 {
		return nil, userErrorf("Only the game's players have mistakes to learn from here; `/review` shows anyone the review.")
	}
	stored, err := b.store.Review(ctx, gameID)
	if err != nil || stored.State != "done" {
		return nil, userErrorf("This game's review is not ready yet.")
	}
	var rev review.Review
	if err := json.Unmarshal([]byte(stored.Data), &rev); err != nil {
		return nil, err
	}
	l := &lesson{row: row, before: map[int]games.Game{}}
	for _, p := range rev.Plies {
		if p.Player == seat && p.Judgement != "" && p.Best != p.Move {
			l.mistakes = append(l.mistakes, p)
		}
	}
	if len(l.mistakes) == 0 {
		return nil, userErrorf("The engine found no inaccuracy, mistake or blunder of yours in this game: nothing to learn from here.")
	}
	rec, _, err := b.gameRecord(ctx, row)
	if err != nil {
		return nil, err
	}
	if _, err := games.ReplayEach(rec, func(s games.ReplayStep) {
		if s.Index >= 0 {
			l.before[s.Index] = s.Before
		}
	}); err != nil {
		return nil, err
	}
	return l, nil
}

// position is the position before mistake k.
func (l *lesson) position(k int) games.Game { return l.before[l.mistakes[k].Ply] }

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
	m := l.mistakes[p.ply]
	if note == "" {
		note = fmt.Sprintf("Mistake %d of %d · move %d: you played **%s** (%s). Find a better move.",
			p.ply+1, len(l.mistakes), g.Turn().MoveNumber, moveWords(g, m.Move), withArticle(m.Judgement))
	}
	return b.pickerData(l.row, g, p, st, note)
}

// verdict says whether the move found is the engine's, and shows its move.
func (l *lesson) verdict(b *Bot, p pickerState, found games.Move) *discordgo.InteractionResponseData {
	m := l.mistakes[p.ply]
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
	next := pickerState{prefix: learnPrefix, game: p.game, ply: p.ply}
	label := "Next mistake"
	if p.ply+1 >= len(l.mistakes) {
		label = "Finish"
	}
	return &discordgo.InteractionResponseData{Content: text, Embeds: []*discordgo.MessageEmbed{}, Attachments: &[]*discordgo.MessageAttachment{},
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: label, Style: discordgo.PrimaryButton, CustomID: next.customID("next")},
		}}}}
}
