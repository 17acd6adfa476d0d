package bot

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/games"
	"github.com/bermudachess/bermuda/premove"
)

// Conditional moves (/premove). After moving, a player may queue answers to
// the opponent's next moves: "if they play X1 I play Y1, then if X2, Y2 …".
// The line is checked by package premove, move by move in the position each
// would arise in, and stored (db premoves) in canonical notation. When a move
// is stored in the game, commitMove calls followPremoves: a matching move has
// its answer played at once through commitMove itself (stored at its ply, so
// once only, then shown as any move), and the rest of the line stays queued;
// any other move clears it. The scheduler follows the lines a crash or a
// restart left behind (duePremoves). Lines are private: only their owner is
// ever shown one, until its moves are played. Variants with dice refuse.

// premoveNote comes before the text of an answer played from a queued line.
const premoveNote = "🔁 Conditional move, queued in advance: "

func (b *Bot) cmdPremove(ctx context.Context, r *request) error {
	s, p, err := b.playerGame(ctx, r)
	if err != nil {
		return err
	}
	defer s.unlock()
	if offered, err := premove.Offered(s.row.Variant); err != nil {
		return err
	} else if !offered {
		return userErrorf("Conditional moves are not offered in %s: it has dice, and the roll decides what comes next, so there is nothing to answer in advance. Play each move when it is your turn.", variantName(s.row.Variant))
	}
	mine, err := b.premoveOf(ctx, s.id, r.userID())
	if err != nil {
		return err
	}
	text := strings.TrimSpace(r.stringOption("moves"))
	if r.boolOption("pick") { // premove_pick.go: the line built with menus
		if text != "" || r.boolOption("clear") {
			return userErrorf("Give `pick` alone: the menus build the line that `moves` would type, and offer to clear it.")
		}
		return b.premovePickCommand(ctx, r, s.id)
	}
	if r.boolOption("clear") {
		if text != "" {
			return userErrorf("Give either `moves` (a new line, which replaces the queued one) or `clear`, not both.")
		}
		r.deferEphemeral() // a write: answered once it is done
		ok, err := b.store.DeletePremove(ctx, s.id, r.userID(), -1)
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
			return premoveWithButton(r, s, p, premoveHowTo(s, p, "You have no moves queued in this game."))
		}
		return premoveWithButton(r, s, p, fmt.Sprintf("🔁 Queued (only you see this):\n%s\nAny other move clears it. `/premove moves:` replaces it; `/premove clear:true` clears it.",
			lineText(s.row, p, premove.Describe(s.game, mine.Moves))))
	}
	if s.game.Turn().Player == p {
		return userErrorf("It's your turn now: just play your move with `/move` (or the **Move** button). Queue answers after you have moved, while your opponent is to play.")
	}
	line, err := premove.Check(s.game, p, premove.Split(text))
	if err != nil {
		return premoveError(s, err)
	}
	r.deferEphemeral() // a write: answered once it is done
	err = b.store.SetPremove(ctx, db.Premove{GameID: s.id, OwnerID: r.userID(), Ply: s.row.Ply, Moves: line})
	switch {
	case errors.Is(err, db.ErrPositionChanged):
		s.game = nil // reloaded by the next action
		return userErrorf("Your opponent moved while your line was on its way, so nothing was queued. Look at the new position and try again.")
	case errors.Is(err, db.ErrGameOver):
		s.game = nil
		return userErrorf("This game has just ended; nothing was queued.")
	case err != nil:
		return err
	}
	head := "🔁 Queued (only you see this):"
	if mine != nil {
		head = "🔁 Queued, replacing your earlier line (only you see this):"
	}
	return r.privately(fmt.Sprintf("%s\n%s\nEach answer is played the moment their move matches; any other move clears the line. `/premove clear:true` clears it.",
		head, lineText(s.row, p, premove.Describe(s.game, line))))
}

// premoveWithButton answers privately, with the Queue answers button
// (premove_pick.go) when p may queue answers now.
func premoveWithButton(r *request, s *session, p games.Player, text string) error {
	if s.game.Turn().Player == p {
		return r.ephemeral(text)
	}
	return r.respond(&discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: &discordgo.InteractionResponseData{
		Content: truncate(text, 2000), Flags: discordgo.MessageFlagsEphemeral, AllowedMentions: noPings,
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			premovePickButton(s.id, "Queue answers with menus")}}},
	}})
}

// premoveOf is the user's queued line in the game, or nil.
func (b *Bot) premoveOf(ctx context.Context, gameID int64, userID string) (*db.Premove, error) {
	lines, err := b.store.Premoves(ctx, gameID)
	if err != nil {
		return nil, err
	}
	for _, q := range lines {
		if q.OwnerID == userID {
			return &q, nil
		}
	}
	return nil, nil
}

// premoveHowTo says how to queue a line, after what went before.
func premoveHowTo(s *session, p games.Player, before string) string {
	when := "Once you have moved, queue"
	if s.game.Turn().Player != p {
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
func premoveError(s *session, err error) error {
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
			if v, err := b.currentView(ctx, row); err == nil && v.active {
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
	p := seatOf(v.players, userID)
	if p == games.NoPlayer || v.game.Turn().Player == p || v.game.Outcome().Over {
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
	pos, line, ok := premove.Position(v.game, words)
	if !ok { // say which word does not play, and why
		for i := range words {
			before, _, _ := premove.Position(v.game, words[:i])
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

// followPremoves follows the game's queued lines after a move was stored in
// it (commitMove, under the game's lock) or when the scheduler finds a line
// the game has moved past: a matching move has its answer played at once,
// through commitMove, whose own call here then moves the line on; a line
// another move cleared, or whose game ended, is deleted. Every change is
// conditional on the line's ply, and the answer is stored at its ply, so a
// repeat (another replica, a retried pass) plays nothing twice.
func (b *Bot) followPremoves(ctx context.Context, s *session) {
	b.followLines(ctx, s, b.queuedLines(ctx, s))
}

// queuedLines reads the game's queued lines once for commitMove's two
// uses (whether an answer follows, then following them); none in a
// variant with dice, which cannot have any. A read that fails counts as
// none: the scheduler follows the lines later.
func (b *Bot) queuedLines(ctx context.Context, s *session) []db.Premove {
	if offered, _ := premove.Offered(s.row.Variant); !offered {
		return nil
	}
	lines, err := b.store.Premoves(ctx, s.id)
	if err != nil {
		b.log.Error("reading conditional moves", "game", s.id, "err", err)
		return nil
	}
	return lines
}

// followLines follows lines, the game's queued lines as read under its
// lock (queuedLines).
func (b *Bot) followLines(ctx context.Context, s *session, lines []db.Premove) {
	defer b.survive("conditional moves", s.id)
	for _, q := range lines {
		if b.followPremove(ctx, s, q) {
			return // the answer's own commit followed the lines again
		}
	}
}

// premoveStep says what the line q means now that the game stands at
// s.row.Ply, from the stored move log (ok is false if it could not be
// read: the line is left for a later pass).
func (b *Bot) premoveStep(ctx context.Context, s *session, q db.Premove) (step premove.Step, why string, ok bool) {
	switch {
	case s.game == nil || s.row.State != "active" || s.game.Outcome().Over:
		return premove.Step{State: premove.Gone}, "the game is over", true
	case s.row.Ply == q.Ply:
		return premove.Step{State: premove.Waiting, Rest: q.Moves}, "", true // waiting for the opponent's move
	case s.row.Ply < q.Ply:
		return premove.Step{State: premove.Gone}, "the line is ahead of the game", true
	}
	log, err := b.store.Moves(ctx, s.id)
	if err != nil || len(log) != s.row.Ply {
		b.log.Error("reading the moves a conditional line follows", "game", s.id, "moves", len(log), "err", err)
		return premove.Step{}, "", false
	}
	played := make([]string, 0, len(log)-q.Ply)
	for _, m := range log[q.Ply:] {
		played = append(played, m.Notation)
	}
	step = premove.Follow(q.Moves, played)
	if step.State == premove.Due {
		if seat := s.playerOf(q.OwnerID); seat == games.NoPlayer || s.game.Turn().Player != seat {
			return premove.Step{State: premove.Gone}, "not the owner's turn", true
		}
	}
	return step, "another move, or the line's end", true
}

// queuedAnswerFollows says whether a queued answer to the move just stored
// is due, and whose: commitMove's board then pings nobody, as the answer's
// own board follows at once.
func (b *Bot) queuedAnswerFollows(ctx context.Context, s *session, lines []db.Premove) (owner string, ok bool) {
	for _, q := range lines {
		if step, _, ok := b.premoveStep(ctx, s, q); ok && step.State == premove.Due {
			return q.OwnerID, true
		}
	}
	return "", false
}

// followPremove follows one line and reports whether it played its answer.
func (b *Bot) followPremove(ctx context.Context, s *session, q db.Premove) bool {
	step, why, ok := b.premoveStep(ctx, s, q)
	if !ok {
		return false
	}
	switch step.State {
	case premove.Gone:
		if _, err := b.store.DeletePremove(ctx, s.id, q.OwnerID, q.Ply); err != nil {
			b.log.Error("clearing a conditional line", "game", s.id, "err", err)
		}
		b.log.Debug("conditional line cleared", "game", s.id, "ply", q.Ply, "why", why)
	case premove.Waiting:
		if step.Skip > 0 {
			if _, err := b.store.AdvancePremove(ctx, s.id, q.OwnerID, q.Ply, q.Ply+step.Skip, step.Rest); err != nil {
				b.log.Error("moving a conditional line on", "game", s.id, "err", err)
			}
		}
	case premove.Due:
		next, ply, evs, err := games.Apply(s.game, step.Reply, b.Roller)
		if err != nil {
			b.log.Error("a queued answer does not apply", "game", s.id, "move", step.Reply, "err", err)
			b.store.DeletePremove(ctx, s.id, q.OwnerID, q.Ply)
			return false
		}
		// A move without an interaction, as the computer's: posted to the
		// thread, stored at its ply (one copy only, whoever follows).
		r := &request{b: b, i: &discordgo.Interaction{}, note: premoveNote}
		if err := b.commitMove(ctx, s, r, s.playerOf(q.OwnerID), next, ply, evs); err != nil {
			if !isUserError(err) {
				b.log.Error("playing a queued answer", "game", s.id, "err", err)
			}
			return false
		}
		if b.computerToAct(s.row, s.game) {
			b.opponent().due(s.id)
		}
		return true
	}
	return false
}

// duePremoves follows the lines whose game has moved past them or ended (a
// crash between a move and its answer, or a game ended by resignation, time
// or abort): run by every scheduler pass.
func (b *Bot) duePremoves(ctx context.Context) {
	lines, err := b.store.PremovesToFollow(ctx)
	if err != nil {
		b.log.Error("reading conditional moves to follow", "err", err)
		return
	}
	done := map[int64]bool{}
	for _, q := range lines {
		if done[q.GameID] {
			continue
		}
		done[q.GameID] = true
		row, err := b.store.Game(ctx, q.GameID)
		if err != nil {
			b.log.Error("conditional moves: reading the game", "game", q.GameID, "err", err)
			continue
		}
		if row.State != "active" { // ended: nothing to play, nothing to load
			for _, l := range lines {
				if l.GameID == q.GameID {
					b.store.DeletePremove(ctx, l.GameID, l.OwnerID, l.Ply)
				}
			}
			continue
		}
		b.runDue(ctx, q.GameID, "conditional moves", "conditional moves: loading game", func(s *session) { b.followPremoves(ctx, s) })
	}
}
