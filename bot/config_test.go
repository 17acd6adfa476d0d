package bot

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func env(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

func TestConfigFileThenEnvironment(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "config.toml")
	os.WriteFile(path, []byte("token = \"from-file\"\ndatabase = \"x.db\"\ndefault_days = 7\n"), 0o600)
	cfg, err := LoadConfig(path, env(nil))
	if err != nil || cfg.Token != "from-file" || cfg.Database != "x.db" || cfg.DefaultDays != 7 || cfg.LogLevel != "info" {
		t.Fatalf("file: %+v %v", cfg, err)
	}
	cfg, err = LoadConfig(path, env(map[string]string{"DISCORD_TOKEN": "from-env", "BERMUDA_DEFAULT_DAYS": "14", "BERMUDA_API_BASE": "http://proxy:8080"}))
	if err != nil || cfg.Token != "from-env" || cfg.DefaultDays != 14 || cfg.APIBase != "http://proxy:8080" {
		t.Fatalf("env over file: %+v %v", cfg, err)
	}
}

func TestConfigMistakes(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.toml")
	os.WriteFile(bad, []byte("tokn = \"x\"\n"), 0o600)
	for name, c := range map[string]struct {
		path string
		env  map[string]string
		want string
	}{
		"no token":     {"", nil, "no bot token: set DISCORD_TOKEN"},
		"unknown key":  {bad, nil, `unknown key "tokn"`},
		"missing file": {filepath.Join(dir, "nope.toml"), nil, "nope.toml"},
		"bad days":     {"", map[string]string{"DISCORD_TOKEN": "t", "BERMUDA_DEFAULT_DAYS": "4"}, "default_days = 4; allowed: 1, 2, 3, 5, 7, 10, 14"},
		"days not int": {"", map[string]string{"DISCORD_TOKEN": "t", "BERMUDA_DEFAULT_DAYS": "x"}, "not a number"},
		"bad level":    {"", map[string]string{"DISCORD_TOKEN": "t", "BERMUDA_LOG_LEVEL": "loud"}, "log_level"},
	} {
		wd, _ := os.Getwd()
		os.Chdir(dir) // no config.toml here
		_, err := LoadConfig(c.path, env(c.env))
		os.Chdir(wd)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %q", name, err, c.want)
		}
		if name == "no token" && !errors.Is(err, ErrNoToken) {
			t.Errorf("no token: want ErrNoToken")
		}
	}
}

func TestConfigLogValueHidesToken(t *testing.T) {
	cfg := DefaultConfig()
	cfg.Token = "super-secret-token"
	if v := cfg.LogValue().String(); strings.Contains(v, "super-secret") || !strings.Contains(v, "token_set=true") {
		t.Fatalf("LogValue: %s", v)
	}
}

// A config file that does not parse is reported by line and key, never by
// quoting the token, the public key or a database password back.
func TestConfigSyntaxErrorsHideValues(t *testing.T) {
	dir := t.TempDir()
	for name, c := range map[string]struct{ file, want string }{
		"bare token":        {"token = Bot.s3cretTok3n\n", `line 1 (after key "token"): expected value but found (value hidden) instead`},
		"trailing text":     {"token = \"s3cretTok3n\" s3cretTok3n\n", "line 1: expected a top-level item to end"},
		"bare public key":   {"public_key = s3cretTok3n\n", `(after key "public_key")`},
		"bare database url": {"database = postgres://u:s3cretTok3n@h/d\n", `(after key "database")`},
		"key defined twice": {"token = \"a\"\ntoken = \"s3cretTok3n\"\n", `line 2 (after key "token"): Key 'token' has already been defined`},
	} {
		path := filepath.Join(dir, strings.ReplaceAll(name, " ", "_")+".toml")
		os.WriteFile(path, []byte(c.file), 0o600)
		_, err := LoadConfig(path, env(nil))
		if err == nil || strings.Contains(err.Error(), "s3cretTok3n") || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %q and no value", name, err, c.want)
		}
	}
}
