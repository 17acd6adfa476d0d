package db

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Migrations are numbered files, applied in order, each in its own
// transaction together with its row in schema_migrations. Each backend has
// its own directory (migrations/sqlite, migrations/postgres) holding the
// same numbers and names: step N means the same schema on both. Never edit
// a released migration: add the next number to both.
//
//go:embed migrations/*/*.sql
var migrationFiles embed.FS

type migration struct {
	version int
	name    string
	sql     string
}

// SchemaTooNewError refuses a database written by a newer bermuda: running
// old code on it could lose what the new schema records.
type SchemaTooNewError struct{ Found, Known int }

func (e *SchemaTooNewError) Error() string {
	return fmt.Sprintf("database schema version %d is newer than this bermuda (knows up to %d); upgrade bermuda", e.Found, e.Known)
}

func loadMigrations(backend string) ([]migration, error) {
	dir := "migrations/" + backend + "/"
	names, err := fs.Glob(migrationFiles, dir+"*.sql")
	if err != nil {
		return nil, err
	}
	var out []migration
	for _, n := range names {
		base := strings.TrimPrefix(n, dir)
		num, _, ok := strings.Cut(base, "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil || v < 1 {
			return nil, fmt.Errorf("migration file %s must be named NNNN_name.sql", base)
		}
		body, err := migrationFiles.ReadFile(n)
		if err != nil {
			return nil, err
		}
		out = append(out, migration{version: v, name: base, sql: string(body)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].version < out[j].version })
	for i, m := range out {
		if m.version != i+1 {
			return nil, fmt.Errorf("migrations must be numbered 1, 2, 3… without gaps; found %s", m.name)
		}
	}
	return out, nil
}

// KnownSchemaVersion is the newest schema this binary can write.
func KnownSchemaVersion() int {
	ms, err := loadMigrations("sqlite")
	if err != nil {
		return 0
	}
	return len(ms)
}

// migrate applies every migration the database lacks. Each step re-reads
// the version inside a transaction that excludes other migrators (SQLite:
// BEGIN IMMEDIATE takes the write lock; PostgreSQL: a transaction-scoped
// advisory lock per schema), so two processes starting at once cannot
// apply the same step twice.
func migrate(ctx context.Context, db pool) error {
	ms, err := loadMigrations(db.d.name)
	if err != nil {
		return err
	}
	for {
		done, err := migrateStep(ctx, db, ms)
		if err != nil || done {
			return err
		}
	}
}

func migrateStep(ctx context.Context, db pool, ms []migration) (done bool, err error) {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return false, err
	}
	defer tx.Rollback()
	if db.d.name == "postgres" {
		if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(hashtextextended('bermuda migrations ' || current_schema(), 0))`); err != nil {
			return false, fmt.Errorf("waiting for other migrators: %w", err)
		}
	}
	if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version    INTEGER PRIMARY KEY,
		name       TEXT NOT NULL,
		applied_at `+db.d.bigint+` NOT NULL)`); err != nil {
		return false, fmt.Errorf("creating schema_migrations: %w", err)
	}
	var v int
	if err := tx.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_migrations`).Scan(&v); err != nil {
		return false, fmt.Errorf("reading the schema version: %w", err)
	}
	if v > len(ms) {
		return false, &SchemaTooNewError{Found: v, Known: len(ms)}
	}
	if v == len(ms) {
		return true, nil
	}
	m := ms[v]
	if _, err := tx.ExecContext(ctx, m.sql); err != nil {
		return false, fmt.Errorf("applying migration %s: %w", m.name, err)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)`,
		m.version, m.name, time.Now().UnixMilli()); err != nil {
		return false, fmt.Errorf("recording migration %s: %w", m.name, err)
	}
	return false, tx.Commit()
}

// SchemaVersion is the database's current schema version.
func (s *sqlStore) SchemaVersion(ctx context.Context) (int, error) {
	var v int
	err := s.read.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_migrations`).Scan(&v)
	return v, err
}
