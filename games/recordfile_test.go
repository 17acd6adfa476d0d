package games

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// In race every ply has move number 1 and the players alternate, so the
// writer labels each turn; the dice comments and the result line say what
// happened.
func TestRecordFormatIsWrittenForPeople(t *testing.T) {
	rec := Record{Variant: "race", Plies: []Ply{{"roll", []int{6}}, {"pass", nil}, {"roll", []int{4}}}}
	var buf bytes.Buffer
	if err := WriteRecord(&buf, rec, map[string]string{"Player1": "ann", "Player2": "bo \"b\"\nx"}); err != nil {
		t.Fatal(err)
	}
	want := `[Variant "race"]
[Setup ""]
[StartRolls ""]
[Player1 "ann"]
[Player2 "bo \"b\" x"]
[Result "1-0"]
[Termination "reached 10"]

1. White: roll {6}  Black: pass {}  White: roll {4}
   ; after roll: 6 → 6
   ; after roll: 4 → 10
1-0 ; Player 1 (ann) wins: reached 10
`
	if buf.String() != want {
		t.Fatalf("got\n%s\nwant\n%s", buf.String(), want)
	}
	got, tags, err := ReadRecord(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(got) != fmt.Sprint(rec) || tags["Player2"] != "bo \"b\" x" || tags["Result"] != "1-0" {
		t.Fatalf("round trip: %+v %v", got, tags)
	}
}

func TestResultSentences(t *testing.T) {
	for _, c := range []struct {
		tags map[string]string
		want string
	}{
		{map[string]string{"Result": "0-1", "Termination": "Player 1 resigned"}, "0-1 ; Player 2 wins: Player 1 resigned\n"},
		{map[string]string{"Result": "1/2-1/2", "Termination": "agreement"}, "1/2-1/2 ; draw: agreement\n"},
		{map[string]string{"Result": "*", "Termination": "aborted"}, "* ; the game did not finish: aborted\n"},
		{nil, "* ; the game did not finish\n"},
	} {
		var buf bytes.Buffer
		if err := WriteRecord(&buf, Record{Variant: "race", Plies: []Ply{{"pass", nil}}}, c.tags); err != nil {
			t.Fatal(err)
		}
		if !strings.HasSuffix(buf.String(), c.want) {
			t.Errorf("tags %v: file ends %q, want %q", c.tags, buf.String()[strings.LastIndex(buf.String()[:buf.Len()-1], "\n")+1:], c.want)
		}
	}
}

// Files exported before the layout changed (one ply a line, the player's
// name in a comment) still read.
func TestOldRecordFilesStillRead(t *testing.T) {
	old := "[Variant \"race\"]\n[Setup \"\"]\n[StartRolls \"\"]\n[Result \"*\"]\n\n1. roll {6} ; ann: `6` → 6\n2. pass {}\n3. roll {1}\n"
	rec, _, err := ReadRecord(strings.NewReader(old))
	if err != nil || fmt.Sprint(rec.Plies) != "[{roll [6]} {pass []} {roll [1]}]" {
		t.Fatalf("%+v %v", rec, err)
	}
}

func TestBadRecordFilesAreRefusedWithTheLine(t *testing.T) {
	for bad, want := range map[string]string{
		"[StartRolls \"\"]\n1. roll {6}\n":                       `no [Variant "…"] tag`,
		"[Variant \"race\"]\n[StartRolls \"\"]\n1. roll 6\n":     `line 3: move "roll" must be followed by its rolls in braces`,
		"[Variant \"race\"]\n[StartRolls \"\"]\n1. roll\n{6}\n":  `line 3: move "roll" must be followed`,
		"[Variant \"race\"]\n[StartRolls \"\"]\n1. {6}\n":        "line 3: rolls {6} follow no move",
		"[Variant \"race\"]\n[StartRolls \"\"]\n1. roll {6\n":    "line 3: a '{' is not closed",
		"[Variant \"race\"]\n[StartRolls \"\"]\n1. roll {six}\n": `line 3: "six" is not a die face`,
		"[Variant race]\n[StartRolls \"\"]\n":                    "line 1: tag Variant: value must be a quoted string",
		"1. roll {6}\n":                                          `not a record file (no [StartRolls "…"] tag), and not readable as PGN: move 1 (roll)`,
	} {
		_, _, err := ReadRecord(strings.NewReader(bad))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ReadRecord(%q) = %v, want %q", bad, err, want)
		}
	}
	// A record that does not replay is not written.
	if err := WriteRecord(&bytes.Buffer{}, Record{Variant: "race", Plies: []Ply{{"fly", nil}}}, nil); err == nil {
		t.Error("WriteRecord wrote a record that does not replay")
	}
}
