package db

import (
	"errors"
	"slices"
	"testing"
)

func TestPremoveDrafts(t *testing.T) { withStore(t, testPremoveDrafts) }

func testPremoveDrafts(t *testing.T, s *sqlStore) {
	game := newToyGame(t, s, "g1")
	d, err := s.StartPremoveDraft(bg, PremoveDraft{GameID: game, OwnerID: "alice", Ply: 1, Moves: []string{"pass", "roll"}})
	if err != nil || d.ID == 0 || d.Rev != 0 {
		t.Fatalf("start: %+v %v", d, err)
	}
	got, err := s.PremoveDraftByID(bg, d.ID)
	if err != nil || got.GameID != game || got.OwnerID != "alice" || got.Ply != 1 || got.Rev != 0 || !slices.Equal(got.Moves, []string{"pass", "roll"}) {
		t.Fatalf("read: %+v %v", got, err)
	}
	// A change from the rev drawn: once only.
	if ok, err := s.UpdatePremoveDraft(bg, d.ID, 0, []string{"pass", "roll", "win"}); !ok || err != nil {
		t.Fatalf("update: %v %v", ok, err)
	}
	if ok, err := s.UpdatePremoveDraft(bg, d.ID, 0, []string{"pass"}); ok || err != nil {
		t.Fatalf("a second update from the same rev: %v %v", ok, err)
	}
	if got, _ := s.PremoveDraftByID(bg, d.ID); got.Rev != 1 || !slices.Equal(got.Moves, []string{"pass", "roll", "win"}) {
		t.Fatalf("after the update: %+v", got)
	}
	// Emptied: no moves.
	if ok, err := s.UpdatePremoveDraft(bg, d.ID, 1, nil); !ok || err != nil {
		t.Fatalf("emptying: %v %v", ok, err)
	}
	if got, _ := s.PremoveDraftByID(bg, d.ID); got.Rev != 2 || len(got.Moves) != 0 {
		t.Fatalf("after emptying: %+v", got)
	}
	// Bob's draft stays; alice's new draft replaces her old one.
	bobs, err := s.StartPremoveDraft(bg, PremoveDraft{GameID: game, OwnerID: "bob", Ply: 2})
	if err != nil {
		t.Fatal(err)
	}
	next, err := s.StartPremoveDraft(bg, PremoveDraft{GameID: game, OwnerID: "alice", Ply: 3})
	if err != nil || next.ID == d.ID {
		t.Fatalf("a second draft: %+v %v", next, err)
	}
	if _, err := s.PremoveDraftByID(bg, d.ID); !errors.Is(err, ErrNotFound) {
		t.Fatalf("the replaced draft: %v, want ErrNotFound", err)
	}
	if _, err := s.PremoveDraftByID(bg, bobs.ID); err != nil {
		t.Fatalf("another player's draft: %v", err)
	}
	if ok, err := s.UpdatePremoveDraft(bg, d.ID, 2, []string{"pass"}); ok || err != nil {
		t.Fatalf("updating a replaced draft: %v %v", ok, err)
	}
	// The newest draft replaced: its id is never given again (an old
	// message must not name a new draft).
	again, err := s.StartPremoveDraft(bg, PremoveDraft{GameID: game, OwnerID: "alice", Ply: 3})
	if err != nil || again.ID == next.ID {
		t.Fatalf("a draft after the newest was replaced: %+v (the replaced one was %d) %v", again, next.ID, err)
	}
}

func TestPremoveDraftsForgotten(t *testing.T) { withStore(t, testPremoveDraftsForgotten) }

func testPremoveDraftsForgotten(t *testing.T, s *sqlStore) {
	game, err := s.CreateGame(bg, Game{GuildID: "g1", ChannelID: "c1", Variant: "dbtoy", Players: [2]string{"alice", "bob"},
		Days: 3, State: "active", Winner: -1, DrawOfferBy: -1})
	if err != nil {
		t.Fatal(err)
	}
	usable, err := s.StartPremoveDraft(bg, PremoveDraft{GameID: game, OwnerID: "alice", Ply: 0})
	if err != nil {
		t.Fatal(err)
	}
	behind, err := s.StartPremoveDraft(bg, PremoveDraft{GameID: game, OwnerID: "bob", Ply: 3})
	if err != nil {
		t.Fatal(err)
	}
	// Only the draft the game is not at goes.
	if n, err := s.ForgetPremoveDrafts(bg); n != 1 || err != nil {
		t.Fatalf("forgetting with the game at ply 0: %d %v", n, err)
	}
	if _, err := s.PremoveDraftByID(bg, behind.ID); !errors.Is(err, ErrNotFound) {
		t.Fatalf("a draft of another ply: %v", err)
	}
	if _, err := s.PremoveDraftByID(bg, usable.ID); err != nil {
		t.Fatalf("a draft still usable was forgotten: %v", err)
	}
	// The game ends: the rest goes too.
	if _, err := s.EndGame(bg, game, End{Winner: -1, Reason: "aborted"}); err != nil {
		t.Fatal(err)
	}
	if n, err := s.ForgetPremoveDrafts(bg); n != 1 || err != nil {
		t.Fatalf("forgetting after the game ended: %d %v", n, err)
	}
}
