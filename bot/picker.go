package bot

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/bwmarrin/discordgo"

	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/games"
	"github.com/bermudachess/bermuda/picker"
	"github.com/bermudachess/bermuda/play"
	"github.com/bermudachess/bermuda/render"
)

// The move picker: the Move button under every board of a game in play
// opens a private message where the player to act chooses a piece, then a
// square, then (only where the rules ask) what the move becomes, each
// step updating that one message in place. The menus come from the
// picker package; this file only turns them into Discord components.
//
// Every component carries its whole state in its custom_id — game, ply,
// the cells chosen so far and the page — so any replica can answer any
// click, and a click on a picker whose position has moved on (the opponent
// moved, the game ended, the player moved another way) plays nothing.
//
//	pk:<game>:<ply>:<from>:<to>:<page>:<what>
//
// what is m0–m3 for the menus, back, or pg for a page button.

const pickerPrefix = "pk"

// menusPerPage leaves the fifth row of a message for the buttons.
const menusPerPage = 4

// pickerState is what a picker component's custom_id says.
type pickerState struct {
	// prefix is pickerPrefix for a move in a game, learnPrefix for an
	// answer to one of a review's positions (learn.go), whose ply field
	// then counts the player's mistakes, or puzzlePrefix for a puzzle
	// (puzzle.go), whose game field is then the attempt, or
	// premovePickPrefix for a conditional line (premove_pick.go), whose
	// game field is then the draft and ply its rev.
	prefix   string
	game     int64
	ply      int
	from, to string
	page     int
	what     string
}

func (p pickerState) customID(what string) string {
	prefix := p.prefix
	if prefix == "" {
		prefix = pickerPrefix
	}
	return fmt.Sprintf("%s:%d:%d:%s:%s:%d:%s", prefix, p.game, p.ply, p.from, p.to, p.page, what)
}

func parsePickerID(id string) (pickerState, error) {
	f := strings.Split(id, ":")
	if len(f) != 7 || (f[0] != pickerPrefix && f[0] != learnPrefix && f[0] != puzzlePrefix && f[0] != premovePickPrefix) {
		return pickerState{}, fmt.Errorf("not a picker id: %q", id)
	}
	game, err1 := strconv.ParseInt(f[1], 10, 64)
	ply, err2 := strconv.Atoi(f[2])
	page, err3 := strconv.Atoi(f[5])
	if err := errors.Join(err1, err2, err3); err != nil || page < 0 || ply < 0 {
		return pickerState{}, fmt.Errorf("a broken picker id %q", id)
	}
	return pickerState{prefix: f[0], game: game, ply: ply, from: f[3], to: f[4], page: page, what: f[6]}, nil
}

// moveButton is the row with the Move button that every board of a game
// in play carries (and the reminder).
func moveButton(gameID int64) []discordgo.MessageComponent {
	return []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: "Move", Emoji: &discordgo.ComponentEmoji{Name: "♟️"}, Style: discordgo.PrimaryButton, CustomID: fmt.Sprintf("play:%d", gameID)},
	}}}
}

// boardButton is the Board button of a board post, when the game has a
// web page: a link to it, or with Activities a button that launches the
// Activity (answered with LAUNCH_ACTIVITY). Nil without pages, or in a
// server that turned them off (pages.go).
func (b *Bot) boardButton(gameID int64, guildID string) discordgo.MessageComponent {
	switch {
	case b.pageURL == nil || !b.pagesOn(guildID):
		return nil
	case b.activities:
		return discordgo.Button{Label: "Board", Emoji: &discordgo.ComponentEmoji{Name: "🌐"}, Style: discordgo.SecondaryButton, CustomID: fmt.Sprintf("board:%d", gameID)}
	default:
		return discordgo.Button{Label: "Board", Emoji: &discordgo.ComponentEmoji{Name: "🌐"}, Style: discordgo.LinkButton, URL: b.pageURL(gameID)}
	}
}

// btnBoard launches the Activity (interaction callback type 12,
// LAUNCH_ACTIVITY), which opens the game of the channel it was launched in.
func (b *Bot) btnBoard(ctx context.Context, r *request, gameID int64) error {
	return r.respond(&discordgo.InteractionResponse{Type: discordgo.InteractionResponseType(12)})
}

// after works out where a click on a picker leads: the state to draw
// next or, when the click chose among the third step's moves, that move's
// notation. ok is false for a click the picker does not know.
func (p pickerState) after(values []string) (next pickerState, choice string, ok bool) {
	next = pickerState{prefix: p.prefix, game: p.game, ply: p.ply, from: p.from, to: p.to}
	switch {
	case p.what == "back" && p.to != "":
		next.to = ""
	case p.what == "back":
		next.from = ""
	case p.what == "pg":
		next.page = p.page
	case strings.HasPrefix(p.what, "m") && len(values) == 1:
		switch {
		case p.from == "":
			next.from = values[0]
		case p.to == "":
			next.to = values[0]
		default:
			return next, values[0], true
		}
	default:
		return next, "", false
	}
	return next, "", true
}

// errBrokenClick is a click the picker does not know (a forged or garbled
// custom_id).
var errBrokenClick = errors.New("a click the picker does not know")

// pickerStep is where a click on a picker's menus leads in g: the next
// step to draw, or the move the path now names.
type pickerStep struct {
	next pickerState
	step picker.Step
	move *games.Move
}

// click follows a click on the picker (or on a lesson or a puzzle, which
// reuse its menus) in g: errBrokenClick for a click it does not know,
// picker.ErrStale for cells that name no legal move of g.
func (p pickerState) click(g games.Game, values []string) (pickerStep, error) {
	next, choice, ok := p.after(values)
	if !ok {
		return pickerStep{}, errBrokenClick
	}
	if choice != "" {
		m, err := picker.Choose(g, choice)
		if err != nil || m.From != p.from || m.To != p.to {
			return pickerStep{}, picker.ErrStale
		}
		return pickerStep{next: next, move: &m}, nil
	}
	st, err := picker.At(g, next.from, next.to)
	if err != nil {
		return pickerStep{}, err
	}
	if st.Stage == picker.StageMove {
		return pickerStep{next: next, move: &st.Move}, nil
	}
	return pickerStep{next: next, step: st}, nil
}

// pickerGame reads the game a picker click names, as it stands now (any
// replica may have moved in it).
func (b *Bot) pickerGame(ctx context.Context, id int64) (db.Game, *gameView, error) {
	row, err := b.store.Game(ctx, id)
	if errors.Is(err, db.ErrNotFound) {
		return row, nil, userErrorf("This game no longer exists.")
	}
	if err != nil {
		return row, nil, err
	}
	v, err := b.currentView(ctx, row)
	return row, v, err
}

// btnPlay is the Move button under a board: the player to act gets a
// private picker; anyone else is told whose turn it is.
func (b *Bot) btnPlay(ctx context.Context, r *request, gameID int64) error {
	row, v, err := b.pickerGame(ctx, gameID)
	if err != nil {
		return err
	}
	if !v.Active || v.Game.Outcome().Over {
		return userErrorf("This game is over; there is nothing left to move.")
	}
	if reason := b.notYourTurn(row, v, r.userID()); reason != "" {
		return userErrorf("%s", reason)
	}
	st, err := picker.At(v.Game, "", "")
	if err != nil {
		return err
	}
	data, err := b.pickerData(row, v.Game, pickerState{game: row.ID, ply: v.Ply}, st, "")
	if err != nil {
		return err
	}
	data.Flags = discordgo.MessageFlagsEphemeral
	return r.respond(&discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: data})
}

// notYourTurn says why userID may not move now, or "" if they may.
func (b *Bot) notYourTurn(row db.Game, v *gameView, userID string) string {
	t := v.Game.Turn()
	if v.Players[t.Player] == userID {
		return ""
	}
	who := fmt.Sprintf("%s (%s)", mention(v.Players[t.Player]), v.Game.Roles()[t.Player])
	if v.Players[0] != userID && v.Players[1] != userID {
		// A spectator: nothing more.
		return fmt.Sprintf("It's %s's turn (%s).", mention(v.Players[t.Player]), v.Game.Roles()[t.Player])
	}
	if b.computerToAct(row, v.Game) {
		return "It's not your turn: the computer is thinking about its move. You'll be mentioned when it's yours."
	}
	return fmt.Sprintf("It's not your turn: %s is to move.", who)
}

// pickerClick answers a click on a picker's menu or button.
func (b *Bot) pickerClick(ctx context.Context, r *request) error {
	data := r.i.MessageComponentData()
	p, err := parsePickerID(data.CustomID)
	if err != nil {
		return userErrorf("This picker is broken; press **Move** under the latest board for a new one.")
	}
	row, v, err := b.pickerGame(ctx, p.game)
	if err != nil {
		return err
	}
	if stale := b.pickerStale(row, v, p, r.userID()); stale != "" {
		return b.freshPicker(r, row, v, stale)
	}
	c, err := p.click(v.Game, data.Values)
	switch {
	case errors.Is(err, errBrokenClick):
		return userErrorf("This picker is broken; press **Move** under the latest board for a new one.")
	case errors.Is(err, picker.ErrStale):
		return b.freshPicker(r, row, v, "That piece, square or choice has no legal move here.")
	case err != nil:
		return err
	case c.move != nil:
		return b.playPicked(ctx, r, p, *c.move)
	}
	resp, err := b.pickerData(row, v.Game, c.next, c.step, "")
	if err != nil {
		return err
	}
	return r.respond(&discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage, Data: resp})
}

// pickerStale says why a picker drawn at p.ply can no longer be used by
// userID, or "" if it can.
func (b *Bot) pickerStale(row db.Game, v *gameView, p pickerState, userID string) string {
	switch {
	case !v.Active || v.Game.Outcome().Over:
		return "This game is over; nothing was played."
	case v.Players[0] != userID && v.Players[1] != userID:
		return "This picker belongs to a player of this game."
	case v.Ply != p.ply:
		if b.notYourTurn(row, v, userID) == "" {
			return "The position changed since this picker was drawn; nothing was played. Here is the current one."
		}
		return "The position changed since this picker was drawn; nothing was played."
	}
	return b.notYourTurn(row, v, userID)
}

// freshPicker replaces a stale picker with one line saying why and, when
// it is the clicker's turn, the picker for the current position.
func (b *Bot) freshPicker(r *request, row db.Game, v *gameView, why string) error {
	resp := &discordgo.InteractionResponseData{Content: why, Embeds: []*discordgo.MessageEmbed{}, Components: []discordgo.MessageComponent{},
		Attachments: &[]*discordgo.MessageAttachment{}, AllowedMentions: noPings}
	if v.Active && !v.Game.Outcome().Over && b.notYourTurn(row, v, r.userID()) == "" {
		st, err := picker.At(v.Game, "", "")
		if err != nil {
			return err
		}
		if resp, err = b.pickerData(row, v.Game, pickerState{game: row.ID, ply: v.Ply}, st, why); err != nil {
			return err
		}
	}
	return r.respond(&discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage, Data: resp})
}

// playPicked plays the move a picker path named, through the same path as
// /move, under the game's lock, after checking again that the position is
// the one the picker showed (another click, a typed move or another
// replica may have moved first).
func (b *Bot) playPicked(ctx context.Context, r *request, p pickerState, m games.Move) error {
	res, err := b.play.Move(ctx, play.Request{GameID: p.game, UserID: r.userID(), AtPly: p.ply, Origin: r, Source: r.i.ID,
		Ready: func() error {
			// From a direct message (the Move button of a turn notice) Discord
			// gives the DM's permissions, not the thread's: nothing to check
			// here; a post the thread refuses is handled as on every other path.
			if r.i.GuildID != "" {
				if err := r.needPerms(movePerms...); err != nil {
					return err
				}
			}
			r.deferUpdate()
			return nil
		}}, m.Notation)
	var ref *play.Refusal
	if errors.As(err, &ref) && ref.View.Game != nil && !errors.Is(err, play.ErrRaced) && !errors.Is(err, play.ErrEndedMeanwhile) {
		if stale := b.pickerStale(ref.View.Row, &ref.View, p, r.userID()); stale != "" {
			return b.freshPicker(r, ref.View.Row, &ref.View, stale)
		}
	}
	if err != nil {
		return b.moveRefusal(corruptAnswer(err))
	}
	row, g, player, before := res.Row, res.Game, res.Seat, res.Before
	played := fmt.Sprintf("✅ You played **%s**.", res.Ply.Move)
	if row.Ply > before+1 { // play/lines.go: the opponent's queued answer followed at once
		played += " Your opponent's queued answer followed at once: see the thread."
	}
	edit := &discordgo.WebhookEdit{Content: &played, Embeds: &[]*discordgo.MessageEmbed{}, Components: &[]discordgo.MessageComponent{},
		Attachments: &[]*discordgo.MessageAttachment{}, AllowedMentions: noPings}
	if row.State == "active" && !g.Outcome().Over && g.Turn().Player == player && row.Ply == before+1 {
		// The turn goes on (Random Move Number Chess): the next move at once.
		st, err := picker.At(g, "", "")
		if err == nil {
			var data *discordgo.InteractionResponseData
			data, err = b.pickerData(row, g, pickerState{game: row.ID, ply: row.Ply}, st, played+" Your turn goes on:")
			if err == nil {
				edit = &discordgo.WebhookEdit{Content: &data.Content, Embeds: &data.Embeds, Components: &data.Components,
					Files: data.Files, Attachments: data.Attachments, AllowedMentions: noPings}
			}
		}
	}
	if row.Ply == before+1 && b.premovePickOffered(row, g, player) { // premove_pick.go
		edit.Components = &[]discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			premovePickButton(row.ID, "Queue answers")}}}
	}
	r.editOriginal(edit)
	return nil
}

// pickerData draws one step of the picker: the picture, a line saying
// what to choose, the menus of the current page and the buttons.
func (b *Bot) pickerData(row db.Game, g games.Game, p pickerState, st picker.Step, note string) (*discordgo.InteractionResponseData, error) {
	png, err := b.pickerPicture(row.ID, p, st.View)
	if err != nil {
		return nil, err
	}
	title := "Your move"
	if p.prefix == learnPrefix {
		title = "find a better move"
	}
	pages := (len(st.Menus) + menusPerPage - 1) / menusPerPage
	page := min(p.page, pages-1)
	p.page = page
	desc := st.Prompt
	if t := g.Turn(); t.MovesLeft > 1 {
		desc += fmt.Sprintf("\n%d moves left this turn.", t.MovesLeft)
	}
	if pages > 1 {
		desc += fmt.Sprintf("\nPage %d of %d: the other pieces or squares are on the other page.", page+1, pages)
	}
	var rows []discordgo.MessageComponent
	for i, m := range st.Menus[page*menusPerPage : min(len(st.Menus), (page+1)*menusPerPage)] {
		opts := make([]discordgo.SelectMenuOption, len(m.Options))
		for j, o := range m.Options {
			opts[j] = discordgo.SelectMenuOption{Label: o.Label, Value: o.Value, Description: o.Description}
		}
		rows = append(rows, discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{
			CustomID: p.customID(fmt.Sprintf("m%d", i)), Placeholder: m.Placeholder, Options: opts, MaxValues: 1,
		}}})
	}
	var buttons []discordgo.MessageComponent
	if st.Stage != picker.StagePiece {
		buttons = append(buttons, discordgo.Button{Label: "Back", Style: discordgo.SecondaryButton, CustomID: p.customID("back")})
	}
	if pages > 1 {
		other := p
		other.page = (page + 1) % pages
		buttons = append(buttons, discordgo.Button{Label: fmt.Sprintf("Page %d of %d", other.page+1, pages), Style: discordgo.SecondaryButton, CustomID: other.customID("pg")})
	}
	if len(buttons) > 0 {
		rows = append(rows, discordgo.ActionsRow{Components: buttons})
	}
	return &discordgo.InteractionResponseData{
		Content: note,
		Embeds: []*discordgo.MessageEmbed{{
			Title: boardTitle(row, title), Description: desc, Color: 0x1f6f8b,
			Image: &discordgo.MessageEmbedImage{URL: "attachment://picker.png"},
		}},
		Files:           []*discordgo.File{pngFile("picker.png", png, boardAlt(st.View)+" "+pickerAlt(st))},
		Attachments:     &[]*discordgo.MessageAttachment{},
		Components:      rows,
		AllowedMentions: noPings,
	}, nil
}

// pickerPictures keeps the pictures of recent picker steps: a player going
// back and forth between pieces, or a double click, draws each once.
type pickerPictures struct {
	mu sync.Mutex
	m  map[pickerPictureKey][]byte
}

// The third step shows the second step's picture, so the key has no target.
type pickerPictureKey struct {
	prefix string
	game   int64
	ply    int
	from   string
}

// pickerCellPx draws the picker's pictures smaller than the boards (48
// px a square against 64): Discord shows a picture at most about 400 px
// wide, which even a 10×10 board at 48 px exceeds, so nothing is lost to
// the eye, and a picture takes about half the time to draw and encode —
// every tap of the picker waits for one.
const pickerCellPx = 48

// pickerPictureLimit bounds the cache (about 30 KB a picture).
const pickerPictureLimit = 512

func (b *Bot) pickerPicture(game int64, p pickerState, v games.View) ([]byte, error) {
	k := pickerPictureKey{prefix: p.prefix, game: game, ply: p.ply, from: p.from}
	c := &b.pickerCache
	c.mu.Lock()
	png, ok := c.m[k]
	c.mu.Unlock()
	if ok {
		return png, nil
	}
	drawing <- struct{}{}
	png, err := render.Render(v, render.Options{CellPx: pickerCellPx})
	<-drawing
	if err != nil {
		return nil, fmt.Errorf("drawing the picker: %w", err)
	}
	c.mu.Lock()
	if c.m == nil || len(c.m) >= pickerPictureLimit {
		c.m = map[pickerPictureKey][]byte{}
	}
	c.m[k] = png
	c.mu.Unlock()
	return png, nil
}
