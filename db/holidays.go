package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Holidays (migration 0006): a player's holidays, during which their
// clocks stand still in every game. The arithmetic (how a holiday moves a
// deadline, the yearly allowance) is package holiday's; the store keeps
// the rows, refuses a second running holiday, and moves a turn's stored
// deadline and reminder only if the turn is still the one they were
// computed for (SetClock).

// ErrHolidayRunning refuses a holiday while another of the player's has
// not ended.
var ErrHolidayRunning = errors.New("a holiday is already running")

// Holiday is one holiday: from Start until the planned End, or EndedAt if
// the player ended it early (zero otherwise).
type Holiday struct {
	ID                  int64
	UserID              string
	Start, End, EndedAt time.Time
}

const holidayColumns = `id, user_id, starts_at, ends_at, ended_at`

func scanHoliday(row interface{ Scan(...any) error }) (Holiday, error) {
	var h Holiday
	var start, end int64
	var ended sql.NullInt64
	if err := row.Scan(&h.ID, &h.UserID, &start, &end, &ended); err != nil {
		return h, err
	}
	h.Start, h.End, h.EndedAt = time.UnixMilli(start).UTC(), time.UnixMilli(end).UTC(), fromMillis(ended)
	return h, nil
}

// lockHolidays makes a player's holiday writes one at a time across
// processes (PostgreSQL; SQLite writes one at a time anyway).
func lockHolidays(ctx context.Context, tx *txn, userID string) error {
	if tx.d.lockKeys == nil {
		return nil
	}
	return tx.d.lockKeys(ctx, tx, []string{"holiday/" + userID})
}

// AddHoliday stores a new holiday and returns its id; ErrHolidayRunning if
// another of the player's has not ended by h.Start.
func (s *sqlStore) AddHoliday(ctx context.Context, h Holiday) (int64, error) {
	if h.UserID == "" || !h.End.After(h.Start) || h.Start.IsZero() {
		return 0, fmt.Errorf("a holiday needs a player and an end after its start, got %+v", h)
	}
	var id int64
	err := s.inTx(ctx, func(ctx context.Context, tx *txn) error {
		if err := lockHolidays(ctx, tx, h.UserID); err != nil {
			return err
		}
		var running int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM holidays WHERE user_id = ?
			AND COALESCE(ended_at, ends_at) > ?`, h.UserID, h.Start.UnixMilli()).Scan(&running); err != nil {
			return err
		}
		if running > 0 {
			return ErrHolidayRunning
		}
		return tx.QueryRowContext(ctx, `INSERT INTO holidays (user_id, starts_at, ends_at) VALUES (?, ?, ?) RETURNING id`,
			h.UserID, h.Start.UnixMilli(), h.End.UnixMilli()).Scan(&id)
	})
	return id, err
}

// Holidays lists a player's holidays that had not ended by since, oldest
// first.
func (s *sqlStore) Holidays(ctx context.Context, userID string, since time.Time) ([]Holiday, error) {
	rows, err := s.read.QueryContext(ctx, `SELECT `+holidayColumns+` FROM holidays WHERE user_id = ?
		AND COALESCE(ended_at, ends_at) > ? ORDER BY starts_at, id`, userID, since.UnixMilli())
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Holiday
	for rows.Next() {
		h, err := scanHoliday(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, h)
	}
	return out, rows.Err()
}

// EndHoliday ends the player's holiday id early, at at; ErrNotFound unless
// it is theirs and running at that instant (so ending it twice changes
// nothing the second time).
func (s *sqlStore) EndHoliday(ctx context.Context, userID string, id int64, at time.Time) (Holiday, error) {
	var h Holiday
	err := s.inTx(ctx, func(ctx context.Context, tx *txn) error {
		if err := lockHolidays(ctx, tx, userID); err != nil {
			return err
		}
		if err := mustAffect(tx.ExecContext(ctx, `UPDATE holidays SET ended_at = ? WHERE id = ? AND user_id = ?
			AND ended_at IS NULL AND starts_at <= ? AND ends_at > ?`, at.UnixMilli(), id, userID, at.UnixMilli(), at.UnixMilli())); err != nil {
			return err
		}
		var err error
		h, err = scanHoliday(tx.QueryRowContext(ctx, `SELECT `+holidayColumns+` FROM holidays WHERE id = ?`, id))
		return err
	})
	return h, err
}

// ActiveGamesOf lists a player's active games in every server, oldest
// first.
func (s *sqlStore) ActiveGamesOf(ctx context.Context, userID string) ([]Game, error) {
	return s.gameList(ctx, `SELECT `+gameColumns+` FROM games WHERE state = 'active'
		AND (player1_id = ? OR player2_id = ?) ORDER BY id`, userID, userID)
}

// SetClock moves the deadline and reminder of the turn after ply (a
// holiday began or ended): ErrPositionChanged if another move was stored
// meanwhile (its own clock already counts the holiday), ErrGameOver if
// the game ended. Whether the reminder was sent is left as it is.
func (s *sqlStore) SetClock(ctx context.Context, gameID int64, ply int, deadline, reminderAt time.Time) error {
	return s.inTx(ctx, func(ctx context.Context, tx *txn) error {
		g, err := activeGame(ctx, tx, gameID)
		if err != nil {
			return err
		}
		if g.Ply != ply {
			return ErrPositionChanged
		}
		_, err = tx.ExecContext(ctx, `UPDATE games SET deadline = ?, reminder_at = ?, updated_at = ? WHERE id = ?`,
			millis(deadline), millis(reminderAt), s.now().UnixMilli(), gameID)
		return err
	})
}
