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

// execCount runs one write in its own transaction and returns how many
// rows it changed: the claims and conditional updates ("only if still
// so") report whether theirs was the one that took.
func (s *sqlStore) execCount(ctx context.Context, query string, args ...any) (int64, error) {
	var n int64
	err := s.inTx(ctx, func(ctx context.Context, tx *txn) error {
		res, err := tx.ExecContext(ctx, query, args...)
		if err == nil {
			n, err = res.RowsAffected()
		}
		return err
	})
	return n, err
}

// execOne is execCount for a write that changes one row or none: whether
// it changed one.
func (s *sqlStore) execOne(ctx context.Context, query string, args ...any) (bool, error) {
	n, err := s.execCount(ctx, query, args...)
	return n == 1, err
}
