package bot

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/bermudachess/bermuda/games"
	"github.com/bermudachess/bermuda/games/lessons"
	"github.com/bermudachess/bermuda/render"
)

// cmdMoves is /moves [from:SQUARE], answered privately: without from, the
// position with every piece the player to act can move ringed, and the
// list of legal moves; with from, that piece's targets drawn (captures,
// moves to the other board, into the Angle and promotions each marked in
// their own way) and listed. Every mark comes from the move generator
// (games/lessons).
func (b *Bot) cmdMoves(ctx context.Context, r *request) error {
	s, err := b.gameInThread(ctx, r)
	if err != nil {
		return err
	}
	defer s.Unlock()
	if s.Row.State != "active" {
		return gameOver(s.Row)
	}
	g := s.Game
	t := g.Turn()
	head := fmt.Sprintf("%s (%s) to move", mention(s.Row.Players[t.Player]), g.Roles()[t.Player])
	if t.MovesLeft > 1 {
		head += fmt.Sprintf(", %d moves left this turn", t.MovesLeft)
	}
	from := strings.TrimSpace(r.stringOption("from"))
	var view games.View
	var body, title string
	if from == "" {
		legal := g.LegalMoves()
		names := make([]string, len(legal))
		for i, m := range legal {
			names[i] = m.Notation
		}
		view = lessons.MovablePieces(g)
		title = "Pieces that can move"
		body = fmt.Sprintf("%s — %d legal moves (ringed in green: the pieces that can move; `/moves from:` shows one piece's):\n`%s`",
			head, len(names), strings.Join(names, "` `"))
	} else {
		ts, err := lessons.Targets(g, from)
		var none *lessons.NoMovesError
		if errors.As(err, &none) {
			return userErrorf("%s", noMovesFromText(s.Row.Players, g, from, none))
		}
		if err != nil {
			return err
		}
		sq := ts[0].Moves[0].From
		if view, err = lessons.TargetsFrom(g, sq); err != nil {
			return err
		}
		title = "Moves from " + sq
		body = fmt.Sprintf("%s — the piece on **%s** has %s:\n%s\n%s", head, sq, plural(len(ts), "target"), targetLines(ts), targetKey(ts))
	}
	drawing <- struct{}{}
	png, err := render.PNG(view)
	<-drawing
	if err != nil {
		return fmt.Errorf("drawing /moves: %w", err)
	}
	return r.respond(&discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: &discordgo.InteractionResponseData{
		Flags: discordgo.MessageFlagsEphemeral, AllowedMentions: noPings,
		Embeds: []*discordgo.MessageEmbed{{
			Title: boardTitle(s.Row, title), Description: clip(body, embedDescriptionMax), Color: 0x1f6f8b,
			Image: &discordgo.MessageEmbedImage{URL: "attachment://moves.png"},
		}},
		Files: []*discordgo.File{pngFile("moves.png", png, boardAlt(view)+" Marked: "+strings.ToLower(title[:1])+title[1:]+"; the message lists the moves.")},
	}})
}

// targetWords names what a move to a target does, as the picture marks it.
var targetWords = map[games.MarkKind]string{
	games.MarkTargetCapture:   "capture",
	games.MarkTargetBoard:     "to the other board",
	games.MarkTargetAngle:     "into the Angle",
	games.MarkTargetPromotion: "promotion",
}

// targetLines lists each target with the moves that reach it and what
// they do, e.g. "• **d8** `e7d8=Q` `e7d8=R` … — capture, promotion".
func targetLines(ts []lessons.Target) string {
	var b strings.Builder
	for _, t := range ts {
		fmt.Fprintf(&b, "• **%s**", t.Cell)
		for _, m := range t.Moves {
			b.WriteString(" `" + m.Notation + "`")
		}
		var words []string
		for _, k := range t.Kinds {
			if w, ok := targetWords[k]; ok {
				words = append(words, w)
			}
		}
		if len(words) > 0 {
			b.WriteString(" — " + strings.Join(words, ", "))
		}
		b.WriteString("\n")
	}
	return b.String()
}

// targetKey explains the marks that appear in this picture.
func targetKey(ts []lessons.Target) string {
	seen := map[games.MarkKind]bool{}
	for _, t := range ts {
		for _, k := range t.Kinds {
			seen[k] = true
		}
	}
	keys := []string{"blue: the piece"}
	for _, k := range []struct {
		kind games.MarkKind
		text string
	}{
		{games.MarkTargetQuiet, "dark dot: a plain move"},
		{games.MarkTargetCapture, "red ring: a capture"},
		{games.MarkTargetBoard, "teal dot: to the other board"},
		{games.MarkTargetAngle, "magenta dot: into the Angle"},
		{games.MarkTargetPromotion, "gold dot: a promotion"},
	} {
		if seen[k.kind] {
			keys = append(keys, k.text)
		}
	}
	return "*" + strings.Join(keys, " · ") + "*"
}

// noMovesFromText says why nothing moves from square: no such square, an
// empty square, a piece of an army the player to act may not move now, or
// one of theirs with no legal move.
func noMovesFromText(players [2]string, g games.Game, square string, none *lessons.NoMovesError) string {
	v := g.View()
	cell := cellNamed(v, square)
	t := g.Turn()
	who := mention(players[t.Player])
	movable := ""
	if len(none.Movable) > 0 {
		movable = fmt.Sprintf(" Pieces that can move stand on %s.", strings.Join(none.Movable, ", "))
	}
	sq := truncate(square, 12)
	if cell < 0 {
		return fmt.Sprintf("`%s` is not a square of this board.%s", sq, movable)
	}
	name := v.Cells[cell].Name
	for _, p := range v.Pieces {
		if p.Cell != cell || p.Ghost {
			continue
		}
		if !slices.Contains(t.Sides, p.Side) {
			return fmt.Sprintf("%s on %s is not a piece %s may move now (%s is to move).%s", sideKind(p), name, who, joinOr(sideNames(t.Sides)), movable)
		}
		return fmt.Sprintf("%s on %s has no legal move now.%s", sideKind(p), name, movable)
	}
	return fmt.Sprintf("%s is empty.%s", name, movable)
}

// cellNamed finds a cell by name: exactly, else ignoring case when that
// names one cell (Bermuda chess has both e4 and E4), else -1.
func cellNamed(v games.View, name string) int {
	folded := -1
	for i, c := range v.Cells {
		if c.Name == name {
			return i
		}
		if strings.EqualFold(c.Name, name) {
			if folded >= 0 {
				folded = -2
			} else if folded == -1 {
				folded = i
			}
		}
	}
	return max(folded, -1)
}

func sideKind(p games.PieceView) string {
	return fmt.Sprintf("%s's %s", p.Side, p.Kind)
}

func sideNames(sides []games.Side) []string {
	out := make([]string, len(sides))
	for i, s := range sides {
		out[i] = s.String()
	}
	return out
}

// autocompleteFrom suggests the squares of the pieces the player to act
// can move, filtered by what was typed: only to that player, in the
// thread of their game (anyone else gets no suggestions, and the command
// still checks what they type).
func (b *Bot) autocompleteFrom(ctx context.Context, r *request) []*discordgo.ApplicationCommandOptionChoice {
	row, err := b.store.GameByThread(ctx, r.i.ChannelID)
	if err != nil || row.State != "active" {
		return nil
	}
	v, err := b.currentView(ctx, row) // as of the stored ply: another replica may have moved
	if err != nil || !v.Active {
		return nil
	}
	t := v.Game.Turn()
	if v.Players[t.Player] != r.userID() {
		return nil
	}
	typed := strings.ToLower(strings.TrimSpace(r.stringOption("from")))
	view := v.Game.View()
	var choices []*discordgo.ApplicationCommandOptionChoice
	for _, sq := range lessons.Movable(v.Game) {
		if !strings.HasPrefix(strings.ToLower(sq), typed) {
			continue
		}
		label := sq
		if c := cellNamed(view, sq); c >= 0 {
			for _, p := range view.Pieces {
				if p.Cell == c && !p.Ghost {
					label = fmt.Sprintf("%s — %s", sq, sideKind(p))
				}
			}
		}
		choices = append(choices, &discordgo.ApplicationCommandOptionChoice{Name: truncate(label, 100), Value: sq})
		if len(choices) == 25 {
			break
		}
	}
	return choices
}

// autocompletePictures answers the autocompletes of /moves (from) and
// /rules (piece); /move's is in play.go.
func (b *Bot) autocompletePictures(ctx context.Context, r *request, command string) error {
	var choices []*discordgo.ApplicationCommandOptionChoice
	switch command {
	case "moves":
		choices = b.autocompleteFrom(ctx, r)
	case "rules":
		choices = pieceChoices(r.stringOption("variant"), r.stringOption("piece"))
	}
	return r.respond(&discordgo.InteractionResponse{
		Type: discordgo.InteractionApplicationCommandAutocompleteResult,
		Data: &discordgo.InteractionResponseData{Choices: choices},
	})
}
