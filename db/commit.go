package db

import (
	"context"
	"database/sql"
	"fmt"
	"sync"
)

// Group commit (SQLite). Every write goes to one committer goroutine, which owns the
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
	fn   func(ctx context.Context, tx *txn) error
	done chan error
}

// groupCommitter owns the write connection of a SQLite store.
type groupCommitter struct {
	write     pool           // one connection, used only by the committer
	read      *sql.DB        // the store's read pool, closed with it
	writes    chan *writeReq // unbuffered: a send means the committer took it
	closed    chan struct{}
	loopDone  chan struct{}
	closeOnce sync.Once
	closeErr  error
}

func newGroupCommitter(write pool, read *sql.DB) *groupCommitter {
	s := &groupCommitter{write: write, read: read,
		writes: make(chan *writeReq), closed: make(chan struct{}), loopDone: make(chan struct{})}
	go s.commitLoop()
	return s
}

// close waits for the write in progress, refuses later ones with
// ErrClosed and closes both pools.
func (s *groupCommitter) close() error {
	s.closeOnce.Do(func() {
		close(s.closed)
		<-s.loopDone
		s.closeErr = s.read.Close()
		if err := s.write.db.Close(); s.closeErr == nil {
			s.closeErr = err
		}
	})
	return s.closeErr
}

// run: see writer. Writes run in BEGIN IMMEDIATE transactions; a write
// is never interrupted once started, as SQLite would roll back the whole
// shared transaction on an interrupted statement.
func (s *groupCommitter) run(ctx context.Context, fn func(ctx context.Context, tx *txn) error) error {
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

func (s *groupCommitter) commitLoop() {
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

func (s *groupCommitter) commitBatch(batch []*writeReq) {
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
func runWrite(r *writeReq, tx *txn) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("write panicked: %v", p)
		}
	}()
	return r.fn(context.WithoutCancel(r.ctx), tx)
}
