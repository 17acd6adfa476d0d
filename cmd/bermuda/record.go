package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/bermudachess/bermuda/games"
)

// gameFile follows a terminal game for `bermuda play -record`: the record
// so far and its tags, written out after every move so that quitting (or
// a crash) loses nothing.
type gameFile struct {
	path string // "" writes nothing
	rec  games.Record
	tags map[string]string
}

// newGameFile is the file of a game just started.
func newGameFile(path string, rec games.Record, now time.Time) *gameFile {
	return &gameFile{path: path, rec: rec, tags: map[string]string{"Event": "bermuda play", "Date": now.Format("2006.01.02")}}
}

// readGameFile reads a record file or PGN and replays it.
func readGameFile(path string) (games.Record, map[string]string, games.Game, error) {
	f, err := os.Open(path)
	if err != nil {
		return games.Record{}, nil, nil, usagef("cannot open -replay file: %v", err)
	}
	defer f.Close()
	rec, tags, err := games.ReadRecord(f)
	if err != nil {
		return rec, nil, nil, usagef("bad record file %s: %v", path, err)
	}
	g, err := games.Replay(rec)
	if err != nil {
		return rec, nil, nil, fmt.Errorf("record file %s does not replay: %v", path, err)
	}
	return rec, tags, g, nil
}

// add records a move. The result the file had (a resignation, say) no
// longer holds once play goes on, so the rules judge it again.
func (f *gameFile) add(p games.Ply) {
	f.rec.Plies = append(f.rec.Plies, p)
	delete(f.tags, "Result")
	delete(f.tags, "Termination")
}

// save writes the file whole, through a temporary file renamed over it.
func (f *gameFile) save() error {
	if f.path == "" {
		return nil
	}
	var buf bytes.Buffer
	if err := games.WriteRecord(&buf, f.rec, f.tags); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(f.path), ".bermuda-record-*")
	if err != nil {
		return fmt.Errorf("writing -record file: %w", err)
	}
	_, err = tmp.Write(buf.Bytes())
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), f.path)
	}
	if err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("writing -record file %s: %w", f.path, err)
	}
	return nil
}
