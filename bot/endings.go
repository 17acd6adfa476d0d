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
)

// endOutside ends a game for a reason outside the rules (resignation,
// agreement, time, abort) in one transaction with its ratings, then posts
// the result, the final board and archives the thread. The caller holds s.
func (b *Bot) endOutside(ctx context.Context, s *session, winner int, reason string) (db.Result, error) {
	res, err := b.store.EndGame(ctx, s.id, db.End{Winner: winner, Reason: reason})
	if errors.Is(err, db.ErrGameOver) {
		return res, userErrorf("This game is already over.")
	}
	if err != nil {
		return res, err
	}
	if row, err := b.store.Game(ctx, s.id); err == nil {
		s.row = row
	}
	if msg, err := b.boardMessage(s.row, s.game, "Final position"); err == nil {
		b.send(s.row.ThreadID, msg)
	}
	b.announceEnd(s.row, s.game, winner, reason, res)
	return res, nil
}

// finishBy ends the game for the person who asked (resigned, aborted,
// accepted a draw) and says so in the deferred answer.
func (b *Bot) finishBy(ctx context.Context, r *request, s *session, winner int, reason, doneFormat string) error {
	r.deferPublic()
	if _, err := b.endOutside(ctx, s, winner, reason); err != nil {
		return err
	}
	text := fmt.Sprintf(doneFormat, mention(r.userID()))
	r.editOriginal(&discordgo.WebhookEdit{Content: &text, AllowedMentions: noPings})
	return nil
}

func (b *Bot) cmdResign(ctx context.Context, r *request) error {
	s, p, err := b.playerGame(ctx, r)
	if err != nil {
		return err
	}
	defer s.unlock()
	return b.finishBy(ctx, r, s, int(p.Other()), "resignation", "%s resigned.")
}

func (b *Bot) cmdAbort(ctx context.Context, r *request) error {
	s, _, err := b.playerGame(ctx, r)
	if err != nil {
		return err
	}
	defer s.unlock()
	if s.row.Ply >= 2 {
		return userErrorf("Too late to abort: both players have moved. You can `/resign` or offer a `/draw`.")
	}
	return b.finishBy(ctx, r, s, -1, "aborted", "%s aborted the game.")
}

func (b *Bot) cmdDraw(ctx context.Context, r *request) error {
	s, p, err := b.playerGame(ctx, r)
	if err != nil {
		return err
	}
	defer s.unlock()
	if s.row.ComputerLevel > 0 {
		return userErrorf("The computer plays every game to its end and does not take draw offers: play on, or `/resign`.")
	}
	other := s.row.Players[p.Other()]
	switch s.row.DrawOfferBy {
	case int(p):
		return userErrorf("You have already offered a draw; %s can accept or decline it.", mention(other))
	case int(p.Other()):
		// Both want a draw: offering back accepts.
		return b.finishBy(ctx, r, s, -1, "agreement", "%s accepted the draw offer.")
	}
	if err := b.store.SetDrawOffer(ctx, s.id, int(p)); err != nil {
		return err
	}
	s.row.DrawOfferBy = int(p)
	return r.respond(&discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: &discordgo.InteractionResponseData{
		Content:         fmt.Sprintf("🤝 %s offers a draw. %s, do you accept? (A move also declines it.)", mention(r.userID()), mention(other)),
		AllowedMentions: pingOnly(other),
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: "Accept draw", Style: discordgo.SuccessButton, CustomID: drawButtonID("drawyes", s.id, s.row.Ply, p)},
			discordgo.Button{Label: "Decline", Style: discordgo.DangerButton, CustomID: drawButtonID("drawno", s.id, s.row.Ply, p)},
		}}},
	}})
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

// drawAnswer checks that the clicker is the player the pending offer is for.
func (b *Bot) drawAnswer(ctx context.Context, r *request, gameID int64) (*session, error) {
	s, err := b.lockGame(ctx, gameID)
	if err != nil {
		return nil, err
	}
	fail := func(e error) (*session, error) { s.unlock(); return nil, e }
	if err := s.requireActive(); err != nil {
		if p := s.playerOf(r.userID()); p != games.NoPlayer && s.row.Reason == "agreement" {
			// Most likely this player's own Accept, whose answer was lost.
			return fail(userErrorf("You and %s already agreed a draw: this game is over.", mention(s.row.Players[p.Other()])))
		}
		return fail(err)
	}
	p, err := s.requirePlayer(r.userID())
	if err != nil {
		return fail(err)
	}
	switch s.row.DrawOfferBy {
	case int(p.Other()):
		return s, nil
	case int(p):
		return fail(userErrorf("That's your own draw offer: your opponent has to answer it."))
	}
	return fail(drawOfferClosed(r, s.row, p))
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
	s, err := b.drawAnswer(ctx, r, gameID)
	if err != nil {
		return err
	}
	defer s.unlock()
	r.deferUpdate()
	text := fmt.Sprintf("🤝 Draw agreed between %s and %s.", mention(s.row.Players[0]), mention(s.row.Players[1]))
	r.editOriginal(&discordgo.WebhookEdit{Content: &text, Components: &[]discordgo.MessageComponent{}, AllowedMentions: noPings})
	_, err = b.endOutside(ctx, s, -1, "agreement")
	return err
}

func (b *Bot) btnDrawDecline(ctx context.Context, r *request, gameID int64) error {
	s, err := b.drawAnswer(ctx, r, gameID)
	if err != nil {
		return err
	}
	defer s.unlock()
	if err := b.store.SetDrawOffer(ctx, s.id, -1); err != nil {
		return err
	}
	s.row.DrawOfferBy = -1
	return r.respond(&discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage, Data: &discordgo.InteractionResponseData{
		Content: fmt.Sprintf("%s declined the draw offer. Play on!", mention(r.userID())), Components: []discordgo.MessageComponent{}, AllowedMentions: noPings,
	}})
}
