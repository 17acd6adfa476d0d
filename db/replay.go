package db

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/bermudachess/bermuda/games"
)

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
