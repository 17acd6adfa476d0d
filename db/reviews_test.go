package db

import (
	"errors"
	"testing"
	"time"
)

func TestReviewsAreClaimedOnceAndTakenOverWhenTheirLeaseLapses(t *testing.T) {
	withStore(t, testReviewsAreClaimedOnce)
}

func testReviewsAreClaimedOnce(t *testing.T, s *sqlStore) {
	game := newToyGame(t, s, "g1")
	t0 := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	const lease = 2 * time.Minute
	if _, err := s.Review(bg, game); !errors.Is(err, ErrNotFound) {
		t.Fatalf("a review never asked for: %v, want ErrNotFound", err)
	}
	first, claimed, err := s.ClaimReview(bg, game, t0, lease)
	if err != nil || !claimed || first.State != "running" {
		t.Fatalf("first claim: %+v %v %v", first, claimed, err)
	}
	// A second request, or another replica, within the lease: not claimed.
	if r, claimed, err := s.ClaimReview(bg, game, t0.Add(time.Minute), lease); err != nil || claimed || r.State != "running" {
		t.Fatalf("second claim within the lease: %+v %v %v", r, claimed, err)
	}
	// Renewing keeps the lease; the progress is stored.
	ok, renewed, err := s.RenewReview(bg, game, first.ClaimedAt, t0.Add(90*time.Second), 40)
	if err != nil || !ok {
		t.Fatalf("renew: %v %v", ok, err)
	}
	if err := s.SetReviewMessage(bg, game, "thread", "msg"); err != nil {
		t.Fatal(err)
	}
	if r, claimed, _ := s.ClaimReview(bg, game, t0.Add(3*time.Minute), lease); claimed || r.Progress != 40 || r.MessageID != "msg" {
		t.Fatalf("a renewed lease was taken over: %+v %v", r, claimed)
	}
	if ids, err := s.LapsedReviews(bg, t0.Add(3*time.Minute), lease); err != nil || len(ids) != 0 {
		t.Fatalf("lapsed reviews while the lease holds: %v %v", ids, err)
	}
	// The process dies: after the lease the review is listed and taken over once.
	late := renewed.Add(lease + time.Second)
	if ids, err := s.LapsedReviews(bg, late, lease); err != nil || len(ids) != 1 || ids[0] != game {
		t.Fatalf("lapsed reviews: %v %v", ids, err)
	}
	taken, claimed, err := s.ClaimReview(bg, game, late, lease)
	if err != nil || !claimed || taken.Progress != 0 || taken.MessageID != "msg" {
		t.Fatalf("take-over: %+v %v %v", taken, claimed, err)
	}
	if _, claimed, _ := s.ClaimReview(bg, game, late, lease); claimed {
		t.Fatal("the same lapsed review was taken over twice")
	}
	// The old owner's claim is gone: it can neither renew nor finish.
	if ok, _, err := s.RenewReview(bg, game, renewed, late, 50); ok || err != nil {
		t.Fatalf("the lost claim renewed: %v %v", ok, err)
	}
	if ok, err := s.FinishReview(bg, game, renewed, `{"old":true}`); ok || err != nil {
		t.Fatalf("the lost claim finished: %v %v", ok, err)
	}
	if ok, err := s.FinishReview(bg, game, taken.ClaimedAt, `{"variant":"dbtoy"}`); !ok || err != nil {
		t.Fatalf("finish: %v %v", ok, err)
	}
	done, claimed, err := s.ClaimReview(bg, game, late.Add(time.Hour), lease)
	if err != nil || claimed || done.State != "done" || done.Data != `{"variant":"dbtoy"}` || done.Progress != 100 {
		t.Fatalf("a finished review: %+v %v %v", done, claimed, err)
	}
}
