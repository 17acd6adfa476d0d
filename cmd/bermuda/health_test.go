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
