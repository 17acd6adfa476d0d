package db

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"os"
	"sync/atomic"
	"testing"

	"github.com/bermudachess/bermuda/db/dbtest"
)

// The store's tests run against every backend: SQLite always, PostgreSQL
// whenever BERMUDA_TEST_POSTGRES holds a URL of a server where the user may
// create databases (.ci/run sets it to the local server, and requires it:
// package dbtest). TestMain creates a fresh database with a random name for
// the run and drops it at the end; each test gets its own schema in it, so
// tests never see each other's rows.

// pgRunURL is the URL of this run's database; "" when PostgreSQL is not tested.
var pgRunURL string

func TestMain(m *testing.M) {
	if dsn := os.Getenv(helperEnvDB); dsn != "" {
		os.Exit(appendForever(dsn, os.Getenv(helperEnvGame)))
	}
	admin, err := dbtest.ServerURL()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if admin == "" {
		os.Exit(m.Run())
	}
	runURL, drop, err := dbtest.CreateDatabase(admin, "db")
	if err != nil {
		// Asked for PostgreSQL: a server that does not answer is a failure,
		// not a reason to test less.
		fmt.Fprintf(os.Stderr, "%s=%s: %v\n", dbtest.URLVar, Redact(admin), err)
		os.Exit(1)
	}
	pgRunURL = runURL
	code := m.Run()
	if err := drop(); err != nil {
		fmt.Fprintf(os.Stderr, "dropping the test database: %v\n", err)
		if code == 0 {
			code = 1
		}
	}
	os.Exit(code)
}

// needPostgres ends a test that exists only for PostgreSQL (copying into
// it, its own refusals) when the run has no server: it skips, or fails in
// CI (dbtest.Missing). Such a test must never pass by asserting nothing.
func needPostgres(t *testing.T) {
	t.Helper()
	if pgRunURL == "" {
		dbtest.Missing(t)
	}
}

// backend opens fresh, empty stores of one kind. open returns the store
// and the DSN that opens the same database again (as another process would).
type backend struct {
	name string
	open func(t testing.TB) (*sqlStore, string)
}

var pgSchemas atomic.Int64

func backends() []backend {
	bs := []backend{{"sqlite", openTemp}}
	if pgRunURL != "" {
		bs = append(bs, backend{"postgres", openPostgresTemp})
	}
	return bs
}

// openPostgresTemp opens a new schema of the run's database: the store
// finds it through search_path, which pgx passes to the server.
func openPostgresTemp(t testing.TB) (*sqlStore, string) {
	t.Helper()
	schema := fmt.Sprintf("t%d", pgSchemas.Add(1))
	conn, err := sql.Open("pgx", pgRunURL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(context.Background(), `CREATE SCHEMA `+schema); err != nil {
		t.Fatal(err)
	}
	u, _ := url.Parse(pgRunURL)
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return mustOpen(t, u.String()), u.String()
}

// forEachBackend runs fn as a subtest per backend.
func forEachBackend(t *testing.T, fn func(t *testing.T, be backend)) {
	for _, be := range backends() {
		t.Run(be.name, func(t *testing.T) { fn(t, be) })
	}
}

// withStore runs fn on a fresh store of each backend.
func withStore(t *testing.T, fn func(t *testing.T, s *sqlStore)) {
	forEachBackend(t, func(t *testing.T, be backend) {
		s, _ := be.open(t)
		fn(t, s)
	})
}
