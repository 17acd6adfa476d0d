package bot

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/games"
)

// session is one game held in memory: its stored row and its rules state.
// Its mutex makes a game process one action at a time.
type session struct {
	mu   sync.Mutex
	id   int64
	row  db.Game
	game games.Game // nil until loaded
	// boardStale: the last board post failed for good, so the next
	// reminder carries the board (/board always does).
	boardStale bool
	// view is the game as of its last change, for readers that must not
	// wait behind an action (autocomplete has 3 seconds and no defer).
	// Game values are never changed once made (games.Apply plays on a
	// copy), so a view can be read while the next move is being played.
	view atomic.Pointer[gameView]
}

// gameView is a read-only snapshot of a session.
type gameView struct {
	players [2]string
	active  bool
	ply     int // the stored ply it shows, to tell whether it is current
	game    games.Game
}

// publish makes the current state the session's view. Call with s.mu held.
func (s *session) publish() {
	if s.game != nil {
		s.view.Store(&gameView{players: s.row.Players, active: s.row.State == "active", ply: s.row.Ply, game: s.game})
	}
}

// lockGame returns the game's session, loaded and locked. The caller must
// call unlock. A game that fails to replay is reported, never repaired. A
// game held from earlier is checked against the store first (checkHeld):
// another replica may have played in it.
func (b *Bot) lockGame(ctx context.Context, id int64) (*session, error) {
	s := b.sessionOf(id)
	s.mu.Lock()
	return b.loadLocked(ctx, s)
}

// tryLockGame is lockGame for the scheduler, which must not wait long
// behind an action in progress: its Discord calls may be retried for
// minutes in an outage, and every other game's reminder would wait too.
// ok is false if the game stayed busy for patience; it is still due at
// the next tick.
func (b *Bot) tryLockGame(ctx context.Context, id int64, patience time.Duration) (s *session, ok bool, err error) {
	s = b.sessionOf(id)
	for give := time.Now().Add(patience); !s.mu.TryLock(); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(give) || ctx.Err() != nil {
			return nil, false, nil
		}
	}
	s, err = b.loadLocked(ctx, s)
	return s, true, err
}

func (b *Bot) sessionOf(id int64) *session {
	b.mu.Lock()
	defer b.mu.Unlock()
	s, ok := b.sessions[id]
	if !ok {
		s = &session{id: id}
		b.sessions[id] = s
	}
	return s
}

// loadLocked checks or loads the locked session s; on error s is unlocked.
func (b *Bot) loadLocked(ctx context.Context, s *session) (*session, error) {
	id := s.id
	if s.game != nil {
		if err := b.checkHeld(ctx, s); err != nil {
			s.mu.Unlock()
			return nil, err
		}
	}
	if s.game == nil {
		row, g, err := b.store.LoadGame(ctx, id)
		if err != nil {
			s.mu.Unlock()
			var ce *db.CorruptGameError
			if errors.As(err, &ce) {
				b.log.Error("corrupt game", "game", id, "err", err)
				return nil, userErrorf("⚠️ Game #%d cannot be loaded: its stored move log does not replay (%v). An admin has to look at it; nothing was changed.", id, ce.Err)
			}
			return nil, err
		}
		s.row, s.game = row, g
	}
	return s, nil
}

func (s *session) unlock() {
	s.publish()
	s.mu.Unlock()
}

// gameView returns the game's latest view without waiting for an action
// in progress (loading the game first if it is not in memory).
func (b *Bot) gameView(ctx context.Context, id int64) (*gameView, error) {
	b.mu.Lock()
	s := b.sessions[id]
	b.mu.Unlock()
	if s != nil {
		if v := s.view.Load(); v != nil {
			return v, nil
		}
	}
	s, err := b.lockGame(ctx, id)
	if err != nil {
		return nil, err
	}
	s.unlock()
	return s.view.Load(), nil
}

// gameInThread finds the game whose thread this is, locked.
func (b *Bot) gameInThread(ctx context.Context, r *request) (*session, error) {
	row, err := b.store.GameByThread(ctx, r.i.ChannelID)
	if errors.Is(err, db.ErrNotFound) {
		return nil, b.noGameHere(ctx, r)
	}
	if err != nil {
		return nil, err
	}
	return b.lockGame(ctx, row.ID)
}

// playerOf returns which games.Player userID is in the game, or -1.
func (s *session) playerOf(userID string) games.Player { return seatOf(s.row.Players, userID) }

// seatOf returns which games.Player userID is among players (a game's
// seats, in games.Player order), or games.NoPlayer.
func seatOf(players [2]string, userID string) games.Player {
	for p, id := range players {
		if id == userID {
			return games.Player(p)
		}
	}
	return games.NoPlayer
}

// requirePlayer refuses anyone who is not one of the game's players.
func (s *session) requirePlayer(userID string) (games.Player, error) {
	p := s.playerOf(userID)
	if p == games.NoPlayer {
		return p, userErrorf("You are not a player in this game: only <@%s> and <@%s> can do that here.", s.row.Players[0], s.row.Players[1])
	}
	return p, nil
}

// requireActive refuses actions on a finished game.
func (s *session) requireActive() error {
	if s.row.State != "active" {
		return userErrorf("This game is already over (%s). Start a new one with `/rematch` or `/challenge`.", s.row.Reason)
	}
	return nil
}

// playerGame finds this thread's game, locked, for an action only its
// players may take while it is active. The caller must unlock it.
func (b *Bot) playerGame(ctx context.Context, r *request) (*session, games.Player, error) {
	s, err := b.gameInThread(ctx, r)
	if err != nil {
		return nil, games.NoPlayer, err
	}
	if err := s.requireActive(); err != nil {
		s.unlock()
		return nil, games.NoPlayer, err
	}
	p, err := s.requirePlayer(r.userID())
	if err != nil {
		s.unlock()
		return nil, games.NoPlayer, err
	}
	return s, p, nil
}
