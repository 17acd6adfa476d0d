package games

import (
	"fmt"
	"sort"
	"strings"
	"sync"
)

// Variant describes one game the bot hosts. Variant packages register one in
// their init function; the registry is read-only after start-up.
type Variant struct {
	ID      string // stable identifier used in commands and storage, e.g. "angle"
	Name    string // display name, e.g. "The Bermuda Chess Angle"
	Summary string // one or two sentences for players
	// Rules is a longer player-facing description: how it plays, its pieces,
	// what the dice do. Plain text with light Markdown.
	Rules string
	// Author, Year, Source and SourceURL cite the public text the rules come
	// from, as a player can look it up: who wrote it, when, its title and
	// where it appears, and its page (a site's front page when the text has
	// no fixed address). Never a file of this repository.
	Author    string
	Year      int
	Source    string
	SourceURL string
	// Reconstructed is true when the setup (or board) replaces a lost figure
	// of the source; ReconstructedNote says what was reconstructed.
	Reconstructed     bool
	ReconstructedNote string
	// Dice is true when the rules roll dice during play, so that what
	// follows a move is not known when it is made (the Angle's vanishings,
	// Random Move Number Chess's throws). Conditional moves are offered
	// only in variants without dice.
	Dice bool
	// Sides lists the armies in index order (Side 0, 1, …).
	Sides []Side
	// StartSetup is the position string of the normal start.
	StartSetup string
	// New builds a game from a position string; "" means StartSetup.
	New func(setup string) (Game, error)
}

var (
	registryMu sync.RWMutex
	registry   = map[string]Variant{}
)

// Register adds a variant. It panics on a duplicate or incomplete entry:
// that is a programming error caught at start-up, never a user input.
func Register(v Variant) {
	if v.ID == "" || v.Name == "" || v.New == nil {
		panic("games: Register needs ID, Name and New")
	}
	registryMu.Lock()
	defer registryMu.Unlock()
	if _, dup := registry[v.ID]; dup {
		panic("games: variant registered twice: " + v.ID)
	}
	registry[v.ID] = v
}

// Lookup finds a variant by id (case-insensitive).
func Lookup(id string) (Variant, error) {
	registryMu.RLock()
	defer registryMu.RUnlock()
	if v, ok := registry[strings.ToLower(strings.TrimSpace(id))]; ok {
		return v, nil
	}
	return Variant{}, fmt.Errorf("unknown variant %q; known variants: %s", id, strings.Join(idsLocked(), ", "))
}

// All returns every registered variant, sorted by id.
func All() []Variant {
	registryMu.RLock()
	defer registryMu.RUnlock()
	out := make([]Variant, 0, len(registry))
	for _, id := range idsLocked() {
		out = append(out, registry[id])
	}
	return out
}

func idsLocked() []string {
	ids := make([]string, 0, len(registry))
	for id := range registry {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

// NewGame builds a game of variant id from setup ("" = the start position).
func NewGame(id, setup string) (Game, error) {
	v, err := Lookup(id)
	if err != nil {
		return nil, err
	}
	return v.New(setup)
}
