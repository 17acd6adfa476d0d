package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/url"
	"sort"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" database/sql driver
)

// PostgreSQL: one pool serves reads and writes. Each write is its own READ
// COMMITTED transaction; the rows a write decides on are read FOR UPDATE,
// so of two processes acting on the same game or challenge the second
// waits, then sees what the first did (ErrPositionChanged, ErrGameOver,
// ErrAlreadyTaken). PostgreSQL groups concurrent commits' WAL flushes on
// its own, so there is no committer goroutine here. pgx runs behind
// database/sql (its stdlib adapter) so that both backends share every
// query and scan in this package.

// Pool limits for one bermuda process. A replica's work is short queries,
// so a handful of connections keep up; several replicas times this must
// stay under the server's max_connections (100 by default).
const (
	pgMaxConns     = 16
	pgWriteTimeout = 30 * time.Second // a write not done by then is abandoned (rolled back)
	pgRetries      = 5                // attempts after a serialization failure or deadlock
)

func newPostgresDialect() *dialect {
	return &dialect{
		name:      "postgres",
		numbered:  true,
		forUpdate: " FOR UPDATE",
		// REPEATABLE READ: every statement of the read sees the snapshot
		// of its first, as SQLite's read transactions do.
		snapshot: &sql.TxOptions{Isolation: sql.LevelRepeatableRead, ReadOnly: true},
		bigint:   "BIGINT",
		isUnique: func(err error) bool {
			var pe *pgconn.PgError
			return errors.As(err, &pe) && pe.Code == "23505" // unique_violation
		},
		lockKeys: func(ctx context.Context, tx *txn, keys []string) error {
			keys = append([]string(nil), keys...)
			sort.Strings(keys) // one order for everyone: no lock cycles
			for _, k := range keys {
				if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(hashtextextended(?, 0))`, k); err != nil {
					return err
				}
			}
			return nil
		},
	}
}

// Redact is dsn as it may appear in messages and logs: a PostgreSQL URL
// without its password, a SQLite path as it is.
func Redact(dsn string) string {
	if !IsPostgresURL(dsn) {
		return dsn
	}
	u, err := url.Parse(dsn)
	if err != nil {
		return "postgres://… (unreadable URL)"
	}
	// pgx also takes the password (and a client key's passphrase) as
	// query parameters, which url.Redacted leaves in.
	if q := u.Query(); q.Has("password") || q.Has("sslpassword") {
		for _, k := range []string{"password", "sslpassword"} {
			if q.Has(k) {
				q.Set(k, "xxxxx")
			}
		}
		u.RawQuery = q.Encode()
	}
	return u.Redacted()
}

func openPostgres(dsn string) (*sqlStore, error) {
	where := Redact(dsn)
	d := newPostgresDialect()
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		return nil, fmt.Errorf("opening database %s: %w", where, err)
	}
	db.SetMaxOpenConns(pgMaxConns)
	db.SetMaxIdleConns(pgMaxConns)
	db.SetConnMaxIdleTime(5 * time.Minute)
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("cannot reach PostgreSQL at %s: %w", where, err)
	}
	// No time limit: another replica may be applying a long migration,
	// which this one must wait for.
	if err := migrate(context.Background(), pool{db, d}); err != nil {
		db.Close()
		return nil, fmt.Errorf("database %s: %w", where, err)
	}
	p := pool{db, d}
	return &sqlStore{d: d, where: where, read: p, w: &pgWriter{db: p}, now: time.Now}, nil
}

// pgWriter runs each write in its own transaction on the shared pool.
type pgWriter struct {
	db       pool
	mu       sync.Mutex
	closed   bool
	inflight sync.WaitGroup
}

func (w *pgWriter) run(ctx context.Context, fn func(ctx context.Context, tx *txn) error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	w.mu.Lock()
	if w.closed {
		w.mu.Unlock()
		return ErrClosed
	}
	w.inflight.Add(1)
	w.mu.Unlock()
	defer w.inflight.Done()
	// As on SQLite, a started write is not cut short by its caller's
	// context: the caller must learn whether it committed.
	wctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), pgWriteTimeout)
	defer cancel()
	for attempt := 0; ; attempt++ {
		err := w.once(wctx, fn)
		if !retryable(err) || attempt == pgRetries {
			return err
		}
		// Back off a little, with jitter, so the two again do not collide.
		time.Sleep(time.Duration(1+rand.IntN(5<<attempt)) * time.Millisecond)
	}
}

func (w *pgWriter) once(ctx context.Context, fn func(ctx context.Context, tx *txn) error) (err error) {
	tx, err := w.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("starting a transaction: %w", err)
	}
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("write panicked: %v", p)
		}
		if err != nil {
			tx.Rollback()
		}
	}()
	if err = fn(ctx, tx); err != nil {
		return err
	}
	if err = tx.Commit(); err != nil {
		return fmt.Errorf("committing: %w", err)
	}
	return nil
}

// retryable: the transaction lost a race the database could not order
// (serialization_failure, deadlock_detected) and may simply run again.
func retryable(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && (pe.Code == "40001" || pe.Code == "40P01")
}

func (w *pgWriter) close() error {
	w.mu.Lock()
	already := w.closed
	w.closed = true
	w.mu.Unlock()
	if already {
		return nil
	}
	w.inflight.Wait()
	return w.db.db.Close()
}
