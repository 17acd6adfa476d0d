package main

import (
	"context"
	"fmt"
	"io"

	"github.com/bermudachess/bermuda/metrics"
)

func init() {
	commands["health"] = command{"exit 0 if a running bermuda is ready (for Docker's HEALTHCHECK)", runHealth}
}

// runHealth asks a running bermuda's /readyz: the runtime image has no
// curl, so the binary checks itself.
func runHealth(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := newFlags("health", stderr)
	addr := fs.String("addr", ":9090", "the bot's metrics_addr or http_addr (its /readyz is asked), or a full URL")
	if help, err := parseFlags(fs, args); help || err != nil {
		return err
	}
	if err := metrics.Probe(context.Background(), *addr); err != nil {
		return fmt.Errorf("not ready: %w", err)
	}
	fmt.Fprintln(stdout, "ready")
	return nil
}
