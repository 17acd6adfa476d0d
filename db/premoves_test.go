package db

import (
	"errors"
	"slices"
	"testing"
)

func TestPremoves(t *testing.T) { withStore(t, testPremoves) }

func testPremoves(t *testing.T, s *sqlStore) {
	game := newToyGame(t, s, "g1")
	other := newToyGame(t, s, "g1")
	if _, err := play(t, s, game, "pass", nil); err != nil { // alice moved: bob to play
		t.Fatal(err)
	}
	line := Premove{GameID: game, OwnerID: "alice", Ply: 1, Moves: []string{"pass", "pass", "roll", "win"}}
	if err := s.SetPremove(bg, Premove{GameID: game, OwnerID: "alice", Ply: 0, Moves: line.Moves}); !errors.Is(err, ErrPositionChanged) {
		t.Fatalf("a line from a stale ply: %v, want ErrPositionChanged", err)
	}
	if err := s.SetPremove(bg, Premove{GameID: game, OwnerID: "carol", Ply: 1, Moves: line.Moves}); err == nil {
		t.Fatal("a line by someone who does not play in the game was stored")
	}
	if err := s.SetPremove(bg, line); err != nil {
		t.Fatal(err)
	}
	if got, err := s.Premoves(bg, game); err != nil || len(got) != 1 || got[0].OwnerID != "alice" || got[0].Ply != 1 || !slices.Equal(got[0].Moves, line.Moves) {
		t.Fatalf("stored lines: %+v %v", got, err)
	}
	if got, err := s.Premoves(bg, other); err != nil || len(got) != 0 {
		t.Fatalf("another game's lines: %+v %v", got, err)
	}
	// Replacing replaces.
	line.Moves = []string{"pass", "win"}
	if err := s.SetPremove(bg, line); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.Premoves(bg, game); len(got) != 1 || !slices.Equal(got[0].Moves, line.Moves) {
		t.Fatalf("after replacing: %+v", got)
	}
	// Nothing to follow while the game stands at the line's ply.
	if due, err := s.PremovesToFollow(bg); err != nil || len(due) != 0 {
		t.Fatalf("to follow before any move: %+v %v", due, err)
	}
	if _, err := play(t, s, game, "pass", nil); err != nil { // bob's move: alice's answer is due
		t.Fatal(err)
	}
	if due, err := s.PremovesToFollow(bg); err != nil || len(due) != 1 || due[0].GameID != game || due[0].Ply != 1 {
		t.Fatalf("to follow after the opponent moved: %+v %v", due, err)
	}
	// Moved on only from the ply it starts at.
	if ok, err := s.AdvancePremove(bg, game, "alice", 0, 3, []string{"win", "pass"}); ok || err != nil {
		t.Fatalf("advanced from a stale ply: %v %v", ok, err)
	}
	if ok, err := s.AdvancePremove(bg, game, "alice", 1, 3, []string{"win", "pass"}); !ok || err != nil {
		t.Fatalf("advance: %v %v", ok, err)
	}
	if got, _ := s.Premoves(bg, game); len(got) != 1 || got[0].Ply != 3 || !slices.Equal(got[0].Moves, []string{"win", "pass"}) {
		t.Fatalf("after advancing: %+v", got)
	}
	if ok, err := s.AdvancePremove(bg, game, "alice", 1, 3, []string{"win", "pass"}); ok || err != nil {
		t.Fatalf("advanced twice: %v %v", ok, err)
	}
	// Deleting: conditional on the ply, or any ply when it is negative.
	if ok, err := s.DeletePremove(bg, game, "alice", 1); ok || err != nil {
		t.Fatalf("deleted at a stale ply: %v %v", ok, err)
	}
	if ok, err := s.DeletePremove(bg, game, "alice", -1); !ok || err != nil {
		t.Fatalf("clear: %v %v", ok, err)
	}
	if ok, err := s.DeletePremove(bg, game, "alice", -1); ok || err != nil {
		t.Fatalf("cleared twice: %v %v", ok, err)
	}
	// Advancing with nothing left deletes.
	if err := s.SetPremove(bg, Premove{GameID: game, OwnerID: "bob", Ply: 2, Moves: []string{"pass", "pass"}}); err != nil {
		t.Fatal(err)
	}
	if ok, err := s.AdvancePremove(bg, game, "bob", 2, 4, nil); !ok || err != nil {
		t.Fatalf("advancing to the end: %v %v", ok, err)
	}
	if got, _ := s.Premoves(bg, game); len(got) != 0 {
		t.Fatalf("a line played to its end is kept: %+v", got)
	}
	// A game that ends (here: aborted) leaves its lines to follow, to drop.
	if err := s.SetPremove(bg, Premove{GameID: game, OwnerID: "bob", Ply: 2, Moves: []string{"pass", "pass"}}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.EndGame(bg, game, End{Winner: -1, Reason: "aborted"}); err != nil {
		t.Fatal(err)
	}
	if due, err := s.PremovesToFollow(bg); err != nil || len(due) != 1 || due[0].OwnerID != "bob" {
		t.Fatalf("to follow after the game ended: %+v %v", due, err)
	}
	if err := s.SetPremove(bg, Premove{GameID: game, OwnerID: "alice", Ply: 2, Moves: []string{"pass", "pass"}}); !errors.Is(err, ErrGameOver) {
		t.Fatalf("a line in a finished game: %v, want ErrGameOver", err)
	}
}
