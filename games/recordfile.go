package games

import (
	"bufio"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
)

// A record file is a game written as text, for /export and
// `bermuda play -replay`:
//
//	[Variant "angle"]
//	[Setup ""]
//	[StartRolls ""]
//	[White "alice"]
//	[Result "1-0"]
//
//	1. e2e4 {4 5} ; BCAF 4, 5 → f7: nothing there
//	2. e7e5 {}
//
// Tags other than Variant, Setup and StartRolls are free information. A ply
// line is its number, the move, and the rolls in braces; anything after ';'
// is a comment for people.

// WriteRecord writes rec with extra tags (sorted by name) and, for each
// ply, an optional comment (comments[i] belongs to ply i; may be short).
func WriteRecord(w io.Writer, rec Record, tags map[string]string, comments []string) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "[Variant %s]\n", strconv.Quote(rec.Variant))
	fmt.Fprintf(bw, "[Setup %s]\n", strconv.Quote(rec.Setup))
	fmt.Fprintf(bw, "[StartRolls %s]\n", strconv.Quote(joinInts(rec.StartRolls)))
	names := make([]string, 0, len(tags))
	for k := range tags {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		fmt.Fprintf(bw, "[%s %s]\n", k, strconv.Quote(tags[k]))
	}
	bw.WriteString("\n")
	for i, p := range rec.Plies {
		fmt.Fprintf(bw, "%d. %s {%s}", i+1, p.Move, joinInts(p.Rolls))
		if i < len(comments) && comments[i] != "" {
			bw.WriteString(" ; " + strings.ReplaceAll(comments[i], "\n", " "))
		}
		bw.WriteString("\n")
	}
	return bw.Flush()
}

// ReadRecord parses a record file; it returns the record and its tags.
func ReadRecord(r io.Reader) (Record, map[string]string, error) {
	var rec Record
	tags := map[string]string{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	line := 0
	for sc.Scan() {
		line++
		s := strings.TrimSpace(sc.Text())
		if s == "" {
			continue
		}
		if strings.HasPrefix(s, "[") {
			name, val, err := parseTag(s)
			if err != nil {
				return rec, nil, fmt.Errorf("line %d: %v", line, err)
			}
			tags[name] = val
			continue
		}
		if i := strings.Index(s, ";"); i >= 0 {
			s = strings.TrimSpace(s[:i])
		}
		num, rest, ok := strings.Cut(s, ".")
		n, err := strconv.Atoi(strings.TrimSpace(num))
		if !ok || err != nil {
			return rec, nil, fmt.Errorf("line %d: want \"N. move {rolls}\", got %q", line, s)
		}
		if n != len(rec.Plies)+1 {
			return rec, nil, fmt.Errorf("line %d: ply %d follows ply %d", line, n, len(rec.Plies))
		}
		move, rolls, _ := strings.Cut(rest, "{")
		rolls, closed := strings.CutSuffix(strings.TrimSpace(rolls), "}")
		if !closed {
			return rec, nil, fmt.Errorf("line %d: rolls must be in braces, e.g. {4 5} or {}", line)
		}
		faces, err := parseInts(rolls)
		if err != nil {
			return rec, nil, fmt.Errorf("line %d: %v", line, err)
		}
		move = strings.TrimSpace(move)
		if move == "" {
			return rec, nil, fmt.Errorf("line %d: no move", line)
		}
		rec.Plies = append(rec.Plies, Ply{Move: move, Rolls: faces})
	}
	if err := sc.Err(); err != nil {
		return rec, nil, err
	}
	var ok bool
	if rec.Variant, ok = tags["Variant"]; !ok {
		return rec, nil, fmt.Errorf("no [Variant \"…\"] tag")
	}
	rec.Setup = tags["Setup"]
	var err error
	if rec.StartRolls, err = parseInts(tags["StartRolls"]); err != nil {
		return rec, nil, fmt.Errorf("StartRolls: %v", err)
	}
	for _, k := range []string{"Variant", "Setup", "StartRolls"} {
		delete(tags, k)
	}
	return rec, tags, nil
}

func parseTag(s string) (string, string, error) {
	body, ok := strings.CutSuffix(strings.TrimPrefix(s, "["), "]")
	name, quoted, ok2 := strings.Cut(body, " ")
	if !ok || !ok2 {
		return "", "", fmt.Errorf("want [Name \"value\"], got %q", s)
	}
	val, err := strconv.Unquote(strings.TrimSpace(quoted))
	if err != nil {
		return "", "", fmt.Errorf("tag %s: value must be a quoted string", name)
	}
	return name, val, nil
}

func joinInts(xs []int) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = strconv.Itoa(x)
	}
	return strings.Join(parts, " ")
}

func parseInts(s string) ([]int, error) {
	var out []int
	for _, f := range strings.Fields(s) {
		n, err := strconv.Atoi(f)
		if err != nil {
			return nil, fmt.Errorf("%q is not a die face", f)
		}
		out = append(out, n)
	}
	return out, nil
}
