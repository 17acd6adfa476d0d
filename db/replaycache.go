package db

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/bermudachess/bermuda/games"
)

// replayCache keeps the position each recently loaded game reached, with
// the exact record that produced it. LoadGame still reads the whole stored
// log every time: only when the stored log begins with the cached record,
// move for move and roll for roll, does it start from the cached position
// and replay just the newer plies (with the same checks as games.Replay).
// Any difference, such as a hand-edited row, means a full replay, so a
// tampered log is still reported, never papered over.
type replayCache struct {
	mu      sync.Mutex
	entries map[int64]*replayEntry
	tick    uint64
	max     int
}

type replayEntry struct {
	rec  games.Record
	pos  games.Game // never handed out or changed: callers get clones
	used uint64
}

func newReplayCache(max int) *replayCache {
	return &replayCache{entries: map[int64]*replayEntry{}, max: max}
}

// start returns a position to continue replaying rec from and how many of
// rec's plies it already includes; nil if the cache cannot help.
func (c *replayCache) start(id int64, rec games.Record) (games.Game, int) {
	if c == nil {
		return nil, 0
	}
	c.mu.Lock()
	e := c.entries[id]
	if e != nil {
		c.tick++
		e.used = c.tick
	}
	c.mu.Unlock()
	if e == nil || e.rec.Variant != rec.Variant || e.rec.Setup != rec.Setup ||
		!slices.Equal(e.rec.StartRolls, rec.StartRolls) || len(e.rec.Plies) > len(rec.Plies) {
		return nil, 0
	}
	for i, p := range e.rec.Plies {
		if p.Move != rec.Plies[i].Move || !slices.Equal(p.Rolls, rec.Plies[i].Rolls) {
			return nil, 0
		}
	}
	return e.pos.Clone(), len(e.rec.Plies)
}

// put remembers that rec replays to pos (it keeps its own copies).
func (c *replayCache) put(id int64, rec games.Record, pos games.Game) {
	if c == nil {
		return
	}
	rec.StartRolls = slices.Clone(rec.StartRolls)
	rec.Plies = slices.Clone(rec.Plies)
	e := &replayEntry{rec: rec, pos: pos.Clone()}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.entries[id]; !ok && len(c.entries) >= c.max {
		var oldest int64
		var oldestUse uint64 = ^uint64(0)
		for k, v := range c.entries {
			if v.used < oldestUse {
				oldest, oldestUse = k, v.used
			}
		}
		delete(c.entries, oldest)
	}
	c.tick++
	e.used = c.tick
	c.entries[id] = e
}

func (c *replayCache) drop(id int64) {
	if c == nil {
		return
	}
	c.mu.Lock()
	delete(c.entries, id)
	c.mu.Unlock()
}

// replay rebuilds rec's position, from the cache where it can.
func (c *replayCache) replay(id int64, rec games.Record) (games.Game, error) {
	pos, done := c.start(id, rec)
	var err error
	if pos == nil {
		pos, err = replaySafely(rec)
	} else {
		pos, err = replayFrom(pos, rec.Plies, done)
	}
	if err != nil {
		c.drop(id)
		return nil, err
	}
	c.put(id, rec, pos)
	return pos, nil
}

// replaySafely is games.Replay with a variant's panic on strange input
// turned into an error: one bad game must not take the bot down.
func replaySafely(rec games.Record) (g games.Game, err error) {
	defer func() {
		if p := recover(); p != nil {
			g, err = nil, fmt.Errorf("replay panicked: %v", p)
		}
	}()
	return games.Replay(rec)
}

// replayFrom continues a replay at plies[first], checking each ply as
// games.Replay does: every recorded roll used, the notation canonical.
func replayFrom(pos games.Game, plies []games.Ply, first int) (g games.Game, err error) {
	defer func() {
		if p := recover(); p != nil {
			g, err = nil, fmt.Errorf("replay panicked: %v", p)
		}
	}()
	for i := first; i < len(plies); i++ {
		p := plies[i]
		rolls := games.Script(p.Rolls...)
		next, ply, _, err := games.Apply(pos, p.Move, rolls)
		if err == nil && rolls.Remaining() != 0 {
			err = fmt.Errorf("%d rolls were recorded but not needed", rolls.Remaining())
		}
		if err == nil && ply.Move != p.Move {
			err = fmt.Errorf("stored notation is not canonical (canonical: %q)", ply.Move)
		}
		if err != nil {
			return nil, &games.ReplayError{Ply: i + 1, Move: p.Move, Err: err}
		}
		pos = next
	}
	return pos, nil
}

// parseRolls reads the rolls column ("[4,5]", "[]") without the cost of
// encoding/json; what json.Marshal writes always parses.
func parseRolls(s string) ([]int, error) {
	body, ok := strings.CutPrefix(strings.TrimSpace(s), "[")
	if body, ok = strings.CutSuffix(body, "]"); !ok {
		return nil, fmt.Errorf("rolls %q are not a list like [4,5]", s)
	}
	if strings.TrimSpace(body) == "" {
		return nil, nil
	}
	parts := strings.Split(body, ",")
	out := make([]int, len(parts))
	for i, p := range parts {
		n, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil {
			return nil, fmt.Errorf("rolls %q: %q is not a die face", s, p)
		}
		out[i] = n
	}
	return out, nil
}
