package bot

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/engine"
	"github.com/bermudachess/bermuda/games"
	"github.com/bermudachess/bermuda/picker"
	"github.com/bermudachess/bermuda/puzzles"
)

// Puzzles: /puzzle gives a player, privately, a position from the shipped
// sets (package puzzles) near their puzzle rating, answered with the move
// picker's menus or typed with /puzzle answer:. Each attempt is a row in
// the database (db/puzzles.go) and the picker's custom_id carries the
// attempt and its ply in place of a game and its ply, so any replica
// answers any click, and a click on a message whose attempt moved on or
// ended plays nothing. The daily puzzle is in puzzle_daily.go; drawing
// and words in puzzle_view.go.
//
//	pz:<attempt>:<ply>:<from>:<to>:<page>:<what>
//
// what is as the picker's, or hint, sol (the solution) or next (a new
// puzzle after the end).

const puzzlePrefix = "pz"

// cmdPuzzle is /puzzle [variant] [answer]: the player's open puzzle, or a
// new one; with answer, the move typed for the open puzzle.
func (b *Bot) cmdPuzzle(ctx context.Context, r *request) error {
	variant := r.stringOption("variant")
	if variant != "" {
		if _, err := puzzleSet(variant); err != nil {
			return userErrorf("There are no puzzles for %s yet. Puzzles exist for: %s.", variantName(variant), puzzleVariantList())
		}
	}
	if answer := strings.TrimSpace(r.stringOption("answer")); answer != "" {
		return b.typedPuzzleAnswer(ctx, r, variant, answer)
	}
	if variant == "" {
		variant = defaultPuzzleVariant()
	}
	r.deferEphemeral()
	att, err := b.store.OpenPuzzle(ctx, r.userID(), variant)
	note := "Your puzzle in progress: find the best move."
	if errors.Is(err, db.ErrNotFound) {
		att, err = b.newPuzzle(ctx, r.userID(), variant)
		note = ""
	}
	if err != nil {
		return err
	}
	v, err := loadPuzzleView(att)
	if err != nil {
		return err
	}
	data, err := b.puzzleStep(v, pickerState{}, note)
	if err != nil {
		return err
	}
	return r.editOriginal(webhookEdit(data))
}

// newPuzzle gives userID the puzzle of variant nearest their puzzle
// rating among those they were never given.
func (b *Bot) newPuzzle(ctx context.Context, userID, variant string) (db.PuzzleAttempt, error) {
	set, err := puzzleSet(variant)
	if err != nil {
		return db.PuzzleAttempt{}, err
	}
	me, err := b.store.PuzzlePlayerRating(ctx, userID, variant)
	if err != nil {
		return db.PuzzleAttempt{}, err
	}
	tried, err := b.store.TriedPuzzles(ctx, userID, variant)
	if err != nil {
		return db.PuzzleAttempt{}, err
	}
	pz, ok := set.Near(int(me.Rating+0.5), func(id string) bool { return tried[id] })
	if !ok {
		return db.PuzzleAttempt{}, userErrorf("You have been given every %s puzzle there is (%d). Try another variant: %s.",
			variantName(variant), len(set.Puzzles), puzzleVariantList())
	}
	att, _, err := b.store.StartPuzzle(ctx, db.PuzzleAttempt{UserID: userID, Variant: variant, PuzzleID: pz.ID})
	return att, err
}

// puzzleClick answers a click on a puzzle's menus or buttons.
func (b *Bot) puzzleClick(ctx context.Context, r *request) error {
	data := r.i.MessageComponentData()
	p, err := parsePickerID(data.CustomID)
	if err != nil || p.prefix != puzzlePrefix {
		return userErrorf("This puzzle message is broken; `/puzzle` shows your puzzle again.")
	}
	att, err := b.store.PuzzleAttemptByID(ctx, p.game)
	if errors.Is(err, db.ErrNotFound) {
		return userErrorf("This puzzle no longer exists; `/puzzle` gives you a new one.")
	}
	if err != nil {
		return err
	}
	if att.UserID != r.userID() {
		return userErrorf("This puzzle belongs to someone else; `/puzzle` gives you your own.")
	}
	if p.what == "next" {
		r.deferUpdate()
		next, err := b.store.OpenPuzzle(ctx, att.UserID, att.Variant)
		if errors.Is(err, db.ErrNotFound) {
			next, err = b.newPuzzle(ctx, att.UserID, att.Variant)
		}
		if err != nil {
			return err
		}
		v, err := loadPuzzleView(next)
		if err != nil {
			return err
		}
		resp, err := b.puzzleStep(v, pickerState{}, "")
		if err != nil {
			return err
		}
		return r.editOriginal(webhookEdit(resp))
	}
	v, err := loadPuzzleView(att)
	if err != nil {
		return err
	}
	if att.State != "open" || att.Ply != p.ply {
		return b.stalePuzzle(r, v)
	}
	switch {
	case p.what == "hint":
		r.deferUpdate()
		if ok, err := b.store.HintPuzzle(ctx, att.ID, att.Ply); err != nil {
			return err
		} else if !ok {
			return b.stalePuzzleEdit(ctx, r, att.ID)
		}
		resp, err := b.puzzleStep(v, pickerState{}, "💡 Hint: "+v.hint()+".")
		if err != nil {
			return err
		}
		return r.editOriginal(webhookEdit(resp))
	case p.what == "sol":
		r.deferUpdate()
		return b.finishPuzzle(ctx, r, v, false, "👀 The solution: "+v.line(att.Ply)+".")
	}
	c, err := p.click(v.game, data.Values)
	switch {
	case errors.Is(err, errBrokenClick):
		return userErrorf("This puzzle message is broken; `/puzzle` shows your puzzle again.")
	case errors.Is(err, picker.ErrStale):
		return userErrorf("That move is not legal in this puzzle.")
	case err != nil:
		return err
	case c.move != nil:
		r.deferUpdate()
		return b.answerPuzzle(ctx, r, v, c.move.Notation)
	}
	resp, err := b.puzzleStep(v, c.next, "")
	if err != nil {
		return err
	}
	return r.respond(&discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage, Data: resp})
}

// typedPuzzleAnswer is /puzzle answer:<move> for the player's open puzzle.
func (b *Bot) typedPuzzleAnswer(ctx context.Context, r *request, variant, answer string) error {
	att, err := b.store.OpenPuzzle(ctx, r.userID(), variant)
	if errors.Is(err, db.ErrNotFound) {
		return userErrorf("You have no puzzle waiting for an answer. `/puzzle` gives you one (a daily puzzle is answered with the menus under it).")
	}
	if err != nil {
		return err
	}
	v, err := loadPuzzleView(att)
	if err != nil {
		return err
	}
	if _, err := v.puzzle.Check(att.Ply, answer); err != nil {
		var me *games.MoveError
		if errors.As(err, &me) {
			msg := fmt.Sprintf("`%s` is not a legal move in your puzzle: %s.", truncate(strings.TrimSpace(me.Input), 40), me.Reason)
			if len(me.Suggestions) > 0 {
				msg += " Legal moves include: `" + strings.Join(me.Suggestions, "`, `") + "`."
			}
			return userErrorf("%s Nothing was played; the puzzle waits.", msg)
		}
		return err
	}
	r.deferEphemeral()
	m, err := v.game.ParseMove(answer)
	if err != nil {
		return err // Check just parsed it
	}
	return b.answerPuzzle(ctx, r, v, m.Notation)
}

// refutationNodes bounds the search for what a wrong answer allows: a few
// milliseconds, like drawing a picture, and enough for the tactic a puzzle
// is about (the solution was found as clearly best at this depth or less).
const refutationNodes = 5000

// refutation is the opponent's best answer to a wrong move, in words: what
// the move allows. Empty when the move rolls dice (what follows is not
// known), ends the game, or leaves the same player to act (a Random Move
// Number Chess turn goes on).
func refutation(ctx context.Context, g games.Game, notation string) string {
	var wrong games.Move
	for _, m := range g.LegalMoves() {
		if m.Notation == notation {
			wrong = m
		}
	}
	outs, err := games.RollOutcomes(g, wrong, 1)
	if err != nil || len(outs) != 1 {
		return ""
	}
	after := outs[0].Game
	if after.Outcome().Over || after.Turn().Player == g.Turn().Player {
		return ""
	}
	res, err := engine.Search(ctx, after, engine.Limits{Level: 5, Nodes: refutationNodes, Seed: 1})
	if err != nil {
		return ""
	}
	return moveWords(after, res.Move.Notation)
}

// answerPuzzle judges the solver's move notation at the attempt's ply and
// stores what it did: the attempt moved on past the opponent's reply, or
// ended solved or failed. r is deferred; the answer is an edit.
func (b *Bot) answerPuzzle(ctx context.Context, r *request, v *puzzleView, notation string) error {
	att := v.attempt
	verdict, err := v.puzzle.Check(att.Ply, notation)
	if err != nil {
		return err // the picker and the typed path offer legal moves only
	}
	said := moveWords(v.game, notation)
	switch verdict {
	case puzzles.Wrong:
		text := fmt.Sprintf("❌ **%s** is not it.", said)
		if reply := refutation(ctx, v.game, notation); reply != "" {
			text = fmt.Sprintf("❌ **%s** is not it: it allows **%s**.", said, reply)
		}
		return b.finishPuzzle(ctx, r, v, false, fmt.Sprintf("%s The solution: %s.", text, v.line(att.Ply)))
	case puzzles.Solved:
		return b.finishPuzzle(ctx, r, v, true, fmt.Sprintf("✅ **%s** — solved!", said))
	}
	next, replies := v.nextSolverPly(att.Ply)
	// What the move's dice did: the fate stored with the puzzle, replayed
	// (At plays it too); no die is rolled, so a retried answer changes
	// nothing.
	rolled := ""
	if d := v.diceWords(att.Ply); d != "" {
		rolled = " " + d + "."
	}
	ok, err := b.store.AdvancePuzzle(ctx, att.ID, att.Ply, next)
	if err != nil {
		return err
	}
	if !ok {
		return b.stalePuzzleEdit(ctx, r, att.ID)
	}
	att.Ply = next
	nv, err := loadPuzzleView(att)
	if err != nil {
		return err
	}
	note := fmt.Sprintf("✅ **%s** — correct!%s Your turn goes on: find the next move.", said, rolled)
	if replies != "" {
		note = fmt.Sprintf("✅ **%s** — correct!%s The reply: %s. Find the next move.", said, rolled, replies)
	}
	data, err := b.puzzleStep(nv, pickerState{}, note)
	if err != nil {
		return err
	}
	return r.editOriginal(webhookEdit(data))
}

// finishPuzzle ends the attempt, solved or failed, rates it, and shows the
// verdict with the rating change, the themes and a Next puzzle button.
func (b *Bot) finishPuzzle(ctx context.Context, r *request, v *puzzleView, solved bool, verdict string) error {
	att := v.attempt
	out, ok, err := b.store.FinishPuzzle(ctx, att.ID, att.Ply, solved, float64(v.puzzle.Rating))
	if err != nil {
		return err
	}
	if !ok {
		return b.stalePuzzleEdit(ctx, r, att.ID)
	}
	att.State = map[bool]string{true: "solved", false: "failed"}[solved]
	text := verdict + "\n" + v.summary(out)
	if att.DailyDay != "" && solved {
		text += "\nYou are on today's list of solvers."
	}
	data := &discordgo.InteractionResponseData{Content: clip(text, 2000), Components: nextPuzzleRow(att)}
	return r.editOriginal(webhookEdit(data))
}

// stalePuzzle answers a click on a puzzle message whose attempt moved on or
// ended: nothing is played, and the puzzle as it stands is shown.
func (b *Bot) stalePuzzle(r *request, v *puzzleView) error {
	data, err := b.puzzleNow(v, "This puzzle message is out of date; nothing was played.")
	if err != nil {
		return err
	}
	return r.respond(&discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage, Data: data})
}

// stalePuzzleEdit is stalePuzzle after a deferred answer lost the race to
// another click: the attempt is read again.
func (b *Bot) stalePuzzleEdit(ctx context.Context, r *request, id int64) error {
	att, err := b.store.PuzzleAttemptByID(ctx, id)
	if err != nil {
		return err
	}
	v, err := loadPuzzleView(att)
	if err != nil {
		return err
	}
	data, err := b.puzzleNow(v, "This puzzle moved on meanwhile; nothing was played.")
	if err != nil {
		return err
	}
	return r.editOriginal(webhookEdit(data))
}

// puzzleNow shows an attempt as it stands: its picker if it is open, or
// that it ended.
func (b *Bot) puzzleNow(v *puzzleView, why string) (*discordgo.InteractionResponseData, error) {
	if v.attempt.State == "open" {
		return b.puzzleStep(v, pickerState{}, why+" Here it is as it stands.")
	}
	text := fmt.Sprintf("%s This puzzle is over (%s).", why, v.attempt.State)
	return &discordgo.InteractionResponseData{Content: text, Components: nextPuzzleRow(v.attempt)}, nil
}

// nextPuzzleRow is the Next puzzle button after an attempt ends (none
// after a daily puzzle: /puzzle gives more).
func nextPuzzleRow(att db.PuzzleAttempt) []discordgo.MessageComponent {
	if att.DailyDay != "" {
		return []discordgo.MessageComponent{}
	}
	p := pickerState{prefix: puzzlePrefix, game: att.ID, ply: att.Ply}
	return []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: "Next puzzle", Emoji: &discordgo.ComponentEmoji{Name: "🧩"}, Style: discordgo.PrimaryButton, CustomID: p.customID("next")},
	}}}
}

// webhookEdit turns a message's data into the edit that replaces a
// deferred answer or the clicked message with it, pictures included.
func webhookEdit(d *discordgo.InteractionResponseData) *discordgo.WebhookEdit {
	if d.Embeds == nil {
		d.Embeds = []*discordgo.MessageEmbed{}
	}
	if d.Components == nil {
		d.Components = []discordgo.MessageComponent{}
	}
	if d.Attachments == nil {
		d.Attachments = &[]*discordgo.MessageAttachment{}
	}
	return &discordgo.WebhookEdit{Content: &d.Content, Embeds: &d.Embeds, Components: &d.Components, Files: d.Files,
		Attachments: d.Attachments, AllowedMentions: noPings}
}

// autocompletePuzzle suggests the legal moves of the player's open puzzle.
func (b *Bot) autocompletePuzzle(ctx context.Context, r *request) error {
	var choices []*discordgo.ApplicationCommandOptionChoice
	if att, err := b.store.OpenPuzzle(ctx, r.userID(), r.stringOption("variant")); err == nil {
		if v, err := loadPuzzleView(att); err == nil {
			for _, m := range games.FilterMoves(r.stringOption("answer"), v.game.LegalMoves(), 25) {
				label := m.Notation
				if m.Label != "" && m.Label != m.Notation {
					label = m.Notation + " — " + m.Label
				}
				choices = append(choices, &discordgo.ApplicationCommandOptionChoice{Name: truncate(label, 100), Value: m.Notation})
			}
		}
	}
	return r.respond(&discordgo.InteractionResponse{Type: discordgo.InteractionApplicationCommandAutocompleteResult,
		Data: &discordgo.InteractionResponseData{Choices: choices}})
}
