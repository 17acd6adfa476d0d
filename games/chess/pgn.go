package chess

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/bermudachess/bermuda/games"
)

// Orthodox chess games are written as PGN (the Portable Game Notation that
// chess programs and sites import): the Seven Tag Roster, moves in SAN,
// and the result. Random Move Number Chess keeps the record format: PGN
// cannot say that one colour moved twice in a row or that the players
// swapped colours, and it has nowhere for the dice.
func init() {
	games.RegisterFormat("chess", games.Format{Name: "PGN", Ext: "pgn", Write: WritePGN, Read: ReadPGN})
}

// sevenTags is the PGN Seven Tag Roster, in its required order.
var sevenTags = []string{"Event", "Site", "Date", "Round", "White", "Black", "Result"}

// WritePGN writes rec as PGN. tags are as games.WriteRecord takes them:
// Player1 and Player2 become White and Black (White is always Player 1
// here), Result must be set; the Seven Tag Roster's other tags default to
// "?" (and Round to "-"); any other tags follow in name order.
func WritePGN(w io.Writer, rec games.Record, tags map[string]string) error {
	if rec.Variant != "chess" {
		return fmt.Errorf("PGN is written for orthodox chess only, not %q", rec.Variant)
	}
	var sans []string
	var firstNumber int
	var blackFirst bool
	_, err := games.ReplayEach(rec, func(s games.ReplayStep) {
		if s.Index < 0 {
			t := s.Before.Turn()
			firstNumber, blackFirst = t.MoveNumber, t.Player == games.Player2
			return
		}
		sans = append(sans, s.Before.(*Game).san(s.Move.Notation))
	})
	if err != nil {
		return fmt.Errorf("the record does not replay: %w", err)
	}
	values := map[string]string{"Event": "?", "Site": "?", "Date": "????.??.??", "Round": "-", "White": "?", "Black": "?", "Result": games.ResultNone}
	var extra []string
	for k, v := range tags {
		switch k {
		case "Player1":
			k = "White"
		case "Player2":
			k = "Black"
		case "SetUp", "FEN":
			continue // written from rec.Setup
		}
		if _, seven := values[k]; !seven {
			extra = append(extra, k)
		}
		if v != "" {
			values[k] = v
		}
	}
	sort.Strings(extra)
	if rec.Setup != "" && rec.Setup != StartFEN {
		values["SetUp"], values["FEN"] = "1", rec.Setup
		extra = append([]string{"SetUp", "FEN"}, extra...)
	}
	bw := bufio.NewWriter(w)
	for _, k := range append(append([]string(nil), sevenTags...), extra...) {
		fmt.Fprintf(bw, "[%s %s]\n", k, pgnQuote(values[k]))
	}
	bw.WriteString("\n")
	var line strings.Builder
	emit := func(tok string) {
		if line.Len() > 0 && line.Len()+1+len(tok) > 79 {
			bw.WriteString(line.String() + "\n")
			line.Reset()
		}
		if line.Len() > 0 {
			line.WriteByte(' ')
		}
		line.WriteString(tok)
	}
	// A move number stays on the line of its move.
	number, white := firstNumber, !blackFirst
	for i, san := range sans {
		switch {
		case white:
			emit(strconv.Itoa(number) + ". " + san)
		case i == 0:
			emit(strconv.Itoa(number) + "... " + san)
		default:
			emit(san)
		}
		if !white {
			number++
		}
		white = !white
	}
	emit(values["Result"])
	bw.WriteString(line.String() + "\n")
	return bw.Flush()
}

// san is the SAN of the legal move with UCI notation, with its check or
// mate mark.
func (g *Game) san(notation string) string {
	m, _ := g.pos.lookupUCI(notation)
	var l moveList
	g.pos.generate(&l)
	return g.pos.sanBody(m, l.moves[:l.n]) + g.pos.checkSuffix(m)
}

// pgnQuote writes a PGN string. PGN allows \" and \\ escapes, but many
// readers do not understand them, so a quote becomes an apostrophe, a
// backslash a slash, and anything not printable a space.
func pgnQuote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"':
			b.WriteByte('\'')
		case r == '\\':
			b.WriteByte('/')
		case r < ' ' || r == 0x7f:
			b.WriteByte(' ')
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// ReadPGN reads the first game of a PGN file: its moves in SAN (or UCI),
// the FEN tag if it starts from a set-up position, and its tags (White and
// Black returned as Player1 and Player2). Comments, annotation glyphs and
// variations are skipped.
func ReadPGN(data []byte) (games.Record, map[string]string, error) {
	rec := games.Record{Variant: "chess"}
	tags := map[string]string{}
	lines := strings.Split(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n")
	i := 0
	for ; i < len(lines); i++ {
		s := strings.TrimSpace(lines[i])
		if s == "" || s[0] == '%' {
			continue
		}
		if s[0] != '[' {
			break
		}
		name, val, err := parsePGNTag(s)
		if err != nil {
			return rec, nil, fmt.Errorf("line %d: %v", i+1, err)
		}
		tags[name] = val
	}
	if v, ok := tags["Variant"]; ok && !strings.EqualFold(v, "standard") && !strings.EqualFold(v, "chess") && !strings.EqualFold(v, "from position") {
		return rec, nil, fmt.Errorf("the game is of variant %q; only orthodox chess is read as PGN", v)
	}
	if fen := tags["FEN"]; fen != "" {
		rec.Setup = fen
	}
	for _, k := range []string{"FEN", "SetUp"} {
		delete(tags, k)
	}
	for pgn, ours := range map[string]string{"White": "Player1", "Black": "Player2"} {
		if v, ok := tags[pgn]; ok {
			tags[ours] = v
			delete(tags, pgn)
		}
	}
	g, _, _, err := games.Start("chess", rec.Setup, nil)
	if err != nil {
		return rec, nil, fmt.Errorf("FEN tag: %v", err)
	}
	toks, err := pgnTokens(strings.Join(lines[i:], "\n"))
	if err != nil {
		return rec, nil, err
	}
	sawResult := false
	for _, tok := range toks {
		if sawResult {
			break // the next game of the file starts here
		}
		switch {
		case tok == "1-0" || tok == "0-1" || tok == "1/2-1/2" || tok == "*":
			sawResult = true
			continue
		case tok[0] == '$':
			continue
		}
		san := stripMoveNumber(tok)
		if san == "" {
			continue // a move number
		}
		next, ply, _, err := games.Apply(g, san, nil)
		if err != nil {
			return rec, nil, fmt.Errorf("move %d (%s): %v", len(rec.Plies)+1, san, err)
		}
		rec.Plies = append(rec.Plies, ply)
		g = next
	}
	if len(rec.Plies) == 0 && len(tags) == 0 {
		return rec, nil, fmt.Errorf("no tags and no moves")
	}
	return rec, tags, nil
}

// stripMoveNumber removes a leading move number ("12." or "12...") from
// a token such as "12.e4"; castling written 0-0 keeps its zeros.
func stripMoveNumber(tok string) string {
	digits := strings.TrimLeft(tok, "0123456789")
	if len(digits) == len(tok) || !strings.HasPrefix(digits, ".") {
		return tok
	}
	return strings.TrimLeft(digits, ".")
}

// pgnTokens splits movetext into words, dropping {comments}, ;comments
// and (variations).
func pgnTokens(text string) ([]string, error) {
	var out []string
	depth := 0
	for i := 0; i < len(text); {
		c := text[i]
		switch {
		case c == '{':
			end := strings.IndexByte(text[i:], '}')
			if end < 0 {
				return nil, fmt.Errorf("a comment '{' is not closed")
			}
			i += end + 1
		case c == ';':
			end := strings.IndexByte(text[i:], '\n')
			if end < 0 {
				end = len(text) - i
			}
			i += end
		case c == '(':
			depth++
			i++
		case c == ')':
			if depth == 0 {
				return nil, fmt.Errorf("a ')' closes no variation")
			}
			depth--
			i++
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		default:
			j := i
			for j < len(text) && !strings.ContainsRune(" \t\r\n{};()", rune(text[j])) {
				j++
			}
			if depth == 0 {
				out = append(out, text[i:j])
			}
			i = j
		}
	}
	if depth != 0 {
		return nil, fmt.Errorf("a variation '(' is not closed")
	}
	return out, nil
}

func parsePGNTag(s string) (string, string, error) {
	body, ok := strings.CutSuffix(strings.TrimPrefix(s, "["), "]")
	name, quoted, ok2 := strings.Cut(strings.TrimSpace(body), " ")
	quoted = strings.TrimSpace(quoted)
	if !ok || !ok2 || len(quoted) < 2 || quoted[0] != '"' || quoted[len(quoted)-1] != '"' {
		return "", "", fmt.Errorf(`want a tag like [Event "?"], got %q`, s)
	}
	var b bytes.Buffer
	in := quoted[1 : len(quoted)-1]
	for i := 0; i < len(in); i++ {
		if in[i] == '\\' && i+1 < len(in) {
			i++
		}
		b.WriteByte(in[i])
	}
	return name, b.String(), nil
}
