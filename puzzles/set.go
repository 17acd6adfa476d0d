package puzzles

import (
	"bufio"
	"bytes"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"sort"
)

// shipped holds the puzzle sets in the repository, one JSON-lines file per
// variant, so the bot carries them in its binary.
//
//go:embed data/*.jsonl
var shipped embed.FS

// Set is one variant's puzzles, by rating then id.
type Set struct {
	Variant string
	Puzzles []Puzzle
}

// Load reads the shipped set of a variant.
func Load(variant string) (*Set, error) {
	b, err := shipped.ReadFile("data/" + variant + ".jsonl")
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("no puzzles are shipped for %q", variant)
	}
	if err != nil {
		return nil, err
	}
	ps, err := ReadJSONL(bytes.NewReader(b))
	if err != nil {
		return nil, fmt.Errorf("data/%s.jsonl: %w", variant, err)
	}
	return NewSet(variant, ps)
}

// ShippedVariants lists the variants with a shipped set.
func ShippedVariants() []string {
	entries, _ := shipped.ReadDir("data")
	var out []string
	for _, e := range entries {
		if n := e.Name(); len(n) > len(".jsonl") && n[len(n)-len(".jsonl"):] == ".jsonl" {
			out = append(out, n[:len(n)-len(".jsonl")])
		}
	}
	return out
}

// NewSet makes a set of one variant's puzzles, sorted by rating then id;
// a puzzle of another variant or a repeated id is an error.
func NewSet(variant string, ps []Puzzle) (*Set, error) {
	seen := map[string]bool{}
	for _, p := range ps {
		if p.Variant != variant {
			return nil, fmt.Errorf("puzzle %s is for %q, not %q", p.ID, p.Variant, variant)
		}
		if seen[p.ID] {
			return nil, fmt.Errorf("puzzle id %s appears twice", p.ID)
		}
		seen[p.ID] = true
	}
	s := &Set{Variant: variant, Puzzles: append([]Puzzle(nil), ps...)}
	sort.SliceStable(s.Puzzles, func(i, j int) bool {
		a, b := s.Puzzles[i], s.Puzzles[j]
		if a.Rating != b.Rating {
			return a.Rating < b.Rating
		}
		return a.ID < b.ID
	})
	return s, nil
}

// ByID finds a puzzle.
func (s *Set) ByID(id string) (*Puzzle, bool) {
	for i := range s.Puzzles {
		if s.Puzzles[i].ID == id {
			return &s.Puzzles[i], true
		}
	}
	return nil, false
}

// Near picks the puzzle whose rating is closest to rating among those skip
// does not rule out (skip may be nil: a player's solved puzzles, say).
// Ties go to the lower rating, then the smaller id, so the choice is
// reproducible; false when every puzzle is skipped.
func (s *Set) Near(rating int, skip func(id string) bool) (*Puzzle, bool) {
	best, bestGap := -1, 0
	for i, p := range s.Puzzles {
		if skip != nil && skip(p.ID) {
			continue
		}
		gap := p.Rating - rating
		if gap < 0 {
			gap = -gap
		}
		if best < 0 || gap < bestGap {
			best, bestGap = i, gap
		}
	}
	if best < 0 {
		return nil, false
	}
	return &s.Puzzles[best], true
}

// ReadJSONL reads puzzles, one JSON object a line (blank lines skipped).
func ReadJSONL(r io.Reader) ([]Puzzle, error) {
	var out []Puzzle
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	for line := 1; sc.Scan(); line++ {
		b := bytes.TrimSpace(sc.Bytes())
		if len(b) == 0 {
			continue
		}
		var p Puzzle
		dec := json.NewDecoder(bytes.NewReader(b))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&p); err != nil {
			return nil, fmt.Errorf("line %d: %w", line, err)
		}
		if p.ID == "" || p.Variant == "" || p.Position == "" || len(p.Solution) == 0 {
			return nil, fmt.Errorf("line %d: id, variant, position and solution are all required", line)
		}
		out = append(out, p)
	}
	return out, sc.Err()
}

// WriteJSONL writes puzzles one JSON object a line.
func WriteJSONL(w io.Writer, ps []Puzzle) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	for _, p := range ps {
		if p.Themes == nil {
			p.Themes = []string{}
		}
		if err := enc.Encode(p); err != nil {
			return err
		}
	}
	return nil
}
