package metrics

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Check is one condition for readiness: the store answers a ping, the
// gateway is connected, the interactions endpoint has its handler.
type Check struct {
	Name  string
	Probe func(context.Context) error
}

// checkTimeout bounds all of a /readyz request's checks together, well
// under the few seconds load balancers wait.
const checkTimeout = 2 * time.Second

// Mount adds the operator endpoints to mux:
//
//	/metrics  Prometheus text format
//	/healthz  200 while the process serves HTTP at all (liveness)
//	/readyz   200 when every check passes, else 503 naming the first that failed
//
// m may be nil (no /metrics then).
func (m *Metrics) Mount(mux *http.ServeMux, checks ...Check) {
	if m != nil {
		mux.Handle("GET /metrics", promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{Registry: m.reg}))
	}
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) {
		io.WriteString(w, "ok\n")
	})
	mux.HandleFunc("GET /readyz", func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := context.WithTimeout(r.Context(), checkTimeout)
		defer cancel()
		if err := Ready(ctx, checks...); err != nil {
			http.Error(w, err.Error(), http.StatusServiceUnavailable)
			return
		}
		io.WriteString(w, "ready\n")
	})
}

// Handler is a new mux with Mount's endpoints, for a listener of their own
// (metrics_addr).
func (m *Metrics) Handler(checks ...Check) http.Handler {
	mux := http.NewServeMux()
	m.Mount(mux, checks...)
	return mux
}

// Ready runs checks in order and returns the first failure as
// "name: reason", or nil.
func Ready(ctx context.Context, checks ...Check) error {
	for _, c := range checks {
		if err := c.Probe(ctx); err != nil {
			return fmt.Errorf("%s: %w", c.Name, err)
		}
	}
	return nil
}

// Probe asks a running bermuda whether it is ready, for Docker's
// HEALTHCHECK (the runtime image has no curl): target is a URL, or an
// address (":9090", "host:9090") whose /readyz is asked on that host or
// 127.0.0.1. Any answer but 200 is an error carrying the reason given.
func Probe(ctx context.Context, target string) error {
	url := target
	if !strings.Contains(target, "://") {
		host := target
		if strings.HasPrefix(host, ":") {
			host = "127.0.0.1" + host
		}
		url = "http://" + host + "/readyz"
	}
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	reason, _ := io.ReadAll(io.LimitReader(resp.Body, 512))
	if resp.StatusCode != http.StatusOK {
		msg := strings.TrimSpace(string(reason))
		if msg == "" {
			msg = resp.Status
		}
		return errors.New(msg)
	}
	return nil
}
