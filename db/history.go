package db

import (
	"context"
	"database/sql"
	"time"
)

// RatingStep is one rated game in a player's rating history: the rating
// and deviation before and after it.
type RatingStep struct {
	Variant            string
	GameID             int64
	StartedAt, EndedAt time.Time
	Before, After      float64
	RDBefore, RDAfter  float64
}

// RatingHistory lists a player's rated games on a server with the rating
// each one moved, in every variant, oldest first (for /stats's chart). It
// reads rating_changes, written in the same transaction as each game's end.
func (s *sqlStore) RatingHistory(ctx context.Context, guildID, userID string) ([]RatingStep, error) {
	rows, err := s.read.QueryContext(ctx, `SELECT g.variant, g.id, g.created_at, g.ended_at, c.before, c.after, c.rd_before, c.rd_after
		FROM rating_changes c JOIN games g ON g.id = c.game_id
		WHERE g.guild_id = ? AND c.user_id = ? ORDER BY g.ended_at, g.id`, guildID, userID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []RatingStep
	for rows.Next() {
		var st RatingStep
		var started, ended sql.NullInt64
		if err := rows.Scan(&st.Variant, &st.GameID, &started, &ended, &st.Before, &st.After, &st.RDBefore, &st.RDAfter); err != nil {
			return nil, err
		}
		st.StartedAt, st.EndedAt = fromMillis(started), fromMillis(ended)
		out = append(out, st)
	}
	return out, rows.Err()
}
