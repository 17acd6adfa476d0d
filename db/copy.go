package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"reflect"
	"strings"
)

// Copying a SQLite store into PostgreSQL (bermuda store-copy). The whole
// history is read from one snapshot of the SQLite file and written in one
// PostgreSQL transaction, so the target gets all of it or nothing. Rows are
// upserted by their keys, so running the copy again changes nothing, and
// running it after the SQLite bot played on brings the copy up to date.

// copyTable is one table to copy, in an order that satisfies the foreign keys.
type copyTable struct {
	name    string
	columns []string
	key     []string // the primary key: the conflict target
	// appendOnly rows never change once written (the move log, rating
	// changes, claims): a row already copied is left alone. Other rows are
	// refreshed from the source.
	appendOnly bool
}

var copyTables = []copyTable{
	{name: "servers", columns: []string{"guild_id", "default_days", "tournament_role", "days_chosen", "pages_off", "created_at", "updated_at"}, key: []string{"guild_id"}},
	{name: "players", columns: []string{"user_id", "name", "created_at", "updated_at"}, key: []string{"user_id"}},
	{name: "games", columns: strings.Split(strings.Join(strings.Fields(gameColumns), ""), ","), key: []string{"id"}},
	{name: "challenges", columns: strings.Split(strings.Join(strings.Fields(challengeColumns), ""), ","), key: []string{"id"}},
	{name: "moves", columns: []string{"game_id", "ply", "notation", "player_id", "rolls", "dice", "interaction_id", "played_at"},
		key: []string{"game_id", "ply"}, appendOnly: true},
	{name: "ratings", columns: []string{"guild_id", "variant", "user_id", "rating", "rd", "volatility", "wins", "losses", "draws", "updated_at"},
		key: []string{"guild_id", "variant", "user_id"}},
	{name: "rating_changes", columns: []string{"game_id", "seat", "user_id", "before", "after", "rd_before", "rd_after"},
		key: []string{"game_id", "seat"}, appendOnly: true},
	{name: "tournaments", columns: strings.Split(strings.Join(strings.Fields(tournamentColumns), ""), ","), key: []string{"id"}},
	{name: "tournament_players", columns: []string{"tournament_id", "user_id", "name", "rating", "computer_level", "withdrawn", "joined_at"},
		key: []string{"tournament_id", "user_id"}},
	{name: "tournament_games", columns: []string{"tournament_id", "round", "board", "white_id", "black_id", "game_id", "result"},
		key: []string{"tournament_id", "round", "board"}},
	{name: "interactions", columns: []string{"interaction_id", "claimed_at"}, key: []string{"interaction_id"}, appendOnly: true},
	{name: "reviews", columns: []string{"game_id", "state", "claimed_at", "progress", "channel_id", "message_id", "data", "updated_at"},
		key: []string{"game_id"}},
	{name: "puzzle_attempts", columns: []string{"id", "user_id", "variant", "puzzle_id", "daily_guild", "daily_day", "ply", "state",
		"hinted", "rated", "rating_before", "rating_after", "created_at", "ended_at"}, key: []string{"id"}},
	{name: "puzzle_players", columns: []string{"user_id", "variant", "rating", "rd", "volatility", "attempts", "solved", "streak",
		"best_streak", "updated_at"}, key: []string{"user_id", "variant"}},
	{name: "puzzle_ratings", columns: []string{"puzzle_id", "variant", "rating", "rd", "volatility", "attempts", "solved", "updated_at"},
		key: []string{"puzzle_id"}},
	{name: "puzzle_channels", columns: []string{"guild_id", "channel_id", "set_by", "fail_day", "failures", "last_error", "told", "updated_at"}, key: []string{"guild_id"}},
	{name: "puzzle_dailies", columns: []string{"guild_id", "day", "variant", "puzzle_id", "channel_id", "message_id", "claimed_at",
		"shown_solvers", "shown_at", "listed"}, key: []string{"guild_id", "day"}},
	{name: "holidays", columns: []string{"id", "user_id", "starts_at", "ends_at", "planned_at", "ended_at", "back_told_at"}, key: []string{"id"}},
	{name: "notice_settings", columns: []string{"user_id", "mode", "digest_hour", "dm_channel", "digest_day", "updated_at"}, key: []string{"user_id"}},
	{name: "premoves", columns: []string{"game_id", "owner_id", "ply", "moves", "created_at", "updated_at"}, key: []string{"game_id", "owner_id"}},
	{name: "premove_drafts", columns: []string{"id", "game_id", "owner_id", "ply", "moves", "rev", "created_at", "updated_at"}, key: []string{"id"}},
}

// TableCopy is what the copy did to one table.
type TableCopy struct {
	Table  string
	Source int64 // rows in the SQLite file
	Target int64 // rows in PostgreSQL afterwards
	Added  int64 // rows PostgreSQL did not have before
}

// CopyReport is what CopyToPostgres did and checked.
type CopyReport struct {
	Tables   []TableCopy
	Replayed int     // games whose move log replayed to the same position on both sides
	Corrupt  []int64 // games whose log does not replay in the SQLite file either; copied as they are
}

// CopyToPostgres copies every row of the SQLite database at fromPath into
// the PostgreSQL database at toURL (migrating both to the current schema
// first), then checks that every table holds as many rows on both sides
// and that every game loads and replays (games.Replay) to the same rows,
// moves and position from both. Stop the bot first: moves made on SQLite
// during the copy are not in it, and the check then fails.
//
// The target must be empty or hold an earlier copy of the same file: if
// it holds a game the file does not have, or has played on in one, the
// copy is refused, as it would mix two histories.
func CopyToPostgres(ctx context.Context, fromPath, toURL string) (CopyReport, error) {
	var report CopyReport
	if IsPostgresURL(fromPath) {
		return report, errors.New("the source must be a SQLite file, not a PostgreSQL URL")
	}
	if !IsPostgresURL(toURL) {
		return report, fmt.Errorf("the target must be a postgres:// URL, not %q", toURL)
	}
	if info, err := os.Stat(fromPath); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return report, fmt.Errorf("database %s does not exist", fromPath)
		}
		return report, fmt.Errorf("cannot read database %s: %w", fromPath, err)
	} else if info.IsDir() {
		return report, fmt.Errorf("database %s is a directory, not a file", fromPath)
	}
	src, err := openSQLite(fromPath)
	if err != nil {
		return report, err
	}
	defer src.Close()
	dst, err := openPostgres(toURL)
	if err != nil {
		return report, err
	}
	defer dst.Close()

	snap, err := src.read.BeginTx(ctx, src.d.snapshot)
	if err != nil {
		return report, err
	}
	defer snap.Rollback()
	if err := checkCopyTarget(ctx, snap, dst); err != nil {
		return report, err
	}
	if report.Tables, err = copyRows(ctx, snap, dst); err != nil {
		return report, err
	}
	snap.Rollback()
	return report, verifyCopy(ctx, src, dst, &report)
}

// checkCopyTarget refuses a target that holds games or challenges the
// source does not, or a game that has moved on past the source's.
func checkCopyTarget(ctx context.Context, src *txn, dst *sqlStore) error {
	rows, err := dst.read.QueryContext(ctx, `SELECT id, variant, player1_id, player2_id, created_at, ply FROM games ORDER BY id`)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var id, created int64
		var variant, p1, p2 string
		var ply int
		if err := rows.Scan(&id, &variant, &p1, &p2, &created, &ply); err != nil {
			return err
		}
		var srcPly int
		err := src.QueryRowContext(ctx, `SELECT ply FROM games WHERE id = ? AND variant = ? AND player1_id = ? AND player2_id = ?
			AND created_at = ?`, id, variant, p1, p2, created).Scan(&srcPly)
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("the PostgreSQL database already holds game %d, which is not in the SQLite file; copy into an empty database", id)
		}
		if err != nil {
			return err
		}
		if ply > srcPly {
			return fmt.Errorf("game %d has %d moves in PostgreSQL but %d in the SQLite file: the bot has played on in PostgreSQL, so copying again would mix two histories", id, ply, srcPly)
		}
	}
	if err := rows.Err(); err != nil {
		return err
	}
	var strange int64
	err = dst.read.QueryRowContext(ctx, `SELECT COALESCE(MAX(id), 0) FROM challenges`).Scan(&strange)
	if err != nil {
		return err
	}
	if strange > 0 {
		var srcMax int64
		if err := src.QueryRowContext(ctx, `SELECT COALESCE(MAX(id), 0) FROM challenges`).Scan(&srcMax); err != nil {
			return err
		}
		if strange > srcMax {
			return fmt.Errorf("the PostgreSQL database already holds challenge %d, which is not in the SQLite file; copy into an empty database", strange)
		}
	}
	return nil
}

// copyRows upserts every table in one PostgreSQL transaction. It is not a
// store write (no time limit, no retry): a large history may take minutes,
// and an interrupted copy leaves the target as it was, to be run again.
func copyRows(ctx context.Context, src *txn, dst *sqlStore) ([]TableCopy, error) {
	tx, err := dst.read.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	var out []TableCopy
	for _, t := range copyTables {
		c, err := copyTableRows(ctx, src, tx, t)
		if err != nil {
			return nil, fmt.Errorf("copying %s: %w", t.name, err)
		}
		out = append(out, c)
	}
	// The copied ids came with the rows; new ones continue after them.
	for _, table := range []string{"games", "challenges", "tournaments", "puzzle_attempts", "holidays", "premove_drafts"} {
		if _, err := tx.ExecContext(ctx, `SELECT setval(pg_get_serial_sequence('`+table+`', 'id'),
			(SELECT COALESCE(MAX(id), 0) + 1 FROM `+table+`), false)`); err != nil {
			return nil, fmt.Errorf("moving the %s id sequence past the copied ids: %w", table, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return nil, fmt.Errorf("committing the copy: %w", err)
	}
	return out, nil
}

// copyBatch is how many rows go into one INSERT.
const copyBatch = 500

func copyTableRows(ctx context.Context, src *txn, dst *txn, t copyTable) (TableCopy, error) {
	c := TableCopy{Table: t.name}
	cols := strings.Join(t.columns, ", ")
	rows, err := src.QueryContext(ctx, `SELECT `+cols+` FROM `+t.name+` ORDER BY `+strings.Join(t.key, ", "))
	if err != nil {
		return c, err
	}
	defer rows.Close()
	conflict := ` ON CONFLICT (` + strings.Join(t.key, ", ") + `) DO NOTHING`
	if !t.appendOnly {
		var set []string
		for _, col := range t.columns[len(t.key):] {
			set = append(set, col+" = excluded."+col)
		}
		// Only rows that differ are rewritten, so a repeated copy writes
		// nothing; xmax = 0 tells a fresh insert from an update.
		conflict = ` ON CONFLICT (` + strings.Join(t.key, ", ") + `) DO UPDATE SET ` + strings.Join(set, ", ") +
			` WHERE (` + prefixed(t.name, t.columns[len(t.key):]) + `) IS DISTINCT FROM (` + prefixed("excluded", t.columns[len(t.key):]) + `)`
	}
	var batch []any
	n := 0
	flush := func() error {
		if n == 0 {
			return nil
		}
		var b strings.Builder
		b.WriteString(`INSERT INTO ` + t.name + ` (` + cols + `) VALUES `)
		row := `(` + strings.TrimSuffix(strings.Repeat("?, ", len(t.columns)), ", ") + `)`
		for i := 0; i < n; i++ {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(row)
		}
		b.WriteString(conflict + ` RETURNING (xmax = 0)`)
		res, err := dst.QueryContext(ctx, b.String(), batch...)
		if err != nil {
			return err
		}
		defer res.Close()
		for res.Next() {
			var inserted bool
			if err := res.Scan(&inserted); err != nil {
				return err
			}
			if inserted {
				c.Added++
			}
		}
		batch, n = batch[:0], 0
		return res.Err()
	}
	for rows.Next() {
		vals := make([]any, len(t.columns))
		ptrs := make([]any, len(vals))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			return c, err
		}
		batch = append(batch, vals...)
		n++
		c.Source++
		if n == copyBatch {
			if err := flush(); err != nil {
				return c, err
			}
		}
	}
	if err := rows.Err(); err != nil {
		return c, err
	}
	if err := flush(); err != nil {
		return c, err
	}
	err = dst.QueryRowContext(ctx, `SELECT COUNT(*) FROM `+t.name).Scan(&c.Target)
	return c, err
}

func prefixed(table string, cols []string) string {
	out := make([]string, len(cols))
	for i, c := range cols {
		out[i] = table + "." + c
	}
	return strings.Join(out, ", ")
}

// verifyCopy checks the counts and loads every game from both sides.
func verifyCopy(ctx context.Context, src, dst *sqlStore, report *CopyReport) error {
	for _, c := range report.Tables {
		if c.Source != c.Target {
			return fmt.Errorf("table %s has %d rows in the SQLite file but %d in PostgreSQL (was the bot still running?)", c.Table, c.Source, c.Target)
		}
	}
	rows, err := src.read.QueryContext(ctx, `SELECT id FROM games ORDER BY id`)
	if err != nil {
		return err
	}
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return err
		}
		ids = append(ids, id)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, id := range ids {
		if err := sameGame(ctx, src, dst, id, report); err != nil {
			return fmt.Errorf("checking the copy of game %d: %w", id, err)
		}
	}
	return nil
}

func sameGame(ctx context.Context, src, dst *sqlStore, id int64, report *CopyReport) error {
	gs, ps, serr := src.LoadGame(ctx, id)
	gd, pd, derr := dst.LoadGame(ctx, id)
	var ce *CorruptGameError
	if errors.As(serr, &ce) {
		// Copied as it is, to be looked at; it must fail the same way.
		if derr == nil || derr.Error() != serr.Error() {
			return fmt.Errorf("the SQLite game does not replay (%v) but its copy gives %v", serr, derr)
		}
		report.Corrupt = append(report.Corrupt, id)
		return nil
	}
	if serr != nil {
		return serr
	}
	if derr != nil {
		return fmt.Errorf("the copy does not load: %w", derr)
	}
	if !reflect.DeepEqual(gs, gd) {
		return fmt.Errorf("the game's row differs:\nSQLite     %+v\nPostgreSQL %+v", gs, gd)
	}
	if ps.Key() != pd.Key() || ps.Position() != pd.Position() {
		return fmt.Errorf("the replayed positions differ: %q vs %q", ps.Position(), pd.Position())
	}
	ms, err := src.Moves(ctx, id)
	if err != nil {
		return err
	}
	md, err := dst.Moves(ctx, id)
	if err != nil {
		return err
	}
	if !reflect.DeepEqual(ms, md) {
		return errors.New("the move logs differ")
	}
	report.Replayed++
	return nil
}
