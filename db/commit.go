package db

import (
	"context"
	"database/sql"
	"fmt"
)

// Group commit. Every write goes to one committer goroutine, which owns the
// single write connection. Writes that arrive while a commit is on its way
// to the disk are gathered into the next transaction, each inside its own
// SAVEPOINT: a write that fails is rolled back alone, the others commit
// together, and one fsync (synchronous=FULL) makes them all durable. A
// write still runs after the ones before it and sees their effects, exactly
// as if each had its own transaction; its caller hears back only after the
// COMMIT has reached the disk.

// maxBatch bounds how many writes share one transaction.
const maxBatch = 128

type writeReq struct {
	ctx  context.Context
	fn   func(ctx context.Context, tx *sql.Tx) error
	done chan error
}

// inTx runs fn in a write transaction (BEGIN IMMEDIATE) and returns once
// fn's changes are committed, or fn's error with its changes undone.
// A context cancelled before fn has started stops it; once fn has started
// the write runs to its end (SQLite would roll back a whole transaction on
// an interrupted write), so the caller always learns whether it committed.
func (s *Store) inTx(ctx context.Context, fn func(ctx context.Context, tx *sql.Tx) error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	req := &writeReq{ctx: ctx, fn: fn, done: make(chan error, 1)}
	select {
	case s.writes <- req:
	case <-s.closed:
		return ErrClosed
	case <-ctx.Done():
		return ctx.Err()
	}
	return <-req.done
}

func (s *Store) commitLoop() {
	defer close(s.loopDone)
	batch := make([]*writeReq, 0, maxBatch)
	for {
		select {
		case r := <-s.writes:
			batch = append(batch[:0], r)
		case <-s.closed:
			return
		}
	gather:
		for len(batch) < maxBatch {
			select {
			case r := <-s.writes:
				batch = append(batch, r)
			default:
				break gather
			}
		}
		s.commitBatch(batch)
	}
}

func (s *Store) commitBatch(batch []*writeReq) {
	errs := make([]error, len(batch))
	defer func() {
		for i, r := range batch {
			r.done <- errs[i]
		}
	}()
	bg := context.Background()
	tx, err := s.write.BeginTx(bg, nil)
	if err != nil {
		for i := range errs {
			errs[i] = fmt.Errorf("starting a transaction: %w", err)
		}
		return
	}
	// fail abandons the whole transaction: every write that has not
	// already failed on its own gets err.
	fail := func(err error) {
		tx.Rollback()
		for i := range errs {
			if errs[i] == nil {
				errs[i] = err
			}
		}
	}
	single := len(batch) == 1
	landed := 0
	for i, r := range batch {
		if errs[i] = r.ctx.Err(); errs[i] != nil {
			continue
		}
		if single {
			errs[i] = runWrite(r, tx)
			if errs[i] != nil {
				tx.Rollback()
				return
			}
			landed++
			break
		}
		if _, err := tx.ExecContext(bg, `SAVEPOINT write`); err != nil {
			fail(fmt.Errorf("write batch: %w", err))
			return
		}
		if errs[i] = runWrite(r, tx); errs[i] != nil {
			if _, err := tx.ExecContext(bg, `ROLLBACK TO write`); err != nil {
				fail(fmt.Errorf("write batch: undoing a failed write: %w", err))
				return
			}
		} else {
			landed++
		}
		if _, err := tx.ExecContext(bg, `RELEASE write`); err != nil {
			fail(fmt.Errorf("write batch: %w", err))
			return
		}
	}
	if landed == 0 {
		tx.Rollback()
		return
	}
	if err := tx.Commit(); err != nil {
		fail(fmt.Errorf("committing: %w", err))
	}
}

// runWrite runs one write. Its statements get a context that is never
// cancelled (see inTx); a panic becomes that write's error.
func runWrite(r *writeReq, tx *sql.Tx) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("write panicked: %v", p)
		}
	}()
	return r.fn(context.WithoutCancel(r.ctx), tx)
}
