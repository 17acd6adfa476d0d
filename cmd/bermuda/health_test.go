package main

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
)

func TestHealthAsksReadyz(t *testing.T) {
	var ready atomic.Bool
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/readyz" {
			http.NotFound(w, r)
			return
		}
		if !ready.Load() {
			http.Error(w, "store: connection refused", http.StatusServiceUnavailable)
			return
		}
		w.Write([]byte("ready\n"))
	}))
	defer srv.Close()
	addr := strings.TrimPrefix(srv.URL, "http://")
	if code, _, errs := runCmd(t, "", "health", "-addr", addr); code != 1 || !strings.Contains(errs, "not ready: store: connection refused") {
		t.Fatalf("not ready: code %d, stderr %q", code, errs)
	}
	ready.Store(true)
	if code, out, errs := runCmd(t, "", "health", "-addr", addr); code != 0 || out != "ready\n" {
		t.Fatalf("ready: code %d, stdout %q, stderr %q", code, out, errs)
	}
	if code, _, _ := runCmd(t, "", "health", "-addr", srv.URL+"/readyz"); code != 0 {
		t.Fatalf("a full URL: code %d", code)
	}
	if code, _, errs := runCmd(t, "", "health", "stray"); code != 2 || !strings.Contains(errs, "unexpected argument") {
		t.Fatalf("stray argument: code %d, stderr %q", code, errs)
	}
}

// HTTP mode without the application's public key cannot check signatures:
// serve refuses to start, with exit code 2 and where to find the key.
func TestServeHTTPModeNeedsThePublicKey(t *testing.T) {
	t.Setenv("DISCORD_TOKEN", "t")
	t.Setenv("BERMUDA_HTTP_ADDR", "127.0.0.1:0")
	t.Chdir(t.TempDir()) // no config.toml
	code, _, errs := runCmd(t, "", "serve")
	if code != 2 || !strings.Contains(errs, "public_key (BERMUDA_PUBLIC_KEY) is required with http_addr") {
		t.Fatalf("code %d, stderr %q", code, errs)
	}
	t.Setenv("BERMUDA_PUBLIC_KEY", "not-a-key")
	code, _, errs = runCmd(t, "", "serve")
	if code != 2 || !strings.Contains(errs, "public_key: the public key must be hexadecimal") {
		t.Fatalf("bad key: code %d, stderr %q", code, errs)
	}
}
