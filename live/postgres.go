package live

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" database/sql driver
)

// Channel is the PostgreSQL notification channel of game events.
const Channel = "bermuda_games"

// Postgres publishes events with NOTIFY and hears every replica's with
// LISTEN, delivering them to its hub. Publish uses a small pool of its own
// (two connections, so a slow database never takes the store's); Run holds
// one more connection for LISTEN. NOTIFY is sent after the move's
// transaction has committed (Store calls Publish once AppendMove returned),
// so a page that hears of a move always finds it in the database. The
// replica that made the move hears its own NOTIFY like any other: there is
// one delivery path.
type Postgres struct {
	hub *Hub
	dsn string
	db  *sql.DB
	log *slog.Logger
	// ready is closed once the first LISTEN is in force (tests wait on it).
	ready chan struct{}
}

// NewPostgres opens the publishing pool; call Run to listen.
func NewPostgres(dsn string, hub *Hub, log *slog.Logger) (*Postgres, error) {
	if log == nil {
		log = slog.Default()
	}
	d, err := sql.Open("pgx", dsn)
	if err != nil {
		return nil, fmt.Errorf("live: opening PostgreSQL: %w", err)
	}
	d.SetMaxOpenConns(2)
	d.SetMaxIdleConns(2)
	return &Postgres{hub: hub, dsn: dsn, db: d, log: log, ready: make(chan struct{})}, nil
}

// Hub is where this replica's subscribers are.
func (p *Postgres) Hub() *Hub { return p.hub }

// Subscribe follows a game (Source).
func (p *Postgres) Subscribe(gameID int64) (<-chan Event, func()) { return p.hub.Subscribe(gameID) }

// Ready is closed once this replica listens.
func (p *Postgres) Ready() <-chan struct{} { return p.ready }

// Publish sends ev to every replica. A failure is logged, never returned:
// the move is stored, and pages catch up when they reconnect.
func (p *Postgres) Publish(ctx context.Context, ev Event) {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	payload := strconv.FormatInt(ev.GameID, 10) + ":" + strconv.Itoa(ev.Ply)
	if _, err := p.db.ExecContext(ctx, `SELECT pg_notify($1, $2)`, Channel, payload); err != nil {
		p.log.Warn("live: NOTIFY failed; open pages see the move when they reconnect", "game", ev.GameID, "err", err)
	}
}

// Close closes the publishing pool.
func (p *Postgres) Close() error { return p.db.Close() }

// Run listens until ctx ends, connecting again after a failure (a second,
// then doubling up to 30 s). After each (re)connection every page in this
// replica is told to check its game, since notifications sent while the
// connection was down are lost.
func (p *Postgres) Run(ctx context.Context) {
	wait := time.Second
	first := true
	for ctx.Err() == nil {
		err := p.listen(ctx, func() {
			wait = time.Second
			if first {
				close(p.ready)
				first = false
			} else {
				p.hub.DeliverAll()
			}
		})
		if ctx.Err() != nil {
			return
		}
		p.log.Warn("live: LISTEN connection lost; connecting again", "in", wait, "err", err)
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
		wait = min(2*wait, 30*time.Second)
	}
}

func (p *Postgres) listen(ctx context.Context, listening func()) error {
	cctx, cancel := context.WithTimeout(ctx, 15*time.Second)
	conn, err := pgx.Connect(cctx, p.dsn)
	cancel()
	if err != nil {
		return err
	}
	defer conn.Close(context.WithoutCancel(ctx))
	if _, err := conn.Exec(ctx, "LISTEN "+Channel); err != nil {
		return err
	}
	listening()
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		ev, ok := parsePayload(n.Payload)
		if !ok {
			p.log.Warn("live: a notification that is not an event", "payload", n.Payload)
			continue
		}
		p.hub.Deliver(ev)
	}
}

func parsePayload(s string) (Event, bool) {
	a, b, ok := strings.Cut(s, ":")
	if !ok {
		return Event{}, false
	}
	id, err1 := strconv.ParseInt(a, 10, 64)
	ply, err2 := strconv.Atoi(b)
	return Event{GameID: id, Ply: ply}, err1 == nil && err2 == nil
}
