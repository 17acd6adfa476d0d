package main

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/bermudachess/bermuda/bot"
)

func init() {
	commands["serve"] = command{"run the Discord bot (the default)", runServe}
}

func runServe(args []string, _ io.Reader, _, stderr io.Writer) error {
	fs := newFlags("serve", stderr)
	config := fs.String("config", "", "config file (default: config.toml if present)")
	if help, err := parseFlags(fs, args); help || err != nil {
		return err
	}
	cfg, err := bot.LoadConfig(*config, os.Getenv)
	if errors.Is(err, bot.ErrNoToken) {
		return usageError{err.Error()}
	}
	if err != nil {
		return usageError{"configuration: " + err.Error()}
	}
	level, _ := cfg.SlogLevel()
	log := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: level}))
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return bot.Run(ctx, cfg, log)
}
