package db

import "context"

// Ping checks that the database answers, for a replica's /readyz.
func (s *sqlStore) Ping(ctx context.Context) error {
	var one int
	return s.read.QueryRowContext(ctx, `SELECT 1`).Scan(&one)
}

// CountOpenGames counts the games in progress, for the open-games gauge.
func (s *sqlStore) CountOpenGames(ctx context.Context) (int, error) {
	var n int
	err := s.read.QueryRowContext(ctx, `SELECT count(*) FROM games WHERE state = 'active'`).Scan(&n)
	return n, err
}
