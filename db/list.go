package db

import "context"

// scanner is a row to scan: *sql.Row or *sql.Rows.
type scanner = interface{ Scan(...any) error }

// listOf runs query on the read pool and scans every row it returns.
func listOf[T any](ctx context.Context, s *sqlStore, scan func(scanner) (T, error), query string, args ...any) ([]T, error) {
	rows, err := s.read.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []T
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}
