package db

import (
	"database/sql"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bermudachess/bermuda/games"
)

func TestBackupOfALiveDatabase(t *testing.T) {
	s, path := openTemp(t)
	id := newToyGame(t, s, "g1")
	for i := 0; i < 50; i++ {
		if _, err := play(t, s, id, "roll", games.Seeded(uint64(i))); err != nil {
			t.Fatal(err)
		}
	}
	// A writer keeps going in another game while the backups run.
	busy := newToyGame(t, s, "g1")
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for ply := 0; ; ply++ {
			select {
			case <-stop:
				return
			default:
			}
			if _, err := s.AppendMove(bg, busy, ply, Move{Notation: "pass", PlayerID: []string{"alice", "bob"}[ply%2]}, time.Time{}, time.Time{}, nil); err != nil {
				t.Error(err)
				return
			}
		}
	}()
	dir := t.TempDir()
	viaStore := filepath.Join(dir, "store-copy.db")
	viaFile := filepath.Join(dir, "file copy?#.db")
	errStore := s.Backup(bg, viaStore)
	errFile := BackupFile(bg, path, viaFile)
	close(stop)
	wg.Wait()
	if errStore != nil || errFile != nil {
		t.Fatalf("backups: %v, %v", errStore, errFile)
	}
	for _, copyPath := range []string{viaStore, viaFile} {
		c, err := Open(copyPath)
		if err != nil {
			t.Fatal(err)
		}
		g, pos, err := c.LoadGame(bg, id)
		if err != nil || g.Ply != 50 {
			t.Fatalf("%s: game %+v, %v", copyPath, g, err)
		}
		want, _, _ := s.LoadGame(bg, id)
		if pos.Position() == "" || g.Deadline != want.Deadline {
			t.Fatalf("%s: copy differs: %+v vs %+v", copyPath, g, want)
		}
		// The busy game is consistent: its row and its log agree.
		if _, _, err := c.LoadGame(bg, busy); err != nil {
			t.Fatalf("%s: busy game: %v", copyPath, err)
		}
		c.Close()
		if matches, _ := filepath.Glob(filepath.Join(dir, "*.partial")); len(matches) != 0 {
			t.Fatalf("left behind: %v", matches)
		}
	}
	if err := s.Backup(bg, viaStore); err == nil || !strings.Contains(err.Error(), "already exists") {
		t.Fatalf("overwrite: %v", err)
	}
}

func TestBackupFileRefusesWhatIsNotABermudaDatabase(t *testing.T) {
	dir := t.TempDir()
	text := filepath.Join(dir, "notes.txt")
	os.WriteFile(text, []byte(strings.Repeat("not a database\n", 100)), 0o644)
	other := filepath.Join(dir, "other.db")
	raw, err := sql.Open("sqlite3", other)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := raw.Exec(`CREATE TABLE t (x)`); err != nil {
		t.Fatal(err)
	}
	raw.Close()
	for src, want := range map[string]string{
		filepath.Join(dir, "missing.db"): "does not exist",
		dir:                              "is a directory",
		text:                             "not a database",
		other:                            "not a bermuda database",
	} {
		err := BackupFile(bg, src, filepath.Join(dir, "out.db"))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("backup of %s: %v; want %q", src, err, want)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "missing.db")); err == nil {
		t.Error("a backup attempt created the missing source")
	}
}

func TestBackupOfPostgreSQLPointsToPgDump(t *testing.T) {
	err := BackupFile(bg, "postgres://bermuda:s3cret@db.example/bermuda", filepath.Join(t.TempDir(), "b.db"))
	if err == nil || !strings.Contains(err.Error(), "pg_dump") || strings.Contains(err.Error(), "s3cret") {
		t.Errorf("BackupFile of a URL: %v", err)
	}
}

func TestBackupOfAPostgreSQLStorePointsToPgDump(t *testing.T) {
	needPostgres(t)
	s, _ := openPostgresTemp(t)
	if err := s.Backup(bg, filepath.Join(t.TempDir(), "b.db")); err == nil || !strings.Contains(err.Error(), "pg_dump") {
		t.Errorf("Store.Backup on PostgreSQL: %v", err)
	}
}
