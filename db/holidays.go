package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Holidays (migration 0006): a player's holidays, during which their
// clocks stand still in every game. A holiday may be planned ahead; one
// cancelled before it began is kept with ended_at = starts_at (an empty
// span, no days used). The arithmetic (how a holiday moves a
// deadline, the yearly allowance) is package holiday's; the store keeps
// the rows, refuses a second running holiday, and stores a holiday's start
// or early end together with the clocks it moves, in one transaction that
// fails whole if any of those turns was played meanwhile.

// ErrHolidayRunning refuses a holiday while another of the player's is
// running or planned.
var ErrHolidayRunning = errors.New("a holiday is already running")

// Holiday is one holiday: from Start until the planned End, or EndedAt if
// the player ended it early or cancelled it (EndedAt = Start; zero
// otherwise). PlannedAt is when it was asked for (zero when adding one:
// Start).
type Holiday struct {
	ID                  int64
	UserID              string
	Start, End, EndedAt time.Time
	PlannedAt           time.Time
}

const holidayColumns = `id, user_id, starts_at, ends_at, ended_at, planned_at`

func scanHoliday(row interface{ Scan(...any) error }) (Holiday, error) {
	var h Holiday
	var start, end, planned int64
	var ended sql.NullInt64
	if err := row.Scan(&h.ID, &h.UserID, &start, &end, &ended, &planned); err != nil {
		return h, err
	}
	h.Start, h.End, h.EndedAt = time.UnixMilli(start).UTC(), time.UnixMilli(end).UTC(), fromMillis(ended)
	h.PlannedAt = time.UnixMilli(planned).UTC()
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

// Clock is a turn's deadline and reminder, moved by a holiday: for the
// turn after move Ply of game GameID (a zero time: none).
type Clock struct {
	GameID               int64
	Ply                  int
	Deadline, ReminderAt time.Time
}

// AddHoliday stores a new holiday and the clocks it moves, all or nothing,
// and returns its id: ErrHolidayRunning if another of the player's (not
// cancelled) is not over at h.PlannedAt (zero: h.Start, which may not be
// before it), ErrPositionChanged or ErrGameOver if a clock's game
// was played on or ended meanwhile (compute the clocks again and retry).
func (s *sqlStore) AddHoliday(ctx context.Context, h Holiday, clocks []Clock) (int64, error) {
	if h.PlannedAt.IsZero() {
		h.PlannedAt = h.Start
	}
	if h.UserID == "" || !h.End.After(h.Start) || h.Start.IsZero() || h.PlannedAt.After(h.Start) {
		return 0, fmt.Errorf("a holiday needs a player, an end after its start and to be planned by then, got %+v", h)
	}
	var id int64
	err := s.inTx(ctx, func(ctx context.Context, tx *txn) error {
		if err := lockHolidays(ctx, tx, h.UserID); err != nil {
			return err
		}
		var running int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM holidays WHERE user_id = ?
			AND COALESCE(ended_at, ends_at) > ? AND (ended_at IS NULL OR ended_at > starts_at)`,
			h.UserID, h.PlannedAt.UnixMilli()).Scan(&running); err != nil {
			return err
		}
		if running > 0 {
			return ErrHolidayRunning
		}
		if err := tx.QueryRowContext(ctx, `INSERT INTO holidays (user_id, starts_at, ends_at, planned_at) VALUES (?, ?, ?, ?) RETURNING id`,
			h.UserID, h.Start.UnixMilli(), h.End.UnixMilli(), h.PlannedAt.UnixMilli()).Scan(&id); err != nil {
			return err
		}
		return s.setClocks(ctx, tx, clocks)
	})
	return id, err
}

// Holidays lists a player's holidays that had not ended by since, planned
// ones included and cancelled ones left out, oldest first.
func (s *sqlStore) Holidays(ctx context.Context, userID string, since time.Time) ([]Holiday, error) {
	return listOf(ctx, s, scanHoliday, `SELECT `+holidayColumns+` FROM holidays WHERE user_id = ?
		AND COALESCE(ended_at, ends_at) > ? AND (ended_at IS NULL OR ended_at > starts_at)
		ORDER BY starts_at, id`, userID, since.UnixMilli())
}

// EndHoliday ends the player's holiday id at at and stores the clocks
// that moves, all or nothing: one running at that instant ends early
// (ended_at = at); one planned to begin later is cancelled (ended_at =
// starts_at, an empty span). ErrNotFound unless the holiday is theirs and
// running or planned at that instant (so ending it twice changes nothing
// the second time), ErrPositionChanged or ErrGameOver as for AddHoliday.
func (s *sqlStore) EndHoliday(ctx context.Context, userID string, id int64, at time.Time, clocks []Clock) (Holiday, error) {
	var h Holiday
	err := s.inTx(ctx, func(ctx context.Context, tx *txn) error {
		if err := lockHolidays(ctx, tx, userID); err != nil {
			return err
		}
		if err := mustAffect(tx.ExecContext(ctx, `UPDATE holidays SET ended_at = CASE WHEN starts_at > ? THEN starts_at ELSE ? END
			WHERE id = ? AND user_id = ? AND ended_at IS NULL AND ends_at > ?`,
			at.UnixMilli(), at.UnixMilli(), id, userID, at.UnixMilli())); err != nil {
			return err
		}
		var err error
		if h, err = scanHoliday(tx.QueryRowContext(ctx, `SELECT `+holidayColumns+` FROM holidays WHERE id = ?`, id)); err != nil {
			return err
		}
		return s.setClocks(ctx, tx, clocks)
	})
	return h, err
}

// setClocks moves each clock's turn's deadline and reminder, if the turn
// is still the one after its Ply (ErrPositionChanged: another move was
// stored; ErrGameOver: the game ended). Whether the reminder was sent is
// left as it is.
func (s *sqlStore) setClocks(ctx context.Context, tx *txn, clocks []Clock) error {
	for _, c := range clocks {
		g, err := activeGame(ctx, tx, c.GameID)
		if err != nil {
			return err
		}
		if g.Ply != c.Ply {
			return ErrPositionChanged
		}
		if _, err := tx.ExecContext(ctx, `UPDATE games SET deadline = ?, reminder_at = ?, updated_at = ? WHERE id = ?`,
			millis(c.Deadline), millis(c.ReminderAt), s.now().UnixMilli(), c.GameID); err != nil {
			return err
		}
	}
	return nil
}

// HolidaysOver lists holidays that ran their course by now (not ended
// early) whose players' games have not yet been told they are back,
// oldest end first.
func (s *sqlStore) HolidaysOver(ctx context.Context, now time.Time) ([]Holiday, error) {
	return listOf(ctx, s, scanHoliday, `SELECT `+holidayColumns+` FROM holidays
		WHERE ended_at IS NULL AND back_told_at IS NULL AND ends_at <= ? ORDER BY ends_at, id`, now.UnixMilli())
}

// ClaimReturn claims telling the games that holiday id is over: true for
// the one caller that claims it, so the return is told once whatever the
// replicas and restarts (a claim whose telling a crash cut short is not
// taken over: a missed "welcome back" costs less than a repeated one).
func (s *sqlStore) ClaimReturn(ctx context.Context, id int64, at time.Time) (bool, error) {
	return s.execOne(ctx, `UPDATE holidays SET back_told_at = ? WHERE id = ?
		AND ended_at IS NULL AND back_told_at IS NULL AND ends_at <= ?`, at.UnixMilli(), id, at.UnixMilli())
}
