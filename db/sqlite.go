package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/mattn/go-sqlite3"
)

// SQLite: every connection runs in WAL mode with a busy timeout and foreign
// keys on (set in the DSN, so each pooled connection has them). Writes go
// through the group committer (commit.go) on a single connection whose
// transactions start with BEGIN IMMEDIATE: a transaction never has to
// upgrade a read lock to a write lock, so two writers cannot deadlock, and
// other processes wait up to the busy timeout. Reads use a separate pool
// and see a consistent snapshot per transaction.

// BusyTimeout is how long a statement waits for another connection's write
// lock before failing with "database is locked".
const BusyTimeout = 5 * time.Second

func newSQLiteDialect() *dialect {
	return &dialect{
		name:     "sqlite",
		snapshot: &sql.TxOptions{ReadOnly: true},
		bigint:   "INTEGER",
		isUnique: func(err error) bool {
			var se sqlite3.Error
			return errors.As(err, &se) && (se.ExtendedCode == sqlite3.ErrConstraintUnique || se.ExtendedCode == sqlite3.ErrConstraintPrimaryKey)
		},
	}
}

func openSQLite(path string) (*sqlStore, error) {
	if strings.TrimSpace(path) == "" {
		return nil, errors.New("no database path given")
	}
	if info, err := os.Stat(filepath.Dir(path)); err != nil || !info.IsDir() {
		return nil, fmt.Errorf("cannot create database %s: directory %s does not exist", path, filepath.Dir(path))
	}
	d := newSQLiteDialect()
	write, err := sql.Open("sqlite3", dsn(path, "immediate", false))
	if err != nil {
		return nil, fmt.Errorf("opening database %s: %w", path, err)
	}
	write.SetMaxOpenConns(1)
	write.SetConnMaxIdleTime(0)
	if err := pingSQLite(write); err != nil {
		write.Close()
		return nil, fmt.Errorf("opening database %s: %w", path, err)
	}
	if err := migrate(context.Background(), pool{write, d}); err != nil {
		write.Close()
		return nil, fmt.Errorf("database %s: %w", path, err)
	}
	read, err := sql.Open("sqlite3", dsn(path, "deferred", false))
	if err != nil {
		write.Close()
		return nil, fmt.Errorf("opening database %s: %w", path, err)
	}
	read.SetMaxOpenConns(4)
	read.SetMaxIdleConns(4)
	return &sqlStore{d: d, where: path, read: pool{read, d}, w: newGroupCommitter(pool{write, d}, read), now: time.Now}, nil
}

// pingSQLite opens the first connection. Turning a new file to WAL takes
// an exclusive lock for which SQLite does not wait (the busy timeout does
// not apply), so two processes creating the file at once may be told
// "database is locked"; that is retried for up to BusyTimeout.
func pingSQLite(db *sql.DB) error {
	deadline := time.Now().Add(BusyTimeout)
	for {
		err := db.Ping()
		var se sqlite3.Error
		if err == nil || !errors.As(err, &se) || se.Code != sqlite3.ErrBusy || time.Now().After(deadline) {
			return err
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// dsn builds a go-sqlite3 URI for path. The "file:" form lets a path hold
// '?' or '#' (escaped); the parameters apply to every pooled connection.
func dsn(path, txlock string, readOnly bool) string {
	params := []string{
		fmt.Sprintf("_busy_timeout=%d", BusyTimeout.Milliseconds()),
		"_foreign_keys=on",
		"_txlock=" + txlock,
		"_stmt_cache_size=32",
	}
	if readOnly {
		params = append(params, "mode=ro")
	} else {
		// synchronous=FULL: a commit reaches the disk before AppendMove
		// returns, so a move shown to players survives a power cut too.
		params = append(params, "_journal_mode=WAL", "_synchronous=FULL")
	}
	return fileURI(path) + "?" + strings.Join(params, "&")
}

// fileURI is path as an SQLite "file:" URI, with the characters that URIs
// give a meaning escaped.
func fileURI(path string) string {
	return "file:" + strings.NewReplacer("%", "%25", "?", "%3f", "#", "%23").Replace(path)
}
