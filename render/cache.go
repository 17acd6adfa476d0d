package render

import "sync"

// memo is a map shared by concurrent renders, bounded in bytes: when an
// entry would take it over its budget it is emptied and refilled on
// demand. Renders use a handful of sizes, so in practice it never fills;
// the bound only keeps a caller that tries every size from growing memory
// without end.
type memo[K comparable, V any] struct {
	mu     sync.Mutex
	m      map[K]V
	bytes  int
	budget int
}

func newMemo[K comparable, V any](budget int) *memo[K, V] {
	return &memo[K, V]{m: map[K]V{}, budget: budget}
}

func (c *memo[K, V]) get(k K) (V, bool) {
	c.mu.Lock()
	v, ok := c.m[k]
	c.mu.Unlock()
	return v, ok
}

// put stores v unless another render stored k first, and returns the
// value to use.
func (c *memo[K, V]) put(k K, v V, size int) V {
	c.mu.Lock()
	defer c.mu.Unlock()
	if old, ok := c.m[k]; ok {
		return old
	}
	if c.bytes+size > c.budget {
		clear(c.m)
		c.bytes = 0
	}
	c.m[k] = v
	c.bytes += size
	return v
}

// reset empties the memo (benchmarks measuring cold renders).
func (c *memo[K, V]) reset() {
	c.mu.Lock()
	clear(c.m)
	c.bytes = 0
	c.mu.Unlock()
}
