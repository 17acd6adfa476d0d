// Package live tells open web pages that a game changed: a move was stored
// or the game ended, by whatever made it (a Discord interaction, the
// computer, the scheduler, later a web page). A Notifier publishes an
// Event after the change is committed; a Hub fans events out to the
// subscribers of one game in this process. With SQLite there is one process
// and the Hub is the whole story (Local). With PostgreSQL several replicas
// share the database, so each publishes with NOTIFY and each LISTENs, and
// every replica's Hub hears every move (Postgres).
//
// Store wraps a db.Store so that every committed move and game end is
// published, whichever code path made it: the bot needs no change.
package live

import (
	"context"
	"sync"
	"time"

	"github.com/bermudachess/bermuda/db"
)

// Event says that a game changed. Ply is the number of moves stored after
// a move, and -1 ("look") for any other change: an end without a move
// (resignation, time, agreement, a forfeit), a draw offer, or events that
// may have been lost. So a positive Ply means exactly "move Ply was
// stored, and nothing else since": a page can ask for that ply's data,
// which a server may already hold, where a look must read the game again.
type Event struct {
	GameID int64
	Ply    int
}

// Notifier publishes events after their change is committed. Publish must
// not block for long: it runs on the path of the move.
type Notifier interface {
	Publish(ctx context.Context, ev Event)
}

// Source lets a page follow one game: Subscribe returns a channel of its
// events and a function that ends the subscription. A subscriber that
// falls behind loses events but is never blocked on: the channel holds
// the latest news (a page only needs to know that something changed).
type Source interface {
	Subscribe(gameID int64) (<-chan Event, func())
}

// Hub fans events out to the subscribers of each game in this process.
type Hub struct {
	mu   sync.Mutex
	subs map[int64]map[chan Event]struct{}
}

// NewHub makes an empty hub.
func NewHub() *Hub { return &Hub{subs: map[int64]map[chan Event]struct{}{}} }

// Subscribe follows gameID.
func (h *Hub) Subscribe(gameID int64) (<-chan Event, func()) {
	ch := make(chan Event, 4)
	h.mu.Lock()
	if h.subs[gameID] == nil {
		h.subs[gameID] = map[chan Event]struct{}{}
	}
	h.subs[gameID][ch] = struct{}{}
	h.mu.Unlock()
	var once sync.Once
	return ch, func() {
		once.Do(func() {
			h.mu.Lock()
			delete(h.subs[gameID], ch)
			if len(h.subs[gameID]) == 0 {
				delete(h.subs, gameID)
			}
			h.mu.Unlock()
		})
	}
}

// Subscribers counts the subscriptions to gameID (tests, metrics).
func (h *Hub) Subscribers(gameID int64) int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.subs[gameID])
}

// Deliver hands ev to this process's subscribers of its game. A full
// channel drops its oldest event for this one.
func (h *Hub) Deliver(ev Event) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for ch := range h.subs[ev.GameID] {
		for {
			select {
			case ch <- ev:
			default:
				select {
				case <-ch: // drop the oldest and try again
					continue
				default:
				}
			}
			break
		}
	}
}

// DeliverAll tells every subscriber to check its game (Ply -1): events
// may have been lost.
func (h *Hub) DeliverAll() {
	h.mu.Lock()
	ids := make([]int64, 0, len(h.subs))
	for id := range h.subs {
		ids = append(ids, id)
	}
	h.mu.Unlock()
	for _, id := range ids {
		h.Deliver(Event{GameID: id, Ply: -1})
	}
}

// Local is the Notifier of a single process: events go straight to its hub.
type Local struct{ *Hub }

// Publish delivers ev in this process.
func (l Local) Publish(_ context.Context, ev Event) { l.Deliver(ev) }

// Store publishes an event after every committed move and game end of the
// wrapped store (AppendMove, EndGame, and the forfeits of
// WithdrawFromTournament: every write that ends a game or adds a move).
// Everything else passes through.
type Store struct {
	db.Store
	N Notifier
}

// AppendMove stores the move, then publishes it.
func (s Store) AppendMove(ctx context.Context, gameID int64, expectedPly int, m db.Move, deadline, reminderAt time.Time, end *db.End) (db.Result, error) {
	res, err := s.Store.AppendMove(ctx, gameID, expectedPly, m, deadline, reminderAt, end)
	if err == nil {
		s.N.Publish(context.WithoutCancel(ctx), Event{GameID: gameID, Ply: expectedPly + 1})
	}
	return res, err
}

// WithdrawFromTournament withdraws a player, then publishes each game
// their withdrawal forfeited.
func (s Store) WithdrawFromTournament(ctx context.Context, id int64, userID string) (db.Withdrawal, error) {
	w, err := s.Store.WithdrawFromTournament(ctx, id, userID)
	if err == nil {
		for _, b := range w.Forfeited {
			if b.GameID != 0 {
				s.publishEnd(ctx, b.GameID)
			}
		}
	}
	return w, err
}

// EndGame ends the game, then publishes it.
func (s Store) EndGame(ctx context.Context, gameID int64, end db.End) (db.Result, error) {
	res, err := s.Store.EndGame(ctx, gameID, end)
	if err == nil {
		s.publishEnd(ctx, gameID)
	}
	return res, err
}

// SetDrawOffer stores a draw offer (or its answer), then publishes the
// game as it stands, so the other player's open page shows the offer.
func (s Store) SetDrawOffer(ctx context.Context, gameID int64, by int) error {
	err := s.Store.SetDrawOffer(ctx, gameID, by)
	if err == nil {
		s.publishEnd(ctx, gameID)
	}
	return err
}

// publishEnd publishes a game that ended, or changed, without a move: a
// look (Ply -1), never the game's ply, which would read as its last move
// again (a page that missed that move's event would take the copy of the
// game from before the end).
func (s Store) publishEnd(ctx context.Context, gameID int64) {
	s.N.Publish(context.WithoutCancel(ctx), Event{GameID: gameID, Ply: -1})
}
