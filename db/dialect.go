package db

import (
	"context"
	"database/sql"
	"strconv"
	"strings"
	"sync"
)

// dialect is what differs between the SQL the two backends speak. Queries
// are written once, with ? placeholders and syntax both accept; the few
// differences are here.
type dialect struct {
	name string // "sqlite" or "postgres"
	// numbered: placeholders are $1, $2, … rather than ?.
	numbered bool
	// forUpdate ends a SELECT whose rows a write is about to change. On
	// PostgreSQL it locks them until the transaction ends, so two processes
	// cannot both act on what they read; SQLite's single writer already
	// holds the whole database for the transaction.
	forUpdate string
	// snapshot are the options of a read that must see one state across
	// several statements (a game's row and its move log).
	snapshot *sql.TxOptions
	// bigint is the type of a 64-bit integer column.
	bigint   string
	isUnique func(error) bool
	// lockKeys serializes writers on application-level keys that have no
	// row to lock yet (a player's first rating). Nil on SQLite.
	lockKeys func(ctx context.Context, tx *txn, keys []string) error

	rebound sync.Map // query text → the same with numbered placeholders
}

// q is query in the dialect's placeholder style. No query in this package
// has a ? inside a string literal, so every ? is a placeholder.
func (d *dialect) q(query string) string {
	if !d.numbered {
		return query
	}
	if v, ok := d.rebound.Load(query); ok {
		return v.(string)
	}
	var b strings.Builder
	n := 0
	for i := 0; i < len(query); i++ {
		if query[i] == '?' {
			n++
			b.WriteByte('$')
			b.WriteString(strconv.Itoa(n))
			continue
		}
		b.WriteByte(query[i])
	}
	d.rebound.Store(query, b.String())
	return b.String()
}

// pool is a connection pool that speaks its store's dialect.
type pool struct {
	db *sql.DB
	d  *dialect
}

func (p pool) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	return p.db.QueryRowContext(ctx, p.d.q(query), args...)
}

func (p pool) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	return p.db.QueryContext(ctx, p.d.q(query), args...)
}

func (p pool) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	return p.db.ExecContext(ctx, p.d.q(query), args...)
}

func (p pool) BeginTx(ctx context.Context, opts *sql.TxOptions) (*txn, error) {
	tx, err := p.db.BeginTx(ctx, opts)
	if err != nil {
		return nil, err
	}
	return &txn{tx: tx, d: p.d}, nil
}

// txn is a transaction that speaks its store's dialect.
type txn struct {
	tx *sql.Tx
	d  *dialect
}

func (t *txn) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	return t.tx.QueryRowContext(ctx, t.d.q(query), args...)
}

func (t *txn) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	return t.tx.QueryContext(ctx, t.d.q(query), args...)
}

func (t *txn) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	return t.tx.ExecContext(ctx, t.d.q(query), args...)
}

func (t *txn) Commit() error   { return t.tx.Commit() }
func (t *txn) Rollback() error { return t.tx.Rollback() }

// queryer is what reads need: a pool or a transaction.
type queryer interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}
