package bot

import (
	"context"
	"runtime"
	"sync"
	"time"
)

// workers runs long picture jobs (a whole game's animation, a rating
// chart's worth of history) off the interaction path: at most one per CPU
// at once, the others waiting for a slot. Handlers answer first and hand
// the job over; nothing an interaction needs within Discord's 3 seconds
// ever waits behind it.
type workers struct {
	slots chan struct{}
	wg    sync.WaitGroup

	mu      sync.Mutex
	stopped bool
}

func newWorkers() *workers {
	return &workers{slots: make(chan struct{}, runtime.NumCPU())}
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
		job()
	}()
	return true
}

// do runs job in a slot and waits for it, or for ctx to end (the job then
// still finishes in the background, its result dropped).
func (w *workers) do(ctx context.Context, job func()) error {
	done := make(chan struct{})
	if !w.run(func() { defer close(done); job() }) {
		return context.Canceled
	}
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

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
