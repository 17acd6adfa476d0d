package play

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"runtime"
	"runtime/debug"
	"sync"

	"github.com/bermudachess/bermuda/engine"
	"github.com/bermudachess/bermuda/games"
)

// Computer plays the computer's seat in games against it, for every front
// end. Replies are queued, never run on a request's path: a player's move
// commits, is answered and returns, and the reply comes from a worker.
// Each search is single-threaded, and one core is left to requests and
// pictures: at most NumCPU-1 searches run at once (one on a single core),
// the others wait their turn; each runs on a thread of lower priority
// (Linux), so that a busy machine still serves requests first. With every
// core searching at normal priority, a /move's first callback waited
// behind the searches (the bot's BenchmarkFirstCallbackWhileComputerThinks).
// Stop cancels every search: a move that was due is left due, and made by
// the next start's DueMoves.
type Computer struct {
	p      *Service
	log    *slog.Logger
	slots  chan struct{} // one per search allowed to run
	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup

	mu        sync.Mutex
	idle      *sync.Cond // signalled whenever queued shrinks
	queued    map[int64]bool
	reviewing int // analyses queued or running
	thinking  int // searches running now
	stopped   bool
	limits    func(level int) engine.Limits
	search    func(context.Context, games.Game, engine.Limits) (engine.Result, error)
}

// NewComputer makes the computer player of p's games.
func NewComputer(p *Service) *Computer {
	ctx, cancel := context.WithCancel(context.Background())
	c := &Computer{p: p, log: p.log, slots: make(chan struct{}, max(1, runtime.NumCPU()-1)), ctx: ctx, cancel: cancel,
		queued: map[int64]bool{}, limits: LevelLimits, search: engine.Search}
	c.idle = sync.NewCond(&c.mu)
	return c
}

// LevelLimits is how the computer plays in production: the level's own
// time budget (engine defaults: 0.3 s at level 1 up to 2 s at level 5;
// 1 s at the default level 3), a fresh seed every move.
func LevelLimits(level int) engine.Limits {
	return engine.Limits{Level: level, Seed: rand.Uint64()}
}

// SetLimits replaces how each search is bounded (tests give a node budget
// so that games are quick and reproducible).
func (c *Computer) SetLimits(f func(level int) engine.Limits) {
	c.mu.Lock()
	c.limits = f
	c.mu.Unlock()
}

// SetSearch replaces engine.Search (tests make it fail in ways the real
// one should not).
func (c *Computer) SetSearch(f func(context.Context, games.Game, engine.Limits) (engine.Result, error)) {
	c.mu.Lock()
	c.search = f
	c.mu.Unlock()
}

// Thinking is the number of searches running now; Slots how many may.
func (c *Computer) Thinking() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.thinking
}

func (c *Computer) Slots() int { return cap(c.slots) }

// Due queues the game for the computer to act in, unless it already is.
// The worker acts as long as it is the computer's turn (several moves in
// a turn, or several turns in a row), then stops.
func (c *Computer) Due(gameID int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.stopped || c.queued[gameID] {
		return
	}
	c.queued[gameID] = true
	c.wg.Add(1)
	go func() {
		defer c.wg.Done()
		defer func() {
			c.mu.Lock()
			delete(c.queued, gameID)
			c.idle.Broadcast()
			c.mu.Unlock()
		}()
		for c.moveSurviving(c.ctx, gameID) {
		}
	}()
}

// DueMoves queues every game where the computer owes a move (it has no
// clock while it is to act: no deadline). A scheduler runs it every pass,
// the first at start-up, so a move due when the process stopped is made
// after a restart.
func (c *Computer) DueMoves(ctx context.Context) {
	rows, err := c.p.store.ComputerGames(ctx)
	if err != nil {
		c.log.Error("reading games against the computer", "err", err)
		return
	}
	for _, row := range rows {
		if row.Deadline.IsZero() && c.p.ComputerSeat(row) != games.NoPlayer {
			c.Due(row.ID)
		}
	}
}

// searchIn runs one search in a free slot, waiting for one if need be.
// history is the game's positions before g, so that the search sees
// repetitions of them.
func (c *Computer) searchIn(ctx context.Context, g games.Game, level int, history []games.Game) (engine.Result, error) {
	c.mu.Lock()
	limits, search := c.limits, c.search
	c.mu.Unlock()
	lim := limits(level)
	lim.History = history
	var res engine.Result
	var searchErr error
	if err := c.inSlot(ctx, func() { res, searchErr = search(ctx, g, lim) }); err != nil {
		return engine.Result{}, err
	}
	return res, searchErr
}

// inSlot runs job in one of the slots searches share, waiting for a free
// one (or for ctx to end), on an OS thread of its own at a lower priority,
// so that requests get a core first when the machine is busy (the thread
// ends with the job, and its priority with it). A job that panics must not
// end the process: the panic comes back as an error.
func (c *Computer) inSlot(ctx context.Context, job func()) error {
	select {
	case c.slots <- struct{}{}:
	case <-ctx.Done():
		return ctx.Err()
	}
	c.mu.Lock()
	c.thinking++
	c.mu.Unlock()
	defer func() {
		c.mu.Lock()
		c.thinking--
		c.mu.Unlock()
		<-c.slots
	}()
	done := make(chan error, 1)
	go func() {
		runtime.LockOSThread()
		lowerThreadPriority()
		defer func() {
			if p := recover(); p != nil {
				done <- fmt.Errorf("the search panicked: %v\n%s", p, debug.Stack())
			}
		}()
		job()
		done <- nil
	}()
	return <-done
}

// Analyse runs job (a game review) in the searches' pool: reviews and the
// computer's moves share its slots, so the machine keeps its core for
// requests. A review is long (up to a minute of one core), so job gets
// yield, to call between moves: it hands the slot to a computer's search
// waiting for one, so that a player's opponent is not kept thinking behind
// a review. It reports false once the computer is stopping. Cancelled at
// Stop; a review cut short is taken over by a later pass (its lease lapses).
func (c *Computer) Analyse(job func(ctx context.Context, yield func())) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.stopped {
		return false
	}
	c.reviewing++
	c.wg.Add(1)
	go func() {
		defer c.wg.Done()
		defer func() {
			c.mu.Lock()
			c.reviewing--
			c.idle.Broadcast()
			c.mu.Unlock()
		}()
		yield := func() {
			// Waiting senders on a channel are served in order: a search
			// already waiting gets the slot before the review has it back.
			<-c.slots
			c.slots <- struct{}{}
		}
		if err := c.inSlot(c.ctx, func() { job(c.ctx, yield) }); err != nil && c.ctx.Err() == nil {
			c.log.Error("a game review failed", "err", err)
		}
	}()
	return true
}

// Stop cancels the searches, refuses new work and waits for the workers
// (a move already being committed is finished and shown).
func (c *Computer) Stop() {
	c.mu.Lock()
	c.stopped = true
	c.mu.Unlock()
	c.cancel()
	c.wg.Wait()
}

// Wait blocks until no game is queued and no analysis runs (tests).
func (c *Computer) Wait() {
	c.mu.Lock()
	for len(c.queued) > 0 || c.reviewing > 0 {
		c.idle.Wait()
	}
	c.mu.Unlock()
}

// moveSurviving is Move for the background worker: a panic is logged and
// ends this turn's work without ending the process; the game is left
// unlocked and due, for the next DueMoves.
func (c *Computer) moveSurviving(ctx context.Context, gameID int64) (again bool) {
	defer c.p.Survive("the computer's move", gameID)
	return c.Move(ctx, gameID)
}

// Move makes one move for the computer in the game if it is its turn,
// through the same path as a player's move (rolls stored with the move in
// one transaction before anything is shown). It reports whether it moved
// and the game goes on, so that the caller looks again.
//
// Several replicas may search the same position (each one's scheduler
// finds the move due); the move is stored at the ply the search started
// from, so only the first to commit shows anything, and the others drop
// their copy of the game.
func (c *Computer) Move(ctx context.Context, gameID int64) bool {
	pos, row, seat, ok, err := c.p.ComputerTurn(ctx, gameID)
	if err != nil {
		c.log.Error("computer: loading the game", "game", gameID, "err", err)
	}
	if !ok {
		return false
	}
	ply, level := row.Ply, row.ComputerLevel
	// Without the positions before, the search still plays, only blind to
	// repetitions of them, so a failure is logged, not fatal.
	history, err := c.p.History(ctx, row)
	if err != nil && ctx.Err() == nil {
		c.log.Error("computer: replaying the game's moves", "game", row.ID, "err", err)
	}
	res, err := c.searchIn(ctx, pos, level, history)
	if ctx.Err() != nil {
		return false // shutting down: the move stays due
	}
	if err != nil {
		c.log.Error("computer: search failed", "game", gameID, "err", err)
		return false
	}
	if res.Fallback {
		c.log.Error("computer: the search failed and played a random legal move", "game", gameID, "ply", ply)
	}
	// The same path as a player's move, at the ply the search started
	// from; with no Origin, the front ends show it as nobody's answer.
	moved, err := c.p.Move(ctx, Request{GameID: gameID, UserID: row.Players[seat], AtPly: ply}, res.Move.Notation)
	var ref *Refusal
	switch {
	case errors.Is(err, ErrIllegal):
		c.log.Error("computer: the engine's move does not apply", "game", gameID, "move", res.Move.Notation, "err", err)
		return false
	case errors.As(err, &ref):
		// Resigned, aborted or played meanwhile (here or on another
		// replica): nothing was stored or shown.
		return false
	case err != nil:
		c.log.Error("computer: storing its move", "game", gameID, "err", err)
		return false
	}
	return moved.Row.State == "active"
}
