package bot

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/interactions"
	"github.com/bermudachess/bermuda/live"
	"github.com/bermudachess/bermuda/metrics"
	"github.com/bermudachess/bermuda/web"
)

// httpDiscord sends an interaction's first answer in the body of the HTTP
// request that delivered it (package interactions); every other call goes
// over REST unchanged.
type httpDiscord struct {
	Discord
	ep *interactions.Endpoint
}

func (d httpDiscord) Respond(i *discordgo.Interaction, r *discordgo.InteractionResponse) error {
	return d.ep.Respond(i, r)
}

// Original reads the first answer's message. Given in an HTTP response
// body, it becomes a message only once Discord has read that body, which
// may be a moment after we wrote it: "Unknown Message" right after is
// asked again for up to a second.
func (d httpDiscord) Original(i *discordgo.Interaction) (*discordgo.Message, error) {
	return untilOriginalExists(func() (*discordgo.Message, error) { return d.Discord.Original(i) })
}

// EditOriginal edits the first answer's message, which, like Original,
// may not exist yet right after the body that makes it was written: a
// /move's "thinking…" would otherwise stay, and its result go elsewhere.
func (d httpDiscord) EditOriginal(i *discordgo.Interaction, e *discordgo.WebhookEdit) (*discordgo.Message, error) {
	reset := rewind(e.Files) // each call reads the attachments afresh
	return untilOriginalExists(func() (*discordgo.Message, error) {
		reset()
		return d.Discord.EditOriginal(i, e)
	})
}

// untilOriginalExists repeats call while Discord answers "Unknown
// Message" (10008), for about a second.
func untilOriginalExists(call func() (*discordgo.Message, error)) (*discordgo.Message, error) {
	for wait := 20 * time.Millisecond; ; wait *= 2 {
		m, err := call()
		if discordCode(err) != 10008 || wait > 500*time.Millisecond {
			return m, err
		}
		time.Sleep(wait)
	}
}

// DeleteOriginal deletes an interaction's first answer: the Endpoint's own
// public "thinking…" when the bot's late answer turned out private.
func (d *SessionDiscord) DeleteOriginal(i *discordgo.Interaction) error {
	return d.retry(retryRule{deadline: d.tokenDeadline(i), safe: true}, func(opts ...discordgo.RequestOption) error {
		err := d.S.InteractionResponseDelete(i, opts...)
		if discordCode(err) == 10008 { // gone already: an earlier attempt landed
			return nil
		}
		return err
	})
}

// restStatus is the HTTP status of a failed REST call for the errors
// metric: 429 for a rate limit, 0 when no answer came at all.
func restStatus(err error) int {
	var rl *discordgo.RateLimitError
	if errors.As(err, &rl) {
		return 429
	}
	var re *discordgo.RESTError
	if errors.As(err, &re) && re.Response != nil {
		return re.Response.StatusCode
	}
	return 0
}

// drainDelay is how long an HTTP replica keeps answering after SIGTERM
// while /readyz already says "shutting down": long enough for a load
// balancer's health check to take it out of rotation (Caddy's interval in
// deploy/ is 5 s), so no interaction is sent to a closing replica.
const drainDelay = 5 * time.Second

// Run starts the bot with cfg and blocks until ctx is cancelled (SIGINT or
// SIGTERM in production). In gateway mode (the default) it connects to
// Discord's gateway; with cfg.HTTPAddr it serves the Interactions Endpoint
// there instead, so that any number of replicas sharing one PostgreSQL
// database can run behind a load balancer. /healthz, /readyz and /metrics
// are served on the HTTP address and on cfg.MetricsAddr. On shutdown it
// leaves the load balancer's rotation, stops taking interactions, finishes
// those in flight, and closes Discord and the database.
func Run(ctx context.Context, cfg Config, log *slog.Logger) error {
	store, err := db.Open(cfg.Database)
	if err != nil {
		return fmt.Errorf("opening the database %s: %w", db.Redact(cfg.Database), err)
	}
	defer store.Close()
	// Game pages (package web): every committed move and end is published
	// to the open pages, through PostgreSQL's NOTIFY when replicas share it.
	var pages *web.Server
	if cfg.PublicURL != "" {
		if pages, store, err = startPages(ctx, cfg, store, log); err != nil {
			return err
		}
		defer pages.Stop()
	}

	s, err := NewSession(cfg.Token, cfg.APIBase)
	if err != nil {
		return err
	}
	s.LogLevel = discordgo.LogWarning
	m := metrics.New(metrics.Options{OpenGames: store.CountOpenGames})
	rest := &SessionDiscord{S: s, Metrics: m, Log: log}
	var dc Discord = rest
	var ep *interactions.Endpoint
	if cfg.HTTPAddr != "" {
		if ep, err = interactions.New(cfg.PublicKey, rest); err != nil {
			return err
		}
		ep.Log = log
		dc = httpDiscord{Discord: rest, ep: ep}
	}
	var pageURL func(int64) string
	if pages != nil {
		pageURL = pages.GameURL
	}
	b := New(Options{Store: store, Discord: dc, Log: log, DefaultDays: cfg.DefaultDays, DocsURL: cfg.DocsURL, Metrics: m,
		Replicated: ep != nil, PageURL: pageURL, Activities: cfg.Activities})
	if b.ReviewUCI, err = cfg.ReviewUCI(); err != nil {
		log.Warn("reviews of chess will use Bermuda's engine", "err", err)
	}
	if pages != nil {
		// A move on a page goes through the bot's play.Service: stored
		// once, and its events make the bot post the board and the dice
		// in the thread and tell the opponent, as a /move does.
		pages.SetActor(b.play)
		if cfg.ClientID == "" {
			pages.SetClientID(b.AppID)
		}
	}

	var draining, gatewayUp atomic.Bool
	// startingUp names the start-up step under way, "" once all are done:
	// until then the replica is not ready (it does not know who it is, or
	// its commands are not registered yet).
	var startingUp atomic.Value
	startingUp.Store("starting")
	checks := []metrics.Check{
		{Name: "shutdown", Probe: func(context.Context) error {
			if draining.Load() {
				return errors.New("shutting down")
			}
			return nil
		}},
		{Name: "store", Probe: store.Ping},
		{Name: "start-up", Probe: func(context.Context) error {
			if step := startingUp.Load().(string); step != "" {
				return errors.New("starting up: " + step)
			}
			return nil
		}},
	}
	if ep != nil {
		checks = append(checks, metrics.Check{Name: "interactions", Probe: func(context.Context) error { return ep.Ready() }})
	} else {
		checks = append(checks, metrics.Check{Name: "gateway", Probe: func(context.Context) error {
			if !gatewayUp.Load() {
				return errors.New("not connected to Discord's gateway")
			}
			return nil
		}})
	}

	// Listen before anything slow, so a taken port fails at once; /healthz
	// answers from here on, /readyz once everything is up.
	var servers []<-chan error
	serve := func(ctx context.Context, addr string, h http.Handler, paths string) error {
		ln, err := net.Listen("tcp", addr)
		if err != nil {
			return fmt.Errorf("listening on %s: %w", addr, err)
		}
		log.Info("serving HTTP", "addr", ln.Addr().String(), "paths", paths)
		done := make(chan error, 1)
		go func() { done <- metrics.Serve(ctx, ln, h) }()
		servers = append(servers, done)
		return nil
	}
	httpCtx, stopHTTP := context.WithCancel(context.Background())
	defer stopHTTP()
	metricsCtx, stopMetrics := context.WithCancel(context.Background())
	defer stopMetrics()
	if cfg.HTTPAddr != "" {
		mux := http.NewServeMux()
		mux.Handle("POST /interactions", ep)
		m.Mount(mux, checks...)
		paths := "/interactions /healthz /readyz /metrics"
		if pages != nil && (cfg.WebAddr == "" || cfg.WebAddr == cfg.HTTPAddr) {
			mountPages(mux, pages)
			paths += " /g/ /static/ /robots.txt /login /oauth/ /logout /activity/"
		}
		if err := serve(httpCtx, cfg.HTTPAddr, mux, paths); err != nil {
			return err
		}
	}
	if pages != nil && cfg.WebAddr != "" && cfg.WebAddr != cfg.HTTPAddr {
		mux := http.NewServeMux()
		mountPages(mux, pages)
		if err := serve(httpCtx, cfg.WebAddr, mux, "/g/ /static/ /robots.txt /login /oauth/ /logout /activity/"); err != nil {
			return err
		}
	}
	if cfg.MetricsAddr != "" && cfg.MetricsAddr != cfg.HTTPAddr {
		if err := serve(metricsCtx, cfg.MetricsAddr, m.Handler(checks...), "/healthz /readyz /metrics"); err != nil {
			return err
		}
	}

	// Start-up calls are tried again (and logged) until they succeed:
	// without its own id the bot would refuse challenges to itself and
	// never make the computer's moves, so it takes no interaction before
	// it knows it. SIGTERM meanwhile is a clean stop, not a failure.
	stoppedWhile := func(err error) error {
		if ctx.Err() != nil {
			log.Info("stopped while starting up", "step", startingUp.Load())
			return nil
		}
		return err
	}
	if ep != nil {
		// No gateway, so no READY: ask who we are.
		startingUp.Store("asking Discord who the bot is")
		appID, selfID, err := rest.Identify(ctx)
		if err != nil {
			return stoppedWhile(err)
		}
		b.SetAppID(appID)
		b.SetSelfID(selfID)
	} else {
		startingUp.Store("connecting to Discord's gateway")
		s.ShardID, s.ShardCount = cfg.ShardID, cfg.ShardCount
		s.AddHandler(func(*discordgo.Session, *discordgo.Connect) { gatewayUp.Store(true) })
		s.AddHandler(func(*discordgo.Session, *discordgo.Disconnect) { gatewayUp.Store(false) })
		if err := Connect(ctx, rest, b); err != nil {
			return stoppedWhile(err)
		}
		defer s.Close()
	}
	if cfg.ShardID == 0 { // one process registers; the others would repeat it
		startingUp.Store("registering the slash commands")
		if err := b.Register(ctx, cfg.DevGuild); err != nil {
			return stoppedWhile(fmt.Errorf("registering slash commands: %w", err))
		}
	}
	if ep != nil {
		ep.Start(b.HandleInteraction)
	}
	startingUp.Store("")
	log.Info("bermuda is online", "config", cfg, "commands", len(Commands()), "store", store.Backend())

	schedCtx, stopScheduler := context.WithCancel(context.Background())
	schedDone := make(chan struct{})
	go func() { b.RunScheduler(schedCtx, cfg.SchedulerInterval.Duration); close(schedDone) }()

	<-ctx.Done()
	draining.Store(true)
	if ep != nil {
		log.Info("shutting down: leaving the load balancer's rotation", "wait", drainDelay)
		time.Sleep(drainDelay)
		if pages != nil {
			pages.Stop() // open pages reconnect to another replica
		}
		stopHTTP() // no new interactions; those in flight finish below
	}
	log.Info("shutting down: finishing interactions in flight")
	stopScheduler()
	<-schedDone
	if !b.Drain(30 * time.Second) {
		log.Warn("some interactions were still running after 30 s")
	}
	if pages != nil {
		pages.Stop()
	}
	stopHTTP()
	stopMetrics()
	for _, done := range servers {
		if err := <-done; err != nil {
			log.Warn("HTTP server", "err", err)
		}
	}
	return nil
}

// startPages makes the game pages' server and wraps store so that every
// committed move and game end reaches the open pages: in this process
// with SQLite, and through NOTIFY/LISTEN on every replica with PostgreSQL.
func startPages(ctx context.Context, cfg Config, store db.Store, log *slog.Logger) (*web.Server, db.Store, error) {
	hub := live.NewHub()
	var notifier live.Notifier = live.Local{Hub: hub}
	var source live.Source = live.Local{Hub: hub}
	if db.IsPostgresURL(cfg.Database) {
		pg, err := live.NewPostgres(cfg.Database, hub, log)
		if err != nil {
			return nil, nil, err
		}
		go func() { pg.Run(ctx); pg.Close() }()
		notifier, source = pg, pg
	}
	store = live.Store{Store: store, N: notifier}
	clientID := cfg.ClientID
	pages, err := web.New(web.Options{Store: store, Events: source, PublicURL: cfg.PublicURL, Secret: cfg.webSecret(), Log: log,
		ClientID: func() string { return clientID }, ClientSecret: cfg.ClientSecret, APIBase: cfg.APIBase,
		// A server that turned its pages off (/settings pages:off) has none:
		// its games' pages answer as unknown ones do. Unread counts as off.
		Enabled: func(ctx context.Context, guildID string) bool {
			set, err := store.Settings(ctx, guildID)
			return err == nil && !set.PagesOff
		}})
	if err != nil {
		return nil, nil, err
	}
	log.Info("serving game pages", "public_url", cfg.PublicURL)
	return pages, store, nil
}

func mountPages(mux *http.ServeMux, pages *web.Server) {
	h := pages.Handler()
	for _, p := range []string{"GET /g/", "POST /g/", "GET /static/", "GET /robots.txt", "GET /login", "GET /oauth/", "GET /logout", "GET /activity/", "POST /activity/"} {
		mux.Handle(p, h)
	}
}
