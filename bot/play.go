package bot

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/games"
	"github.com/bermudachess/bermuda/play"
)

var movePerms = []int64{discordgo.PermissionSendMessagesInThreads, discordgo.PermissionEmbedLinks, discordgo.PermissionAttachFiles}

func (b *Bot) cmdMove(ctx context.Context, r *request) error {
	id, err := b.gameIDInThread(ctx, r)
	if err != nil {
		return err
	}
	_, err = b.play.Move(ctx, play.Request{GameID: id, UserID: r.userID(), AtPly: play.AnyPly, Origin: r, Source: r.i.ID,
		Ready: func() error {
			if err := r.needPerms(movePerms...); err != nil {
				return err
			}
			r.deferPublic()
			return nil
		}}, r.stringOption("move"))
	return b.moveRefusal(corruptAnswer(err))
}

// moveRefusal says why a move was not played.
func (b *Bot) moveRefusal(err error) error {
	var ref *play.Refusal
	if !errors.As(err, &ref) {
		return err
	}
	row, g := ref.View.Row, ref.View.Game
	switch {
	case errors.Is(err, play.ErrNotYourTurn):
		if ref.ComputerToAct {
			b.opponent().Due(row.ID) // queued already, unless a restart lost it
			return userErrorf("It's not your turn: the computer is thinking about its move. You'll be mentioned when it's yours.")
		}
		t := g.Turn()
		return userErrorf("It's not your turn: %s (%s) is to move.", mention(row.Players[t.Player]), g.Roles()[t.Player])
	case errors.Is(err, play.ErrIllegal):
		return userErrorf("%s", moveErrorText(ref.Move))
	case errors.Is(err, play.ErrEndedMeanwhile):
		return userErrorf("This game has just ended; your move was not played.")
	case errors.Is(err, play.ErrRaced):
		// Another replica stored a move at this ply first: nothing of this
		// one (nor its dice) was stored or shown.
		if g == nil {
			return userErrorf("Another move was stored in this game while yours was on its way, so yours was not played. Look at the latest board and try again.")
		}
		if row.State != "active" {
			return userErrorf("This game ended while your move was on its way (%s); your move was not played.", row.Reason)
		}
		t := g.Turn()
		return userErrorf("Another move was stored in this game while yours was on its way, so yours was not played. It is now move %d, %s (%s) to play: look at the latest board and try again.",
			row.Ply+1, mention(row.Players[t.Player]), g.Roles()[t.Player])
	}
	return refusal(err)
}

// announceEnd posts the result and archives the thread. A finished game
// leaves memory: anything that still needs it reads it from the database.
func (b *Bot) announceEnd(row db.Game, g games.Game, winner int, reason string, res db.Result) {
	b.play.Forget(row.ID)
	b.send(row.ThreadID, &discordgo.MessageSend{
		Content: resultText(row, g, winner, reason, res), AllowedMentions: noPings,
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: "Rematch (sides swapped)", Style: discordgo.PrimaryButton, CustomID: fmt.Sprintf("rematch:%d", row.ID)},
			discordgo.Button{Label: "Export record", Style: discordgo.SecondaryButton, CustomID: fmt.Sprintf("export:%d", row.ID)},
			discordgo.Button{Label: "Review", Emoji: &discordgo.ComponentEmoji{Name: "🔎"}, Style: discordgo.SecondaryButton, CustomID: fmt.Sprintf("review:%d", row.ID)},
		}}},
	})
	if err := b.dc.ArchiveThread(row.ThreadID); err != nil {
		b.log.Warn("archiving the thread failed", "thread", row.ThreadID, "err", err)
	}
	b.queueReplay(row) // the animation follows as its own message (replays.go)
}

func moveErrorText(me *games.MoveError) string {
	msg := fmt.Sprintf("`%s` is not a legal move here: %s.", truncate(strings.TrimSpace(me.Input), 40), me.Reason)
	if len(me.Suggestions) > 0 {
		msg += " Legal moves include: `" + strings.Join(me.Suggestions, "`, `") + "`. Type `/moves` for the full list."
	}
	return msg
}

// autocomplete suggests legal moves filtered by what was typed. It cannot
// be deferred, so it only reads, from the game's latest view: it never
// waits for a move being played or posted.
func (b *Bot) autocomplete(ctx context.Context, r *request) error {
	if name := r.i.ApplicationCommandData().Name; name == "puzzle" {
		return b.autocompletePuzzle(ctx, r) // puzzle.go
	} else if name == "premove" {
		return b.autocompletePremove(ctx, r) // premove.go
	} else if name != "move" {
		return b.autocompletePictures(ctx, r, name) // moves_pictures.go
	}
	var choices []*discordgo.ApplicationCommandOptionChoice
	row, err := b.store.GameByThread(ctx, r.i.ChannelID)
	if err == nil && row.State == "active" {
		if v, err := b.currentView(ctx, row); err == nil && v.Active {
			if p := seatOf(v.Players, r.userID()); p != games.NoPlayer && v.Game.Turn().Player == p {
				for _, m := range games.FilterMoves(r.stringOption("move"), v.Game.LegalMoves(), 25) {
					label := m.Notation
					if m.Label != "" && m.Label != m.Notation {
						label = m.Notation + " — " + m.Label
					}
					choices = append(choices, &discordgo.ApplicationCommandOptionChoice{Name: truncate(label, 100), Value: m.Notation})
				}
			}
		}
	}
	return r.respond(&discordgo.InteractionResponse{
		Type: discordgo.InteractionApplicationCommandAutocompleteResult,
		Data: &discordgo.InteractionResponseData{Choices: choices},
	})
}

func (b *Bot) cmdBoard(ctx context.Context, r *request) error {
	s, err := b.gameInThread(ctx, r)
	if err != nil {
		return err
	}
	defer s.Unlock()
	if err := r.needPerms(movePerms...); err != nil {
		return err
	}
	msg, err := b.boardMessage(s.Row, s.Game, fmt.Sprintf("Position after %s", plural(s.Row.Ply, "move")))
	if err != nil {
		return err
	}
	r.deferPublic()
	if r.deferred {
		_, err = b.dc.EditOriginal(r.i, &discordgo.WebhookEdit{Content: &msg.Content, Embeds: &msg.Embeds, Components: &msg.Components, Files: msg.Files, AllowedMentions: noPings})
	}
	if !r.deferred || err != nil {
		_, err = b.send(s.Row.ThreadID, msg)
	}
	if err == nil {
		b.staleBoards.Delete(s.ID)
	}
	return nil
}
