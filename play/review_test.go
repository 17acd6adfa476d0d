package play

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/bermudachess/bermuda/review"
)

// A finished game's review is claimed once, run under the claim with its
// progress renewed, stored, and then handed out as done; a claim whose
// lease lapsed is taken over by LapsedReviews.
func TestReviewClaimRunAndTakeOver(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	id := f.game("chess")
	for i, m := range []string{"e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"} {
		if _, err := f.move(id, [2]string{ann, bob}[i%2], i, m); err != nil {
			t.Fatal(m, err)
		}
	}
	row, _ := f.store.Game(ctx, id)
	asked, err := f.p.RequestReview(ctx, row, time.Minute)
	if err != nil || asked.Done != nil {
		t.Fatalf("the first request: %+v, %v", asked, err)
	}
	if _, err := f.p.RequestReview(ctx, row, time.Minute); !errors.Is(err, ErrBeingReviewed) {
		t.Fatalf("a second request while it runs: %v", err)
	}
	if got := f.p.LapsedReviews(ctx, time.Minute); len(got) != 0 {
		t.Fatalf("a running review was taken over: %+v", got)
	}
	var steps []int
	rev, ok := f.p.RunReview(ctx, row, asked.Claim.ClaimedAt, review.Options{Nodes: 300}, func(pct int) { steps = append(steps, pct) })
	if !ok || len(rev.Plies) != 7 || len(steps) == 0 || steps[len(steps)-1] != 100 {
		t.Fatalf("the review: ok %v, %d moves judged, progress %v", ok, len(rev.Plies), steps)
	}
	if done, err := f.p.RequestReview(ctx, row, time.Minute); err != nil || done.Done == nil || len(done.Done.Plies) != 7 {
		t.Fatalf("asked again once done: %+v, %v", done, err)
	}

	if _, err := f.p.LessonOf(ctx, id, "333"); !errors.Is(err, ErrNotPlayer) {
		t.Errorf("a lesson for a spectator: %v", err)
	}
	l, err := f.p.LessonOf(ctx, id, bob) // mated in four: the review judges some of bob's moves
	if err != nil || len(l.Mistakes) == 0 || l.Before[l.Mistakes[0].Ply] == nil {
		t.Fatalf("bob's lesson: %+v, %v", l, err)
	}

	other := f.game("chess")
	f.move(other, ann, 0, "e4")
	f.p.Resign(ctx, Request{GameID: other, UserID: bob, AtPly: AnyPly})
	orow, _ := f.store.Game(ctx, other)
	if _, err := f.p.RequestReview(ctx, orow, -time.Minute); err != nil { // a lease already lapsed: its process "died"
		t.Fatal(err)
	}
	if got := f.p.LapsedReviews(ctx, -time.Minute); len(got) != 1 || got[0].Row.ID != other {
		t.Fatalf("the lapsed review: %+v", got)
	}
}
