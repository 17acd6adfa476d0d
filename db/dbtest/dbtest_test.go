package dbtest

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// childVar runs TestPostgresOnlyTest's body in a child process, where the
// environment is the case's own.
const childVar = "DBTEST_CHILD"

// A test that exists only for PostgreSQL skips with the way to run it when
// the URL is not set, and fails instead when CI requires PostgreSQL.
func TestPostgresOnlyTestSkipsOrFailsWithoutAServer(t *testing.T) {
	if os.Getenv(childVar) != "" {
		NeedServer(t)
		t.Log("ran with a server")
		return
	}
	for _, c := range []struct {
		name    string
		require string
		want    []string
	}{
		{"newcomer", "", []string{"--- SKIP", "PostgreSQL is not tested: " + URLVar + " is not set", "PASS"}},
		{"CI", "1", []string{"--- FAIL", "this test needs PostgreSQL and " + RequireVar + " is set"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			cmd := exec.Command(os.Args[0], "-test.run=^TestPostgresOnlyTestSkipsOrFailsWithoutAServer$", "-test.v")
			cmd.Env = append(withoutVars(os.Environ(), URLVar, RequireVar), childVar+"=1", RequireVar+"="+c.require)
			out, err := cmd.CombinedOutput()
			if (err != nil) != (c.require != "") {
				t.Errorf("child exited with %v", err)
			}
			for _, w := range c.want {
				if !strings.Contains(string(out), w) {
					t.Errorf("child output lacks %q:\n%s", w, out)
				}
			}
		})
	}
}

func TestServerURLRefusesAMissingURLOnlyWhenRequired(t *testing.T) {
	t.Setenv(URLVar, "")
	t.Setenv(RequireVar, "")
	if u, err := ServerURL(); u != "" || err != nil {
		t.Errorf("without either variable: %q, %v", u, err)
	}
	t.Setenv(RequireVar, "1")
	if _, err := ServerURL(); err == nil || !strings.Contains(err.Error(), URLVar) {
		t.Errorf("required without a URL: %v", err)
	}
	t.Setenv(URLVar, "postgres://u@127.0.0.1:5432/postgres")
	if u, err := ServerURL(); u == "" || err != nil {
		t.Errorf("required with a URL: %q, %v", u, err)
	}
}

func withoutVars(env []string, names ...string) []string {
	var out []string
	for _, kv := range env {
		keep := true
		for _, n := range names {
			if strings.HasPrefix(kv, n+"=") {
				keep = false
			}
		}
		if keep {
			out = append(out, kv)
		}
	}
	return out
}
