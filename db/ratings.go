package db

import "context"

// Rating is a player's Glicko-2 rating and record in one variant on one
// server. Wins, losses and draws count rated games only.
type Rating struct {
	GuildID, Variant, UserID string
	Rating, RD, Volatility   float64
	Wins, Losses, Draws      int
}

const ratingColumns = `guild_id, variant, user_id, rating, rd, volatility, wins, losses, draws`

// Leaderboard lists the n best-rated players of a variant on a server whose
// deviation is at most LeaderboardRD (n <= 0 means 10).
func (s *sqlStore) Leaderboard(ctx context.Context, guildID, variant string, n int) ([]Rating, error) {
	if n <= 0 {
		n = 10
	}
	return s.ratingList(ctx, `SELECT `+ratingColumns+` FROM ratings WHERE guild_id = ? AND variant = ? AND rd <= ?
		ORDER BY rating DESC, user_id LIMIT ?`, guildID, variant, LeaderboardRD, n)
}

// Provisional lists up to n players of a variant on a server whose rating
// is not settled yet (RD above LeaderboardRD), most games first: they are
// shown apart from the leaderboard, with their rating marked "?".
func (s *sqlStore) Provisional(ctx context.Context, guildID, variant string, n int) ([]Rating, error) {
	if n <= 0 {
		n = 10
	}
	return s.ratingList(ctx, `SELECT `+ratingColumns+` FROM ratings WHERE guild_id = ? AND variant = ? AND rd > ?
		ORDER BY wins + losses + draws DESC, rating DESC, user_id LIMIT ?`, guildID, variant, LeaderboardRD, n)
}

// PlayerRatings lists a player's ratings on a server, one per variant played
// in a rated game, by variant id.
func (s *sqlStore) PlayerRatings(ctx context.Context, guildID, userID string) ([]Rating, error) {
	return s.ratingList(ctx, `SELECT `+ratingColumns+` FROM ratings WHERE guild_id = ? AND user_id = ?
		ORDER BY variant`, guildID, userID)
}

func (s *sqlStore) ratingList(ctx context.Context, query string, args ...any) ([]Rating, error) {
	rows, err := s.read.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Rating
	for rows.Next() {
		var r Rating
		if err := rows.Scan(&r.GuildID, &r.Variant, &r.UserID, &r.Rating, &r.RD, &r.Volatility, &r.Wins, &r.Losses, &r.Draws); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}
