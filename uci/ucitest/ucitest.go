// Package ucitest finds Stockfish for tests that hold our engine or our
// puzzles against it. Production code never imports it.
package ucitest

import (
	"os"
	"testing"

	"github.com/bermudachess/bermuda/uci"
)

// Stockfish is the path of a Stockfish binary: BERMUDA_STOCKFISH if set,
// else one on PATH or in /usr/games (Debian's package). Without one the
// test skips, unless BERMUDA_REQUIRE_STOCKFISH is set (CI sets it and
// installs the package): then it fails, so CI never skips these tests.
func Stockfish(t testing.TB) string {
	t.Helper()
	if p := os.Getenv("BERMUDA_STOCKFISH"); p != "" {
		return p
	}
	p, err := uci.Find("stockfish")
	if p == "" {
		if os.Getenv("BERMUDA_REQUIRE_STOCKFISH") != "" {
			t.Fatalf("Stockfish is required here (BERMUDA_REQUIRE_STOCKFISH): %v", err)
		}
		t.Skip("no stockfish on PATH or in /usr/games")
	}
	return p
}
