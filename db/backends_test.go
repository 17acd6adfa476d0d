package db

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"
	"net/url"
	"os"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// The store's tests run against every backend: SQLite always, PostgreSQL
// whenever BERMUDA_TEST_POSTGRES holds a URL of a server where the user may
// create databases (.ci/run sets it to the local server). TestMain creates
// a fresh database with a random name for the run and drops it at the end;
// each test gets its own schema in it, so tests never see each other's rows.
const postgresEnv = "BERMUDA_TEST_POSTGRES"

// pgRunURL is the URL of this run's database; "" when PostgreSQL is not tested.
var pgRunURL string

func TestMain(m *testing.M) {
	if dsn := os.Getenv(helperEnvDB); dsn != "" {
		os.Exit(appendForever(dsn, os.Getenv(helperEnvGame)))
	}
	admin := os.Getenv(postgresEnv)
	if admin == "" {
		os.Exit(m.Run())
	}
	runURL, drop, err := createTestDatabase(admin)
	if err != nil {
		// Asked for PostgreSQL: a server that does not answer is a failure,
		// not a reason to test less.
		fmt.Fprintf(os.Stderr, "%s=%s: %v\n", postgresEnv, Redact(admin), err)
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

// createTestDatabase creates bermuda_test_<random> on the server admin
// points to and returns its URL and a function that drops it.
func createTestDatabase(admin string) (string, func() error, error) {
	u, err := url.Parse(admin)
	if err != nil {
		return "", nil, err
	}
	conn, err := sql.Open("pgx", admin)
	if err != nil {
		return "", nil, err
	}
	dropStaleTestDatabases(conn)
	var suffix [4]byte
	rand.Read(suffix[:])
	name := fmt.Sprintf("%s%d_%s", testDBPrefix, time.Now().Unix(), hex.EncodeToString(suffix[:]))
	if _, err := conn.Exec(`CREATE DATABASE ` + name); err != nil {
		conn.Close()
		return "", nil, err
	}
	u.Path = "/" + name
	drop := func() error {
		defer conn.Close()
		_, err := conn.Exec(`DROP DATABASE ` + name + ` WITH (FORCE)`)
		return err
	}
	return u.String(), drop, nil
}

const testDBPrefix = "bermuda_test_"

// dropStaleTestDatabases drops test databases more than an hour old: a
// run that crashed (a panic ends the process before TestMain can drop its
// database) leaves its database behind, and no run takes that long.
func dropStaleTestDatabases(conn *sql.DB) {
	rows, err := conn.Query(`SELECT datname FROM pg_database WHERE datname LIKE 'bermuda\_test\_%'`)
	if err != nil {
		return
	}
	var stale []string
	for rows.Next() {
		var name string
		rows.Scan(&name)
		created, _, _ := strings.Cut(strings.TrimPrefix(name, testDBPrefix), "_")
		if sec, err := strconv.ParseInt(created, 10, 64); err == nil && time.Since(time.Unix(sec, 0)) > time.Hour {
			stale = append(stale, name)
		}
	}
	rows.Close()
	for _, name := range stale {
		conn.Exec(`DROP DATABASE IF EXISTS ` + name + ` WITH (FORCE)`)
	}
}

// needPostgres fails a test that exists only for PostgreSQL (copying into
// it, its own refusals) when the run has no server: such a test must not
// pass by asserting nothing.
func needPostgres(t *testing.T) {
	t.Helper()
	if pgRunURL == "" {
		t.Fatalf("this test needs a PostgreSQL server: set %s to a URL where the user may create databases, "+
			"e.g. %s=postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable (.ci/run sets it); "+
			"the run creates its own database and drops it at the end", postgresEnv, postgresEnv)
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
