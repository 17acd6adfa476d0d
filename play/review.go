package play

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/explain"
	"github.com/bermudachess/bermuda/games"
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

// RunReview computes the review of the finished game row under this
// process's claim (claimedAt, from RequestReview or LapsedReviews), with
// opts (the caller's budget, engine and the record's names and result),
// renewing the claim at every step; progress hears each step's percent.
// A lost claim (taken over after a stall, or finished elsewhere) stops it.
// The review is stored; ok is false if it was not (stopped, failed, or
// another process holds the claim now and will show it).
func (p *Service) RunReview(ctx context.Context, row db.Game, claimedAt time.Time, opts review.Options, progress func(pct int)) (rev review.Review, ok bool) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	rec, _, err := p.Record(ctx, row)
	if err != nil {
		p.log.Error("reading a game to review", "game", row.ID, "err", err)
		return rev, false
	}
	opts.Progress = func(done, total int) {
		pct := done * 100 / max(total, 1)
		held, at, err := p.store.RenewReview(ctx, row.ID, claimedAt, p.now(), pct)
		if err == nil && !held {
			cancel() // taken over after a stall, or finished elsewhere
			return
		}
		if held {
			claimedAt = at
		}
		progress(pct)
	}
	rev, err = review.Game(ctx, rec, opts)
	if err != nil {
		if ctx.Err() == nil {
			p.log.Error("reviewing a game", "game", row.ID, "err", err)
		}
		return rev, false
	}
	data, err := json.Marshal(rev)
	if err != nil {
		p.log.Error("storing a review", "game", row.ID, "err", err)
		return rev, false
	}
	if ok, err := p.store.FinishReview(context.WithoutCancel(ctx), row.ID, claimedAt, string(data)); !ok || err != nil {
		if err != nil {
			p.log.Error("storing a review", "game", row.ID, "err", err)
		}
		return rev, false
	}
	return rev, true
}

// LapsedReviews claims the reviews whose process died (a restart, a
// replica gone: their lease lapsed), for a scheduler to run again.
func (p *Service) LapsedReviews(ctx context.Context, lease time.Duration) []ReviewRequest {
	ids, err := p.store.LapsedReviews(ctx, p.now(), lease)
	if err != nil {
		p.log.Warn("looking for reviews to resume", "err", err)
		return nil
	}
	var out []ReviewRequest
	for _, id := range ids {
		row, err := p.store.Game(ctx, id)
		if err != nil {
			continue
		}
		claim, claimed, err := p.store.ClaimReview(ctx, id, p.now(), lease)
		if err != nil || !claimed {
			continue // another replica took it
		}
		out = append(out, ReviewRequest{Row: row, Claim: claim})
	}
	return out
}

// Lesson is one player's mistakes in one reviewed game, to learn from:
// the plies the review judged (inaccuracies and worse) with the position
// before each and each in words (package explain).
type Lesson struct {
	Row      db.Game
	Mistakes []review.Ply
	Before   map[int]games.Game // the position before each ply
	Words    map[int]string     // each mistake in words, by ply
}

// Why a lesson cannot be had.
var (
	ErrNotReviewed = errors.New("the game's review is not ready")
	ErrNoMistakes  = errors.New("the review found no mistake of the player's")
)

// LessonOf is userID's lesson from the reviewed game gameID. Errors:
// db.ErrNotFound, ErrNotPlayer, ErrNotReviewed, ErrNoMistakes.
func (p *Service) LessonOf(ctx context.Context, gameID int64, userID string) (*Lesson, error) {
	row, err := p.store.Game(ctx, gameID)
	if err != nil {
		return nil, err
	}
	seat := SeatOf(row.Players, userID)
	if seat == games.NoPlayer {
		return nil, ErrNotPlayer
	}
	stored, err := p.store.Review(ctx, gameID)
	if err != nil || stored.State != "done" {
		return nil, ErrNotReviewed
	}
	var rev review.Review
	if err := json.Unmarshal([]byte(stored.Data), &rev); err != nil {
		return nil, err
	}
	l := &Lesson{Row: row, Before: map[int]games.Game{}}
	for _, pl := range rev.Plies {
		if pl.Player == int(seat) && pl.Judgement != "" && pl.Best != pl.Move {
			l.Mistakes = append(l.Mistakes, pl)
		}
	}
	if len(l.Mistakes) == 0 {
		return nil, ErrNoMistakes
	}
	rec, _, err := p.Record(ctx, row)
	if err != nil {
		return nil, err
	}
	if _, err := games.ReplayEach(rec, func(s games.ReplayStep) {
		if s.Index >= 0 {
			l.Before[s.Index] = s.Before
		}
	}); err != nil {
		return nil, err
	}
	l.Words, _ = explain.Plies(rec, l.Mistakes) // it replays what just replayed
	return l, nil
}
