package bot

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Connect routes s's interactions to b, opens the gateway and waits for
// READY, which tells the application id.
func Connect(ctx context.Context, s *discordgo.Session, b *Bot) error {
	ready := make(chan string, 1)
	s.AddHandler(func(_ *discordgo.Session, r *discordgo.Ready) {
		b.SetSelfID(r.User.ID)
		id := r.User.ID
		if r.Application != nil && r.Application.ID != "" {
			id = r.Application.ID
		}
		select {
		case ready <- id:
		default:
		}
	})
	s.AddHandler(func(_ *discordgo.Session, ic *discordgo.InteractionCreate) {
		b.HandleInteraction(ic.Interaction)
	})
	if err := s.Open(); err != nil {
		return fmt.Errorf("connecting to Discord: %w", err)
	}
	select {
	case id := <-ready:
		b.SetAppID(id)
		return nil
	case <-time.After(15 * time.Second):
		s.Close()
		return errors.New("connected, but Discord never sent READY")
	case <-ctx.Done():
		s.Close()
		return ctx.Err()
	}
}
