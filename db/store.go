// Package db keeps Bermuda's servers, players, challenges, games, move log
// and ratings in one SQLite file (github.com/mattn/go-sqlite3).
//
// Every connection runs in WAL mode with a busy timeout and foreign keys on
// (set in the DSN, so each pooled connection has them). Writes go through a
// single-connection pool whose transactions start with BEGIN IMMEDIATE: a
// transaction never has to upgrade a read lock to a write lock, so two
// writers cannot deadlock, and other processes wait up to the busy timeout.
// Reads use a separate pool and see a consistent snapshot per transaction.
//
// Times are stored as Unix milliseconds: what comes back is the UTC time,
// truncated to the millisecond.
package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/mattn/go-sqlite3"
)

var (
	ErrNotFound        = errors.New("not found")
	ErrAlreadyTaken    = errors.New("already taken")    // challenge no longer open
	ErrPositionChanged = errors.New("position changed") // expected ply is stale
	ErrGameOver        = errors.New("game is over")     // game not active
	ErrDuplicate       = errors.New("duplicate interaction")
	ErrClosed          = errors.New("the database is closed")
)

// BusyTimeout is how long a statement waits for another connection's write
// lock before failing with "database is locked".
const BusyTimeout = 5 * time.Second

// Store is an open Bermuda database.
type Store struct {
	path  string
	write *sql.DB // one connection, used only by the committer
	read  *sql.DB
	now   func() time.Time

	writes    chan *writeReq // unbuffered: a send means the committer took it
	closed    chan struct{}
	loopDone  chan struct{}
	closeOnce sync.Once
	closeErr  error
}

// Open opens (creating if needed) the database at path and brings its schema
// up to date. A database written by a newer bermuda is refused.
func Open(path string) (*Store, error) {
	if strings.TrimSpace(path) == "" {
		return nil, errors.New("no database path given")
	}
	if info, err := os.Stat(filepath.Dir(path)); err != nil || !info.IsDir() {
		return nil, fmt.Errorf("cannot create database %s: directory %s does not exist", path, filepath.Dir(path))
	}
	write, err := sql.Open("sqlite3", dsn(path, "immediate", false))
	if err != nil {
		return nil, fmt.Errorf("opening database %s: %w", path, err)
	}
	write.SetMaxOpenConns(1)
	write.SetConnMaxIdleTime(0)
	s := &Store{path: path, write: write, now: time.Now,
		writes: make(chan *writeReq), closed: make(chan struct{}), loopDone: make(chan struct{})}
	if err := write.Ping(); err != nil {
		write.Close()
		return nil, fmt.Errorf("opening database %s: %w", path, err)
	}
	if err := migrate(context.Background(), write); err != nil {
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
	s.read = read
	go s.commitLoop()
	return s, nil
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

// Path is the file the store was opened from.
func (s *Store) Path() string { return s.path }

// Close waits for the write in progress, refuses later ones with
// ErrClosed and closes the database.
func (s *Store) Close() error {
	s.closeOnce.Do(func() {
		close(s.closed)
		<-s.loopDone
		s.closeErr = s.read.Close()
		if err := s.write.Close(); s.closeErr == nil {
			s.closeErr = err
		}
	})
	return s.closeErr
}

// millis stores t as Unix milliseconds, the zero time as NULL.
func millis(t time.Time) any {
	if t.IsZero() {
		return nil
	}
	return t.UnixMilli()
}

// fromMillis is the inverse of millis.
func fromMillis(v sql.NullInt64) time.Time {
	if !v.Valid {
		return time.Time{}
	}
	return time.UnixMilli(v.Int64).UTC()
}

// isUnique reports whether err is a UNIQUE or PRIMARY KEY violation.
func isUnique(err error) bool {
	var se sqlite3.Error
	return errors.As(err, &se) && (se.ExtendedCode == sqlite3.ErrConstraintUnique || se.ExtendedCode == sqlite3.ErrConstraintPrimaryKey)
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
