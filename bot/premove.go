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
	"github.com/bermudachess/bermuda/premove"
)

// Conditional moves (/premove). After moving, a player may queue answers to
// the opponent's next moves: "if they play X1 I play Y1, then if X2, Y2 …".
// The line is checked by package premove, move by move in the position each
// would arise in, and stored (db premoves) in canonical notation. Package
// play follows them (play/lines.go): when a move is stored, a matching move
// has its answer played at once and shown as any move (events.go), with
// premoveNote; the scheduler follows the lines a crash or a restart left
// behind (play.FollowDue). Lines are private: only their owner is ever
// shown one, until its moves are played. Variants with dice refuse.

// premoveNote comes before the text of an answer played from a queued line.
const premoveNote = "🔁 Conditional move, queued in advance: "

func (b *Bot) cmdPremove(ctx context.Context, r *request) error {
	s, p, err := b.playerGame(ctx, r)
	if err != nil {
		return err
	}
	// What is read here is a snapshot; play.SetLine checks again, at its ply.
	v := play.ViewOf(s.Row, s.Game)
	s.Unlock()
	row, g := v.Row, v.Game
	if offered, err := premove.Offered(row.Variant); err != nil {
		return err
	} else if !offered {
		return userErrorf("Conditional moves are not offered in %s: it has dice, and the roll decides what comes next, so there is nothing to answer in advance. Play each move when it is your turn.", variantName(row.Variant))
	}
	mine, err := b.play.Line(ctx, row.ID, r.userID())
	if err != nil {
		return err
	}
	text := strings.TrimSpace(r.stringOption("moves"))
	if r.boolOption("pick") { // premove_pick.go: the line built with menus
		if text != "" || r.boolOption("clear") {
			return userErrorf("Give `pick` alone: the menus build the line that `moves` would type, and offer to clear it.")
		}
		return b.premovePickCommand(ctx, r, row.ID)
	}
	if r.boolOption("clear") {
		if text != "" {
			return userErrorf("Give either `moves` (a new line, which replaces the queued one) or `clear`, not both.")
		}
		r.deferEphemeral() // a write: answered once it is done
		ok, err := b.play.ClearLine(ctx, row.ID, r.userID(), play.AnyPly)
		if err != nil {
			return err
		}
		if !ok {
			return r.privately("You have no moves queued in this game; nothing to clear.")
		}
		return r.privately("🗑️ Your queued moves in this game were cleared.")
	}
	if text == "" {
		if mine == nil {
			return premoveWithButton(r, &v, p, premoveHowTo(g, p, "You have no moves queued in this game."))
		}
		return premoveWithButton(r, &v, p, fmt.Sprintf("🔁 Queued (only you see this):\n%s\nAny other move clears it. `/premove moves:` replaces it; `/premove clear:true` clears it.",
			lineText(row, p, premove.Describe(g, mine.Moves))))
	}
	line, err := b.play.SetLine(ctx, play.Request{GameID: row.ID, UserID: r.userID(), AtPly: row.Ply, Origin: r, Source: r.i.ID,
		Ready: func() error { r.deferEphemeral(); return nil }}, // a write: answered once it is done
		premove.Split(text))
	if err != nil {
		return lineRefusal(err, "Your opponent moved while your line was on its way, so nothing was queued. Look at the new position and try again.")
	}
	head := "🔁 Queued (only you see this):"
	if mine != nil {
		head = "🔁 Queued, replacing your earlier line (only you see this):"
	}
	return r.privately(fmt.Sprintf("%s\n%s\nEach answer is played the moment their move matches; any other move clears the line. `/premove clear:true` clears it.",
		head, lineText(row, p, premove.Describe(g, line))))
}

// lineRefusal says why a line was not queued; moved is the answer when the
// opponent moved meanwhile.
func lineRefusal(err error, moved string) error {
	var ref *play.Refusal
	var le *premove.LineError
	switch {
	case errors.As(err, &le) || errors.Is(err, premove.ErrEmpty):
		return premoveError(err)
	case errors.Is(err, play.ErrYourTurn):
		return userErrorf("It's your turn now: just play your move with `/move` (or the **Move** button). Queue answers after you have moved, while your opponent is to play.")
	case errors.Is(err, play.ErrNoLines) && errors.As(err, &ref):
		return userErrorf("Conditional moves are not offered in %s: it has dice, and the roll decides what comes next, so there is nothing to answer in advance. Play each move when it is your turn.", variantName(ref.View.Row.Variant))
	case errors.Is(err, play.ErrStale) || errors.Is(err, play.ErrRaced):
		return userErrorf("%s", moved)
	case errors.Is(err, play.ErrEndedMeanwhile) || errors.Is(err, play.ErrOver):
		return userErrorf("This game has just ended; nothing was queued.")
	}
	return refusal(corruptAnswer(err))
}

// premoveWithButton answers privately, with the Queue answers button
// (premove_pick.go) when p may queue answers now.
func premoveWithButton(r *request, v *gameView, p games.Player, text string) error {
	if v.Game.Turn().Player == p {
		return r.ephemeral(text)
	}
	return r.respond(&discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: &discordgo.InteractionResponseData{
		Content: truncate(text, 2000), Flags: discordgo.MessageFlagsEphemeral, AllowedMentions: noPings,
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			premovePickButton(v.Row.ID, "Queue answers with menus")}}},
	}})
}

// premoveHowTo says how to queue a line, after what went before.
func premoveHowTo(g games.Game, p games.Player, before string) string {
	when := "Once you have moved, queue"
	if g.Turn().Player != p {
		when = "Queue"
	}
	return before + " " + when + " answers with `/premove moves:`, pairs of their move and yours, e.g. `e5 Nf3 Nc6 Bb5` " +
		"(if they play e5 you play Nf3, then if Nc6, Bb5). Suggestions come as you type."
}

// lineText shows a line (its moves as premove.Describe names them) pair
// by pair, e.g. "• if <@2> plays **e5 (pawn e7→e5)**, you play **Nf3 (knight g1→f3)**".
func lineText(row db.Game, owner games.Player, line []string) string {
	var sb strings.Builder
	for i := 0; i+1 < len(line); i += 2 {
		if i > 0 {
			sb.WriteString("\n")
		}
		then := ""
		if i > 0 {
			then = "then "
		}
		fmt.Fprintf(&sb, "• %sif %s plays **%s**, you play **%s**", then, mention(row.Players[owner.Other()]), line[i], line[i+1])
	}
	return sb.String()
}

// premoveError turns premove.Check's refusal into what the player reads.
func premoveError(err error) error {
	var le *premove.LineError
	switch {
	case errors.As(err, &le):
		who := "their move"
		if le.Answer {
			who = "your answer"
		}
		if le.Input == "" {
			return userErrorf("Your line ends with their move: %s. Nothing was queued.", le.Reason)
		}
		msg := fmt.Sprintf("Move %d of your line, `%s` (%s): %s.", le.Index+1, truncate(le.Input, 40), who, le.Reason)
		if le.Illegal {
			msg = fmt.Sprintf("Move %d of your line, `%s` (%s), is not legal in the position it would arise in: %s.", le.Index+1,
				truncate(le.Input, 40), who, le.Reason)
		}
		if le.Move != nil && len(le.Move.Suggestions) > 0 {
			msg += " Legal moves there include: `" + strings.Join(le.Move.Suggestions, "`, `") + "`."
		}
		return userErrorf("%s Nothing was queued.", msg)
	case errors.Is(err, premove.ErrEmpty):
		return userErrorf("Your line has no moves. Give pairs of their move and your answer, e.g. `e5 Nf3`.")
	}
	return userErrorf("Nothing was queued: %v.", err)
}

// autocompletePremove suggests the next move of the line being typed: the
// legal moves in the position the line so far would lead to, each offered
// as the whole line with it added (so a line can be picked move by move).
func (b *Bot) autocompletePremove(ctx context.Context, r *request) error {
	var choices []*discordgo.ApplicationCommandOptionChoice
	row, err := b.store.GameByThread(ctx, r.i.ChannelID)
	if err == nil && row.State == "active" {
		if offered, _ := premove.Offered(row.Variant); offered {
			if v, err := b.currentView(ctx, row); err == nil && v.Active {
				choices = premoveChoices(v, r.userID(), r.stringOption("moves"))
			}
		}
	}
	return r.respond(&discordgo.InteractionResponse{
		Type: discordgo.InteractionApplicationCommandAutocompleteResult,
		Data: &discordgo.InteractionResponseData{Choices: choices},
	})
}

func premoveChoices(v *gameView, userID, typed string) []*discordgo.ApplicationCommandOptionChoice {
	p := seatOf(v.Players, userID)
	if p == games.NoPlayer || v.Game.Turn().Player == p || v.Game.Outcome().Over {
		return nil
	}
	words := premove.Split(typed)
	partial := ""
	if len(words) > 0 && typed != "" && !strings.ContainsRune(" ,;", rune(typed[len(typed)-1])) {
		partial, words = words[len(words)-1], words[:len(words)-1]
	}
	hint := func(name string) []*discordgo.ApplicationCommandOptionChoice {
		return []*discordgo.ApplicationCommandOptionChoice{{Name: truncate(name, 100), Value: truncate(typed, 100)}}
	}
	pos, line, ok := premove.Position(v.Game, words)
	if !ok { // say which word does not play, and why
		for i := range words {
			before, _, _ := premove.Position(v.Game, words[:i])
			if o := before.Outcome(); o.Over {
				return hint(fmt.Sprintf("⚠️ The game would be over (%s) after move %d: the line ends there", o.Reason, i))
			}
			if _, _, ok := premove.Position(before, words[i:i+1]); !ok {
				return hint(fmt.Sprintf("⚠️ Move %d, %s, is not legal in the position it would arise in", i+1, words[i]))
			}
		}
		return nil
	}
	if o := pos.Outcome(); o.Over {
		return hint(fmt.Sprintf("The game would be over (%s): the line ends here", o.Reason))
	}
	if len(line) >= premove.MaxMoves {
		return hint(fmt.Sprintf("A line holds at most %d moves", premove.MaxMoves))
	}
	who := "if they play"
	if len(line)%2 == 1 {
		who = "you answer"
	}
	var out []*discordgo.ApplicationCommandOptionChoice
	for _, m := range games.FilterMoves(partial, pos.LegalMoves(), 25) {
		value := strings.TrimSpace(line.String() + " " + m.Notation)
		if len(value) > 100 {
			break // a longer line can still be typed
		}
		name := fmt.Sprintf("%s %s", who, m.Notation)
		if m.Label != "" && m.Label != m.Notation {
			name += " — " + m.Label
		}
		if len(line) > 0 {
			name = truncateLeft(line.String(), 100-len(name)-3) + " · " + name
		}
		out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: truncate(name, 100), Value: value})
	}
	return out
}

// truncateLeft keeps the end of s, at most n bytes, marking the cut.
func truncateLeft(s string, n int) string {
	if len(s) <= n {
		return s
	}
	if n <= 1 {
		return ""
	}
	return "…" + s[len(s)-(n-1):]
}
