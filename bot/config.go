package bot

import (
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"os"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"
)

// Config is everything an operator can set. config.example.toml documents
// every key; environment variables override the file.
type Config struct {
	// Token is the bot token (env DISCORD_TOKEN). Never logged.
	Token string `toml:"token"`
	// Database is the SQLite file (env BERMUDA_DB), created on first start.
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
}

// DefaultConfig holds the values used when nothing is set.
func DefaultConfig() Config {
	return Config{Database: "bermuda.db", DefaultDays: 3, LogLevel: "info", APIBase: "https://discord.com"}
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
			return cfg, fmt.Errorf("reading %s: %w", path, err)
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
		"BERMUDA_DOCS_URL": &cfg.DocsURL,
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
	return cfg, cfg.validate()
}

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
	if c.Token == "" {
		return ErrNoToken
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

// LogValue keeps the token out of logs even if the config is logged whole.
func (c Config) LogValue() slog.Value {
	return slog.GroupValue(
		slog.String("database", c.Database), slog.String("dev_guild", c.DevGuild),
		slog.Int("default_days", c.DefaultDays), slog.String("log_level", c.LogLevel),
		slog.String("api_base", c.APIBase), slog.String("docs_url", c.DocsURL), slog.Bool("token_set", c.Token != ""),
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
