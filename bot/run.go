package bot

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/bermudachess/bermuda/db"
)

// Run starts the bot with cfg and blocks until ctx is cancelled (SIGINT or
// SIGTERM in production): then it stops taking interactions, finishes
// those in flight, closes the gateway and the database.
func Run(ctx context.Context, cfg Config, log *slog.Logger) error {
	store, err := db.Open(cfg.Database)
	if err != nil {
		return fmt.Errorf("opening the database %s: %w", cfg.Database, err)
	}
	defer store.Close()

	s, err := NewSession(cfg.Token, cfg.APIBase)
	if err != nil {
		return err
	}
	s.LogLevel = discordgo.LogWarning
	b := New(Options{Store: store, Discord: &SessionDiscord{S: s}, Log: log, DefaultDays: cfg.DefaultDays, DocsURL: cfg.DocsURL})

	if err := Connect(ctx, s, b); err != nil {
		return err
	}
	defer s.Close()
	if err := b.Register(cfg.DevGuild); err != nil {
		return fmt.Errorf("registering slash commands: %w", err)
	}
	log.Info("bermuda is online", "config", cfg, "commands", len(Commands()))

	schedCtx, stop := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { b.RunScheduler(schedCtx, time.Minute); close(done) }()

	<-ctx.Done()
	log.Info("shutting down: finishing interactions in flight")
	stop()
	<-done
	if !b.Drain(30 * time.Second) {
		log.Warn("some interactions were still running after 30 s")
	}
	return nil
}

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
