package bot

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/bermudachess/bermuda/bot/fakediscord"
	"github.com/bermudachess/bermuda/metrics"
)

const testPublicKey = "e9a3d1f0b7c2a4e6d8f1b3c5a7e9d2f4b6c8a1e3d5f7b9c2a4e6d8f1b3c5a7e9"

func TestConfigReplicaSettings(t *testing.T) {
	cfg, err := LoadConfig("", env(map[string]string{"DISCORD_TOKEN": "t", "BERMUDA_HTTP_ADDR": ":8080",
		"BERMUDA_PUBLIC_KEY": testPublicKey, "BERMUDA_METRICS_ADDR": ":9090", "BERMUDA_SCHEDULER_INTERVAL": "250ms"}))
	if err != nil || cfg.HTTPAddr != ":8080" || cfg.PublicKey != testPublicKey || cfg.MetricsAddr != ":9090" ||
		cfg.SchedulerInterval.Duration != 250*time.Millisecond || cfg.ShardCount != 1 {
		t.Fatalf("HTTP mode: %+v %v", cfg, err)
	}
	cfg, err = LoadConfig("", env(map[string]string{"DISCORD_TOKEN": "t", "BERMUDA_SHARD_ID": "2", "BERMUDA_SHARD_COUNT": "4"}))
	if err != nil || cfg.ShardID != 2 || cfg.ShardCount != 4 || cfg.SchedulerInterval.Duration != time.Minute {
		t.Fatalf("shards: %+v %v", cfg, err)
	}
	for name, c := range map[string]struct {
		env  map[string]string
		want string
	}{
		"http without key":   {map[string]string{"BERMUDA_HTTP_ADDR": ":8080"}, "public_key (BERMUDA_PUBLIC_KEY) is required with http_addr"},
		"key not hex":        {map[string]string{"BERMUDA_HTTP_ADDR": ":8080", "BERMUDA_PUBLIC_KEY": "zz"}, "public_key: the public key must be hexadecimal"},
		"key too short":      {map[string]string{"BERMUDA_HTTP_ADDR": ":8080", "BERMUDA_PUBLIC_KEY": "abcd"}, "must be 64 hexadecimal digits"},
		"shards with http":   {map[string]string{"BERMUDA_HTTP_ADDR": ":8080", "BERMUDA_PUBLIC_KEY": testPublicKey, "BERMUDA_SHARD_COUNT": "2"}, "shard_id and shard_count are for the gateway"},
		"shard out of range": {map[string]string{"BERMUDA_SHARD_ID": "3", "BERMUDA_SHARD_COUNT": "3"}, "0 ≤ shard_id < shard_count"},
		"shard not a number": {map[string]string{"BERMUDA_SHARD_COUNT": "many"}, `BERMUDA_SHARD_COUNT="many" is not a number`},
		"bad interval":       {map[string]string{"BERMUDA_SCHEDULER_INTERVAL": "soon"}, "not a duration"},
		"tiny interval":      {map[string]string{"BERMUDA_SCHEDULER_INTERVAL": "1ms"}, "at least 100ms"},
	} {
		c.env["DISCORD_TOKEN"] = "t"
		if _, err := LoadConfig("", env(c.env)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %q", name, err, c.want)
		}
	}
}

// A PostgreSQL URL's password appears neither where the configuration is
// logged nor in the error when the database cannot be reached.
func TestDatabasePasswordNeverLogged(t *testing.T) {
	cfg := DefaultConfig()
	cfg.Token = "t"
	cfg.Database = "postgres://bermuda:hunter2secret@127.0.0.1:1/bermuda?sslmode=disable&connect_timeout=2"
	var logs bytes.Buffer
	log := slog.New(slog.NewTextHandler(&logs, nil))
	log.Info("config", "config", cfg)
	err := Run(context.Background(), cfg, log)
	if err == nil {
		t.Fatal("Run with an unreachable database returned no error")
	}
	all := logs.String() + err.Error()
	if strings.Contains(all, "hunter2secret") || !strings.Contains(all, "127.0.0.1:1/bermuda") {
		t.Fatalf("password shown, or the server not named:\n%s", all)
	}
}

// In gateway mode, metrics_addr serves /readyz (ready once connected, and
// "shutting down" no longer) and /metrics with the bot's counters.
func TestGatewayModeServesMetricsAndReadiness(t *testing.T) {
	fake := fakediscord.New()
	defer fake.Close()
	cfg := DefaultConfig()
	cfg.Token, cfg.APIBase, cfg.DevGuild = testToken, fake.URL(), fake.GuildID
	cfg.Database = filepath.Join(t.TempDir(), "gateway.db")
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	cfg.MetricsAddr = ln.Addr().String()
	ln.Close()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- Run(ctx, cfg, slog.New(slog.NewTextHandler(io.Discard, nil))) }()
	if err := fake.WaitReady(testWait); err != nil {
		t.Fatal(err)
	}
	ready := false
	for end := time.Now().Add(testWait); !ready && time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
		ready = metrics.Probe(context.Background(), cfg.MetricsAddr) == nil
	}
	if !ready {
		t.Fatalf("never ready: %v", metrics.Probe(context.Background(), cfg.MetricsAddr))
	}
	tok, _ := fake.Send(fakediscord.Interaction{Type: 2, User: ann, ChannelID: lobbyID, Name: "help"})
	if !fake.Wait(testWait, func(s *fakediscord.Server) bool { _, ok := s.ResponseLocked(tok); return ok }) {
		t.Fatal("no answer")
	}
	// The interaction is counted once its handler returns, after the answer
	// is already visible: poll /metrics until every line is there (or the
	// deadline passes) rather than reading it once.
	want := []string{`bermuda_interactions_total{kind="help",outcome="ok"} 1`, `bermuda_first_callback_seconds_count{kind="help"} 1`, "bermuda_open_games 0"}
	var missing []string
	for end := time.Now().Add(testWait); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
		resp, err := http.Get("http://" + cfg.MetricsAddr + "/metrics")
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		missing = missing[:0]
		for _, line := range want {
			if !strings.Contains(string(body), line) {
				missing = append(missing, line)
			}
		}
		if len(missing) == 0 {
			break
		}
	}
	if len(missing) > 0 {
		t.Errorf("/metrics lacks %q", missing)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}
