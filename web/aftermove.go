package web

// A move reaching the open pages: after a move every open page wants it at
// once (200 of them, on every replica). Each replica reads the game once
// for all of them (afterMove), the move's event carries the move
// (moveEvent), and a page that is further behind asks data.json?ply=,
// answered from the same reading (modelAfterMove).

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"time"
)

// plyKey is a game after a number of moves.
type plyKey struct {
	id  int64
	ply int
}

// fresh is how long a model answers the pages that heard of its move
// without the game's row being read again (afterMove): enough for
// every open page to ask after a move, short enough that a server turning
// its pages off, or a clock moved by a holiday, shows within seconds.
const fresh = 10 * time.Second

// modelAfterMove answers a page that heard of move ply (data.json?ply=)
// with afterMove; nil after an answer was written.
func (s *Server) modelAfterMove(w http.ResponseWriter, r *http.Request, ply int) *model {
	id, ok := s.gameOf(r.PathValue("token"))
	if !ok {
		notFound(w)
		return nil
	}
	m, err := s.afterMove(r.Context(), id, ply)
	if m == nil && err == nil {
		return nil // the reader left
	}
	return s.modelOrError(w, id, m, err)
}

// afterMove is the model of game id after move ply, for the pages that
// heard of that move (its event, or data.json?ply=), without reading the
// game's row when a model of that ply read at most fresh ago is at hand.
// After a move every open page wants it at once, and reading the row (and
// the server's switch) for each was a query or two per page. A ply's moves
// never change; what can change at the same ply
// is an end without a move (resignation, time, agreement), whose event is
// a look (live.Event), after which the page reads the game again, and the
// deadline (a holiday), which fresh bounds. Among the models of that ply
// the most advanced is taken: a game that ended at a ply never becomes
// active again there. Without one, the row is read once for all the pages
// asking. (nil, nil): ctx ended first.
func (s *Server) afterMove(ctx context.Context, id int64, ply int) (*model, error) {
	k := plyKey{id, ply}
	s.mu.Lock()
	if m := s.cachedAfter(k); m != nil {
		s.mu.Unlock()
		return m, nil
	}
	l := s.catching[k]
	if l == nil {
		l = &loading{done: make(chan struct{})}
		s.catching[k] = l
		s.mu.Unlock()
		func() {
			defer func() {
				if p := recover(); p != nil {
					l.m, l.err = nil, fmt.Errorf("reading game %d: %v", id, p)
				}
			}()
			l.m, l.err = s.current(context.WithoutCancel(ctx), id)
		}()
		s.mu.Lock()
		delete(s.catching, k)
		s.mu.Unlock()
		close(l.done)
	} else {
		s.mu.Unlock()
	}
	select {
	case <-l.done:
		return l.m, l.err
	case <-ctx.Done():
		return nil, nil
	}
}

// cachedAfter is the most advanced model of k read at most fresh ago, or
// nil (also when a more advanced one is older: the game moved on from the
// fresh one). s.mu is held.
func (s *Server) cachedAfter(k plyKey) *model {
	for _, c := range [...]struct {
		state    string
		reviewed bool
	}{{"finished", true}, {"finished", false}, {"aborted", true}, {"aborted", false}, {"active", false}} {
		if m := s.cache[cacheKey{k.id, k.ply, c.state, c.reviewed}]; m != nil {
			if s.o.Now().Sub(m.read) < fresh {
				return m
			}
			return nil
		}
	}
	return nil
}

// moveEvent is the event of a change: {"ply":N}, and for move N also "d",
// the game from ply N-1 on as data.json?from=N-1 has it (the move, the
// positions before and after it, the players and the clock; never the
// board's geometry), read as afterMove reads it: a page that has N-1 moves
// shows the move without asking (after a move every open page asked for
// it at once: 200 requests, most of the time the move took to reach them
// and most of the processor's). A page that lacks more moves, or a server
// that cannot read the game now, fetches data.json as before.
func (s *Server) moveEvent(ctx context.Context, id int64, ply int) string {
	bare := "event: move\ndata: {\"ply\":" + strconv.Itoa(ply) + "}\n\n"
	if ply < 1 {
		return bare
	}
	m, err := s.afterMove(ctx, id, ply)
	if err != nil || m == nil || len(m.data.Moves) < ply {
		return bare
	}
	a, err := m.answer(ply-1, false, true)
	if err != nil {
		return bare
	}
	return "event: move\ndata: {\"ply\":" + strconv.Itoa(ply) + ",\"d\":" + string(a.body) + "}\n\n"
}
