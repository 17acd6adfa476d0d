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

// Finishing a cut-short opening is claimed once: the first call records
// the thread, a second (another replica) is told it lost; an ended game
// cannot be claimed. The accepted challenge is found from its game.
func TestClaimGameThreadOnceAndChallengeOfGame(t *testing.T) {
	forEachBackend(t, func(t *testing.T, be backend) {
		s, dsn := be.open(t)
		other := mustOpen(t, dsn)
		cid, err := s.CreateChallenge(bg, Challenge{GuildID: "g1", ChannelID: "c1", ChallengerID: "alice", Variant: "dbtoy", Days: 3})
		if err != nil {
			t.Fatal(err)
		}
		if err := s.SetChallengeMessage(bg, cid, "m1"); err != nil {
			t.Fatal(err)
		}
		id, err := s.AcceptChallenge(bg, cid, "bob", Game{GuildID: "g1", ChannelID: "c1", Variant: "dbtoy", Players: [2]string{"alice", "bob"}, Days: 3})
		if err != nil {
			t.Fatal(err)
		}
		if c, err := other.ChallengeOfGame(bg, id); err != nil || c.ID != cid || c.MessageID != "m1" {
			t.Fatalf("challenge of game %d: %+v, %v", id, c, err)
		}
		if _, err := s.ChallengeOfGame(bg, newToyGame(t, s, "g1")); err != ErrNotFound {
			t.Fatalf("challenge of a game without one: %v, want ErrNotFound", err)
		}
		first, err1 := s.ClaimGameThread(bg, id, "m1")
		second, err2 := other.ClaimGameThread(bg, id, "m1")
		if !first || second || err1 != nil || err2 != nil {
			t.Fatalf("claims: %v (%v), %v (%v); want the first only", first, err1, second, err2)
		}
		if g, err := other.GameByThread(bg, "m1"); err != nil || g.ID != id {
			t.Fatalf("game by its claimed thread: %+v, %v", g, err)
		}
		ended := newToyGame(t, s, "g1")
		s.EndGame(bg, ended, End{Winner: -1, Reason: "aborted"})
		if ok, err := s.ClaimGameThread(bg, ended, "t2"); ok || err != nil {
			t.Fatalf("claimed an ended game's thread: %v, %v", ok, err)
		}
	})
}
