package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/mattn/go-sqlite3"
)

var errPostgresBackup = errors.New("bermuda backup copies SQLite files; back up a PostgreSQL database with pg_dump")

// Backup writes a consistent copy of the live database to dstPath with
// SQLite's online backup API; writers carry on meanwhile (WAL readers do not
// block them). The copy is a single self-contained file (rollback journal,
// not WAL). An existing dstPath is never overwritten.
// PostgreSQL has its own tools for this (pg_dump), so there it is refused.
func (s *sqlStore) Backup(ctx context.Context, dstPath string) error {
	if s.d.name != "sqlite" {
		return errPostgresBackup
	}
	return backupFrom(ctx, s.read.db, dstPath)
}

// BackupFile copies the bermuda database at srcPath to dstPath without
// changing the source: it is opened read-only and not migrated. For
// `bermuda backup`, which may run beside the bot.
func BackupFile(ctx context.Context, srcPath, dstPath string) error {
	if IsPostgresURL(srcPath) {
		return errPostgresBackup
	}
	info, err := os.Stat(srcPath)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("database %s does not exist", srcPath)
		}
		return fmt.Errorf("cannot read database %s: %w", srcPath, err)
	}
	if info.IsDir() {
		return fmt.Errorf("database %s is a directory, not a file", srcPath)
	}
	src, err := sql.Open("sqlite3", dsn(srcPath, "deferred", true))
	if err != nil {
		return fmt.Errorf("opening database %s: %w", srcPath, err)
	}
	defer src.Close()
	var n int
	err = src.QueryRowContext(ctx, `SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'`).Scan(&n)
	if err != nil {
		return fmt.Errorf("cannot read database %s: %w", srcPath, err)
	}
	if n == 0 {
		return fmt.Errorf("%s is not a bermuda database (it has no schema_migrations table)", srcPath)
	}
	return backupFrom(ctx, src, dstPath)
}

func backupFrom(ctx context.Context, src *sql.DB, dstPath string) error {
	if dstPath == "" {
		return errors.New("no backup file given")
	}
	if _, err := os.Lstat(dstPath); err == nil {
		return fmt.Errorf("%s already exists; choose a new file name (backups never overwrite)", dstPath)
	}
	// Build the copy beside its final name, then link it into place: a
	// crash never leaves a half-written file under dstPath.
	tmpFile, err := os.CreateTemp(filepath.Dir(dstPath), filepath.Base(dstPath)+".*.partial")
	if err != nil {
		return fmt.Errorf("creating the backup: %w", err)
	}
	tmp := tmpFile.Name()
	tmpFile.Close()
	defer os.Remove(tmp)
	if err := copyInto(ctx, src, tmp); err != nil {
		return err
	}
	if err := os.Link(tmp, dstPath); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return fmt.Errorf("%s already exists; choose a new file name (backups never overwrite)", dstPath)
		}
		// Filesystems without hard links: rename instead.
		if err := os.Rename(tmp, dstPath); err != nil {
			return fmt.Errorf("moving the backup into place: %w", err)
		}
	}
	return nil
}

func copyInto(ctx context.Context, src *sql.DB, tmp string) error {
	dst, err := sql.Open("sqlite3", fileURI(tmp)+"?_busy_timeout=5000")
	if err != nil {
		return err
	}
	defer dst.Close()
	dstConn, err := dst.Conn(ctx)
	if err != nil {
		return fmt.Errorf("opening the backup file: %w", err)
	}
	defer dstConn.Close()
	srcConn, err := src.Conn(ctx)
	if err != nil {
		return fmt.Errorf("opening the database: %w", err)
	}
	defer srcConn.Close()
	err = dstConn.Raw(func(d any) error {
		return srcConn.Raw(func(s any) error {
			b, err := d.(*sqlite3.SQLiteConn).Backup("main", s.(*sqlite3.SQLiteConn), "main")
			if err != nil {
				return err
			}
			for {
				// -1: all pages in one step, under one read transaction,
				// so the copy is one consistent snapshot.
				done, err := b.Step(-1)
				if err != nil || done {
					if ferr := b.Finish(); err == nil {
						err = ferr
					}
					return err
				}
				select { // busy or locked: try again shortly
				case <-ctx.Done():
					b.Finish()
					return ctx.Err()
				case <-time.After(20 * time.Millisecond):
				}
			}
		})
	})
	if err != nil {
		return fmt.Errorf("copying the database: %w", err)
	}
	if _, err := dstConn.ExecContext(ctx, `PRAGMA journal_mode = DELETE`); err != nil {
		return fmt.Errorf("finishing the backup: %w", err)
	}
	var check string
	if err := dstConn.QueryRowContext(ctx, `PRAGMA quick_check`).Scan(&check); err != nil || check != "ok" {
		return fmt.Errorf("the backup failed its integrity check: %v %s", err, check)
	}
	return nil
}
