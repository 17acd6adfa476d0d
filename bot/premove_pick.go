package bot

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/bwmarrin/discordgo"

	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/games"
	"github.com/bermudachess/bermuda/picker"
	"github.com/bermudachess/bermuda/play"
	"github.com/bermudachess/bermuda/premove"
)

// Conditional moves with taps only: the **Queue answers** button (under
// "You played X" when it is then the opponent's turn, and under /premove's
// answer) or /premove pick:true opens a private message where the player
// builds their line pair by pair with the move picker's menus: step A "if
// they play…" in the position after the line so far, step B "…you answer"
// in the position after that move. Each finished pair is checked with the
// whole line (premove.Check) and queued at once (SetPremove, conditional on
// the game's ply); the message then shows the line with Add another pair,
// Done and Clear line. A line already queued at the current ply is the
// draft's start: new pairs are appended to it.
//
// The draft is a row in the database (db premove_drafts) and the custom_id
// is the picker's, with the draft in place of the game and its rev (the
// number of its changes) in place of the ply, so any replica answers a
// click and a double or stale click changes nothing:
//
//	pq:<draft>:<rev>:<from>:<to>:<page>:<what>
//
// what is as the picker's, or up (Back out of a step), add (a new pair),
// done, clear. The button that starts a draft is pqnew:<game>.

const (
	premovePickPrefix = "pq"
	premoveNewPrefix  = "pqnew"
)

// premovePickButton starts a draft of a line in the game.
func premovePickButton(gameID int64, label string) discordgo.Button {
	return discordgo.Button{Label: label, Emoji: &discordgo.ComponentEmoji{Name: "🔁"}, Style: discordgo.SecondaryButton,
		CustomID: fmt.Sprintf("%s:%d", premoveNewPrefix, gameID)}
}

// premovePickOffered says whether the Queue answers button goes under a
// move player just made: the game goes on, the opponent (a person) is to
// move, and the variant has no dice.
func (b *Bot) premovePickOffered(row db.Game, g games.Game, player games.Player) bool {
	offered, err := premove.Offered(row.Variant)
	return err == nil && offered && row.State == "active" && !g.Outcome().Over && g.Turn().Player != player &&
		!b.computerToAct(row, g)
}

// btnPremoveNew is the Queue answers (or Start again) button: the message
// it is on becomes the draft's.
func (b *Bot) btnPremoveNew(ctx context.Context, r *request, gameID int64) error {
	row, v, err := b.pickerGame(ctx, gameID)
	if err != nil {
		return err
	}
	if why := premoveDraftRefusal(row, v, r.userID()); why != "" { // answered privately, the message stays
		return userErrorf("%s", why)
	}
	r.deferUpdate()
	data, err := b.newPremoveDraft(ctx, r.userID(), gameID)
	if err != nil {
		return err
	}
	return r.editOriginal(webhookEdit(data))
}

// premovePickCommand is /premove pick:true: the draft in a new private
// message.
func (b *Bot) premovePickCommand(ctx context.Context, r *request, gameID int64) error {
	r.deferEphemeral()
	data, err := b.newPremoveDraft(ctx, r.userID(), gameID)
	if err != nil {
		return err
	}
	return r.editOriginal(webhookEdit(data))
}

// newPremoveDraft starts userID's draft in the game, from the line they
// have queued at the current ply (if any), and draws its first step.
func (b *Bot) newPremoveDraft(ctx context.Context, userID string, gameID int64) (*discordgo.InteractionResponseData, error) {
	row, v, err := b.pickerGame(ctx, gameID)
	if err != nil {
		return nil, err
	}
	if why := premoveDraftRefusal(row, v, userID); why != "" {
		return nil, userErrorf("%s", why)
	}
	var base []string
	if mine, err := b.play.Line(ctx, row.ID, userID); err != nil {
		return nil, err
	} else if mine != nil && mine.Ply == v.Ply {
		base = mine.Moves
	}
	d, err := b.store.StartPremoveDraft(ctx, db.PremoveDraft{GameID: row.ID, OwnerID: userID, Ply: v.Ply, Moves: base})
	if err != nil {
		return nil, err
	}
	if len(base) > 0 {
		return b.draftSummary(row, v.Game, d, "Your queued line; new pairs are added after it.")
	}
	return b.draftPick(row, v.Game, d, pickerState{}, "")
}

// premoveDraftRefusal says why userID may not queue answers in the game
// now, or "" if they may.
func premoveDraftRefusal(row db.Game, v *gameView, userID string) string {
	seat := seatOf(v.Players, userID)
	switch offered, _ := premove.Offered(row.Variant); {
	case seat == games.NoPlayer:
		return "Only the players of this game may queue answers in it."
	case !v.Active || v.Game.Outcome().Over:
		return "This game is over; there is nothing left to queue."
	case !offered:
		return fmt.Sprintf("Conditional moves are not offered in %s: it has dice, and the roll decides what comes next.", variantName(row.Variant))
	case v.Game.Turn().Player == seat:
		return "It's your turn now: play your move first, then queue answers to your opponent's next one."
	}
	return ""
}

// premovePickClick answers a click on a draft's menus or buttons.
func (b *Bot) premovePickClick(ctx context.Context, r *request) error {
	data := r.i.MessageComponentData()
	p, err := parsePickerID(data.CustomID)
	if err != nil || p.prefix != premovePickPrefix {
		return userErrorf("This message is broken; `/premove pick:true` starts again.")
	}
	d, err := b.store.PremoveDraftByID(ctx, p.game)
	if errors.Is(err, db.ErrNotFound) {
		return draftGone(r, "This line-building message is out of date (the game moved on, or a newer one replaced it); nothing changed.", 0)
	}
	if err != nil {
		return err
	}
	if d.OwnerID != r.userID() {
		return userErrorf("These menus belong to another player's conditional moves.")
	}
	row, v, err := b.pickerGame(ctx, d.GameID)
	if err != nil {
		return err
	}
	switch why := premoveDraftRefusal(row, v, r.userID()); {
	case !v.Active || v.Game.Outcome().Over:
		return draftGone(r, "This game is over; nothing changed.", 0)
	case v.Ply != d.Ply:
		// The opponent moved (perhaps answered by the line itself).
		fresh := int64(0)
		if why == "" {
			fresh = row.ID
		}
		return draftGone(r, "The game moved on since this line was begun; nothing changed.", fresh)
	case why != "":
		return draftGone(r, why, 0)
	}
	if p.ply != d.Rev { // a double click, or a click on an older copy
		resp, err := b.draftView(row, v.Game, d, "That click came after another one that changed this line; nothing changed.")
		if err != nil {
			return err
		}
		return respondUpdate(r, resp)
	}
	pos, _, ok := premove.Position(v.Game, d.Moves)
	if !ok { // a draft whose moves no longer play (not expected: the ply is the same)
		return draftGone(r, "This line no longer fits the game; nothing changed.", row.ID)
	}
	switch p.what {
	case "done":
		text := "🔁 You have no moves queued in this game."
		if len(d.Moves) >= 2 {
			text = fmt.Sprintf("🔁 Queued (only you see this):\n%s\nEach answer is played the moment their move matches; any other move clears the line.",
				lineText(row, seatOf(v.Players, d.OwnerID), premove.Describe(v.Game, d.Moves[:len(d.Moves)/2*2])))
		}
		return draftGone(r, text, 0)
	case "add":
		if len(d.Moves) >= premove.MaxMoves {
			resp, err := b.draftSummary(row, v.Game, d, fmt.Sprintf("A line holds at most %d pairs.", premove.MaxMoves/2))
			if err != nil {
				return err
			}
			return respondUpdate(r, resp)
		}
		if o := pos.Outcome(); o.Over {
			resp, err := b.draftSummary(row, v.Game, d, fmt.Sprintf("The game would be over there (%s): the line ends.", o.Reason))
			if err != nil {
				return err
			}
			return respondUpdate(r, resp)
		}
		resp, err := b.draftPick(row, v.Game, d, pickerState{}, "")
		if err != nil {
			return err
		}
		return respondUpdate(r, resp)
	case "clear":
		r.deferUpdate()
		if ok, err := b.store.UpdatePremoveDraft(ctx, d.ID, d.Rev, nil); err != nil {
			return err
		} else if !ok {
			return b.draftRedraw(ctx, r, d.ID, "That click came after another one that changed this line; nothing changed.")
		}
		if _, err := b.play.ClearLine(ctx, d.GameID, d.OwnerID, d.Ply); err != nil {
			return err
		}
		return b.draftRedraw(ctx, r, d.ID, "🗑️ Your queued line was cleared.")
	case "up": // Back out of a step
		if len(d.Moves)%2 == 0 {
			resp, err := b.draftSummary(row, v.Game, d, "")
			if err != nil {
				return err
			}
			return respondUpdate(r, resp)
		}
		r.deferUpdate()
		if ok, err := b.store.UpdatePremoveDraft(ctx, d.ID, d.Rev, d.Moves[:len(d.Moves)-1]); err != nil {
			return err
		} else if !ok {
			return b.draftRedraw(ctx, r, d.ID, "That click came after another one that changed this line; nothing changed.")
		}
		return b.draftRedraw(ctx, r, d.ID, "")
	}
	c, err := p.click(pos, data.Values)
	switch {
	case errors.Is(err, errBrokenClick):
		return userErrorf("This message is broken; `/premove pick:true` starts again.")
	case errors.Is(err, picker.ErrStale):
		resp, err := b.draftView(row, v.Game, d, "That piece, square or choice has no legal move here; nothing changed.")
		if err != nil {
			return err
		}
		return respondUpdate(r, resp)
	case err != nil:
		return err
	case c.move == nil:
		resp, err := b.draftPick(row, v.Game, d, c.next, "")
		if err != nil {
			return err
		}
		return respondUpdate(r, resp)
	}
	r.deferUpdate()
	moves := append(slices.Clip(d.Moves), c.move.Notation)
	if len(moves)%2 == 1 { // their move: the answer is next
		after, _, _ := premove.Position(pos, []string{c.move.Notation})
		if after == nil || after.Outcome().Over {
			return b.draftRedraw(ctx, r, d.ID, fmt.Sprintf("After **%s** the game would be over: there is nothing to answer. Pick another move.", c.move.Notation))
		}
		if ok, err := b.store.UpdatePremoveDraft(ctx, d.ID, d.Rev, moves); err != nil {
			return err
		} else if !ok {
			return b.draftRedraw(ctx, r, d.ID, "That click came after another one that changed this line; nothing changed.")
		}
		return b.draftRedraw(ctx, r, d.ID, "")
	}
	// The answer: the whole line is checked again in the game as it
	// stands, then queued at the draft's ply.
	owner := seatOf(v.Players, d.OwnerID)
	line, err := premove.Check(v.Game, owner, moves)
	if err != nil {
		return b.draftRedraw(ctx, r, d.ID, premoveError(err).Error())
	}
	// The pair is added to the line queued now, which must be the draft's
	// (a line typed with /premove meanwhile is not overwritten).
	var queued []string
	if mine, err := b.play.Line(ctx, d.GameID, d.OwnerID); err != nil {
		return err
	} else if mine != nil && mine.Ply == d.Ply {
		queued = mine.Moves
	}
	if !slices.Equal(queued, d.Moves[:len(d.Moves)-1]) {
		return draftGoneEdit(r, "Your queued line was changed with `/premove` since this message began; nothing was added.", d.GameID)
	}
	if ok, err := b.store.UpdatePremoveDraft(ctx, d.ID, d.Rev, line); err != nil {
		return err
	} else if !ok {
		return b.draftRedraw(ctx, r, d.ID, "That click came after another one that changed this line; nothing changed.")
	}
	_, err = b.play.SetLine(ctx, play.Request{GameID: d.GameID, UserID: d.OwnerID, AtPly: d.Ply, Origin: r, Source: r.i.ID}, line)
	switch {
	case errors.Is(err, play.ErrStale) || errors.Is(err, play.ErrRaced):
		return draftGoneEdit(r, "Your opponent moved while your answer was on its way, so nothing was queued.", 0)
	case errors.Is(err, play.ErrOver) || errors.Is(err, play.ErrEndedMeanwhile):
		return draftGoneEdit(r, "This game has just ended; nothing was queued.", 0)
	case err != nil:
		return lineRefusal(err, "Your opponent moved while your answer was on its way, so nothing was queued.")
	}
	said := premove.Describe(v.Game, line)
	return b.draftRedraw(ctx, r, d.ID, fmt.Sprintf("✅ Added: if they play **%s**, you play **%s**.", said[len(said)-2], said[len(said)-1]))
}

func respondUpdate(r *request, data *discordgo.InteractionResponseData) error {
	return r.respond(&discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage, Data: data})
}

// draftRedraw draws the draft as the store now has it, after a change (r
// is deferred).
func (b *Bot) draftRedraw(ctx context.Context, r *request, draftID int64, note string) error {
	d, err := b.store.PremoveDraftByID(ctx, draftID)
	if errors.Is(err, db.ErrNotFound) {
		return draftGoneEdit(r, "This line-building message is out of date (the game moved on, or a newer one replaced it); nothing changed.", 0)
	}
	if err != nil {
		return err
	}
	row, v, err := b.pickerGame(ctx, d.GameID)
	if err != nil {
		return err
	}
	if !v.Active || v.Ply != d.Ply {
		return draftGoneEdit(r, "The game moved on; nothing more changed.", 0)
	}
	data, err := b.draftView(row, v.Game, d, note)
	if err != nil {
		return err
	}
	return r.editOriginal(webhookEdit(data))
}

// draftView draws the draft where it stands: step B when their move is
// chosen, the line with its buttons when there is one, else step A.
func (b *Bot) draftView(row db.Game, g games.Game, d db.PremoveDraft, note string) (*discordgo.InteractionResponseData, error) {
	if len(d.Moves)%2 == 1 || len(d.Moves) == 0 {
		return b.draftPick(row, g, d, pickerState{}, note)
	}
	return b.draftSummary(row, g, d, note)
}

// draftPick draws step A (their move) or step B (your answer) at the
// picker step p names, with a Back button at every stage.
func (b *Bot) draftPick(row db.Game, g games.Game, d db.PremoveDraft, p pickerState, note string) (*discordgo.InteractionResponseData, error) {
	pos, _, ok := premove.Position(g, d.Moves)
	if !ok {
		return nil, fmt.Errorf("draft %d does not play in game %d", d.ID, d.GameID)
	}
	p.prefix, p.game, p.ply = premovePickPrefix, d.ID, d.Rev
	st, err := picker.At(pos, p.from, p.to)
	if err != nil {
		p.from, p.to = "", ""
		if st, err = picker.At(pos, "", ""); err != nil {
			return nil, err
		}
	}
	// The picture is keyed by the draft and its rev, not the game's ply.
	data, err := b.pickerData(db.Game{ID: d.ID, Variant: row.Variant, Players: row.Players}, pos, p, st, note)
	if err != nil {
		return nil, err
	}
	e := data.Embeds[0]
	pair := len(d.Moves)/2 + 1
	if len(d.Moves)%2 == 0 {
		e.Title = clip(fmt.Sprintf("🔁 %s — pair %d: if they play…", variantName(row.Variant), pair), 256)
		e.Description = clip("Pick the move your opponent might play.\n"+e.Description, embedDescriptionMax)
	} else {
		e.Title = clip(fmt.Sprintf("🔁 %s — pair %d: if they play %s, you answer…", variantName(row.Variant), pair, d.Moves[len(d.Moves)-1]), 256)
		e.Description = clip("Pick your answer.\n"+e.Description, embedDescriptionMax)
	}
	if st.Stage == picker.StagePiece { // the picker's own Back is for later stages
		addButtons(data, discordgo.Button{Label: "Back", Style: discordgo.SecondaryButton, CustomID: p.customID("up")})
	}
	return data, nil
}

// addButtons puts buttons in the picker's own button row, or a new one.
func addButtons(data *discordgo.InteractionResponseData, buttons ...discordgo.MessageComponent) {
	if n := len(data.Components); n > 0 {
		if row, ok := data.Components[n-1].(discordgo.ActionsRow); ok {
			if _, isButton := row.Components[0].(discordgo.Button); isButton {
				row.Components = append(row.Components, buttons...)
				data.Components[n-1] = row
				return
			}
		}
	}
	data.Components = append(data.Components, discordgo.ActionsRow{Components: buttons})
}

// draftSummary shows the queued line with Add another pair, Done and
// Clear line.
func (b *Bot) draftSummary(row db.Game, g games.Game, d db.PremoveDraft, note string) (*discordgo.InteractionResponseData, error) {
	p := pickerState{prefix: premovePickPrefix, game: d.ID, ply: d.Rev}
	owner := seatOf(row.Players, d.OwnerID)
	text := "🔁 No answers queued yet."
	add := "Add a pair"
	if len(d.Moves) >= 2 {
		text = "🔁 Queued (only you see this):\n" + lineText(row, owner, premove.Describe(g, d.Moves[:len(d.Moves)/2*2])) +
			"\nEach answer is played the moment their move matches; any other move clears the line."
		add = "Add another pair"
	}
	if note != "" {
		text = note + "\n" + text
	}
	buttons := []discordgo.MessageComponent{
		discordgo.Button{Label: add, Style: discordgo.PrimaryButton, CustomID: p.customID("add")},
		discordgo.Button{Label: "Done", Style: discordgo.SuccessButton, CustomID: p.customID("done")},
	}
	if len(d.Moves) > 0 {
		buttons = append(buttons, discordgo.Button{Label: "Clear line", Style: discordgo.DangerButton, CustomID: p.customID("clear")})
	}
	return &discordgo.InteractionResponseData{
		Content: truncate(text, 2000), Embeds: []*discordgo.MessageEmbed{}, Attachments: &[]*discordgo.MessageAttachment{},
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: buttons}}, AllowedMentions: noPings,
	}, nil
}

// draftGone replaces the message with one line, and a Start again button
// when freshGame is a game the player may queue answers in.
func draftGone(r *request, text string, freshGame int64) error {
	return respondUpdate(r, goneData(text, freshGame))
}

func draftGoneEdit(r *request, text string, freshGame int64) error {
	return r.editOriginal(webhookEdit(goneData(text, freshGame)))
}

func goneData(text string, freshGame int64) *discordgo.InteractionResponseData {
	data := &discordgo.InteractionResponseData{Content: truncate(text, 2000), Embeds: []*discordgo.MessageEmbed{},
		Components: []discordgo.MessageComponent{}, Attachments: &[]*discordgo.MessageAttachment{}, AllowedMentions: noPings}
	if freshGame != 0 {
		data.Components = []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			premovePickButton(freshGame, "Start again")}}}
	}
	return data
}
