package games

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
)

// A record file is a game written as text, for /export and `bermuda play`
// (-record to write, -replay to read). Variants with a standard notation of
// their own register a Format (orthodox chess writes PGN); every other
// variant writes the record format:
//
//	[Variant "angle"]
//	[Setup ""]
//	[StartRolls ""]
//	[Player1 "ann"]
//	[Player2 "bob"]
//	[Result "1-0"]
//	[Termination "Black's king vanished"]
//
//	1. d2d3 {}  e9e7 {}
//	2. c2c4 {6 1}  g9g7 {3 5}
//	   ; after c2c4: BCAF 6, 1 → h3: empty, nothing vanished
//	   ; after g9g7: BCAF 3, 5 → e7: White's Bishop vanished into the Angle
//	1-0 ; Player 1 (ann) wins: Black's king vanished
//
// Variant, Setup and StartRolls rebuild the game; the other tags are free
// information. Result is "1-0" (Player 1 won), "0-1", "1/2-1/2" or "*",
// as in PGN; Termination says why. The moves are machine data: each move
// is followed by the dice rolled while playing it, in braces. Everything
// else is for people and ignored on reading: move numbers ("2." or
// "2..."), labels ending in ':' ("White:"), the result and comments (from
// ';' to the end of the line), which say what every roll did.
//
// A file is read as the record format when it has a StartRolls tag, and
// otherwise by the registered formats (PGN).

// Format is a variant's own file format.
type Format struct {
	Name string // e.g. "PGN"
	Ext  string // file name extension, e.g. "pgn"
	// Write writes rec; tags are as for WriteRecord.
	Write func(w io.Writer, rec Record, tags map[string]string) error
	// Read parses one game; it returns the tags as WriteRecord takes them.
	Read func(data []byte) (Record, map[string]string, error)
}

var formats = map[string]Format{}

// RegisterFormat makes variant's records use f. Call it from init.
func RegisterFormat(variant string, f Format) {
	registryMu.Lock()
	defer registryMu.Unlock()
	formats[variant] = f
}

func formatOf(variant string) (Format, bool) {
	registryMu.RLock()
	defer registryMu.RUnlock()
	f, ok := formats[variant]
	return f, ok
}

// RecordExt is the file name extension for variant's records: "pgn" for
// a variant with a registered format, "txt" for the record format.
func RecordExt(variant string) string {
	if f, ok := formatOf(variant); ok {
		return f.Ext
	}
	return "txt"
}

// Result tag values, as in PGN; "1-0" means Player 1 won.
const (
	ResultPlayer1 = "1-0"
	ResultPlayer2 = "0-1"
	ResultDraw    = "1/2-1/2"
	ResultNone    = "*"
)

// ResultTags are the Result and Termination tags for an outcome judged by
// the rules (a game still going gives "*" and no Termination).
func ResultTags(o Outcome) (result, termination string) {
	switch {
	case !o.Over:
		return ResultNone, ""
	case o.Draw:
		return ResultDraw, o.Reason
	case o.Winner == Player2:
		return ResultPlayer2, o.Reason
	}
	return ResultPlayer1, o.Reason
}

// WriteRecord writes rec in its variant's format. tags are free
// information (Player1, Player2, Event, Date…); Result and Termination,
// when not given, come from the rules' verdict on the final position. It
// replays rec (to describe the rolls and judge the end), so a record that
// does not replay is an error and nothing is written.
func WriteRecord(w io.Writer, rec Record, tags map[string]string) error {
	if f, ok := formatOf(rec.Variant); ok {
		return f.Write(w, rec, withResult(rec, tags))
	}
	var buf bytes.Buffer
	if err := writeRecordFormat(&buf, rec, tags); err != nil {
		return err
	}
	_, err := w.Write(buf.Bytes())
	return err
}

// withResult copies tags, filling Result and Termination from the rules'
// verdict on the game's end.
func withResult(rec Record, tags map[string]string) map[string]string {
	g, err := Replay(rec)
	if err != nil {
		return tags // the writer reports the error
	}
	return withOutcome(tags, g.Outcome())
}

func withOutcome(tags map[string]string, o Outcome) map[string]string {
	out := map[string]string{}
	for k, v := range tags {
		out[k] = v
	}
	if out["Result"] != "" {
		return out
	}
	res, term := ResultTags(o)
	out["Result"] = res
	if term != "" && out["Termination"] == "" {
		out["Termination"] = term
	}
	return out
}

// writeRecordFormat lays the moves out one line per move number. A game
// where the players simply alternate reads like a chess score; in one
// where a player may make several moves in a turn or lose one, each turn
// is labelled with the army that moved.
func writeRecordFormat(w io.Writer, rec Record, tags map[string]string) error {
	type ply struct {
		Ply
		number int
		player Player
		side   Side
		notes  []string
	}
	var plies []ply
	var startNotes []string
	end, err := ReplayEach(rec, func(s ReplayStep) {
		var notes []string
		for _, e := range DiceEvents(s.Events) {
			notes = append(notes, plainText(e.Text))
		}
		if s.Index < 0 {
			startNotes = notes
			return
		}
		t := s.Before.Turn()
		for i := range notes {
			notes[i] = "after " + s.Move.Notation + ": " + notes[i]
		}
		side := s.Move.Side
		if len(t.Sides) == 1 {
			side = t.Sides[0]
		}
		plies = append(plies, ply{rec.Plies[s.Index], t.MoveNumber, t.Player, side, notes})
	})
	if err != nil {
		return fmt.Errorf("the record does not replay: %w", err)
	}
	tags = withOutcome(tags, end.Outcome())
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "[Variant %s]\n", strconv.Quote(rec.Variant))
	fmt.Fprintf(bw, "[Setup %s]\n", strconv.Quote(rec.Setup))
	fmt.Fprintf(bw, "[StartRolls %s]\n", strconv.Quote(joinInts(rec.StartRolls)))
	names := make([]string, 0, len(tags))
	for k := range tags {
		if k != "Variant" && k != "Setup" && k != "StartRolls" {
			names = append(names, k)
		}
	}
	sort.Strings(names)
	for _, k := range names {
		fmt.Fprintf(bw, "[%s %s]\n", k, strconv.Quote(oneLine(tags[k])))
	}
	bw.WriteString("\n")
	for _, n := range startNotes {
		bw.WriteString("; " + n + "\n")
	}
	// Split the plies into lines, one per move number.
	var lines [][]ply
	for i, p := range plies {
		if i == 0 || p.number != plies[i-1].number {
			lines = append(lines, nil)
		}
		lines[len(lines)-1] = append(lines[len(lines)-1], p)
	}
	alternate := true
	for i, l := range lines {
		for j := 1; j < len(l); j++ {
			alternate = alternate && l[j].player != l[j-1].player
		}
		if len(l) > 2 || (len(l) == 1 && i != 0 && i != len(lines)-1) {
			alternate = false
		}
	}
	for i, l := range lines {
		var b strings.Builder
		fmt.Fprintf(&b, "%d.", l[0].number)
		if alternate && i == 0 && len(lines) > 1 && len(l) == 1 {
			b.WriteString("..") // the game starts with the second player's move
		}
		var notes []string
		for j, p := range l {
			if !alternate && (j == 0 || p.player != l[j-1].player) {
				if j > 0 {
					b.WriteString(" ")
				}
				b.WriteString(" " + p.side.String() + ":")
			}
			if alternate && j > 0 {
				b.WriteString(" ")
			}
			fmt.Fprintf(&b, " %s {%s}", p.Move, joinInts(p.Rolls))
			notes = append(notes, p.notes...)
		}
		bw.WriteString(b.String() + "\n")
		for _, n := range notes {
			bw.WriteString("   ; " + n + "\n")
		}
	}
	res := tags["Result"]
	bw.WriteString(res + " ; " + resultSentence(res, tags) + "\n")
	return bw.Flush()
}

// resultSentence says the result in words, e.g.
// "Player 1 (ann) wins: checkmate".
func resultSentence(result string, tags map[string]string) string {
	who := func(p Player, tag string) string {
		if name := tags[tag]; name != "" {
			return fmt.Sprintf("%s (%s)", p, oneLine(name))
		}
		return p.String()
	}
	var s string
	switch result {
	case ResultPlayer1:
		s = who(Player1, "Player1") + " wins"
	case ResultPlayer2:
		s = who(Player2, "Player2") + " wins"
	case ResultDraw:
		s = "draw"
	default:
		s = "the game did not finish"
	}
	if t := tags["Termination"]; t != "" {
		s += ": " + oneLine(t)
	}
	return s
}

// plainText drops the Markdown the bot's messages use.
func plainText(s string) string {
	return oneLine(strings.NewReplacer("`", "", "**", "", "*", "").Replace(s))
}

func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// ReadRecord parses a record file or, through the registered formats, a
// file in a variant's own format (PGN); it returns the record and its free
// tags (Result and Termination included).
func ReadRecord(r io.Reader) (Record, map[string]string, error) {
	data, err := io.ReadAll(io.LimitReader(r, 64<<20))
	if err != nil {
		return Record{}, nil, err
	}
	if hasTag(data, "StartRolls") {
		return readRecordFormat(data)
	}
	registryMu.RLock()
	var fs []Format
	for _, id := range sortedFormatIDs() {
		fs = append(fs, formats[id])
	}
	registryMu.RUnlock()
	var errs []string
	for _, f := range fs {
		rec, tags, err := f.Read(data)
		if err == nil {
			return rec, tags, nil
		}
		errs = append(errs, fmt.Sprintf("as %s: %v", f.Name, err))
	}
	if len(errs) == 0 {
		return Record{}, nil, fmt.Errorf(`not a record file: no [StartRolls "…"] tag`)
	}
	return Record{}, nil, fmt.Errorf(`not a record file (no [StartRolls "…"] tag), and not readable %s`, strings.Join(errs, "; "))
}

func sortedFormatIDs() []string {
	ids := make([]string, 0, len(formats))
	for id := range formats {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

// hasTag reports whether a line of data starts with [name .
func hasTag(data []byte, name string) bool {
	for _, line := range bytes.Split(data, []byte("\n")) {
		if bytes.HasPrefix(bytes.TrimSpace(line), []byte("["+name+" ")) {
			return true
		}
	}
	return false
}

func readRecordFormat(data []byte) (Record, map[string]string, error) {
	var rec Record
	tags := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	line := 0
	for sc.Scan() {
		line++
		s := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(s, "[") {
			name, val, err := parseTag(s)
			if err != nil {
				return rec, nil, fmt.Errorf("line %d: %v", line, err)
			}
			tags[name] = val
			continue
		}
		if i := strings.Index(s, ";"); i >= 0 {
			s = s[:i]
		}
		if err := readPlies(s, &rec); err != nil {
			return rec, nil, fmt.Errorf("line %d: %v", line, err)
		}
	}
	if err := sc.Err(); err != nil {
		return rec, nil, err
	}
	var ok bool
	if rec.Variant, ok = tags["Variant"]; !ok {
		return rec, nil, fmt.Errorf(`no [Variant "…"] tag`)
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

// readPlies reads the moves of one line (comment removed) into rec. A
// move must be followed by its rolls in braces, on the same line.
func readPlies(s string, rec *Record) error {
	needRolls := false
	for s = strings.TrimSpace(s); s != ""; s = strings.TrimSpace(s) {
		if s[0] == '{' {
			body, rest, ok := strings.Cut(s[1:], "}")
			if !ok {
				return fmt.Errorf("a '{' is not closed by '}'")
			}
			if !needRolls {
				return fmt.Errorf("rolls {%s} follow no move", body)
			}
			faces, err := parseInts(body)
			if err != nil {
				return err
			}
			rec.Plies[len(rec.Plies)-1].Rolls = faces
			needRolls, s = false, rest
			continue
		}
		end := strings.IndexAny(s, " \t{")
		if end < 0 {
			end = len(s)
		}
		word := s[:end]
		s = s[end:]
		if isMoveNumber(word) || strings.HasSuffix(word, ":") || isResult(word) {
			continue
		}
		if needRolls {
			return fmt.Errorf("move %q must be followed by its rolls in braces, e.g. {4 5} or {}", rec.Plies[len(rec.Plies)-1].Move)
		}
		rec.Plies = append(rec.Plies, Ply{Move: word})
		needRolls = true
	}
	if needRolls {
		return fmt.Errorf("move %q must be followed by its rolls in braces, e.g. {4 5} or {}", rec.Plies[len(rec.Plies)-1].Move)
	}
	return nil
}

// isMoveNumber matches "12." and "12...".
func isMoveNumber(w string) bool {
	digits := strings.TrimRight(w, ".")
	if digits == w || digits == "" {
		return false
	}
	_, err := strconv.Atoi(digits)
	return err == nil
}

func isResult(w string) bool {
	switch w {
	case ResultPlayer1, ResultPlayer2, ResultDraw, ResultNone:
		return true
	}
	return false
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
