package db

import (
	"errors"
	"reflect"
	"testing"
	"time"
)

func TestComputerGamesAreUnratedAndRecordedByLevel(t *testing.T) {
	withStore(t, testComputerGamesAreUnratedAndRecordedByLevel)
}

// The computer plays as "bermuda"; alice plays it at levels 1 and 3.
func testComputerGamesAreUnratedAndRecordedByLevel(t *testing.T, s *sqlStore) {
	newGame := func(level int, players [2]string) int64 {
		t.Helper()
		id, err := s.CreateGame(bg, Game{GuildID: "g1", ChannelID: "c1", Variant: "dbtoy", Players: players, Days: 3, ComputerLevel: level})
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
	human := newToyGame(t, s, "g1")
	aliceWhite, aliceBlack := [2]string{"alice", "bermuda"}, [2]string{"bermuda", "alice"}
	won := newGame(3, aliceWhite)
	lost := newGame(3, aliceBlack)
	drawn := newGame(1, aliceBlack)
	aborted := newGame(1, aliceWhite)
	active := newGame(5, aliceWhite)

	games, err := s.ComputerGames(bg)
	if err != nil {
		t.Fatal(err)
	}
	var ids []int64
	for _, g := range games {
		ids = append(ids, g.ID)
	}
	if want := []int64{won, lost, drawn, aborted, active}; !reflect.DeepEqual(ids, want) {
		t.Fatalf("active computer games %v, want %v (not the game between people, %d)", ids, want, human)
	}
	if g, err := s.Game(bg, won); err != nil || g.ComputerLevel != 3 || g.Rated {
		t.Fatalf("computer game %+v, %v: want level 3, not rated", g, err)
	}

	// Long enough for a resignation between people to count.
	for _, id := range []int64{won, lost} {
		g, _ := s.Game(bg, id)
		for i := 0; i < 4; i++ {
			if _, err := s.AppendMove(bg, id, i, Move{Notation: "pass", PlayerID: g.Players[i%2]}, time.Time{}, time.Time{}, nil); err != nil {
				t.Fatal(err)
			}
		}
	}
	ends := []struct {
		id  int64
		end End
	}{{won, End{0, "checkmate"}}, {lost, End{0, "resignation"}}, {drawn, End{-1, "stalemate"}}, {aborted, End{-1, "aborted"}}}
	for _, e := range ends {
		res, err := s.EndGame(bg, e.id, e.end)
		if err != nil || res.Rated || res.Changes != nil {
			t.Fatalf("ending computer game %d: %+v, %v; want unrated", e.id, res, err)
		}
	}
	if _, err := s.EndGame(bg, won, End{1, "time"}); !errors.Is(err, ErrGameOver) {
		t.Fatalf("a second end: %v", err)
	}
	for _, who := range []string{"alice", "bermuda"} {
		if rs, err := s.PlayerRatings(bg, "g1", who); err != nil || len(rs) != 0 {
			t.Fatalf("%s has ratings %+v (%v) from unrated games", who, rs, err)
		}
	}
	if lb, err := s.Provisional(bg, "g1", "dbtoy", 10); err != nil || len(lb) != 0 {
		t.Fatalf("the computer games reached the ranking: %+v, %v", lb, err)
	}

	rec, err := s.ComputerRecord(bg, "g1", "alice")
	if err != nil {
		t.Fatal(err)
	}
	want := []LevelRecord{{Level: 1, Draws: 1}, {Level: 3, Wins: 1, Losses: 1}}
	if !reflect.DeepEqual(rec, want) {
		t.Fatalf("alice's record against the computer %+v, want %+v", rec, want)
	}
	if rec, err := s.ComputerRecord(bg, "other-server", "alice"); err != nil || len(rec) != 0 {
		t.Fatalf("record on a server she never played on: %+v, %v", rec, err)
	}
	if games, err := s.ComputerGames(bg); err != nil || len(games) != 1 || games[0].ID != active {
		t.Fatalf("active computer games after the ends: %+v, %v", games, err)
	}
	if _, err := s.CreateGame(bg, Game{GuildID: "g1", Variant: "dbtoy", Players: aliceWhite, Days: 3, ComputerLevel: 6}); err == nil {
		t.Fatal("level 6 was stored")
	}
}
