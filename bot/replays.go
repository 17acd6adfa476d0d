package bot

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/games"
	"github.com/bermudachess/bermuda/render"
)

// replayTimeout bounds the work of one end-of-game animation: reading the
// moves, drawing every position and posting the file.
const replayTimeout = 2 * time.Minute

// replayLimit is the largest animation posted (Discord's attachment limit;
// tests lower it).
var replayLimit = render.DefaultGIFMaxBytes

// recordFile is the game's record as a file (play.Export).
func (b *Bot) recordFile(ctx context.Context, row db.Game, rec games.Record) (*discordgo.File, error) {
	f, err := b.play.Export(ctx, row, rec)
	if err != nil {
		return nil, err
	}
	return &discordgo.File{Name: f.Name, ContentType: f.ContentType, Reader: bytes.NewReader(f.Data)}, nil
}

// replayName is the animation's file name.
func replayName(row db.Game) string { return fmt.Sprintf("bermuda-game-%d.gif", row.ID) }

// replayFiles draws the whole game as an animated GIF (one frame per
// position). Over Discord's 8 MB even at the smallest size, it gives the
// record instead, with a note saying so.
func (b *Bot) replayFiles(ctx context.Context, row db.Game, rec games.Record) (note string, f *discordgo.File, err error) {
	gif, err := render.ReplayGIF(rec, render.GIFOptions{MaxBytes: replayLimit})
	var big *render.TooLargeError
	switch {
	case errors.As(err, &big):
		f, err := b.recordFile(ctx, row, rec)
		if err != nil {
			return "", nil, err
		}
		return fmt.Sprintf("The animation of these %s would be %.1f MB, over Discord's %d MB limit for a file, so here is the record instead. "+
			"`bermuda render -replay %s -gif -o game.gif` draws it in smaller steps.", plural(len(rec.Plies), "move"), float64(big.Bytes)/(1<<20), big.Limit>>20, f.Name), f, nil
	case err != nil:
		return "", nil, err
	}
	return fmt.Sprintf("🎞️ The whole game, %s, one picture per position.", plural(len(rec.Plies), "move")),
		describedFile(replayName(row), "image/gif", gif, fmt.Sprintf("Animated replay of game #%d, %s: %s, one frame per position, the last move and the dice marked.",
			row.ID, variantName(row.Variant), plural(len(rec.Plies), "move"))), nil
}

// queueReplay hands the finished game's animation to the picture workers:
// the result and the final board are already posted, the GIF follows as
// its own message in the thread (a new message rather than an edit, since
// Discord edits of attachments are unreliable), which is then archived
// again (a post reopens an archived thread). Aborted games and games
// without a move get none.
func (b *Bot) queueReplay(row db.Game) {
	if row.State == "aborted" || row.Reason == "aborted" || row.Ply == 0 || row.ThreadID == "" {
		return
	}
	b.pictures.run(func() {
		ctx, cancel := context.WithTimeout(context.Background(), replayTimeout)
		defer cancel()
		if err := b.postReplay(ctx, row); err != nil {
			b.log.Warn("the game's animation was not posted", "game", row.ID, "err", err)
		}
	})
}

func (b *Bot) postReplay(ctx context.Context, row db.Game) error {
	rec, _, err := b.play.Record(ctx, row)
	if err != nil {
		return err
	}
	note, f, err := b.replayFiles(ctx, row, rec)
	if err != nil {
		return err
	}
	if _, err := b.send(row.ThreadID, &discordgo.MessageSend{Content: note, Files: []*discordgo.File{f}, AllowedMentions: noPings}); err != nil {
		return err
	}
	return b.dc.ArchiveThread(row.ThreadID)
}

// export sends the game record as a file, privately, and with gif:true its
// animation too. Drawing waits for a picture worker, so the answer is
// deferred (the interaction token lasts 15 minutes; a replay takes seconds).
func (b *Bot) export(ctx context.Context, r *request, row db.Game) error {
	withGIF := r.boolOption("gif")
	if withGIF {
		r.deferEphemeral()
	}
	rec, moves, err := b.play.Record(ctx, row)
	if err != nil {
		return err
	}
	file, err := b.recordFile(ctx, row, rec)
	if err != nil {
		return err
	}
	content := fmt.Sprintf("Game #%d, %s. Replay it with `bermuda play -replay %s`.", row.ID, plural(len(moves), "move"), file.Name)
	files := []*discordgo.File{file}
	if withGIF {
		gif, gifErr := b.exportGIF(ctx, row, rec)
		switch {
		case gif != nil:
			files = append(files, gif)
			content += " The animation is attached."
		case asUserError(gifErr):
			content += fmt.Sprintf(" No animation: %s.", strings.TrimSuffix(gifErr.Error(), "."))
		default:
			b.log.Warn("export: the animation failed", "game", row.ID, "err", gifErr)
			content += " The animation could not be drawn just now; try again later."
		}
	}
	if r.deferred {
		_, err := b.dc.EditOriginal(r.i, &discordgo.WebhookEdit{Content: &content, Files: files, AllowedMentions: noPings})
		return err
	}
	return r.respond(&discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: &discordgo.InteractionResponseData{
		Flags: discordgo.MessageFlagsEphemeral, Content: content, Files: files, AllowedMentions: noPings,
	}})
}

// exportGIF draws the animation for /export in a picture worker and waits
// for it. Too large for Discord, it is a user error carrying the note.
func (b *Bot) exportGIF(ctx context.Context, row db.Game, rec games.Record) (*discordgo.File, error) {
	if len(rec.Plies) == 0 {
		return nil, userErrorf("no move has been played yet")
	}
	var note string
	var f *discordgo.File
	var err error
	// The job's results are read only once it has finished (do returned
	// nil); if ctx ends first, they are left to it.
	if werr := b.pictures.do(ctx, func() { note, f, err = b.replayFiles(ctx, row, rec) }); werr != nil {
		return nil, werr
	}
	if err == nil && !strings.HasSuffix(f.Name, ".gif") {
		return nil, userErrorf("%s", note)
	}
	return f, err
}

func asUserError(err error) bool {
	var ue *UserError
	return errors.As(err, &ue)
}

func (r *request) boolOption(name string) bool {
	if o := r.option(name); o != nil {
		v, _ := o.Value.(bool)
		return v
	}
	return false
}
