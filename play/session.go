package play

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/games"
)

// Session is one game held in memory: its stored row and its rules state.
// Its mutex makes a game process one action at a time. A front end that
// holds a session (Lock, TryLock, Hold) may read and set Row and Game
// until it calls Unlock; setting Game to nil makes the next Lock reload
// the game from the store.
type Session struct {
	mu   sync.Mutex
	ID   int64
	Row  db.Game
	Game games.Game // nil until loaded
	// view is the game as of its last change, for readers that must not
	// wait behind an action (autocomplete has 3 seconds and no defer).
	// Game values are never changed once made (games.Apply plays on a
	// copy), so a view can be read while the next move is being played.
	view atomic.Pointer[View]
}

// View is a read-only snapshot of a session.
type View struct {
	Row     db.Game
	Players [2]string
	Active  bool
	Ply     int // the stored ply it shows, to tell whether it is current
	Game    games.Game
}

// ViewOf is the view of a game as row and g stand.
func ViewOf(row db.Game, g games.Game) View {
	return View{Row: row, Players: row.Players, Active: row.State == "active", Ply: row.Ply, Game: g}
}

// publish makes the current state the session's view. Call with s.mu held.
func (s *Session) publish() {
	if s.Game != nil {
		v := ViewOf(s.Row, s.Game)
		s.view.Store(&v)
	}
}

// Unlock publishes the session's state for readers and releases it.
func (s *Session) Unlock() {
	s.publish()
	s.mu.Unlock()
}

// release, deferred by every action, unlocks s; if a panic is passing, it
// first drops the held copy of the game (it may be half changed), so that
// the next action reloads it from the store, and lets the panic go on.
func (s *Session) release() {
	if r := recover(); r != nil {
		s.DropAndUnlock()
		panic(r)
	}
	s.Unlock()
}

// DropAndUnlock releases s after forgetting its rules state (it may be
// half changed, e.g. by a panic): the next action reloads the game.
func (s *Session) DropAndUnlock() {
	s.Row, s.Game = db.Game{}, nil
	s.mu.Unlock()
}

// PlayerOf returns which games.Player userID is in the game, or NoPlayer.
func (s *Session) PlayerOf(userID string) games.Player { return SeatOf(s.Row.Players, userID) }

// SeatOf returns which games.Player userID is among players (a game's
// seats, in games.Player order), or games.NoPlayer.
func SeatOf(players [2]string, userID string) games.Player {
	for p, id := range players {
		if id == userID {
			return games.Player(p)
		}
	}
	return games.NoPlayer
}

// CorruptError is a game whose stored move log does not replay: it is
// reported, never repaired.
type CorruptError struct {
	ID  int64
	Err error // the db.CorruptGameError's cause
}

func (e *CorruptError) Error() string { return fmt.Sprintf("game %d does not replay: %v", e.ID, e.Err) }

// Lock returns the game's session, loaded and locked. The caller must
// call Unlock. A game held from earlier is checked against the store
// first: another replica may have played in it.
func (p *Service) Lock(ctx context.Context, id int64) (*Session, error) {
	s := p.sessionOf(id)
	s.mu.Lock()
	return p.loadLocked(ctx, s)
}

// TryLock is Lock for a scheduler, which must not wait long behind an
// action in progress. ok is false if the game stayed busy for patience.
func (p *Service) TryLock(ctx context.Context, id int64, patience time.Duration) (s *Session, ok bool, err error) {
	s = p.sessionOf(id)
	for give := time.Now().Add(patience); !s.mu.TryLock(); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(give) || ctx.Err() != nil {
			return nil, false, nil
		}
	}
	s, err = p.loadLocked(ctx, s)
	return s, true, err
}

// Hold registers a game just created (row with its ID, g its start) as
// held, locked, so that a quick first action can neither load a second
// copy nor act before the front end has shown the game. Call Unlock,
// or Forget then Unlock if the game could not be opened.
func (p *Service) Hold(row db.Game, g games.Game) *Session {
	s := &Session{ID: row.ID, Row: row, Game: g}
	s.mu.Lock()
	p.mu.Lock()
	p.sessions[row.ID] = s
	p.mu.Unlock()
	return s
}

// Forget drops a game from memory (it ended, or never opened): anything
// that still needs it reads it from the store.
func (p *Service) Forget(id int64) {
	p.mu.Lock()
	delete(p.sessions, id)
	p.mu.Unlock()
}

// Held says whether the game is in memory (tests).
func (p *Service) Held(id int64) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	_, ok := p.sessions[id]
	return ok
}

func (p *Service) sessionOf(id int64) *Session {
	p.mu.Lock()
	defer p.mu.Unlock()
	s, ok := p.sessions[id]
	if !ok {
		s = &Session{ID: id}
		p.sessions[id] = s
	}
	return s
}

// loadLocked checks or loads the locked session s; on error s is unlocked.
func (p *Service) loadLocked(ctx context.Context, s *Session) (*Session, error) {
	id := s.ID
	if s.Game != nil {
		if err := p.checkHeld(ctx, s); err != nil {
			s.mu.Unlock()
			return nil, err
		}
	}
	if s.Game == nil {
		row, g, err := p.store.LoadGame(ctx, id)
		if err != nil {
			s.mu.Unlock()
			var ce *db.CorruptGameError
			if errors.As(err, &ce) {
				p.log.Error("corrupt game", "game", id, "err", err)
				return nil, &CorruptError{ID: id, Err: ce.Err}
			}
			return nil, err
		}
		s.Row, s.Game = row, g
	}
	return s, nil
}

// Several replicas may hold the same game in memory while players' moves
// reach whichever one Discord or the load balancer picked. The database is
// the truth: a held copy is used only after its ply and state are checked
// against the stored row, and a move is stored only at the ply it was
// played from (db.ErrPositionChanged otherwise), so nothing is lost,
// doubled, or decided on a stale position.

// checkHeld compares a held game with its stored row: the same ply and
// state keep the rules state (only the row is refreshed: a draw offer, a
// deadline); anything else drops it, so the caller reloads the game.
func (p *Service) checkHeld(ctx context.Context, s *Session) error {
	row, err := p.store.Game(ctx, s.ID)
	if err != nil {
		return err
	}
	if row.Ply != s.Row.Ply || row.State != s.Row.State {
		s.Game = nil
		return nil
	}
	s.Row = row
	return nil
}

// View returns the game's latest view without waiting for an action in
// progress (loading the game first if it is not in memory).
func (p *Service) View(ctx context.Context, id int64) (*View, error) {
	p.mu.Lock()
	s := p.sessions[id]
	p.mu.Unlock()
	if s != nil {
		if v := s.view.Load(); v != nil {
			return v, nil
		}
	}
	s, err := p.Lock(ctx, id)
	if err != nil {
		return nil, err
	}
	s.Unlock()
	return s.view.Load(), nil
}

// CurrentView is View, reloaded when the stored row shows the held one is
// behind.
func (p *Service) CurrentView(ctx context.Context, row db.Game) (*View, error) {
	v, err := p.View(ctx, row.ID)
	if err != nil || (v.Ply == row.Ply && v.Active == (row.State == "active")) {
		return v, err
	}
	s, err := p.Lock(ctx, row.ID) // checks the held copy against the store
	if err != nil {
		return nil, err
	}
	s.Unlock()
	return s.view.Load(), nil
}
