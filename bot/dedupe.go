package bot

import (
	"sync"
	"time"
)

// recentIDs remembers interaction ids seen in the last ttl, at most max of
// them. Discord never redelivers an interaction after its 15-minute token
// has expired; an id forgotten early costs nothing for an action (its claim
// in the database still holds) and for an autocomplete only a second list
// of suggestions, which Discord refuses.
type recentIDs struct {
	mu    sync.Mutex
	ttl   time.Duration
	max   int
	seen  map[string]time.Time
	order []string // ids oldest first; order[head:] are live
	head  int
}

func newRecentIDs(ttl time.Duration, max int) *recentIDs {
	return &recentIDs{ttl: ttl, max: max, seen: make(map[string]time.Time)}
}

// first records id at now and reports whether it was new.
func (r *recentIDs) first(id string, now time.Time) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.expire(now)
	if _, dup := r.seen[id]; dup {
		return false
	}
	r.seen[id] = now
	r.order = append(r.order, id)
	return true
}

// expire drops ids older than ttl, and the oldest until one more fits.
func (r *recentIDs) expire(now time.Time) {
	for r.head < len(r.order) {
		id := r.order[r.head]
		if len(r.order)-r.head < r.max && now.Sub(r.seen[id]) < r.ttl {
			break
		}
		delete(r.seen, id)
		r.order[r.head] = ""
		r.head++
	}
	// Reuse the slice once the dead prefix is at least half of it.
	if r.head > 0 && r.head >= len(r.order)/2 {
		r.order = append(r.order[:0], r.order[r.head:]...)
		r.head = 0
	}
}

func (r *recentIDs) len() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.seen)
}
