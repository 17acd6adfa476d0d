package bot

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"runtime"
	"runtime/debug"
	"sync"
	"time"
)

// workers runs long picture jobs (a whole game's animation, a rating
// chart's worth of history) off the interaction path: at most one per CPU
// at once, the others waiting for a slot. Handlers answer first and hand
// the job over; nothing an interaction needs within Discord's 3 seconds
// ever waits behind it.
type workers struct {
	log   *slog.Logger
	slots chan struct{}
	wg    sync.WaitGroup

	mu      sync.Mutex
	stopped bool
}

func newWorkers(log *slog.Logger) *workers {
	return &workers{log: log, slots: make(chan struct{}, runtime.NumCPU())}
}

// run starts job in the background once a slot is free. It reports false
// (and runs nothing) once the bot is draining.
func (w *workers) run(job func()) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.stopped {
		return false
	}
	w.wg.Add(1)
	go func() {
		defer w.wg.Done()
		w.slots <- struct{}{}
		defer func() { <-w.slots }()
		// A picture that cannot be drawn must not end the process (and
		// every game with it): the panic is logged, the slot freed.
		defer func() {
			if p := recover(); p != nil {
				w.log.Error("picture job panicked", "panic", fmt.Sprint(p), "stack", string(debug.Stack()))
			}
		}()
		job()
	}()
	return true
}

// do runs job in a slot and waits for it, or for ctx to end (the job then
// still finishes in the background, its result dropped).
func (w *workers) do(ctx context.Context, job func()) error {
	done := make(chan bool, 1) // whether job returned, rather than panicked
	if !w.run(func() {
		returned := false
		defer func() { done <- returned }()
		job()
		returned = true
	}) {
		return context.Canceled
	}
	select {
	case returned := <-done:
		if !returned {
			return errJobPanicked
		}
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

var errJobPanicked = errors.New("the picture job failed (panicked; see the log)")

// wait blocks until every job started has finished (tests, and Drain).
func (w *workers) wait() { w.wg.Wait() }

// stop refuses new jobs and waits up to timeout for those running.
func (w *workers) stop(timeout time.Duration) bool {
	w.mu.Lock()
	w.stopped = true
	w.mu.Unlock()
	done := make(chan struct{})
	go func() { w.wait(); close(done) }()
	select {
	case <-done:
		return true
	case <-time.After(timeout):
		return false
	}
}
