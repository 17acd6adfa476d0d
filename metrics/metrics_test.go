package metrics

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

func get(t *testing.T, srv *httptest.Server, path string) (int, string) {
	t.Helper()
	resp, err := http.Get(srv.URL + path)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, string(b)
}

func TestScrapeShowsEverySeries(t *testing.T) {
	open := 7
	m := New(Options{OpenGames: func(context.Context) (int, error) { return open, nil }})
	m.Interaction("move", OutcomeOK)
	m.Interaction("move", OutcomeOK)
	m.Interaction("button:accept", OutcomeUserError)
	m.ObserveFirstCallback("move", 12*time.Millisecond)
	m.MoveCommitted("angle")
	m.RESTError(500)
	m.RESTError(0)
	m.ObserveStoreCommit(3 * time.Millisecond)
	srv := httptest.NewServer(m.Handler())
	defer srv.Close()

	code, body := get(t, srv, "/metrics")
	if code != http.StatusOK {
		t.Fatalf("/metrics answered %d", code)
	}
	for _, want := range []string{
		`bermuda_interactions_total{kind="move",outcome="ok"} 2`,
		`bermuda_interactions_total{kind="button:accept",outcome="user_error"} 1`,
		`bermuda_first_callback_seconds_bucket{kind="move",le="0.025"} 1`,
		`bermuda_first_callback_seconds_bucket{kind="move",le="0.01"} 0`,
		`bermuda_moves_committed_total{variant="angle"} 1`,
		`bermuda_discord_rest_errors_total{status="500"} 1`,
		`bermuda_discord_rest_errors_total{status="network"} 1`,
		`bermuda_store_commit_seconds_count 1`,
		`bermuda_open_games 7`,
		`go_goroutines `,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("/metrics lacks %q", want)
		}
	}
}

func TestOpenGamesIsNaNWhenTheStoreCannotSay(t *testing.T) {
	m := New(Options{OpenGames: func(context.Context) (int, error) { return 0, errors.New("connection refused") }})
	srv := httptest.NewServer(m.Handler())
	defer srv.Close()
	if _, body := get(t, srv, "/metrics"); !strings.Contains(body, "bermuda_open_games NaN") {
		t.Fatal("an unreachable store did not show as NaN")
	}
}

func TestNilMetricsDoNothing(t *testing.T) {
	var m *Metrics
	m.Interaction("move", OutcomeOK)
	m.ObserveFirstCallback("move", time.Second)
	m.MoveCommitted("chess")
	m.RESTError(429)
	m.ObserveStoreCommit(time.Millisecond)
	if m.Registry() != nil {
		t.Fatal("a nil Metrics has a registry")
	}
	srv := httptest.NewServer(m.Handler())
	defer srv.Close()
	if code, _ := get(t, srv, "/metrics"); code != http.StatusNotFound {
		t.Fatalf("/metrics without metrics answered %d, want 404", code)
	}
	if code, _ := get(t, srv, "/healthz"); code != http.StatusOK {
		t.Fatalf("/healthz answered %d", code)
	}
}

func TestReadyzFollowsItsChecks(t *testing.T) {
	var storeDown, gatewayDown atomic.Bool
	checks := []Check{
		{"store", func(context.Context) error {
			if storeDown.Load() {
				return errors.New("ping: connection refused")
			}
			return nil
		}},
		{"gateway", func(context.Context) error {
			if gatewayDown.Load() {
				return errors.New("not connected")
			}
			return nil
		}},
	}
	srv := httptest.NewServer(New(Options{}).Handler(checks...))
	defer srv.Close()

	if code, body := get(t, srv, "/readyz"); code != http.StatusOK || body != "ready\n" {
		t.Fatalf("all up: %d %q", code, body)
	}
	gatewayDown.Store(true)
	if code, body := get(t, srv, "/readyz"); code != http.StatusServiceUnavailable || !strings.Contains(body, "gateway: not connected") {
		t.Fatalf("gateway down: %d %q", code, body)
	}
	storeDown.Store(true)
	if code, body := get(t, srv, "/readyz"); code != http.StatusServiceUnavailable || !strings.Contains(body, "store: ping: connection refused") {
		t.Fatalf("both down: %d %q, want the store named first", code, body)
	}
	// Liveness does not depend on readiness: the process is alive.
	if code, _ := get(t, srv, "/healthz"); code != http.StatusOK {
		t.Fatalf("/healthz answered %d while not ready", code)
	}
	storeDown.Store(false)
	gatewayDown.Store(false)
	if code, _ := get(t, srv, "/readyz"); code != http.StatusOK {
		t.Fatalf("back up: %d", code)
	}
}

func TestProbe(t *testing.T) {
	var ready atomic.Bool
	m := New(Options{})
	srv := httptest.NewServer(m.Handler(Check{"store", func(context.Context) error {
		if !ready.Load() {
			return errors.New("migrations still running")
		}
		return nil
	}}))
	defer srv.Close()
	ctx := context.Background()
	addr := strings.TrimPrefix(srv.URL, "http://")
	_, port, _ := net.SplitHostPort(addr)

	if err := Probe(ctx, ":"+port); err == nil || !strings.Contains(err.Error(), "store: migrations still running") {
		t.Fatalf("not ready: %v", err)
	}
	ready.Store(true)
	for _, target := range []string{":" + port, addr, srv.URL + "/healthz"} {
		if err := Probe(ctx, target); err != nil {
			t.Errorf("Probe(%q): %v", target, err)
		}
	}
	if err := Probe(ctx, srv.URL+"/nothing-here"); err == nil {
		t.Error("a 404 passed the probe")
	}
	srv.Close()
	if err := Probe(ctx, addr); err == nil {
		t.Error("a closed port passed the probe")
	}
}

func TestServeUntilCancelled(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- Serve(ctx, ln, New(Options{}).Handler()) }()
	if err := Probe(context.Background(), "http://"+ln.Addr().String()+"/healthz"); err != nil {
		t.Fatalf("while serving: %v", err)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("Serve after cancel: %v", err)
	}
	if err := Probe(context.Background(), ln.Addr().String()); err == nil {
		t.Fatal("still answering after shutdown")
	}
}
