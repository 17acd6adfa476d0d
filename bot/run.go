package bot

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Connect routes d's gateway interactions to b, opens the gateway (a
// start-up call: tried again until it connects, fails for good, or ctx
// ends) and waits for READY, which tells the bot its own user id and the
// application id.
//
// discordgo runs each event's handlers on a goroutine of their own, so an
// interaction arriving right after READY could be handled before READY's
// handler has recorded who the bot is: challenges to the bot would be
// refused and the computer's seat not recognised. Interactions therefore
// wait until READY has been read.
func Connect(ctx context.Context, d *SessionDiscord, b *Bot) error {
	s := d.S
	identified := make(chan struct{})
	var once sync.Once
	s.AddHandler(func(_ *discordgo.Session, r *discordgo.Ready) {
		if r.User == nil || r.User.ID == "" {
			b.log.Error("Discord's READY names no bot user; waiting for another")
			return
		}
		b.SetSelfID(r.User.ID)
		id := r.User.ID
		if r.Application != nil && r.Application.ID != "" {
			id = r.Application.ID
		}
		b.SetAppID(id)
		once.Do(func() { close(identified) })
	})
	s.AddHandler(func(_ *discordgo.Session, ic *discordgo.InteractionCreate) {
		select {
		case <-identified:
		default:
			select {
			case <-identified:
			case <-ctx.Done(): // shut down before READY: nobody will answer it
				return
			}
		}
		b.HandleInteraction(ic.Interaction)
	})
	if err := d.startup(ctx, "connecting to Discord's gateway", func(...discordgo.RequestOption) error { return s.Open() }); err != nil {
		return fmt.Errorf("connecting to Discord: %w", err)
	}
	select {
	case <-identified:
		return nil
	case <-time.After(15 * time.Second):
		s.Close()
		return errors.New("connected, but Discord never sent READY")
	case <-ctx.Done():
		s.Close()
		return ctx.Err()
	}
}
