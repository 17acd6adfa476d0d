package bot

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/games"
)

var movePerms = []int64{discordgo.PermissionSendMessagesInThreads, discordgo.PermissionEmbedLinks, discordgo.PermissionAttachFiles}

func (b *Bot) cmdMove(ctx context.Context, r *request) error {
	s, p, err := b.playerGame(ctx, r)
	if err != nil {
		return err
	}
	defer s.unlock()
	if t := s.game.Turn(); t.Player != p {
		if b.computerToAct(s.row, s.game) {
			b.opponent().due(s.id) // queued already, unless a restart lost it
			return userErrorf("It's not your turn: the computer is thinking about its move. You'll be mentioned when it's yours.")
		}
		return userErrorf("It's not your turn: %s (%s) is to move.", mention(s.row.Players[t.Player]), s.game.Roles()[t.Player])
	}
	if err := r.needPerms(movePerms...); err != nil {
		return err
	}
	text := r.stringOption("move")
	next, ply, evs, err := games.Apply(s.game, text, b.Roller)
	var me *games.MoveError
	if errors.As(err, &me) {
		return userErrorf("%s", moveErrorText(me))
	}
	if err != nil {
		return err
	}
	r.deferPublic()
	if err := b.commitMove(ctx, s, r, p, next, ply, evs); err != nil {
		return err
	}
	if b.computerToAct(s.row, s.game) {
		b.opponent().due(s.id) // its reply is searched off this interaction's path
	}
	return nil
}

// commitMove stores the move with its rolls (and the end, if the rules
// ended the game) in one transaction, then shows it: the move in words,
// one message per die roll, the board, and the result.
func (b *Bot) commitMove(ctx context.Context, s *session, r *request, p games.Player, next games.Game, ply games.Ply, evs []games.Event) error {
	o := next.Outcome()
	plies := s.row.Ply + 1
	// No clock while the computer is to act: it moves as soon as it can.
	deadline, remind, err := b.deadlines(ctx, s.row, next, plies, o.Over || b.computerToAct(s.row, next))
	if err != nil {
		return err
	}
	var end *db.End
	if o.Over {
		end = &db.End{Winner: int(o.Winner), Reason: o.Reason}
		if o.Draw {
			end.Winner = -1
		}
	}
	mover := s.row.Players[p]
	began := time.Now()
	res, err := b.store.AppendMove(ctx, s.id, s.row.Ply, db.Move{
		Ply: plies, Notation: ply.Move, PlayerID: mover, Rolls: ply.Rolls, Dice: diceTexts(evs),
		InteractionID: r.i.ID, At: b.Now(),
	}, deadline, remind, end)
	switch {
	case errors.Is(err, db.ErrPositionChanged):
		// Another replica stored a move at this ply first: nothing of this
		// one (nor its dice) was stored or shown.
		return b.positionChanged(ctx, s)
	case errors.Is(err, db.ErrGameOver):
		s.game = nil // ended elsewhere: reloaded by the next action
		return userErrorf("This game has just ended; your move was not played.")
	case err != nil:
		return err
	}
	b.metrics.ObserveStoreCommit(time.Since(began))
	b.metrics.MoveCommitted(s.row.Variant)
	row, err := b.store.Game(ctx, s.id)
	if err != nil {
		return err
	}
	s.row, s.game = row, next
	s.publish() // autocomplete may suggest the next move while this one is posted

	moveText := r.note + describeMove(row, mover, ply.Move, evs)
	if !r.deferred || r.editOriginal(&discordgo.WebhookEdit{Content: &moveText, AllowedMentions: noPings}) != nil {
		b.sendText(row.ThreadID, moveText, noPings) // the token expired: post directly
	}
	for _, line := range diceLines(row, mover, evs) {
		b.sendText(row.ThreadID, line, noPings)
	}
	title := fmt.Sprintf("After %s", ply.Move)
	// A queued answer that follows at once is the next player's move: its
	// own board pings, and nobody is told it is their turn meanwhile.
	queued := b.queuedLines(ctx, s)
	owner, answered := b.queuedAnswerFollows(ctx, s, queued) // premove.go
	msg, err := b.boardMessage(row, next, title)
	if err == nil {
		if answered {
			msg.Content, msg.AllowedMentions = fmt.Sprintf("🔁 %s had queued an answer to this move.", mention(owner)), noPings
			// The answer is played before anyone could press Move here:
			// the next board carries the button.
			msg.Components = []discordgo.MessageComponent{}
		}
		if _, after := splitEvents(evs); len(after) > 0 {
			msg.Content = strings.TrimPrefix(bullets(row, after), "\n") + "\n" + msg.Content
		}
		_, err = b.send(row.ThreadID, msg)
	} else {
		b.log.Error("board", "game", row.ID, "err", err)
	}
	if err != nil && !o.Over {
		// The move stands (it is stored, its dice are shown and never
		// rolled again); the board comes with the reminder or /board.
		// Told once, to the player who moved.
		s.boardStale = true
		if r.answered {
			b.dc.Followup(r.i, &discordgo.WebhookParams{Flags: discordgo.MessageFlagsEphemeral, AllowedMentions: noPings,
				Content: "⚠️ Your move was played, but Discord did not take the new board picture. `/board` shows the position; the reminder will include it."})
		}
	}
	if !answered {
		b.noticeTurn(row, next, mover, ply.Move) // a DM to the next player, if they chose it (notify.go)
	}
	if o.Over {
		b.announceEnd(row, next, end.Winner, o.Reason, res)
	}
	b.followLines(ctx, s, queued) // premove.go: the other player's queued answer to this move, if it matches
	return nil
}

// announceEnd posts the result and archives the thread. A finished game
// leaves memory: anything that still needs it reads it from the database.
func (b *Bot) announceEnd(row db.Game, g games.Game, winner int, reason string, res db.Result) {
	b.mu.Lock()
	delete(b.sessions, row.ID)
	b.mu.Unlock()
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
		if v, err := b.currentView(ctx, row); err == nil && v.active {
			if p := seatOf(v.players, r.userID()); p != games.NoPlayer && v.game.Turn().Player == p {
				for _, m := range games.FilterMoves(r.stringOption("move"), v.game.LegalMoves(), 25) {
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
	defer s.unlock()
	if err := r.needPerms(movePerms...); err != nil {
		return err
	}
	msg, err := b.boardMessage(s.row, s.game, fmt.Sprintf("Position after %s", plural(s.row.Ply, "move")))
	if err != nil {
		return err
	}
	r.deferPublic()
	if r.deferred {
		_, err = b.dc.EditOriginal(r.i, &discordgo.WebhookEdit{Content: &msg.Content, Embeds: &msg.Embeds, Components: &msg.Components, Files: msg.Files, AllowedMentions: noPings})
	}
	if !r.deferred || err != nil {
		_, err = b.send(s.row.ThreadID, msg)
	}
	if err == nil {
		s.boardStale = false
	}
	return nil
}
