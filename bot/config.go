package bot

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"os"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/BurntSushi/toml"

	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/interactions"
	"github.com/bermudachess/bermuda/uci"
)

// Config is everything an operator can set. config.example.toml documents
// every key; environment variables override the file.
type Config struct {
	// Token is the bot token (env DISCORD_TOKEN). Never logged.
	Token string `toml:"token"`
	// Database is the SQLite file (env BERMUDA_DB), created on first start,
	// or a postgres:// URL (several replicas share one PostgreSQL).
	Database string `toml:"database"`
	// DevGuild registers commands in one server only, instantly (env
	// BERMUDA_DEV_GUILD); empty registers them globally.
	DevGuild string `toml:"dev_guild"`
	// DefaultDays per move for servers that have not chosen (env BERMUDA_DEFAULT_DAYS).
	DefaultDays int `toml:"default_days"`
	// LogLevel: debug, info, warn or error (env BERMUDA_LOG_LEVEL).
	LogLevel string `toml:"log_level"`
	// APIBase is Discord's base URL (env BERMUDA_API_BASE); set it to use a
	// REST proxy. Tests point it at the fake Discord.
	APIBase string `toml:"api_base"`
	// DocsURL is where the repository's docs/rules folder can be read, e.g.
	// https://github.com/OWNER/bermuda/blob/main/docs/rules (env
	// BERMUDA_DOCS_URL). /rules links each variant's page there; empty
	// leaves the link out.
	DocsURL string `toml:"docs_url"`

	// HTTPAddr, when set, serves Discord's Interactions Endpoint (POST
	// /interactions) on this address instead of connecting to the gateway
	// (env BERMUDA_HTTP_ADDR): the mode for several replicas behind a load
	// balancer. /healthz, /readyz and /metrics are served there too.
	HTTPAddr string `toml:"http_addr"`
	// PublicKey is the application's public key, 64 hex digits (env
	// BERMUDA_PUBLIC_KEY); required with HTTPAddr, to check signatures.
	PublicKey string `toml:"public_key"`
	// MetricsAddr serves /metrics, /healthz and /readyz on an address of
	// their own (env BERMUDA_METRICS_ADDR), in either mode.
	MetricsAddr string `toml:"metrics_addr"`
	// ShardID and ShardCount split the gateway between processes (env
	// BERMUDA_SHARD_ID, BERMUDA_SHARD_COUNT); gateway mode only.
	ShardID    int `toml:"shard_id"`
	ShardCount int `toml:"shard_count"`
	// SchedulerInterval is how often reminders, losses on time and expired
	// challenges are looked for (env BERMUDA_SCHEDULER_INTERVAL, default
	// 1m). Each replica looks; the database lets one act on each.
	SchedulerInterval duration `toml:"scheduler_interval"`

	// PublicURL is where game pages are reached, e.g. https://bermuda.example
	// (env BERMUDA_PUBLIC_URL); empty serves no pages (package web).
	PublicURL string `toml:"public_url"`
	// WebAddr serves the pages on an address of their own (env
	// BERMUDA_WEB_ADDR); empty serves them on HTTPAddr.
	WebAddr string `toml:"web_addr"`
	// WebSecret keys the pages' unguessable addresses (env
	// BERMUDA_WEB_SECRET), the same on every replica; empty derives one
	// from the token (resetting the token then changes every address).
	WebSecret string `toml:"web_secret"`
	// UCIEngine is the UCI engine that judges reviews of orthodox chess,
	// as Lichess's Stockfish does (env BERMUDA_UCI_ENGINE): a path or a
	// program on PATH (Debian's /usr/games/stockfish is found too); "" or
	// "none" leaves every review to Bermuda's own engine, which also
	// stands in when the engine is not found. Default "stockfish".
	UCIEngine string `toml:"uci_engine"`
	// ClientID is the OAuth2 client id for logging in on the pages (env
	// BERMUDA_CLIENT_ID); empty uses the application id, which the bot
	// learns at start-up (READY, or /oauth2/applications/@me).
	ClientID string `toml:"client_id"`
	// ClientSecret is the application's OAuth2 client secret (env
	// BERMUDA_CLIENT_SECRET, better than the file): with public_url,
	// players log in with Discord and play on the pages. Never logged.
	ClientSecret string `toml:"client_secret"`
	// Activities: the Board button of board posts launches the Discord
	// Activity (the application must have Activities enabled in the
	// Developer Portal) instead of linking to the game's page.
	Activities bool `toml:"activities"`
}

// webSecret is the key of the game pages' addresses.
func (c Config) webSecret() []byte {
	if c.WebSecret != "" {
		return []byte(c.WebSecret)
	}
	sum := sha256.Sum256([]byte("bermuda web pages\x00" + c.Token))
	return sum[:]
}

// ReviewUCI is the UCI engine reviews of orthodox chess use: its path, or
// "" (with the reason when one was asked for and not found).
func (c Config) ReviewUCI() (string, error) { return uci.Find(c.UCIEngine) }

// duration is a time.Duration written as "30s" or "1m" in TOML.
type duration struct{ time.Duration }

func (d *duration) UnmarshalText(b []byte) error {
	v, err := time.ParseDuration(string(b))
	if err != nil {
		return fmt.Errorf("%q is not a duration such as 30s or 1m", b)
	}
	d.Duration = v
	return nil
}

// DefaultConfig holds the values used when nothing is set.
func DefaultConfig() Config {
	return Config{Database: "bermuda.db", DefaultDays: 3, LogLevel: "info", APIBase: "https://discord.com",
		ShardCount: 1, SchedulerInterval: duration{time.Minute}, UCIEngine: "stockfish"}
}

// ErrNoToken is returned when no token is configured.
var ErrNoToken = errors.New(`no bot token: set DISCORD_TOKEN (or "token" in config.toml). ` +
	`Create one at https://discord.com/developers/applications → your application → Bot → Reset Token`)

// LoadConfig reads path (if it exists; "" means config.toml) and applies
// the environment on top.
func LoadConfig(path string, getenv func(string) string) (Config, error) {
	cfg := DefaultConfig()
	explicit := path != ""
	if path == "" {
		path = "config.toml"
	}
	if _, err := os.Stat(path); err == nil {
		md, err := toml.DecodeFile(path, &cfg)
		if err != nil {
			return cfg, fmt.Errorf("reading %s: %w", path, withoutValues(err))
		}
		if undec := md.Undecoded(); len(undec) > 0 {
			return cfg, fmt.Errorf("%s: unknown key %q (see config.example.toml)", path, undec[0].String())
		}
	} else if explicit {
		return cfg, fmt.Errorf("config file %s: %w", path, err)
	}
	for key, dst := range map[string]*string{
		"DISCORD_TOKEN": &cfg.Token, "BERMUDA_DB": &cfg.Database, "BERMUDA_DEV_GUILD": &cfg.DevGuild,
		"BERMUDA_LOG_LEVEL": &cfg.LogLevel, "BERMUDA_API_BASE": &cfg.APIBase,
		"BERMUDA_DOCS_URL": &cfg.DocsURL, "BERMUDA_HTTP_ADDR": &cfg.HTTPAddr, "BERMUDA_PUBLIC_KEY": &cfg.PublicKey,
		"BERMUDA_METRICS_ADDR": &cfg.MetricsAddr, "BERMUDA_PUBLIC_URL": &cfg.PublicURL, "BERMUDA_WEB_ADDR": &cfg.WebAddr,
		"BERMUDA_WEB_SECRET": &cfg.WebSecret, "BERMUDA_CLIENT_ID": &cfg.ClientID, "BERMUDA_CLIENT_SECRET": &cfg.ClientSecret, "BERMUDA_UCI_ENGINE": &cfg.UCIEngine,
	} {
		if v := strings.TrimSpace(getenv(key)); v != "" {
			*dst = v
		}
	}
	if v := strings.TrimSpace(getenv("BERMUDA_DEFAULT_DAYS")); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil {
			return cfg, fmt.Errorf("BERMUDA_DEFAULT_DAYS=%q is not a number of days", v)
		}
		cfg.DefaultDays = n
	}
	for key, dst := range map[string]*int{"BERMUDA_SHARD_ID": &cfg.ShardID, "BERMUDA_SHARD_COUNT": &cfg.ShardCount} {
		if v := strings.TrimSpace(getenv(key)); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil {
				return cfg, fmt.Errorf("%s=%q is not a number", key, v)
			}
			*dst = n
		}
	}
	if v := strings.TrimSpace(getenv("BERMUDA_SCHEDULER_INTERVAL")); v != "" {
		if err := cfg.SchedulerInterval.UnmarshalText([]byte(v)); err != nil {
			return cfg, fmt.Errorf("BERMUDA_SCHEDULER_INTERVAL: %w", err)
		}
	}
	return cfg, cfg.validate()
}

// quotedFragment is a piece of the file that a TOML parse error quotes.
var quotedFragment = regexp.MustCompile(`"[^"]*"|'[^']*'`)

// withoutValues keeps what the file holds out of a TOML syntax error: the
// parser quotes the text it stumbled on, which may be the token, the public
// key or a database password. Line, key and the kind of mistake remain.
func withoutValues(err error) error {
	var pe toml.ParseError
	if !errors.As(err, &pe) {
		return err // type mismatches name types, never values
	}
	msg := quotedFragment.ReplaceAllStringFunc(pe.Message, func(q string) string {
		if _, known := configKeys[strings.Trim(q, `"'`)]; known {
			return q
		}
		return "(value hidden)"
	})
	if pe.LastKey != "" {
		return fmt.Errorf("line %d (after key %q): %s", pe.Position.Line, pe.LastKey, msg)
	}
	return fmt.Errorf("line %d: %s", pe.Position.Line, msg)
}

// configKeys are the keys a config file may hold, which errors may name.
var configKeys = func() map[string]struct{} {
	keys := map[string]struct{}{}
	t := reflect.TypeFor[Config]()
	for i := range t.NumField() {
		if k := t.Field(i).Tag.Get("toml"); k != "" {
			keys[k] = struct{}{}
		}
	}
	return keys
}()

func (c Config) validate() error {
	if !validDays(c.DefaultDays) {
		return fmt.Errorf("default_days = %d; allowed: %s", c.DefaultDays, daysList())
	}
	if _, err := c.SlogLevel(); err != nil {
		return err
	}
	if c.DocsURL != "" {
		if u, err := url.Parse(c.DocsURL); err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
			return fmt.Errorf("docs_url %q: want a web address such as https://github.com/OWNER/bermuda/blob/main/docs/rules", c.DocsURL)
		}
	}
	if err := c.validateServing(); err != nil {
		return err
	}
	if c.Token == "" {
		return ErrNoToken
	}
	return nil
}

// validateServing checks the replica, metrics and shard settings. The token
// stays required in HTTP mode: edits, follow-ups and posts go over REST.
func (c Config) validateServing() error {
	if c.HTTPAddr != "" {
		if c.PublicKey == "" {
			return errors.New("public_key (BERMUDA_PUBLIC_KEY) is required with http_addr: " +
				"developer portal → your application → General Information → Public Key")
		}
		if c.ShardCount != 1 || c.ShardID != 0 {
			return errors.New("shard_id and shard_count are for the gateway; with http_addr Discord spreads interactions over the replicas itself")
		}
	}
	if c.PublicKey != "" {
		if _, err := interactions.ParsePublicKey(c.PublicKey); err != nil {
			return fmt.Errorf("public_key: %w", err)
		}
	}
	if c.PublicURL != "" {
		if u, err := url.Parse(c.PublicURL); err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || (u.Path != "" && u.Path != "/") {
			return fmt.Errorf("public_url %q: want the pages' web address, such as https://bermuda.example", c.PublicURL)
		}
		if c.HTTPAddr == "" && c.WebAddr == "" {
			return errors.New("public_url needs http_addr or web_addr: the address the game pages are served on")
		}
		if c.WebSecret != "" && len(c.WebSecret) < 16 {
			return errors.New("web_secret must be at least 16 characters")
		}
	}
	if c.ShardCount < 1 || c.ShardID < 0 || c.ShardID >= c.ShardCount {
		return fmt.Errorf("shard_id = %d, shard_count = %d: want shard_count ≥ 1 and 0 ≤ shard_id < shard_count", c.ShardID, c.ShardCount)
	}
	if c.SchedulerInterval.Duration < 100*time.Millisecond {
		return fmt.Errorf("scheduler_interval = %s: want at least 100ms (the default is 1m)", c.SchedulerInterval.Duration)
	}
	return nil
}

// SlogLevel parses LogLevel.
func (c Config) SlogLevel() (slog.Level, error) {
	var l slog.Level
	if err := l.UnmarshalText([]byte(c.LogLevel)); err != nil {
		return l, fmt.Errorf("log_level %q: want debug, info, warn or error", c.LogLevel)
	}
	return l, nil
}

// LogValue keeps the token, and a PostgreSQL URL's password, out of logs
// even if the config is logged whole.
func (c Config) LogValue() slog.Value {
	return slog.GroupValue(
		slog.String("database", db.Redact(c.Database)), slog.String("dev_guild", c.DevGuild),
		slog.Int("default_days", c.DefaultDays), slog.String("log_level", c.LogLevel),
		slog.String("api_base", c.APIBase), slog.String("docs_url", c.DocsURL), slog.Bool("token_set", c.Token != ""),
		slog.String("http_addr", c.HTTPAddr), slog.String("metrics_addr", c.MetricsAddr),
		slog.Int("shard_id", c.ShardID), slog.Int("shard_count", c.ShardCount),
		slog.Duration("scheduler_interval", c.SchedulerInterval.Duration),
		slog.String("public_url", c.PublicURL), slog.String("web_addr", c.WebAddr), slog.Bool("web_secret_set", c.WebSecret != ""), slog.String("uci_engine", c.UCIEngine),
		slog.String("client_id", c.ClientID), slog.Bool("client_secret_set", c.ClientSecret != ""), slog.Bool("activities", c.Activities),
	)
}

// AllowedDays are the time controls players may choose, in days per move.
var AllowedDays = []int{1, 2, 3, 5, 7, 10, 14}

func validDays(d int) bool {
	for _, a := range AllowedDays {
		if a == d {
			return true
		}
	}
	return false
}

func daysList() string {
	parts := make([]string, len(AllowedDays))
	for i, d := range AllowedDays {
		parts[i] = strconv.Itoa(d)
	}
	return strings.Join(parts, ", ")
}
