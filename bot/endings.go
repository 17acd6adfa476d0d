package bot

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/games"
	"github.com/bermudachess/bermuda/play"
)

// The endings are package play's (Resign, Abort, OfferDraw, AnswerDraw):
// one transaction with the ratings, then its Ended event, which the bot
// shows (events.go: the final board, the result, the thread archived).

// finishBy answers a finishing action (resigned, aborted, accepted a
// draw): deferred once the action is allowed, then said in its answer.
func (b *Bot) finishBy(ctx context.Context, r *request, doneFormat string, finish func(play.Request) (ended bool, err error)) error {
	req, err := b.threadRequest(ctx, r)
	if err != nil {
		return err
	}
	req.Ready = func() error { r.deferPublic(); return nil }
	if ended, err := finish(req); err != nil || !ended {
		return endRefusal(err)
	}
	text := fmt.Sprintf(doneFormat, mention(r.userID()))
	r.editOriginal(&discordgo.WebhookEdit{Content: &text, AllowedMentions: noPings})
	return nil
}

// threadRequest is a player's action in this thread's game.
func (b *Bot) threadRequest(ctx context.Context, r *request) (play.Request, error) {
	id, err := b.gameIDInThread(ctx, r)
	return play.Request{GameID: id, UserID: r.userID(), AtPly: play.AnyPly, Origin: r, Source: r.i.ID}, err
}

// endRefusal says why an ending was refused.
func endRefusal(err error) error {
	switch {
	case errors.Is(err, play.ErrEndedMeanwhile):
		return userErrorf("This game is already over.")
	case errors.Is(err, play.ErrTooLate):
		return userErrorf("Too late to abort: both players have moved. You can `/resign` or offer a `/draw`.")
	}
	return refusal(corruptAnswer(err))
}

func (b *Bot) cmdResign(ctx context.Context, r *request) error {
	return b.finishBy(ctx, r, "%s resigned.", func(req play.Request) (bool, error) { _, err := b.play.Resign(ctx, req); return true, err })
}

func (b *Bot) cmdAbort(ctx context.Context, r *request) error {
	return b.finishBy(ctx, r, "%s aborted the game.", func(req play.Request) (bool, error) { _, err := b.play.Abort(ctx, req); return true, err })
}

func (b *Bot) cmdDraw(ctx context.Context, r *request) error {
	var res play.DrawResult
	if err := b.finishBy(ctx, r, "%s accepted the draw offer.", func(req play.Request) (bool, error) {
		var err error
		res, err = b.play.OfferDraw(ctx, req)
		return res.Ended != nil, err
	}); err != nil {
		var ref *play.Refusal
		switch {
		case errors.Is(err, play.ErrComputerDraw):
			return userErrorf("The computer plays every game to its end and does not take draw offers: play on, or `/resign`.")
		case errors.As(err, &ref) && errors.Is(err, play.ErrOfferPending):
			return userErrorf("You have already offered a draw; %s can accept or decline it.", mention(ref.View.Row.Players[ref.Seat.Other()]))
		}
		return err
	}
	if res.Ended != nil {
		return nil // both wanted a draw: offering back accepted it
	}
	m := drawOffer(res.Row, res.Seat)
	return r.respond(&discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: &discordgo.InteractionResponseData{
		Content: m.Content, AllowedMentions: m.AllowedMentions, Components: m.Components}})
}

// drawOffer is the post of a draw offer made by the seat by in row (as
// stored with it): who offers, and the buttons its recipient answers with,
// wherever it was made (a /draw answers with it; one made on the game's
// page is posted in the thread, events.go).
func drawOffer(row db.Game, by games.Player) *discordgo.MessageSend {
	other := row.Players[by.Other()]
	return &discordgo.MessageSend{
		Content:         fmt.Sprintf("🤝 %s offers a draw. %s, do you accept? (A move also declines it.)", mention(row.Players[by]), mention(other)),
		AllowedMentions: pingOnly(other),
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: "Accept draw", Style: discordgo.SuccessButton, CustomID: drawButtonID("drawyes", row.ID, row.Ply, by)},
			discordgo.Button{Label: "Decline", Style: discordgo.DangerButton, CustomID: drawButtonID("drawno", row.ID, row.Ply, by)},
		}}},
	}
}

// drawButtonID is a draw offer button's custom_id: the game, then the ply
// and the seat of the offer, so that a click on an offer no longer open can
// tell an answer from a move (drawOfferClosed).
func drawButtonID(prefix string, gameID int64, ply int, by games.Player) string {
	return fmt.Sprintf("%s:%d:%d:%d", prefix, gameID, ply, by)
}

// drawButtonOffer reads the ply and seat of the offer a draw button was
// made for; ok is false for buttons made before they were written there.
func drawButtonOffer(r *request) (ply int, by games.Player, ok bool) {
	parts := strings.Split(r.i.MessageComponentData().CustomID, ":")
	if len(parts) != 4 {
		return 0, games.NoPlayer, false
	}
	ply, err1 := strconv.Atoi(parts[2])
	seat, err2 := strconv.Atoi(parts[3])
	if err1 != nil || err2 != nil || (seat != int(games.Player1) && seat != int(games.Player2)) {
		return 0, games.NoPlayer, false
	}
	return ply, games.Player(seat), true
}

// answerDraw answers the pending offer for the clicker (play.AnswerDraw),
// saying why not if it is not theirs to answer.
func (b *Bot) answerDraw(ctx context.Context, r *request, gameID int64, accept bool, ready func() error) (play.DrawResult, error) {
	res, err := b.play.AnswerDraw(ctx, play.Request{GameID: gameID, UserID: r.userID(), AtPly: play.AnyPly, Origin: r, Source: r.i.ID, Ready: ready}, accept)
	var ref *play.Refusal
	if !errors.As(err, &ref) {
		return res, endRefusal(err)
	}
	row, p := ref.View.Row, ref.Seat
	switch {
	case errors.Is(err, play.ErrOver) && p != games.NoPlayer && row.Reason == "agreement":
		// Most likely this player's own Accept, whose answer was lost.
		return res, userErrorf("You and %s already agreed a draw: this game is over.", mention(row.Players[p.Other()]))
	case errors.Is(err, play.ErrOwnOffer):
		return res, userErrorf("That's your own draw offer: your opponent has to answer it.")
	case errors.Is(err, play.ErrNoOffer):
		return res, drawOfferClosed(r, row, p)
	}
	return res, endRefusal(err)
}

// drawOfferClosed explains a click on a draw offer that is no longer open.
// With no move since the offer and the game going on, its recipient
// declined it: perhaps this very player, whose Decline was answered but
// whose answer Discord lost, so the buttons stayed.
func drawOfferClosed(r *request, row db.Game, clicker games.Player) error {
	if ply, by, ok := drawButtonOffer(r); ok && ply == row.Ply {
		if clicker == by {
			return userErrorf("%s already declined your draw offer. Play on!", mention(row.Players[by.Other()]))
		}
		return userErrorf("You already declined this draw offer. Play on!")
	}
	return userErrorf("This draw offer is no longer open (a move was made or it was answered).")
}

func (b *Bot) btnDrawAccept(ctx context.Context, r *request, gameID int64) error {
	_, err := b.answerDraw(ctx, r, gameID, true, func() error {
		r.deferUpdate()
		row, err := b.store.Game(ctx, gameID)
		if err != nil {
			return err
		}
		text := fmt.Sprintf("🤝 Draw agreed between %s and %s.", mention(row.Players[0]), mention(row.Players[1]))
		r.editOriginal(&discordgo.WebhookEdit{Content: &text, Components: &[]discordgo.MessageComponent{}, AllowedMentions: noPings})
		return nil
	})
	return err
}

func (b *Bot) btnDrawDecline(ctx context.Context, r *request, gameID int64) error {
	if _, err := b.answerDraw(ctx, r, gameID, false, nil); err != nil {
		return err
	}
	return r.respond(&discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage, Data: &discordgo.InteractionResponseData{
		Content: fmt.Sprintf("%s declined the draw offer. Play on!", mention(r.userID())), Components: []discordgo.MessageComponent{}, AllowedMentions: noPings,
	}})
}
