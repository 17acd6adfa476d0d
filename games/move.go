package games

import (
	"fmt"
	"sort"
	"strings"
)

// Move is one legal move as the core sees it. Variants keep their own fast
// representation internally and map a Move back by its Notation.
type Move struct {
	// Notation is the canonical text, unique among the legal moves of a
	// position: what is stored in the move log and replayed.
	Notation string
	// Label is a readable description for menus, e.g. "Nf3 (knight g1→f3)".
	Label string
	// Aliases are other accepted spellings (SAN, UCI, …).
	Aliases []string
	Side    Side   // the army that moves
	From    string // cell names, for highlights and autocomplete filtering
	To      string
}

// MoveError explains why typed input is not a legal move.
type MoveError struct {
	Input string
	// Reason says what was wrong, e.g. "no legal move matches" or
	// "ambiguous: it could be Nbd2 or Nfd2".
	Reason string
	// Suggestions are a few legal moves close to what was typed.
	Suggestions []string
}

func (e *MoveError) Error() string {
	msg := fmt.Sprintf("%q is not a legal move: %s", e.Input, e.Reason)
	if len(e.Suggestions) > 0 {
		msg += "; legal moves include " + strings.Join(e.Suggestions, ", ")
	}
	return msg
}

// squash removes what people type between squares and around moves.
func squash(s string) string {
	var b strings.Builder
	for _, r := range strings.TrimSpace(s) {
		switch r {
		case ' ', '\t', '-', 'x', 'X', ':', '+', '#', '!', '?', '→', '×', '=':
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// MatchMove finds the one legal move that text names. It tries, in order:
// an exact spelling, the spelling without separators (case kept, so that
// Bermuda's E2 and e2 stay apart and SAN's B and b too), then the same
// ignoring case. The first step with exactly one match wins; several matches
// at the last step are reported as ambiguous.
//
// Note: 'x' and 'X' are treated as separators, so notations must not use
// them as cell names.
func MatchMove(text string, legal []Move) (Move, error) {
	in := strings.TrimSpace(text)
	if in == "" {
		return Move{}, &MoveError{Input: text, Reason: "nothing was typed", Suggestions: Suggest("", legal, 5)}
	}
	if len(legal) == 0 {
		return Move{}, &MoveError{Input: text, Reason: "there is no legal move in this position"}
	}
	steps := []func(string) string{
		func(s string) string { return strings.Join(strings.Fields(s), "") },
		squash,
		func(s string) string { return strings.ToLower(squash(s)) },
	}
	var last []Move
	for _, norm := range steps {
		want := norm(in)
		var hits []Move
		for _, m := range legal {
			for _, spelling := range spellings(m) {
				if norm(spelling) == want {
					hits = append(hits, m)
					break
				}
			}
		}
		if len(hits) == 1 {
			return hits[0], nil
		}
		last = hits
	}
	if len(last) > 1 {
		names := make([]string, 0, len(last))
		for _, m := range last {
			names = append(names, m.Notation)
		}
		return Move{}, &MoveError{Input: text, Reason: "ambiguous: it could be " + strings.Join(names, " or ")}
	}
	return Move{}, &MoveError{Input: text, Reason: "no legal move matches", Suggestions: Suggest(in, legal, 5)}
}

func spellings(m Move) []string {
	return append([]string{m.Notation}, m.Aliases...)
}

// Suggest returns up to n legal notations that share the most leading
// characters with what was typed (ignoring case and separators), so an error
// can point at what the player probably meant.
func Suggest(typed string, legal []Move, n int) []string {
	want := strings.ToLower(squash(typed))
	type scored struct {
		notation string
		score    int
		idx      int
	}
	var all []scored
	for i, m := range legal {
		best := 0
		for _, s := range spellings(m) {
			if p := commonPrefix(want, strings.ToLower(squash(s))); p > best {
				best = p
			}
		}
		if want != "" && strings.EqualFold(m.From, typedFrom(want)) {
			best += 2
		}
		all = append(all, scored{m.Notation, best, i})
	}
	sort.SliceStable(all, func(i, j int) bool { return all[i].score > all[j].score })
	var out []string
	for _, s := range all {
		if len(out) == n {
			break
		}
		out = append(out, s.notation)
	}
	return out
}

// typedFrom guesses the origin cell in squashed input: its leading
// letter-digit run ("e2e4" → "e2").
func typedFrom(s string) string {
	i := 0
	for i < len(s) && s[i] >= 'a' && s[i] <= 'z' {
		i++
	}
	j := i
	for j < len(s) && s[j] >= '0' && s[j] <= '9' {
		j++
	}
	return s[:j]
}

func commonPrefix(a, b string) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}

// FilterMoves returns the legal moves whose spellings contain what was typed
// (ignoring case and separators), for autocomplete; at most limit.
func FilterMoves(typed string, legal []Move, limit int) []Move {
	want := strings.ToLower(squash(typed))
	var out []Move
	for _, m := range legal {
		if len(out) == limit {
			break
		}
		for _, s := range append(spellings(m), m.Label) {
			if strings.Contains(strings.ToLower(squash(s)), want) {
				out = append(out, m)
				break
			}
		}
	}
	return out
}
