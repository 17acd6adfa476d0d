//go:build race

package web

// raceSlack widens time limits under the race detector, which slows the
// server's work several times over.
const raceSlack = 3
