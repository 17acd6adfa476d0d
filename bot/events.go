package bot

import (
	"context"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/bermudachess/bermuda/games"
	"github.com/bermudachess/bermuda/play"
)

// onEvent shows in Discord what package play committed, in the order it
// happened and with the game still locked: a move in its thread (its
// words, one message per die roll, the board, the turn's notice), a
// game's end (the final board unless a move ended it, the result, the
// thread archived), the computer's turn queued, and a draw offer made (or
// declined) on the game's page, with the buttons a /draw's offer has.
func (b *Bot) onEvent(ctx context.Context, ev play.Event) {
	switch ev := ev.(type) {
	case play.Moved:
		b.showMove(ev)
		if b.computerToAct(ev.Row, ev.Next) {
			b.opponent().Due(ev.Row.ID) // its reply is searched off the interaction's path
		}
	case play.Ended:
		switch {
		case ev.Abandoned:
			return // said where the game was challenged (scheduler.go, unopened.go)
		case ev.Reason == "forfeit":
			if ev.Row.ThreadID != "" { // never opened: nothing to say there
				b.announceEnd(ev.Row, ev.Game, ev.Winner, "forfeit (the opponent withdrew from the tournament)", ev.Result)
			}
			return
		}
		if ev.Reason == "time" && !ev.ByMove {
			loser := games.Player(ev.Winner).Other()
			text := fmt.Sprintf("⌛ %s ran out of time.", mention(ev.Row.Players[loser]))
			if err := b.sendText(ev.Row.ThreadID, text, noPings); err != nil {
				b.log.Warn("could not say that a game was lost on time", "game", ev.Row.ID, "thread", ev.Row.ThreadID, "err", err)
			}
		}
		if !ev.ByMove {
			if msg, err := b.boardMessage(ev.Row, ev.Game, "Final position"); err == nil {
				b.send(ev.Row.ThreadID, msg)
			}
		}
		b.announceEnd(ev.Row, ev.Game, ev.Winner, ev.Reason, ev.Result)
	case play.DrawOffered:
		if _, here := ev.Origin.(*request); !here { // made elsewhere (the game's page): a /draw answers for itself
			if _, err := b.send(ev.Row.ThreadID, drawOffer(ev.Row, ev.By)); err != nil {
				b.log.Warn("could not post a draw offer made on the page", "game", ev.Row.ID, "err", err)
			}
		}
	case play.DrawDeclined:
		if _, here := ev.Origin.(*request); !here {
			text := fmt.Sprintf("%s declined the draw offer. Play on!", mention(ev.Row.Players[ev.By]))
			if err := b.sendText(ev.Row.ThreadID, text, noPings); err != nil {
				b.log.Warn("could not post a draw offer declined on the page", "game", ev.Row.ID, "err", err)
			}
		}
	}
}

// requestOf is the interaction an event answers, or an empty one for a
// move nobody asked for here (the computer's, a queued answer): its posts
// go to the thread.
func (b *Bot) requestOf(origin any) *request {
	if r, ok := origin.(*request); ok && r != nil {
		return r
	}
	return &request{b: b, i: &discordgo.Interaction{}}
}

// showMove shows a stored move: the move in words, one message per die
// roll, the board; then tells the next player.
func (b *Bot) showMove(ev play.Moved) {
	r := b.requestOf(ev.Origin)
	row, next := ev.Row, ev.Next
	note := ""
	if ev.Queued {
		note = premoveNote
	}
	moveText := note + describeMove(row, ev.Mover, ev.Ply.Move, ev.Events)
	if !r.deferred || r.editOriginal(&discordgo.WebhookEdit{Content: &moveText, AllowedMentions: noPings}) != nil {
		b.sendText(row.ThreadID, moveText, noPings) // the token expired: post directly
	}
	for _, line := range diceLines(row, ev.Mover, ev.Events) {
		b.sendText(row.ThreadID, line, noPings)
	}
	title := fmt.Sprintf("After %s", ev.Ply.Move)
	// A queued answer that follows at once is the next player's move: its
	// own board pings, and nobody is told it is their turn meanwhile.
	answered := ev.AnswerFollows != ""
	msg, err := b.boardMessage(row, next, title)
	if err == nil {
		if answered {
			msg.Content, msg.AllowedMentions = fmt.Sprintf("🔁 %s had queued an answer to this move.", mention(ev.AnswerFollows)), noPings
			// The answer is played before anyone could press Move here:
			// the next board carries the button.
			msg.Components = []discordgo.MessageComponent{}
		}
		if _, after := splitEvents(ev.Events); len(after) > 0 {
			msg.Content = strings.TrimPrefix(bullets(row, after), "\n") + "\n" + msg.Content
		}
		_, err = b.send(row.ThreadID, msg)
	} else {
		b.log.Error("board", "game", row.ID, "err", err)
	}
	if err != nil && !next.Outcome().Over {
		// The move stands (it is stored, its dice are shown and never
		// rolled again); the board comes with the reminder or /board.
		// Told once, to the player who moved.
		b.staleBoards.Store(row.ID, true)
		if r.answered {
			b.dc.Followup(r.i, &discordgo.WebhookParams{Flags: discordgo.MessageFlagsEphemeral, AllowedMentions: noPings,
				Content: "⚠️ Your move was played, but Discord did not take the new board picture. `/board` shows the position; the reminder will include it."})
		}
	}
	if !answered {
		b.noticeTurn(row, next, ev.Mover, ev.Ply.Move) // a DM to the next player, if they chose it (notify.go)
	}
}
