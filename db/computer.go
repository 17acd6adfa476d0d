package db

import "context"

// LevelRecord is one player's results against one level of the computer.
type LevelRecord struct {
	Level               int
	Wins, Losses, Draws int
}

// ComputerGames: see Store.
func (s *sqlStore) ComputerGames(ctx context.Context) ([]Game, error) {
	return s.gameList(ctx, `SELECT `+gameColumns+` FROM games WHERE state = 'active' AND computer_level > 0 ORDER BY id`)
}

// ComputerRecord: see Store. Only finished games count: an aborted game
// has no result.
func (s *sqlStore) ComputerRecord(ctx context.Context, guildID, userID string) ([]LevelRecord, error) {
	// seat is the player's side in each game; the winner column holds a seat.
	rows, err := s.read.QueryContext(ctx, `SELECT computer_level,
			COALESCE(SUM(CASE WHEN winner = seat THEN 1 ELSE 0 END), 0),
			COALESCE(SUM(CASE WHEN winner = 1 - seat THEN 1 ELSE 0 END), 0),
			COALESCE(SUM(CASE WHEN winner = -1 THEN 1 ELSE 0 END), 0)
		FROM (SELECT computer_level, winner, CASE WHEN player1_id = ? THEN 0 ELSE 1 END AS seat
			FROM games WHERE guild_id = ? AND state = 'finished' AND computer_level > 0
			AND (player1_id = ? OR player2_id = ?)) AS played
		GROUP BY computer_level ORDER BY computer_level`, userID, guildID, userID, userID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []LevelRecord
	for rows.Next() {
		var r LevelRecord
		if err := rows.Scan(&r.Level, &r.Wins, &r.Losses, &r.Draws); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}
