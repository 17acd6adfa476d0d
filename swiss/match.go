package swiss

// perfectMatching pairs every vertex of set (indices into allowed) using only
// allowed edges, or reports false when no such pairing exists. It is
// Edmonds' blossom algorithm for maximum cardinality matching in a general
// graph: complete, so pairing never gives up while a legal pairing exists.
// The search starts from a greedy matching, which in a Swiss round (where
// nearly every pair is allowed) leaves little to augment.
func perfectMatching(set []int, allowed [][]bool) (mate []int, ok bool) {
	return new(matcher).perfect(set, allowed)
}

// perfect is perfectMatching reusing m's buffers; mate is valid until the
// next call.
func (m *matcher) perfect(set []int, allowed [][]bool) (mate []int, ok bool) {
	n := len(set)
	if n%2 == 1 {
		return nil, false
	}
	m.load(set, allowed)
	for v := 0; v < n; v++ {
		if m.mate[v] == -1 && !m.augmentFrom(v) {
			// A vertex without an augmenting path now never gains one later.
			return nil, false
		}
	}
	return m.mate, true
}

// matchingSize is the number of pairs of a maximum matching of set.
func matchingSize(set []int, allowed [][]bool) int {
	m := new(matcher)
	m.load(set, allowed)
	size := 0
	for v := range set {
		if m.mate[v] == -1 {
			m.augmentFrom(v)
		}
	}
	for v := range set {
		if m.mate[v] > v {
			size++
		}
	}
	return size
}

// matcher is the state of one blossom search over local indices 0..n-1.
// Its slices are kept between searches: the pairing search asks thousands
// of times whether the players left can still all be paired.
type matcher struct {
	set     []int
	allowed [][]bool
	mate    []int
	parent  []int // alternating-tree parent of an outer vertex's partner side
	base    []int // base of the blossom a vertex currently belongs to
	outer   []bool
	inPath  []bool
	blossom []bool
	queue   []int
}

// load sets m up for the graph on set, starting from a greedy matching.
// Edges are read from allowed as needed: building adjacency lists would
// cost more than the search itself, which in a Swiss round rarely has
// anything left to augment.
func (m *matcher) load(set []int, allowed [][]bool) {
	n := len(set)
	if cap(m.mate) < n {
		m.mate, m.parent, m.base = make([]int, n), make([]int, n), make([]int, n)
		m.outer, m.inPath, m.blossom = make([]bool, n), make([]bool, n), make([]bool, n)
	}
	m.set, m.allowed = set, allowed
	m.mate, m.parent, m.base = m.mate[:n], m.parent[:n], m.base[:n]
	m.outer, m.inPath, m.blossom = m.outer[:n], m.inPath[:n], m.blossom[:n]
	for i := range m.mate {
		m.mate[i] = -1
	}
	for i, a := range set {
		if m.mate[i] != -1 {
			continue
		}
		row := allowed[a]
		for j := i + 1; j < n; j++ {
			if m.mate[j] == -1 && row[set[j]] {
				m.mate[i], m.mate[j] = j, i
				break
			}
		}
	}
}

// augmentFrom grows an alternating tree from the free vertex root and, on
// reaching another free vertex, flips the path; it reports success.
func (m *matcher) augmentFrom(root int) bool {
	for i := range m.parent {
		m.parent[i], m.base[i], m.outer[i] = -1, i, false
	}
	m.outer[root] = true
	m.queue = append(m.queue[:0], root)
	for len(m.queue) > 0 {
		v := m.queue[0]
		m.queue = m.queue[1:]
		row := m.allowed[m.set[v]]
		for to, b := range m.set {
			if to == v || !row[b] || m.base[v] == m.base[to] || m.mate[v] == to {
				continue
			}
			if to == root || (m.mate[to] != -1 && m.parent[m.mate[to]] != -1) {
				m.contract(v, to)
				continue
			}
			if m.parent[to] != -1 {
				continue
			}
			m.parent[to] = v
			if m.mate[to] == -1 {
				for u := to; u != -1; {
					pu := m.parent[u]
					next := m.mate[pu]
					m.mate[u], m.mate[pu] = pu, u
					u = next
				}
				return true
			}
			m.outer[m.mate[to]] = true
			m.queue = append(m.queue, m.mate[to])
		}
	}
	return false
}

// contract shrinks the odd cycle closed by the edge v–to into one blossom
// whose vertices all become outer.
func (m *matcher) contract(v, to int) {
	b := m.commonBase(v, to)
	for i := range m.blossom {
		m.blossom[i] = false
	}
	m.markPath(v, b, to)
	m.markPath(to, b, v)
	for i := range m.base {
		if m.blossom[m.base[i]] {
			m.base[i] = b
			if !m.outer[i] {
				m.outer[i] = true
				m.queue = append(m.queue, i)
			}
		}
	}
}

// commonBase is the lowest common blossom base of a and b in the tree.
func (m *matcher) commonBase(a, b int) int {
	for i := range m.inPath {
		m.inPath[i] = false
	}
	for {
		a = m.base[a]
		m.inPath[a] = true
		if m.mate[a] == -1 {
			break
		}
		a = m.parent[m.mate[a]]
	}
	for {
		b = m.base[b]
		if m.inPath[b] {
			return b
		}
		b = m.parent[m.mate[b]]
	}
}

// markPath walks from v up to the blossom base b, marking the blossoms on the
// way and pointing parents back along the cycle through child.
func (m *matcher) markPath(v, b, child int) {
	for m.base[v] != b {
		m.blossom[m.base[v]], m.blossom[m.base[m.mate[v]]] = true, true
		m.parent[v] = child
		child = m.mate[v]
		v = m.parent[m.mate[v]]
	}
}
