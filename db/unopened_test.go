package db

import (
	"testing"
	"time"
)

// A game whose opening was cut short (no thread recorded) is listed once
// its grace has passed; one with a thread, an ended one, or a fresh one is not.
func TestUnopenedGamesListsActiveGamesWithoutAThread(t *testing.T) {
	forEachBackend(t, func(t *testing.T, be backend) {
		s, _ := be.open(t)
		unopened := newToyGame(t, s, "g1")
		opened := newToyGame(t, s, "g1")
		if err := s.SetGameThread(bg, opened, "t1"); err != nil {
			t.Fatal(err)
		}
		ended := newToyGame(t, s, "g1")
		if _, err := s.EndGame(bg, ended, End{Winner: -1, Reason: "aborted"}); err != nil {
			t.Fatal(err)
		}
		if got, err := s.UnopenedGames(bg, time.Now().Add(-time.Hour)); err != nil || len(got) != 0 {
			t.Fatalf("games an hour old: %+v, %v; want none", got, err)
		}
		got, err := s.UnopenedGames(bg, time.Now().Add(time.Second))
		if err != nil || len(got) != 1 || got[0].ID != unopened || got[0].ThreadID != "" {
			t.Fatalf("unopened games: %+v, %v; want game %d only", got, err, unopened)
		}
	})
}
