package db

import (
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestBothBackendsHaveTheSameMigrations(t *testing.T) {
	lite, err := loadMigrations("sqlite")
	if err != nil {
		t.Fatal(err)
	}
	pg, err := loadMigrations("postgres")
	if err != nil {
		t.Fatal(err)
	}
	if len(lite) == 0 || len(lite) != len(pg) {
		t.Fatalf("%d SQLite migrations, %d PostgreSQL ones", len(lite), len(pg))
	}
	for i := range lite {
		if lite[i].name != pg[i].name {
			t.Errorf("step %d is %s on SQLite but %s on PostgreSQL", i+1, lite[i].name, pg[i].name)
		}
	}
}

func TestSQLiteConnectionSettings(t *testing.T) {
	s, _ := openTemp(t)
	for _, pool := range []*sql.DB{s.read.db, s.w.(*groupCommitter).write.db} {
		var mode string
		var fk, busy int
		if err := pool.QueryRow(`PRAGMA journal_mode`).Scan(&mode); err != nil || mode != "wal" {
			t.Errorf("journal_mode %q, %v", mode, err)
		}
		if err := pool.QueryRow(`PRAGMA foreign_keys`).Scan(&fk); err != nil || fk != 1 {
			t.Errorf("foreign_keys %d, %v", fk, err)
		}
		if err := pool.QueryRow(`PRAGMA busy_timeout`).Scan(&busy); err != nil || busy != 5000 {
			t.Errorf("busy_timeout %d, %v", busy, err)
		}
		var sync int
		if err := pool.QueryRow(`PRAGMA synchronous`).Scan(&sync); err != nil || sync != 2 {
			t.Errorf("synchronous %d, %v; want 2 (FULL)", sync, err)
		}
	}
}

func TestMigrationsFromEmptyAndReapplied(t *testing.T) {
	forEachBackend(t, func(t *testing.T, be backend) {
		s, path := be.open(t)
		testMigrations(t, s, path)
	})
}

func testMigrations(t *testing.T, s *sqlStore, path string) {
	known := KnownSchemaVersion()
	if known < 1 {
		t.Fatalf("no migrations embedded")
	}
	if v, err := s.SchemaVersion(bg); err != nil || v != known {
		t.Fatalf("schema version %d, %v; want %d", v, err, known)
	}
	id := newToyGame(t, s, "g1")
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	// Re-opening re-runs the migrations: nothing changes, nothing is lost.
	for i := 0; i < 2; i++ {
		s2 := mustOpen(t, path)
		var rows int
		if err := s2.read.QueryRowContext(bg, `SELECT COUNT(*) FROM schema_migrations`).Scan(&rows); err != nil || rows != known {
			t.Fatalf("schema_migrations has %d rows, %v; want %d", rows, err, known)
		}
		if g, err := s2.Game(bg, id); err != nil || g.Variant != "dbtoy" {
			t.Fatalf("game after re-open: %+v, %v", g, err)
		}
		s2.Close()
	}
}

func TestConcurrentOpensOfANewDatabaseMigrateOnce(t *testing.T) {
	t.Run("sqlite", func(t *testing.T) { testConcurrentOpens(t, filepath.Join(t.TempDir(), "new.db")) })
	if pgRunURL != "" {
		t.Run("postgres", func(t *testing.T) {
			// An empty schema, as two replicas would find on first start.
			s, dsn := openPostgresTemp(t)
			schema := pgSchemaOf(t, s)
			if _, err := s.read.ExecContext(bg, `DROP SCHEMA `+schema+` CASCADE`); err != nil {
				t.Fatal(err)
			}
			if _, err := s.read.ExecContext(bg, `CREATE SCHEMA `+schema); err != nil {
				t.Fatal(err)
			}
			s.Close()
			testConcurrentOpens(t, dsn)
		})
	}
}

func pgSchemaOf(t *testing.T, s *sqlStore) string {
	var schema string
	if err := s.read.QueryRowContext(bg, `SELECT current_schema()`).Scan(&schema); err != nil {
		t.Fatal(err)
	}
	return schema
}

func testConcurrentOpens(t *testing.T, path string) {
	var wg sync.WaitGroup
	errs := make([]error, 4)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s, err := Open(path)
			if err == nil {
				s.Close()
			}
			errs[i] = err
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	s := mustOpen(t, path)
	var rows int
	if err := s.read.QueryRowContext(bg, `SELECT COUNT(*) FROM schema_migrations`).Scan(&rows); err != nil || rows != KnownSchemaVersion() {
		t.Fatalf("schema_migrations has %d rows, %v", rows, err)
	}
}

func TestOpenExplainsBadPaths(t *testing.T) {
	dir := t.TempDir()
	if _, err := Open(filepath.Join(dir, "no", "such", "dir", "b.db")); err == nil || !strings.Contains(err.Error(), "does not exist") {
		t.Errorf("missing directory: %v", err)
	}
	notDB := filepath.Join(dir, "text.db")
	os.WriteFile(notDB, []byte(strings.Repeat("hello\n", 200)), 0o644)
	if _, err := Open(notDB); err == nil || !strings.Contains(err.Error(), "not a database") {
		t.Errorf("text file: %v", err)
	}
	if _, err := Open(""); err == nil {
		t.Error("empty path accepted")
	}
	// Port 1 has no server; the password must not appear in the message.
	_, err := Open("postgres://bermuda:s3cret@127.0.0.1:1/bermuda?connect_timeout=2")
	if err == nil || !strings.Contains(err.Error(), "cannot reach PostgreSQL at postgres://bermuda:xxxxx@127.0.0.1:1/") || strings.Contains(err.Error(), "s3cret") {
		t.Errorf("unreachable server: %v", err)
	}
}

func TestNewerSchemaIsRefused(t *testing.T) {
	forEachBackend(t, func(t *testing.T, be backend) {
		s, path := be.open(t)
		future := KnownSchemaVersion() + 1 // a migration this binary does not know
		if _, err := s.read.ExecContext(bg, fmt.Sprintf(`INSERT INTO schema_migrations (version, name, applied_at) VALUES (%d, '%04d_future.sql', 0)`, future, future)); err != nil {
			t.Fatal(err)
		}
		s.Close()
		_, err := Open(path)
		want := fmt.Sprintf("database schema version %d is newer than this bermuda (knows up to %d); upgrade bermuda", future, KnownSchemaVersion())
		var tooNew *SchemaTooNewError
		if !errors.As(err, &tooNew) || tooNew.Found != future || !strings.HasSuffix(err.Error(), ": "+want) {
			t.Fatalf("got %v; want %q", err, want)
		}
	})
}

func TestSettingsPlayersAndInteractions(t *testing.T) {
	withStore(t, testSettingsPlayersAndInteractions)
}

func testSettingsPlayersAndInteractions(t *testing.T, s *sqlStore) {
	if st, err := s.Settings(bg, "g1"); err != nil || st.DefaultDays != 3 || st.GuildID != "g1" {
		t.Fatalf("default settings %+v, %v", st, err)
	}
	if err := s.SetDefaultDays(bg, "g1", 7); err != nil {
		t.Fatal(err)
	}
	if err := s.SetDefaultDays(bg, "g1", 0); err == nil {
		t.Fatal("0 days per move accepted")
	}
	if st, _ := s.Settings(bg, "g1"); st.DefaultDays != 7 {
		t.Fatalf("days %d after setting 7", st.DefaultDays)
	}
	if _, err := s.PlayerName(bg, "u1"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("unknown player: %v", err)
	}
	for _, name := range []string{"Ann", "Anna"} {
		if err := s.UpsertPlayer(bg, "u1", name); err != nil {
			t.Fatal(err)
		}
	}
	if n, err := s.PlayerName(bg, "u1"); err != nil || n != "Anna" {
		t.Fatalf("name %q, %v", n, err)
	}
	if err := s.ClaimInteraction(bg, "i1"); err != nil {
		t.Fatal(err)
	}
	if err := s.ClaimInteraction(bg, "i1"); !errors.Is(err, ErrDuplicate) {
		t.Fatalf("second claim: %v", err)
	}
	if n, err := s.ForgetInteractions(bg, time.Now().Add(time.Minute)); err != nil || n != 1 {
		t.Fatalf("forgot %d, %v", n, err)
	}
	// A game created with days 0 takes the server's default.
	id, err := s.CreateGame(bg, Game{GuildID: "g1", Variant: "dbtoy", Players: [2]string{"u1", "u2"}})
	if err != nil {
		t.Fatal(err)
	}
	if g, _ := s.Game(bg, id); g.Days != 7 || g.State != "active" || g.Winner != -1 || g.DrawOfferBy != -1 || !g.Rated {
		t.Fatalf("new game %+v", g)
	}
}

func TestAcceptChallengeExactlyOnce(t *testing.T) { withStore(t, testAcceptChallengeExactlyOnce) }

func testAcceptChallengeExactlyOnce(t *testing.T, s *sqlStore) {
	expires := time.Now().Add(time.Hour).Truncate(time.Millisecond).UTC()
	cid, err := s.CreateChallenge(bg, Challenge{GuildID: "g1", ChannelID: "c1", ChallengerID: "alice", Variant: "dbtoy", Color: "white", ExpiresAt: expires})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SetChallengeMessage(bg, cid, "m1"); err != nil {
		t.Fatal(err)
	}
	c, err := s.Challenge(bg, cid)
	if err != nil || c.State != "open" || c.Days != 3 || c.MessageID != "m1" || !c.ExpiresAt.Equal(expires) {
		t.Fatalf("challenge %+v, %v", c, err)
	}
	const n = 8
	var wg sync.WaitGroup
	ids := make([]int64, n)
	errs := make([]error, n)
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			who := fmt.Sprintf("p%d", i)
			ids[i], errs[i] = s.AcceptChallenge(bg, cid, who, Game{GuildID: "g1", Variant: "dbtoy", Players: [2]string{"alice", who}, Days: 3})
		}()
	}
	wg.Wait()
	won := -1
	for i, err := range errs {
		switch {
		case err == nil && won == -1:
			won = i
		case errors.Is(err, ErrAlreadyTaken):
		default:
			t.Fatalf("accept %d: id %d, %v", i, ids[i], err)
		}
	}
	if won == -1 {
		t.Fatal("no accept succeeded")
	}
	c, _ = s.Challenge(bg, cid)
	if c.State != "accepted" || c.GameID != ids[won] || c.AcceptedBy != fmt.Sprintf("p%d", won) {
		t.Fatalf("after accept: %+v", c)
	}
	var games int
	s.read.QueryRowContext(bg, `SELECT COUNT(*) FROM games`).Scan(&games)
	if games != 1 {
		t.Fatalf("%d games exist after %d accepts", games, n)
	}
	if _, err := s.AcceptChallenge(bg, cid, "late", Game{GuildID: "g1", Variant: "dbtoy", Players: [2]string{"alice", "late"}}); !errors.Is(err, ErrAlreadyTaken) {
		t.Fatalf("accept after accept: %v", err)
	}
	if err := s.CloseChallenge(bg, cid, "declined"); !errors.Is(err, ErrAlreadyTaken) {
		t.Fatalf("decline after accept: %v", err)
	}
	if _, err := s.AcceptChallenge(bg, 999, "x", Game{}); !errors.Is(err, ErrNotFound) {
		t.Fatalf("accept of a missing challenge: %v", err)
	}
}

func TestChallengeExpiryAndClosing(t *testing.T) { withStore(t, testChallengeExpiryAndClosing) }

func testChallengeExpiryAndClosing(t *testing.T, s *sqlStore) {
	now := time.Now()
	old, _ := s.CreateChallenge(bg, Challenge{GuildID: "g1", ChallengerID: "a", Variant: "dbtoy", ExpiresAt: now.Add(-time.Minute)})
	fresh, _ := s.CreateChallenge(bg, Challenge{GuildID: "g1", ChallengerID: "a", Variant: "dbtoy", ExpiresAt: now.Add(time.Hour)})
	due, err := s.ExpiredChallenges(bg, now)
	if err != nil || len(due) != 1 || due[0].ID != old {
		t.Fatalf("expired %+v, %v", due, err)
	}
	if err := s.CloseChallenge(bg, old, "expired"); err != nil {
		t.Fatal(err)
	}
	if err := s.CloseChallenge(bg, old, "cancelled"); !errors.Is(err, ErrAlreadyTaken) {
		t.Fatalf("second close: %v", err)
	}
	if err := s.CloseChallenge(bg, fresh, "accepted"); err == nil {
		t.Fatal("closing as accepted must go through AcceptChallenge")
	}
	if due, _ := s.ExpiredChallenges(bg, now); len(due) != 0 {
		t.Fatalf("still expired: %+v", due)
	}
	if _, err := s.CreateChallenge(bg, Challenge{GuildID: "g1", ChallengerID: "a", Variant: "dbtoy", Color: "green"}); err == nil {
		t.Fatal("colour green accepted")
	}
}

// ChallengesBetween finds the challenges either way between two players
// on one server since a time (a rematch already offered), newest first.
func TestChallengesBetweenTwoPlayers(t *testing.T) { withStore(t, testChallengesBetween) }

func testChallengesBetween(t *testing.T, s *sqlStore) {
	now := time.Now()
	challenge := func(guild, from, to string, created time.Time) int64 {
		id, err := s.CreateChallenge(bg, Challenge{GuildID: guild, ChallengerID: from, OpponentID: to, Variant: "dbtoy", CreatedAt: created})
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
	challenge("g1", "a", "b", now.Add(-time.Hour)) // before the game ended
	ab := challenge("g1", "a", "b", now)
	ba := challenge("g1", "b", "a", now.Add(time.Second))
	challenge("g1", "a", "c", now) // someone else
	challenge("g1", "a", "", now)  // open to anyone
	challenge("g2", "a", "b", now) // another server
	got, err := s.ChallengesBetween(bg, "g1", "a", "b", now.Add(-time.Minute))
	if err != nil || len(got) != 2 || got[0].ID != ba || got[1].ID != ab {
		t.Fatalf("challenges between a and b: %+v, %v (want %d then %d)", got, err, ba, ab)
	}
}

// A PostgreSQL URL may carry its password in the user part or, for pgx,
// in the query; neither reaches a message.
func TestRedactHidesEveryPassword(t *testing.T) {
	for _, c := range []struct{ dsn, want string }{
		{"postgres://bermuda:s3cret@db:5432/bermuda", "postgres://bermuda:xxxxx@db:5432/bermuda"},
		{"postgres://bermuda@db/bermuda?password=s3cret&sslmode=disable", "postgres://bermuda@db/bermuda?password=xxxxx&sslmode=disable"},
		{"postgresql://db/bermuda?sslpassword=s3cret&user=bermuda", "postgresql://db/bermuda?sslpassword=xxxxx&user=bermuda"},
		{"postgres://bermuda@db/bermuda?sslmode=disable", "postgres://bermuda@db/bermuda?sslmode=disable"},
		{"/var/lib/bermuda/bermuda.db", "/var/lib/bermuda/bermuda.db"},
	} {
		if got := Redact(c.dsn); got != c.want {
			t.Errorf("Redact(%q) = %q, want %q", c.dsn, got, c.want)
		}
	}
	_, err := Open("postgres://bermuda@127.0.0.1:1/bermuda?password=s3cret&connect_timeout=2")
	if err == nil || strings.Contains(err.Error(), "s3cret") {
		t.Errorf("unreachable server, password in the query: %v", err)
	}
}
