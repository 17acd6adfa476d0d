package bot

import (
	"os"
	"strings"
	"testing"
)

// The game pages' keys: public_url needs an address to serve on, and the
// secret is the configured one or one derived from the token.
func TestConfigWebPages(t *testing.T) {
	wd, _ := os.Getwd()
	os.Chdir(t.TempDir()) // no config.toml here
	defer os.Chdir(wd)
	base := map[string]string{"DISCORD_TOKEN": "t", "BERMUDA_PUBLIC_URL": "https://bermuda.example"}
	if _, err := LoadConfig("", env(base)); err == nil || !strings.Contains(err.Error(), "public_url needs http_addr or web_addr") {
		t.Errorf("public_url alone: %v", err)
	}
	base["BERMUDA_WEB_ADDR"] = ":8081"
	cfg, err := LoadConfig("", env(base))
	if err != nil || cfg.PublicURL != "https://bermuda.example" || cfg.WebAddr != ":8081" {
		t.Fatalf("%+v %v", cfg, err)
	}
	derived := cfg.webSecret()
	if len(derived) < 16 {
		t.Errorf("derived secret %q", derived)
	}
	other := cfg
	other.Token = "another token"
	if string(other.webSecret()) == string(derived) {
		t.Error("the derived secret does not depend on the token")
	}
	base["BERMUDA_WEB_SECRET"] = "short"
	if _, err := LoadConfig("", env(base)); err == nil || !strings.Contains(err.Error(), "web_secret") {
		t.Errorf("a short secret: %v", err)
	}
	base["BERMUDA_WEB_SECRET"] = "a secret of sixteen or more"
	if cfg, err := LoadConfig("", env(base)); err != nil || string(cfg.webSecret()) != "a secret of sixteen or more" {
		t.Errorf("set secret: %v", err)
	}
	base["BERMUDA_PUBLIC_URL"] = "bermuda.example/x"
	if _, err := LoadConfig("", env(base)); err == nil || !strings.Contains(err.Error(), "public_url") {
		t.Errorf("a bad public_url: %v", err)
	}
	if v := cfg.LogValue().String(); strings.Contains(v, "sixteen") {
		t.Errorf("the secret is logged: %s", v)
	}
}
