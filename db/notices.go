package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// How a player is told that it is their move (/notify): mentions in the
// game thread (the default, no row needed), a direct message, or a daily
// digest at an hour of their choosing. The digest's day is claimed by a
// conditional UPDATE before it is sent, so it goes out at most once a day
// across restarts and replicas.

// Notice modes.
const (
	NoticeMentions = "mentions"
	NoticeDM       = "dm"
	NoticeDigest   = "digest"
)

// NoticeSetting is one player's choice.
type NoticeSetting struct {
	UserID     string
	Mode       string // NoticeMentions, NoticeDM or NoticeDigest
	DigestHour int    // 0–23, UTC
	DMChannel  string // the direct-message channel, once opened ("" before)
	// DigestDay is the last UTC day ("2006-01-02") whose digest was
	// claimed; none is due on or before it.
	DigestDay string
	UpdatedAt time.Time
}

const noticeColumns = `user_id, mode, digest_hour, dm_channel, digest_day, updated_at`

func scanNotice(row interface{ Scan(...any) error }) (NoticeSetting, error) {
	var n NoticeSetting
	var updated int64
	err := row.Scan(&n.UserID, &n.Mode, &n.DigestHour, &n.DMChannel, &n.DigestDay, &updated)
	n.UpdatedAt = time.UnixMilli(updated).UTC()
	return n, err
}

// NoticeSetting is a player's choice; a player who never chose gets the
// default, mentions.
func (s *sqlStore) NoticeSetting(ctx context.Context, userID string) (NoticeSetting, error) {
	n, err := scanNotice(s.read.QueryRowContext(ctx, `SELECT `+noticeColumns+` FROM notice_settings WHERE user_id = ?`, userID))
	if errors.Is(err, sql.ErrNoRows) {
		return NoticeSetting{UserID: userID, Mode: NoticeMentions}, nil
	}
	return n, err
}

// SetNotice records a player's choice of mode and digest hour, keeping
// the cached direct-message channel. notBefore is the earliest digest day
// still due after the change ("" for none): the stored day only moves
// forward, so a digest already sent today is never sent again today.
func (s *sqlStore) SetNotice(ctx context.Context, userID, mode string, hour int, notBefore string) error {
	if mode != NoticeMentions && mode != NoticeDM && mode != NoticeDigest {
		return fmt.Errorf("unknown notice mode %q", mode)
	}
	if hour < 0 || hour > 23 {
		return fmt.Errorf("digest hour %d is not 0–23", hour)
	}
	return s.inTx(ctx, func(ctx context.Context, tx *txn) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO notice_settings (user_id, mode, digest_hour, digest_day, updated_at)
			VALUES (?, ?, ?, ?, ?)
			ON CONFLICT (user_id) DO UPDATE SET mode = excluded.mode, digest_hour = excluded.digest_hour,
				digest_day = CASE WHEN notice_settings.digest_day >= excluded.digest_day THEN notice_settings.digest_day ELSE excluded.digest_day END,
				updated_at = excluded.updated_at`,
			userID, mode, hour, notBefore, s.now().UnixMilli())
		return err
	})
}

// SetDMChannel caches the direct-message channel of a player who chose
// something other than mentions.
func (s *sqlStore) SetDMChannel(ctx context.Context, userID, channelID string) error {
	return s.inTx(ctx, func(ctx context.Context, tx *txn) error {
		_, err := tx.ExecContext(ctx, `UPDATE notice_settings SET dm_channel = ? WHERE user_id = ?`, channelID, userID)
		return err
	})
}

// FallBackToMentions puts a player back on mentions if their mode is
// still from (Discord refused a direct message). It reports whether this
// call changed it: of several refusals at once, one tells the player.
func (s *sqlStore) FallBackToMentions(ctx context.Context, userID, from string) (bool, error) {
	return s.execOne(ctx, `UPDATE notice_settings SET mode = 'mentions', updated_at = ? WHERE user_id = ? AND mode = ?`,
		s.now().UnixMilli(), userID, from)
}

// DueDigests lists the players on the digest whose hour (UTC) has come on
// day (hour is the current UTC hour) and whose digest of day is not yet
// claimed.
func (s *sqlStore) DueDigests(ctx context.Context, day string, hour int) ([]NoticeSetting, error) {
	return listOf(ctx, s, scanNotice, `SELECT `+noticeColumns+` FROM notice_settings
		WHERE mode = 'digest' AND digest_hour <= ? AND digest_day < ? ORDER BY user_id`, hour, day)
}

// ClaimDigest claims a player's digest of day; it reports whether this
// call did (the player is still on the digest and it was not yet claimed).
func (s *sqlStore) ClaimDigest(ctx context.Context, userID, day string) (bool, error) {
	return s.execOne(ctx, `UPDATE notice_settings SET digest_day = ? WHERE user_id = ? AND mode = 'digest' AND digest_day < ?`,
		day, userID, day)
}

// PlayerActiveGames lists a player's active games in every server, oldest
// first.
func (s *sqlStore) PlayerActiveGames(ctx context.Context, userID string) ([]Game, error) {
	return s.gameList(ctx, `SELECT `+gameColumns+` FROM games WHERE state = 'active'
		AND (player1_id = ? OR player2_id = ?) ORDER BY id`, userID, userID)
}
