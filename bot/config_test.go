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
