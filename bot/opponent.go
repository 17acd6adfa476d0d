package bot

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"runtime/debug"
	"sync"

	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/engine"
	"github.com/bermudachess/bermuda/games"
	"github.com/bermudachess/bermuda/play"
)

// computer plays the bot's side of games against the computer. Replies are
// queued, never run on an interaction's path: a player's /move commits,
// answers and returns, and the reply comes from a worker. Each search is
// single-threaded, and one core is left to interactions and pictures: at
// most NumCPU-1 searches run at once (one on a single core), the others
// wait their turn; each runs on a thread of lower priority (Linux), so
// that a busy machine still serves interactions first. With every core
// searching at normal priority, a /move's first callback waited behind
// the searches (BenchmarkFirstCallbackWhileComputerThinks).
// Closing cancels every search: a move that was due is left due, and made
// by the next start's scheduler pass.
type computer struct {
	b      *Bot
	slots  chan struct{} // one per search allowed to run
	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup

	mu        sync.Mutex
	idle      *sync.Cond // signalled whenever queued shrinks
	queued    map[int64]bool
	reviewing int // game reviews queued or running (review.go)
	thinking  int // searches running now
	stopped   bool
	limits    func(level int) engine.Limits
	// engineSearch is engine.Search (tests make it fail in ways the real
	// one should not).
	engineSearch func(context.Context, games.Game, engine.Limits) (engine.Result, error)
}

// opponent is the bot's computer player, made on first use.
func (b *Bot) opponent() *computer {
	b.computerOnce.Do(func() { b.computer = newComputer(b) })
	return b.computer
}

func newComputer(b *Bot) *computer {
	ctx, cancel := context.WithCancel(context.Background())
	c := &computer{b: b, slots: make(chan struct{}, max(1, runtime.NumCPU()-1)), ctx: ctx, cancel: cancel,
		queued: map[int64]bool{}, limits: levelLimits, engineSearch: engine.Search}
	c.idle = sync.NewCond(&c.mu)
	return c
}

// levelLimits is how the computer plays in production: the level's own
// time budget (engine defaults: 0.3 s at level 1 up to 2 s at level 5;
// 1 s at the default level 3), a fresh seed every move.
func levelLimits(level int) engine.Limits {
	return engine.Limits{Level: level, Seed: rand.Uint64()}
}

// setLimits replaces how each search is bounded (tests give a node budget
// so that games are quick and reproducible).
func (c *computer) setLimits(f func(level int) engine.Limits) {
	c.mu.Lock()
	c.limits = f
	c.mu.Unlock()
}

// due queues the game for the computer to act in, unless it already is.
// The worker acts as long as it is the computer's turn (several moves in
// a turn, or several turns in a row), then stops.
func (c *computer) due(gameID int64) {
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
		for c.b.computerMoveSurviving(c.ctx, gameID) {
		}
	}()
}

// search runs one search in a free slot, waiting for one if need be.
// history is the game's positions before g, so that the search sees
// repetitions of them.
func (c *computer) search(ctx context.Context, g games.Game, level int, history []games.Game) (engine.Result, error) {
	c.mu.Lock()
	limits, engineSearch := c.limits, c.engineSearch
	c.mu.Unlock()
	lim := limits(level)
	lim.History = history
	var res engine.Result
	var searchErr error
	if err := c.inSlot(ctx, func() { res, searchErr = engineSearch(ctx, g, lim) }); err != nil {
		return engine.Result{}, err
	}
	return res, searchErr
}

// inSlot runs job in one of the slots searches share, waiting for a free
// one (or for ctx to end), on an OS thread of its own at a lower priority,
// so that interactions get a core first when the machine is busy (the
// thread ends with the job, and its priority with it). A job that panics
// must not end the process: the panic comes back as an error.
func (c *computer) inSlot(ctx context.Context, job func()) error {
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

// analyse runs job (a game review) in the searches' pool: reviews and the
// computer's moves share its slots, so the machine keeps its core for
// interactions. A review is long (up to a minute of one core), so job gets
// yield, to call between moves: it hands the slot to a computer's search
// waiting for one, so that a player's opponent is not kept thinking behind
// a review. It reports false once the bot is closing. Cancelled at stop; a
// review cut short is taken over by a later pass (its lease lapses).
func (c *computer) analyse(job func(ctx context.Context, yield func())) bool {
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
			c.b.log.Error("a game review failed", "err", err)
		}
	}()
	return true
}

// stop cancels the searches, refuses new work and waits for the workers
// (a move already being committed is finished and shown).
func (c *computer) stop() {
	c.mu.Lock()
	c.stopped = true
	c.mu.Unlock()
	c.cancel()
	c.wg.Wait()
}

// wait blocks until no game is queued (tests).
func (c *computer) wait() {
	c.mu.Lock()
	for len(c.queued) > 0 || c.reviewing > 0 {
		c.idle.Wait()
	}
	c.mu.Unlock()
}

// computerSeat is the seat the bot itself plays in a game against the
// computer, or NoPlayer (play.ComputerSeat).
func (b *Bot) computerSeat(row db.Game) games.Player { return b.play.ComputerSeat(row) }

// computerToAct says whether the computer owes the next move in g.
func (b *Bot) computerToAct(row db.Game, g games.Game) bool { return b.play.ComputerToAct(row, g) }

// computerMoveSurviving is computerMove for the background worker: a
// panic is logged and ends this turn's work without ending the process;
// the game is left unlocked and due, for the next scheduler pass.
func (b *Bot) computerMoveSurviving(ctx context.Context, gameID int64) (again bool) {
	defer b.survive("the computer's move", gameID)
	return b.computerMove(ctx, gameID)
}

// computerMove makes one move for the computer in the game if it is its
// turn, through the same path as a player's move (rolls stored with the
// move in one transaction before anything is shown). It reports whether it
// moved and the game goes on, so that the caller looks again.
//
// Several replicas may search the same position (each one's scheduler
// finds the move due); the move is stored at the ply the search started
// from, so only the first to commit shows anything, and the others drop
// their copy of the game.
func (b *Bot) computerMove(ctx context.Context, gameID int64) bool {
	pos, row, seat, ok := b.computerTurn(ctx, gameID)
	if !ok {
		return false
	}
	ply, level := row.Ply, row.ComputerLevel

	res, err := b.opponent().search(ctx, pos, level, b.positionsBefore(ctx, row))
	if ctx.Err() != nil {
		return false // shutting down: the move stays due
	}
	if err != nil {
		b.log.Error("computer: search failed", "game", gameID, "err", err)
		return false
	}
	if res.Fallback {
		b.log.Error("computer: the search failed and played a random legal move", "game", gameID, "ply", ply)
	}

	// The same path as a player's move, at the ply the search started
	// from; without an interaction, the move is posted to the thread.
	moved, err := b.play.Move(ctx, play.Request{GameID: gameID, UserID: row.Players[seat], AtPly: ply}, res.Move.Notation)
	var ref *play.Refusal
	switch {
	case errors.Is(err, play.ErrIllegal):
		b.log.Error("computer: the engine's move does not apply", "game", gameID, "move", res.Move.Notation, "err", err)
		return false
	case errors.As(err, &ref):
		// Resigned, aborted or played meanwhile (here or on another
		// replica): nothing was stored or shown.
		return false
	case err != nil:
		b.log.Error("computer: storing its move", "game", gameID, "err", err)
		return false
	}
	return moved.Row.State == "active"
}

// computerTurn reads the position the computer must move from, if it is
// its turn; the game stays readable (/board, /moves) while it thinks.
func (b *Bot) computerTurn(ctx context.Context, gameID int64) (pos games.Game, row db.Game, seat games.Player, ok bool) {
	s, err := b.lockGame(ctx, gameID) // checked against the stored row
	if err != nil {
		b.log.Error("computer: loading the game", "game", gameID, "err", err)
		return nil, db.Game{}, games.NoPlayer, false
	}
	defer unlockDroppingOnPanic(s)
	if !b.computerToAct(s.Row, s.Game) {
		return nil, db.Game{}, games.NoPlayer, false
	}
	return s.Game.Clone(), s.Row, b.computerSeat(s.Row), true
}

// positionsBefore replays the stored game to list its positions before
// the current one. Without them the search still plays, only blind to
// repetitions of earlier positions, so a failure is logged, not fatal.
func (b *Bot) positionsBefore(ctx context.Context, row db.Game) []games.Game {
	rec, _, err := b.gameRecord(ctx, row)
	if err != nil {
		if ctx.Err() != nil {
			return nil // shutting down: the search returns at once anyway
		}
		b.log.Error("computer: reading the game's moves", "game", row.ID, "err", err)
		return nil
	}
	var out []games.Game
	_, err = games.ReplayEach(rec, func(st games.ReplayStep) {
		if st.Index >= 0 {
			out = append(out, st.Before)
		}
	})
	if err != nil {
		b.log.Error("computer: replaying the game", "game", row.ID, "err", err)
		return nil
	}
	return out
}

// unlockDroppingOnPanic unlocks s; if a panic is passing, it first drops
// the held copy of the game (it may be half changed), so that the next
// action reloads it from the store, and lets the panic go on.
func unlockDroppingOnPanic(s *session) {
	if p := recover(); p != nil {
		s.DropAndUnlock()
		panic(p)
	}
	s.Unlock()
}

func isUserError(err error) bool {
	var ue *UserError
	return errors.As(err, &ue)
}

// dueComputerMoves queues every game where the computer owes a move (it
// has no clock while it is to act: no deadline). Run by every scheduler
// pass, the first one at start-up, so a move due when the bot stopped is
// made after a restart.
func (b *Bot) dueComputerMoves(ctx context.Context) {
	rows, err := b.store.ComputerGames(ctx)
	if err != nil {
		b.log.Error("reading games against the computer", "err", err)
		return
	}
	for _, row := range rows {
		if row.Deadline.IsZero() && b.computerSeat(row) != games.NoPlayer {
			b.opponent().due(row.ID)
		}
	}
}
