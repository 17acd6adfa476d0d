// Package dbtest gives tests a PostgreSQL server to use, or decides what a
// test does without one. It is for tests only.
//
// BERMUDA_TEST_POSTGRES is the URL of a server where the user may create
// databases. Without it, a newcomer's `go test ./...` passes: tests that
// exist only for PostgreSQL skip, saying how to run them, and tests that
// cover both backends cover SQLite. CI sets BERMUDA_REQUIRE_POSTGRES=1 as
// well (.ci/run), which turns a missing variable into a failure, so that the
// PostgreSQL path cannot silently go untested there. A variable that is set
// but names a server that does not answer is always a failure.
package dbtest

import (
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"net/url"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" database/sql driver
)

const (
	// URLVar names the variable holding the server's URL.
	URLVar = "BERMUDA_TEST_POSTGRES"
	// RequireVar, set to anything but "" or "0", makes a missing URLVar a
	// failure instead of a skip (CI).
	RequireVar = "BERMUDA_REQUIRE_POSTGRES"
	// Prefix starts the name of every database the tests create, so that
	// one left behind by a crashed run is found and dropped by a later one.
	Prefix = "bermuda_test_"
)

const howTo = "set " + URLVar + " to a URL where the user may create databases, e.g. " + URLVar +
	"='postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable' (see db/README.md); " +
	"each run creates its own database and drops it at the end"

// Required reports whether CI asked for PostgreSQL to be tested.
func Required() bool {
	v := os.Getenv(RequireVar)
	return v != "" && v != "0"
}

// ServerURL is the server's URL, "" when none is set; an error when none is
// set although RequireVar is (for TestMain, which has no *testing.T).
func ServerURL() (string, error) {
	u := os.Getenv(URLVar)
	if u == "" && Required() {
		return "", fmt.Errorf("%s is set but %s is not: %s", RequireVar, URLVar, howTo)
	}
	return u, nil
}

// Missing ends a test that exists only for PostgreSQL and has no server:
// a skip that says how to run it, or a failure when RequireVar is set.
func Missing(t testing.TB) {
	t.Helper()
	if Required() {
		t.Fatalf("this test needs PostgreSQL and %s is set: %s", RequireVar, howTo)
	}
	t.Skipf("PostgreSQL is not tested: %s is not set. To run this test, %s", URLVar, howTo)
}

// NeedServer returns the server's URL for a test that exists only for
// PostgreSQL; without one the test skips (or fails: Missing).
func NeedServer(t testing.TB) string {
	t.Helper()
	u := os.Getenv(URLVar)
	if u == "" {
		Missing(t)
	}
	return u
}

// Server returns the server's URL for a test that covers SQLite always and
// PostgreSQL when it can, "" when there is none (the test goes on with
// SQLite only); it fails the test when RequireVar is set and there is none.
func Server(t testing.TB) string {
	t.Helper()
	u, err := ServerURL()
	if err != nil {
		t.Fatal(err)
	}
	if u == "" {
		t.Logf("%s is not set: PostgreSQL is not tested here (CI tests it)", URLVar)
	}
	return u
}

// Database creates a fresh database named after label on the server at
// admin, drops it when the test ends, and returns its URL.
func Database(t testing.TB, admin, label string) string {
	t.Helper()
	u, drop, err := CreateDatabase(admin, label)
	if err != nil {
		t.Fatalf("%s: %v", URLVar, err)
	}
	t.Cleanup(func() {
		if err := drop(); err != nil {
			t.Errorf("dropping the test database: %v", err)
		}
	})
	return u
}

// CreateDatabase creates bermuda_test_<unix time>_<label><random> on the
// server at admin and returns its URL and a function that drops it. It
// first drops test databases more than an hour old: a run that crashed (a
// panic ends the process before its cleanup) leaves its database behind,
// and no run takes that long. Errors never show the URL (it may hold a
// password).
func CreateDatabase(admin, label string) (string, func() error, error) {
	u, err := url.Parse(admin)
	if err != nil {
		return "", nil, errors.New("the URL does not parse")
	}
	conn, err := sql.Open("pgx", admin)
	if err != nil {
		return "", nil, err
	}
	dropStale(conn)
	var suffix [4]byte
	rand.Read(suffix[:])
	name := fmt.Sprintf("%s%d_%s%s", Prefix, time.Now().Unix(), label, hex.EncodeToString(suffix[:]))
	if _, err := conn.Exec(`CREATE DATABASE ` + name); err != nil {
		conn.Close()
		return "", nil, fmt.Errorf("creating a test database: %w", err)
	}
	u.Path = "/" + name
	drop := func() error {
		defer conn.Close()
		_, err := conn.Exec(`DROP DATABASE ` + name + ` WITH (FORCE)`)
		return err
	}
	return u.String(), drop, nil
}

func dropStale(conn *sql.DB) {
	rows, err := conn.Query(`SELECT datname FROM pg_database WHERE datname LIKE 'bermuda\_test\_%'`)
	if err != nil {
		return
	}
	var stale []string
	for rows.Next() {
		var name string
		rows.Scan(&name)
		created, _, _ := strings.Cut(strings.TrimPrefix(name, Prefix), "_")
		if sec, err := strconv.ParseInt(created, 10, 64); err == nil && time.Since(time.Unix(sec, 0)) > time.Hour {
			stale = append(stale, name)
		}
	}
	rows.Close()
	for _, name := range stale {
		conn.Exec(`DROP DATABASE IF EXISTS ` + name + ` WITH (FORCE)`)
	}
}
