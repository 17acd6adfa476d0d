package main

import (
	"bytes"
	"hash/fnv"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bermudachess/bermuda/games"
)

// randomRecord plays a seeded random game of variant id, to its end or
// maxPlies.
func randomRecord(t *testing.T, id string, seed uint64, maxPlies int) games.Record {
	t.Helper()
	dice := games.Seeded(seed)
	g, rolls, _, err := games.Start(id, "", dice)
	if err != nil {
		t.Fatal(err)
	}
	h := fnv.New64a()
	h.Write([]byte(id))
	rng := rand.New(rand.NewPCG(seed, h.Sum64()))
	rec := games.Record{Variant: id, StartRolls: rolls}
	for len(rec.Plies) < maxPlies && !g.Outcome().Over {
		legal := g.LegalMoves()
		next, ply, _, err := games.Apply(g, legal[rng.IntN(len(legal))].Notation, dice)
		if err != nil {
			t.Fatalf("%s seed %d: %v", id, seed, err)
		}
		rec.Plies = append(rec.Plies, ply)
		g = next
	}
	return rec
}

// TestExportReplayExportGivesTheSameFile: a file as /export writes it,
// replayed with `bermuda play -replay` and written again with -record,
// comes back byte for byte, for finished and unfinished seeded random
// games of every variant.
func TestExportReplayExportGivesTheSameFile(t *testing.T) {
	dir := t.TempDir()
	for _, v := range games.All() {
		for seed := uint64(1); seed <= 4; seed++ {
			maxPlies := 2000
			if seed%2 == 0 {
				maxPlies = 7 * int(seed)
			}
			rec := randomRecord(t, v.ID, seed, maxPlies)
			var buf bytes.Buffer
			tags := map[string]string{"Player1": "ann", "Player2": "bob", "Event": "Bermuda game #7", "Site": "Discord"}
			if err := games.WriteRecord(&buf, rec, tags); err != nil {
				t.Fatal(err)
			}
			exported := filepath.Join(dir, v.ID+".in."+games.RecordExt(v.ID))
			again := filepath.Join(dir, v.ID+".out")
			os.WriteFile(exported, buf.Bytes(), 0o644)
			code, out, errs := runCmd(t, "quit\n", "play", "-replay", exported, "-record", again)
			if code != 0 || !strings.Contains(out, "replayed") {
				t.Fatalf("%s seed %d: code %d, %s %s", v.ID, seed, code, out, errs)
			}
			got, _ := os.ReadFile(again)
			if string(got) != buf.String() {
				t.Fatalf("%s seed %d: export → replay → export differs:\n%s\n---\n%s", v.ID, seed, buf.String(), got)
			}
		}
	}
}

func TestPlayRecordsChessAsPGN(t *testing.T) {
	path := filepath.Join(t.TempDir(), "game.pgn")
	code, out, errs := runCmd(t, "f3\ne5\ng4\nQh4\n", "play", "-record", path)
	if code != 0 || !strings.Contains(out, "Game over") {
		t.Fatalf("code %d out %q err %q", code, out, errs)
	}
	data, _ := os.ReadFile(path)
	for _, want := range []string{"[Event \"bermuda play\"]\n", "[Result \"0-1\"]\n", "[Termination \"checkmate\"]\n", "\n1. f3 e5 2. g4 Qh4# 0-1\n"} {
		if !strings.Contains(string(data), want) {
			t.Errorf("PGN lacks %q:\n%s", want, data)
		}
	}
	// Replayed and continued, the file is written again with the new move
	// and the rules' new verdict.
	code, out, errs = runCmd(t, "quit\n", "play", "-replay", path)
	if code != 0 || !strings.Contains(out, "replayed 4 moves of chess") {
		t.Fatalf("code %d out %q err %q", code, out, errs)
	}
}

func TestPlayRecordsAfterEveryMoveAndContinues(t *testing.T) {
	dir := t.TempDir()
	first, second := filepath.Join(dir, "a.txt"), filepath.Join(dir, "b.txt")
	if code, _, errs := runCmd(t, "d2d3\nquit\n", "play", "-variant", "angle", "-seed", "5", "-record", first); code != 0 {
		t.Fatal(errs)
	}
	data, _ := os.ReadFile(first)
	if !strings.Contains(string(data), "[Variant \"angle\"]") || !strings.Contains(string(data), "1. d2d3 {") || !strings.Contains(string(data), "* ; the game did not finish") {
		t.Fatalf("record:\n%s", data)
	}
	if code, _, errs := runCmd(t, "b9b7\nquit\n", "play", "-replay", first, "-seed", "9", "-record", second); code != 0 {
		t.Fatal(errs)
	}
	rec, _, err := games.ReadRecord(bytes.NewReader(must(os.ReadFile(second))))
	if err != nil || len(rec.Plies) != 2 || rec.Plies[1].Move != "b9b7" {
		t.Fatalf("continued record: %+v %v", rec, err)
	}
	code, _, errs := runCmd(t, "", "play", "-record", filepath.Join(dir, "no", "such", "dir.pgn"))
	if code != 1 || !strings.Contains(errs, "writing -record file") {
		t.Fatalf("unwritable -record: code %d, %q", code, errs)
	}
}

func must(b []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return b
}
