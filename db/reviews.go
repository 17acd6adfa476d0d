package db

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// ReviewRow is a game's stored review: running under a lease, or done.
type ReviewRow struct {
	GameID    int64
	State     string // "running" or "done"
	ClaimedAt time.Time
	Progress  int // percent, while running
	ChannelID string
	MessageID string // the thread message showing the progress
	Data      string // the review as JSON, once done
}

// ClaimReview claims the review of a game for this process: it creates
// the row, or takes over a running review whose lease (claimed_at + lease)
// has lapsed. It reports whether this call claimed it, and the row as it
// stands (the claimed one, or the one someone else holds or finished).
func (s *sqlStore) ClaimReview(ctx context.Context, gameID int64, now time.Time, lease time.Duration) (ReviewRow, bool, error) {
	var row ReviewRow
	claimed := false
	err := s.inTx(ctx, func(ctx context.Context, tx *txn) error {
		r, err := scanReview(tx.QueryRowContext(ctx, reviewSelect+` WHERE game_id = ?`, gameID))
		switch {
		case errors.Is(err, ErrNotFound):
			_, err = tx.ExecContext(ctx, `INSERT INTO reviews (game_id, state, claimed_at, updated_at) VALUES (?, 'running', ?, ?)`,
				gameID, now.UnixMilli(), now.UnixMilli())
			row, claimed = ReviewRow{GameID: gameID, State: "running", ClaimedAt: time.UnixMilli(now.UnixMilli())}, err == nil
			return err
		case err != nil:
			return err
		}
		row = r
		if r.State != "running" || now.Sub(r.ClaimedAt) < lease {
			return nil
		}
		res, err := tx.ExecContext(ctx, `UPDATE reviews SET claimed_at = ?, progress = 0, updated_at = ? WHERE game_id = ? AND state = 'running' AND claimed_at = ?`,
			now.UnixMilli(), now.UnixMilli(), gameID, r.ClaimedAt.UnixMilli())
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		if n == 1 {
			claimed, row.ClaimedAt, row.Progress = true, time.UnixMilli(now.UnixMilli()), 0
		}
		return err
	})
	return row, claimed, err
}

// RenewReview extends the lease of a running review claimed at claimedAt
// and records its progress; false if the claim was lost (taken over after
// it lapsed, or finished elsewhere).
func (s *sqlStore) RenewReview(ctx context.Context, gameID int64, claimedAt, now time.Time, progress int) (bool, time.Time, error) {
	ok := false
	err := s.inTx(ctx, func(ctx context.Context, tx *txn) error {
		res, err := tx.ExecContext(ctx, `UPDATE reviews SET claimed_at = ?, progress = ?, updated_at = ? WHERE game_id = ? AND state = 'running' AND claimed_at = ?`,
			now.UnixMilli(), progress, now.UnixMilli(), gameID, claimedAt.UnixMilli())
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		ok = n == 1
		return err
	})
	if !ok {
		return false, claimedAt, err
	}
	return true, time.UnixMilli(now.UnixMilli()), err
}

// SetReviewMessage records where a running review shows its progress.
func (s *sqlStore) SetReviewMessage(ctx context.Context, gameID int64, channelID, messageID string) error {
	return s.inTx(ctx, func(ctx context.Context, tx *txn) error {
		_, err := tx.ExecContext(ctx, `UPDATE reviews SET channel_id = ?, message_id = ?, updated_at = ? WHERE game_id = ?`,
			channelID, messageID, s.now().UnixMilli(), gameID)
		return err
	})
}

// FinishReview stores a review's result if this process still holds its
// claim (claimedAt); false if it does not (nothing is written then).
func (s *sqlStore) FinishReview(ctx context.Context, gameID int64, claimedAt time.Time, data string) (bool, error) {
	ok := false
	err := s.inTx(ctx, func(ctx context.Context, tx *txn) error {
		res, err := tx.ExecContext(ctx, `UPDATE reviews SET state = 'done', progress = 100, data = ?, updated_at = ? WHERE game_id = ? AND state = 'running' AND claimed_at = ?`,
			data, s.now().UnixMilli(), gameID, claimedAt.UnixMilli())
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		ok = n == 1
		return err
	})
	return ok, err
}

// Review reads a game's review row; ErrNotFound if none was asked for.
func (s *sqlStore) Review(ctx context.Context, gameID int64) (ReviewRow, error) {
	return scanReview(s.read.QueryRowContext(ctx, reviewSelect+` WHERE game_id = ?`, gameID))
}

// LapsedReviews lists the running reviews whose lease has lapsed (their
// process died): the scheduler takes them over.
func (s *sqlStore) LapsedReviews(ctx context.Context, now time.Time, lease time.Duration) ([]int64, error) {
	rows, err := s.read.QueryContext(ctx, `SELECT game_id FROM reviews WHERE state = 'running' AND claimed_at < ? ORDER BY game_id`,
		now.Add(-lease).UnixMilli())
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

const reviewSelect = `SELECT game_id, state, claimed_at, progress, channel_id, message_id, data FROM reviews`

func scanReview(row interface{ Scan(...any) error }) (ReviewRow, error) {
	var r ReviewRow
	var claimed int64
	err := row.Scan(&r.GameID, &r.State, &claimed, &r.Progress, &r.ChannelID, &r.MessageID, &r.Data)
	if errors.Is(err, sql.ErrNoRows) {
		return ReviewRow{}, ErrNotFound
	}
	r.ClaimedAt = time.UnixMilli(claimed)
	return r, err
}
