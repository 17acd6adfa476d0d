package play

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/review"
)

// A game review is asked for by anyone once the game is over; the first
// request claims it in the store (a lease, renewed by whoever runs it), so
// two requests, or two replicas, never run it twice.
var (
	ErrNotOverYet      = errors.New("the game is not over: no review mid-game")
	ErrNothingToReview = errors.New("the game ended before any move")
	// ErrBeingReviewed: another request holds the claim; the Refusal's
	// Review says how far it got and where it is shown.
	ErrBeingReviewed = errors.New("the game is being reviewed")
)

// ReviewRequest is a review request granted: Done is the stored review if
// it is finished; otherwise Claim is this caller's, to run the review
// under (renewing it within lease).
type ReviewRequest struct {
	Row   db.Game
	Claim db.ReviewRow
	Done  *review.Review
}

// ReviewRefusal is ErrBeingReviewed with the running review's row.
type ReviewRefusal struct{ Running db.ReviewRow }

func (e *ReviewRefusal) Error() string { return ErrBeingReviewed.Error() }
func (e *ReviewRefusal) Unwrap() error { return ErrBeingReviewed }

// RequestReview claims the review of the finished game row (read by the
// caller), or returns the stored one.
func (p *Service) RequestReview(ctx context.Context, row db.Game, lease time.Duration) (ReviewRequest, error) {
	if row.State == "active" {
		return ReviewRequest{}, ErrNotOverYet
	}
	if row.Ply == 0 {
		return ReviewRequest{}, ErrNothingToReview
	}
	claim, claimed, err := p.store.ClaimReview(ctx, row.ID, p.now(), lease)
	if err != nil {
		return ReviewRequest{}, err
	}
	switch {
	case claim.State == "done":
		var rev review.Review
		if err := json.Unmarshal([]byte(claim.Data), &rev); err != nil {
			return ReviewRequest{}, fmt.Errorf("the stored review of game %d: %w", row.ID, err)
		}
		return ReviewRequest{Row: row, Claim: claim, Done: &rev}, nil
	case !claimed:
		return ReviewRequest{}, &ReviewRefusal{Running: claim}
	}
	return ReviewRequest{Row: row, Claim: claim}, nil
}
