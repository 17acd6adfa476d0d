package db

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"
)

// PremoveDraft is a conditional line being built with the menus
// (migration 0009): the moves chosen so far, from the game's ply Ply. Rev
// counts its changes; the message's components carry it, and a change is
// made only from the rev it was drawn at.
type PremoveDraft struct {
	ID        int64
	GameID    int64
	OwnerID   string
	Ply       int
	Moves     []string
	Rev       int
	UpdatedAt time.Time
}

// StartPremoveDraft stores a new draft (its ID and Rev are set here) and
// deletes the owner's older drafts in the same game: their messages then
// say they were replaced.
func (s *sqlStore) StartPremoveDraft(ctx context.Context, d PremoveDraft) (PremoveDraft, error) {
	if d.OwnerID == "" || d.GameID == 0 {
		return d, errors.New("a draft needs its game and its owner")
	}
	now := s.now()
	d.Rev, d.UpdatedAt = 0, time.UnixMilli(now.UnixMilli()).UTC()
	err := s.inTx(ctx, func(ctx context.Context, tx *txn) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM premove_drafts WHERE game_id = ? AND owner_id = ?`, d.GameID, d.OwnerID); err != nil {
			return err
		}
		return tx.QueryRowContext(ctx, `INSERT INTO premove_drafts (game_id, owner_id, ply, moves, rev, created_at, updated_at)
			VALUES (?, ?, ?, ?, 0, ?, ?) RETURNING id`, d.GameID, d.OwnerID, d.Ply, strings.Join(d.Moves, " "),
			now.UnixMilli(), now.UnixMilli()).Scan(&d.ID)
	})
	return d, err
}

// PremoveDraftByID reads a draft; ErrNotFound if there is none.
func (s *sqlStore) PremoveDraftByID(ctx context.Context, id int64) (PremoveDraft, error) {
	var d PremoveDraft
	var moves string
	var at int64
	err := s.read.QueryRowContext(ctx, `SELECT id, game_id, owner_id, ply, moves, rev, updated_at FROM premove_drafts WHERE id = ?`, id).
		Scan(&d.ID, &d.GameID, &d.OwnerID, &d.Ply, &moves, &d.Rev, &at)
	if errors.Is(err, sql.ErrNoRows) {
		return d, ErrNotFound
	}
	d.Moves, d.UpdatedAt = strings.Fields(moves), time.UnixMilli(at).UTC()
	return d, err
}

// UpdatePremoveDraft sets the draft's moves if it is still at rev (and
// moves it to rev+1); it reports whether it did.
func (s *sqlStore) UpdatePremoveDraft(ctx context.Context, id int64, rev int, moves []string) (bool, error) {
	return s.execOne(ctx, `UPDATE premove_drafts SET moves = ?, rev = rev + 1, updated_at = ? WHERE id = ? AND rev = ?`,
		strings.Join(moves, " "), s.now().UnixMilli(), id, rev)
}

// ForgetPremoveDrafts deletes the drafts that can never be used again:
// their game has ended or moved past the ply they began at (a click on
// one says so whether its row is there or not). It returns how many.
func (s *sqlStore) ForgetPremoveDrafts(ctx context.Context) (int64, error) {
	return s.execCount(ctx, `DELETE FROM premove_drafts WHERE EXISTS (SELECT 1 FROM games g
		WHERE g.id = premove_drafts.game_id AND (g.state <> 'active' OR g.ply <> premove_drafts.ply))`)
}
