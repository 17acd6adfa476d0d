// Package metrics is what an operator watches: Prometheus counters and
// histograms for the bot and its store, and the /metrics, /healthz and
// /readyz endpoints that load balancers, Docker and Prometheus poll.
//
// Every method works on a nil *Metrics and does nothing, so code and tests
// that run without metrics need no checks. Label values must come from
// small fixed sets (command names, outcomes, HTTP statuses): every distinct
// value is a time series kept forever.
package metrics

import (
	"context"
	"math"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
)

// Outcomes of an interaction, for Interaction.
const (
	OutcomeOK        = "ok"         // answered as asked
	OutcomeUserError = "user_error" // a mistake, answered privately
	OutcomeError     = "error"      // our failure, answered with an apology
	OutcomeDuplicate = "duplicate"  // a re-delivery, ignored
	OutcomeExpired   = "expired"    // the 3-second window passed before we answered
)

// Metrics holds the collectors; make it with New.
type Metrics struct {
	reg           *prometheus.Registry
	interactions  *prometheus.CounterVec
	firstCallback *prometheus.HistogramVec
	moves         *prometheus.CounterVec
	restErrors    *prometheus.CounterVec
	storeCommit   prometheus.Histogram
}

// Options configure New.
type Options struct {
	// OpenGames counts the games in progress (all replicas share the
	// store, so each reports the same figure). It runs on every scrape;
	// nil leaves the gauge out.
	OpenGames func(context.Context) (int, error)
}

// New makes the collectors in a registry of their own, with the standard
// Go runtime and process collectors beside them.
func New(o Options) *Metrics {
	m := &Metrics{
		reg: prometheus.NewRegistry(),
		interactions: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "bermuda_interactions_total",
			Help: "Interactions handled, by kind (command, button or autocomplete name) and outcome.",
		}, []string{"kind", "outcome"}),
		firstCallback: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "bermuda_first_callback_seconds",
			Help: "Time from receiving an interaction to its first answer (reply or defer); Discord allows 3 s.",
			// Fine below 100 ms where a healthy bot lives, and around the 3 s limit.
			Buckets: []float64{.005, .01, .025, .05, .1, .25, .5, 1, 2, 2.5, 3, 5},
		}, []string{"kind"}),
		moves: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "bermuda_moves_committed_total",
			Help: "Moves committed to the store, by variant.",
		}, []string{"variant"}),
		restErrors: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "bermuda_discord_rest_errors_total",
			Help: "Failed Discord REST calls, by HTTP status (\"network\" when no answer came).",
		}, []string{"status"}),
		storeCommit: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name: "bermuda_store_commit_seconds",
			Help: "Time to commit one move transaction (move, rolls, deadline) to the store.",
			// 0.5 ms to about 1 s: SQLite with fsync sits near 0.5 ms, a remote PostgreSQL at a few ms.
			Buckets: prometheus.ExponentialBuckets(0.0005, 2, 12),
		}),
	}
	m.reg.MustRegister(m.interactions, m.firstCallback, m.moves, m.restErrors, m.storeCommit,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	if o.OpenGames != nil {
		m.reg.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "bermuda_open_games",
			Help: "Games in progress, as the store counts them (NaN when the store cannot say).",
		}, func() float64 {
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
			defer cancel()
			n, err := o.OpenGames(ctx)
			if err != nil {
				return math.NaN()
			}
			return float64(n)
		}))
	}
	return m
}

// Registry is where the collectors live, for adding more.
func (m *Metrics) Registry() *prometheus.Registry {
	if m == nil {
		return nil
	}
	return m.reg
}

// Interaction counts one handled interaction. kind is the command name,
// "button:" plus the button's prefix, or "autocomplete"; outcome one of
// the Outcome constants.
func (m *Metrics) Interaction(kind, outcome string) {
	if m == nil {
		return
	}
	m.interactions.WithLabelValues(kind, outcome).Inc()
}

// ObserveFirstCallback records how long an interaction waited for its first
// answer.
func (m *Metrics) ObserveFirstCallback(kind string, d time.Duration) {
	if m == nil {
		return
	}
	m.firstCallback.WithLabelValues(kind).Observe(d.Seconds())
}

// MoveCommitted counts one move stored for a game of variant.
func (m *Metrics) MoveCommitted(variant string) {
	if m == nil {
		return
	}
	m.moves.WithLabelValues(variant).Inc()
}

// RESTError counts one failed Discord REST call; status 0 means no HTTP
// answer at all (a network error or timeout).
func (m *Metrics) RESTError(status int) {
	if m == nil {
		return
	}
	label := "network"
	if status > 0 {
		label = strconv.Itoa(status)
	}
	m.restErrors.WithLabelValues(label).Inc()
}

// ObserveStoreCommit records how long one move's transaction took.
func (m *Metrics) ObserveStoreCommit(d time.Duration) {
	if m == nil {
		return
	}
	m.storeCommit.Observe(d.Seconds())
}
