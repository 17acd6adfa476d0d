package db

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/bermudachess/bermuda/games"
)

// The SIGKILL test re-runs this test binary as a helper that appends moves
// to one game for ever, printing each ply once AppendMove has returned.
const (
	helperEnvDB   = "BERMUDA_DB_TEST_APPEND_DB"
	helperEnvGame = "BERMUDA_DB_TEST_APPEND_GAME"
)

func appendForever(path, game string) int {
	id, err := strconv.ParseInt(game, 10, 64)
	if err != nil {
		fmt.Fprintln(os.Stderr, "bad game id:", err)
		return 3
	}
	s, err := Open(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 3
	}
	out := bufio.NewWriter(os.Stdout)
	roller := games.Seeded(7)
	for {
		g, pos, err := s.LoadGame(bg, id)
		if err == nil {
			_, err = playOn(s, g, pos, "roll", roller)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 3
		}
		fmt.Fprintln(out, g.Ply+1)
		out.Flush()
	}
}

func TestSIGKILLLosesNoCommittedMove(t *testing.T) {
	forEachBackend(t, testSIGKILL)
}

func testSIGKILL(t *testing.T, be backend) {
	s, path := be.open(t)
	id := newToyGame(t, s, "g1")
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), helperEnvDB+"="+path, helperEnvGame+"="+strconv.FormatInt(id, 10))
	cmd.Stderr = os.Stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Meanwhile this process reads the same file, as the bot and a backup would.
	stopReading := make(chan struct{})
	readErr := make(chan error, 1)
	go func() {
		for {
			select {
			case <-stopReading:
				readErr <- nil
				return
			default:
			}
			if _, _, err := s.LoadGame(bg, id); err != nil {
				readErr <- err
				return
			}
			time.Sleep(5 * time.Millisecond)
		}
	}()
	sc := bufio.NewScanner(stdout)
	reported := 0
	for sc.Scan() {
		n, err := strconv.Atoi(sc.Text())
		if err != nil || n != reported+1 {
			t.Fatalf("helper printed %q after ply %d", sc.Text(), reported)
		}
		reported = n
		if reported == 300 {
			if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
				t.Fatal(err)
			}
			break
		}
	}
	cmd.Wait()
	close(stopReading)
	if err := <-readErr; err != nil {
		t.Fatalf("reading beside the writer: %v", err)
	}
	if reported < 300 {
		t.Fatalf("the helper stopped after %d plies", reported)
	}
	s.Close()
	s2 := mustOpen(t, path)
	g, pos, err := s2.LoadGame(bg, id)
	if err != nil {
		t.Fatal(err)
	}
	ms, err := s2.Moves(bg, id)
	if err != nil {
		t.Fatal(err)
	}
	if g.Ply < reported || len(ms) != g.Ply {
		t.Fatalf("reported %d committed plies; the database holds %d (game says %d)", reported, len(ms), g.Ply)
	}
	for i, m := range ms {
		if m.Ply != i+1 || m.Notation != "roll" || len(m.Rolls) != 1 {
			t.Fatalf("ply %d: %+v", i+1, m)
		}
	}
	t.Logf("killed after %d reported plies; %d stored; position %s", reported, len(ms), pos.Position())
}
