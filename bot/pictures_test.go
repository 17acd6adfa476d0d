package bot

import (
	"bytes"
	"image"
	"image/gif"
	"image/png"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bermudachess/bermuda/bot/fakediscord"
	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/games"
	"github.com/bermudachess/bermuda/games/lessons"
	"github.com/bermudachess/bermuda/render"
)

// embedOf returns a message's embed i as a map (the fake keeps the JSON).
func embedOf(t *testing.T, m fakediscord.Message, i int) map[string]any {
	t.Helper()
	if len(m.Embeds) <= i {
		t.Fatalf("message %s has %d embeds, want embed %d: %q", m.ID, len(m.Embeds), i, m.Content)
	}
	return m.Embeds[i].(map[string]any)
}

func embedString(e map[string]any, key string) string { s, _ := e[key].(string); return s }

// decodePNG decodes a posted file, failing the test if it is not a PNG.
func decodePNG(t *testing.T, f fakediscord.File) image.Image {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(f.Data))
	if err != nil {
		t.Fatalf("%s does not decode as PNG: %v", f.Name, err)
	}
	return img
}

// samePixels says whether two pictures are the same, pixel for pixel.
func samePixels(a, b image.Image) bool {
	if a.Bounds() != b.Bounds() {
		return false
	}
	for y := a.Bounds().Min.Y; y < a.Bounds().Max.Y; y++ {
		for x := a.Bounds().Min.X; x < a.Bounds().Max.X; x++ {
			r1, g1, b1, a1 := a.At(x, y).RGBA()
			r2, g2, b2, a2 := b.At(x, y).RGBA()
			if r1 != r2 || g1 != g2 || b1 != b2 || a1 != a2 {
				return false
			}
		}
	}
	return true
}

// wantPicture checks that a posted PNG is the view drawn by render.
func wantPicture(t *testing.T, f fakediscord.File, v games.View) {
	t.Helper()
	want, err := render.PNG(v)
	if err != nil {
		t.Fatal(err)
	}
	got := decodePNG(t, f)
	if bytes.Equal(f.Data, want) { // the encoding is deterministic: equal files, equal pictures
		return
	}
	wantImg, _ := png.Decode(bytes.NewReader(want))
	if !samePixels(got, wantImg) {
		t.Errorf("%s is not the picture of the view the move generator gives", f.Name)
	}
}

// resultMessage is the game's result (the message with the Rematch button).
func resultMessage(t *testing.T, h *harness, thread string) fakediscord.Message {
	t.Helper()
	msgs := h.fake.Messages(thread)
	for i := len(msgs) - 1; i >= 0; i-- {
		for _, row := range msgs[i].Components {
			for _, c := range row.(map[string]any)["components"].([]any) {
				if id, _ := c.(map[string]any)["custom_id"].(string); strings.HasPrefix(id, "rematch:") {
					return msgs[i]
				}
			}
		}
	}
	t.Fatalf("no result message in %s", thread)
	return fakediscord.Message{}
}

// position is the game of a thread as stored, with who is to act.
func position(t *testing.T, h *harness, thread string) (games.Game, fakediscord.User) {
	t.Helper()
	row, err := h.store.GameByThread(t.Context(), thread)
	if err != nil {
		t.Fatal(err)
	}
	_, g, err := h.store.LoadGame(t.Context(), row.ID)
	if err != nil {
		t.Fatal(err)
	}
	u := ann
	if row.Players[g.Turn().Player] == bob.ID {
		u = bob
	}
	return g, u
}

func TestBoardMessagesSayWhatThePictureNoLongerDoes(t *testing.T) {
	h := newHarness(t)
	thread := h.startGame("chess")
	board := boardPostsIn(h, thread)
	if len(board) != 1 {
		t.Fatalf("%d opening boards", len(board))
	}
	e := embedOf(t, board[0], 0)
	title, desc := embedString(e, "title"), embedString(e, "description")
	for _, want := range []string{"Chess", "<@111> (White) vs <@222> (Black)", "**Move 1**", "White to move (<@111>)"} {
		if !strings.Contains(title+"\n"+desc, want) {
			t.Errorf("opening board lacks %q:\n%s\n%s", want, title, desc)
		}
	}
	for i, m := range []string{"e4", "f5", "Qh5"} {
		h.move([]fakediscord.User{ann, bob}[i%2], thread, m)
	}
	board = boardPostsIn(h, thread)
	desc = embedString(embedOf(t, board[len(board)-1], 0), "description")
	if !strings.Contains(desc, "**Move 2** · Black to move (<@222>)") || !strings.Contains(desc, "Black is in check") {
		t.Errorf("board after Qh5+: %q", desc)
	}
	// The spIndecision header names the armies the player may move.
	h2 := newHarness(t)
	thread = h2.startGame("spindecision")
	desc = embedString(embedOf(t, boardPostsIn(h2, thread)[0], 0), "description")
	if !strings.Contains(desc, "<@111> to move (any army)") {
		t.Errorf("spIndecision opening board: %q", desc)
	}
}

// boardPostsIn lists the thread's messages carrying board.png.
func boardPostsIn(h *harness, thread string) []fakediscord.Message {
	var out []fakediscord.Message
	for _, m := range h.fake.Messages(thread) {
		for _, f := range m.Files {
			if f.Name == "board.png" {
				out = append(out, m)
			}
		}
	}
	return out
}

var listedMove = regexp.MustCompile("`([^`]+)`")

// TestMovesFromMarksWhatTheGeneratorGives asks /moves, then /moves from
// every movable piece, in every variant after a few random plies: the
// moves listed are exactly the legal moves from that square, every
// picture decodes, and the first pictures are exactly the views lessons
// builds from the legal moves (lessons' own tests check those views over
// whole games; drawing each twice under -race would take minutes).
func TestMovesFromMarksWhatTheGeneratorGives(t *testing.T) {
	for _, v := range games.All() {
		t.Run(v.ID, func(t *testing.T) {
			h := newHarness(t)
			thread := h.startGame(v.ID)
			rng := rand.New(rand.NewPCG(3, uint64(len(v.ID))))
			for i := 0; i < 4; i++ {
				g, actor := position(t, h, thread)
				legal := g.LegalMoves()
				h.move(actor, thread, legal[rng.IntN(len(legal))].Notation)
			}
			{
				g, actor := position(t, h, thread)
				legal := g.LegalMoves()
				m := h.reply(h.command(actor, thread, "moves"))
				if !m.Ephemeral || len(m.Files) != 1 {
					t.Fatalf("/moves: ephemeral %v, %d files: %q", m.Ephemeral, len(m.Files), m.Content)
				}
				wantPicture(t, m.Files[0], lessons.MovablePieces(g))
				desc := embedString(embedOf(t, m, 0), "description")
				for _, lm := range legal {
					if !strings.Contains(desc, "`"+lm.Notation+"`") {
						t.Errorf("/moves does not list %s", lm.Notation)
					}
				}
				for n, from := range lessons.Movable(g) {
					m := h.reply(h.command(actor, thread, "moves", str("from", from)))
					if !m.Ephemeral || len(m.Files) != 1 {
						t.Fatalf("/moves from:%s: ephemeral %v, %d files: %q", from, m.Ephemeral, len(m.Files), m.Content)
					}
					var want, got []string
					for _, lm := range legal {
						if lm.From == from {
							want = append(want, lm.Notation)
						}
					}
					for _, line := range strings.Split(embedString(embedOf(t, m, 0), "description"), "\n") {
						if strings.HasPrefix(line, "• ") {
							for _, sub := range listedMove.FindAllStringSubmatch(line, -1) {
								got = append(got, sub[1])
							}
						}
					}
					slices.Sort(want)
					slices.Sort(got)
					if !slices.Equal(got, want) {
						t.Errorf("/moves from:%s lists %v, the generator gives %v", from, got, want)
					}
					if n >= 3 {
						decodePNG(t, m.Files[0])
						continue
					}
					view, err := lessons.TargetsFrom(g, from)
					if err != nil {
						t.Fatal(err)
					}
					wantPicture(t, m.Files[0], view)
				}
			}
		})
	}
}

func TestMovesFromRefusesWithAReason(t *testing.T) {
	h := newHarness(t)
	thread := h.startGame("chess")
	cases := []struct{ from, want string }{
		{"e4", "e4 is empty."},
		{"e7", "Black's pawn on e7 is not a piece <@111> may move now (White is to move)."},
		{"a1", "White's rook on a1 has no legal move now."},
		{"z9", "`z9` is not a square of this board."},
	}
	for _, c := range cases {
		h.wantEphemeral(h.command(ann, thread, "moves", str("from", c.from)), c.want)
	}
	// Anyone may look, and is told the same; a case slip is forgiven.
	m := h.reply(h.command(cat, thread, "moves", str("from", "G1")))
	if !m.Ephemeral || len(m.Files) != 1 || !strings.Contains(embedString(embedOf(t, m, 0), "description"), "`g1f3`") {
		t.Errorf("/moves from:G1 by a bystander: %q %+v", m.Content, m.Embeds)
	}
}

// autocomplete sends an autocomplete for command with option focused.
func autocomplete(t *testing.T, h *harness, u fakediscord.User, channel, command string, opts ...fakediscord.Option) []string {
	t.Helper()
	tok, err := h.fake.Send(fakediscord.Interaction{Type: 4, User: u, ChannelID: channel, ChannelType: 11, Name: command, Options: opts})
	if err != nil {
		t.Fatal(err)
	}
	var resp fakediscord.Response
	if !h.fake.Wait(testWait, func(s *fakediscord.Server) bool { var ok bool; resp, ok = s.ResponseLocked(tok); return ok }) || resp.Type != 8 {
		t.Fatalf("autocomplete %s: %+v", command, resp)
	}
	var values []string
	for _, c := range resp.Choices {
		values = append(values, c.(map[string]any)["value"].(string))
	}
	return values
}

func TestMovesFromAutocompleteOffersThePlayerToActsPieces(t *testing.T) {
	h := newHarness(t)
	thread := h.startGame("chess")
	focused := func(v string) fakediscord.Option {
		return fakediscord.Option{Name: "from", Type: 3, Value: v, Focused: true}
	}
	all := autocomplete(t, h, ann, thread, "moves", focused(""))
	want := []string{"a2", "b1", "b2", "c2", "d2", "e2", "f2", "g1", "g2", "h2"}
	slices.Sort(all)
	if !slices.Equal(all, want) {
		t.Errorf("White's movable pieces: %v, want %v", all, want)
	}
	if got := autocomplete(t, h, ann, thread, "moves", focused("g")); !slices.Equal(got, []string{"g2", "g1"}) && !slices.Equal(got, []string{"g1", "g2"}) {
		t.Errorf("typed g: %v", got)
	}
	if got := autocomplete(t, h, bob, thread, "moves", focused("")); len(got) != 0 {
		t.Errorf("Black, not to move, was offered %v", got)
	}
	if got := autocomplete(t, h, ann, lobbyID, "moves", focused("")); len(got) != 0 {
		t.Errorf("outside a game thread: %v", got)
	}
}

// TestRulesPiecePicturesForEveryVariant asks /rules piece for every piece
// of every variant, as autocomplete offers them.
func TestRulesPiecePicturesForEveryVariant(t *testing.T) {
	h := newHarness(t)
	for _, v := range games.All() {
		kinds := autocomplete(t, h, ann, lobbyID, "rules", str("variant", v.ID), fakediscord.Option{Name: "piece", Type: 3, Value: "", Focused: true})
		want, _ := lessons.Kinds(v.ID)
		if len(kinds) != len(want) {
			t.Errorf("%s: autocomplete offers %v, the variant has %v", v.ID, kinds, want)
		}
		for _, k := range kinds {
			m := h.reply(h.command(ann, lobbyID, "rules", str("variant", v.ID), str("piece", k)))
			if !m.Ephemeral || len(m.Files) != 1 {
				t.Fatalf("%s %s: ephemeral %v, %d files: %q", v.ID, k, m.Ephemeral, len(m.Files), m.Content)
			}
			l, err := lessons.PieceLesson(v.ID, games.PieceKind(k))
			if err != nil {
				t.Fatal(err)
			}
			wantPicture(t, m.Files[0], l.View)
			if desc := embedString(embedOf(t, m, 0), "description"); !strings.Contains(desc, l.Sentence) {
				t.Errorf("%s %s: %q lacks the sentence %q", v.ID, k, desc, l.Sentence)
			}
		}
	}
	h.wantEphemeral(h.command(ann, lobbyID, "rules", str("variant", "chess"), str("piece", "ship")), "Chess has no piece called \"ship\"")
	if got := autocomplete(t, h, ann, lobbyID, "rules", str("variant", "angle"), fakediscord.Option{Name: "piece", Type: 3, Value: "sh", Focused: true}); !slices.Equal(got, []string{"ship"}) {
		t.Errorf("angle, typed sh: %v", got)
	}
}

// TestRulesShowTheSetupAndEachSpecialRule checks /rules' pictures for every
// variant within Discord's limits: at most 10 embeds and files, 6000
// characters of embed text, every picture a PNG.
func TestRulesShowTheSetupAndEachSpecialRule(t *testing.T) {
	h := newHarness(t)
	h.bot.docsURL = longDocsURL
	for _, v := range games.All() {
		m := h.reply(h.command(ann, lobbyID, "rules", str("variant", v.ID)))
		if !m.Ephemeral || len(m.Embeds) != len(m.Files) || len(m.Files) > 10 || len(m.Files) < 2+len(ruleShots[v.ID]) {
			t.Fatalf("%s: ephemeral %v, %d embeds, %d files", v.ID, m.Ephemeral, len(m.Embeds), len(m.Files))
		}
		total := 0
		for i := range m.Embeds {
			e := embedOf(t, m, i)
			total += len([]rune(embedString(e, "title"))) + len([]rune(embedString(e, "description")))
			fields, _ := e["fields"].([]any)
			for _, f := range fields {
				total += len([]rune(f.(map[string]any)["name"].(string))) + len([]rune(f.(map[string]any)["value"].(string)))
			}
			img, _ := e["image"].(map[string]any)
			if url, _ := img["url"].(string); url != "attachment://"+m.Files[i].Name {
				t.Errorf("%s: embed %d shows %q, file %d is %s", v.ID, i, url, i, m.Files[i].Name)
			}
			decodePNG(t, m.Files[i])
		}
		if total > embedTotalMax {
			t.Errorf("%s: %d characters of embed text", v.ID, total)
		}
		if !strings.Contains(embedString(embedOf(t, m, 0), "title"), v.Name) {
			t.Errorf("%s: the first embed is not the rules", v.ID)
		}
	}
}

// TestRuleShotsShowWhatTheirCaptionsSay replays every special-rule
// picture and looks for the event it is meant to show.
func TestRuleShotsShowWhatTheirCaptionsSay(t *testing.T) {
	for variant, shots := range ruleShots {
		if _, err := games.Lookup(variant); err != nil {
			t.Errorf("%s: %v", variant, err)
		}
		for _, s := range shots {
			_, texts, err := shotGame(variant, s)
			if err != nil {
				t.Errorf("%s %v: %v", variant, s.Moves, err)
				continue
			}
			if !slices.ContainsFunc(texts, func(x string) bool { return strings.Contains(x, s.Expect) }) {
				t.Errorf("%s %v: no event says %q: %q", variant, s.Moves, s.Expect, texts)
			}
		}
	}
}

// gifFile finds the animation posted in a thread.
func gifFile(t *testing.T, h *harness, thread string) (*gif.GIF, fakediscord.Message) {
	t.Helper()
	for _, m := range h.fake.Messages(thread) {
		for _, f := range m.Files {
			if strings.HasSuffix(f.Name, ".gif") {
				g, err := gif.DecodeAll(bytes.NewReader(f.Data))
				if err != nil {
					t.Fatalf("%s does not decode: %v", f.Name, err)
				}
				return g, m
			}
		}
	}
	t.Fatalf("no GIF in thread %s", thread)
	return nil, fakediscord.Message{}
}

func TestEveryGameEndsWithItsAnimation(t *testing.T) {
	h := newHarness(t)
	thread := h.startGame("chess")
	for i, m := range []string{"f3", "e5", "g4", "Qh4#"} {
		h.move([]fakediscord.User{ann, bob}[i%2], thread, m)
	}
	anim, msg := gifFile(t, h, thread)
	if len(anim.Image) != 5 {
		t.Errorf("%d frames for 4 plies, want 5", len(anim.Image))
	}
	if !strings.Contains(msg.Content, "4 moves") {
		t.Errorf("animation message: %q", msg.Content)
	}
	msgs := h.fake.Messages(thread)
	if msgs[len(msgs)-1].ID != msg.ID || !strings.Contains(resultMessage(t, h, thread).Content, "checkmate") {
		t.Error("the animation is not posted after the result")
	}
	if ths := h.fake.Threads(); !ths[len(ths)-1].Archived {
		t.Error("the thread is not archived again after the animation")
	}

	// /export gif:true attaches it beside the record, privately.
	m := h.reply(h.command(bob, thread, "export", fakediscord.Option{Name: "gif", Type: 5, Value: true}))
	if !m.Ephemeral || len(m.Files) != 2 || !strings.HasSuffix(m.Files[1].Name, ".gif") {
		t.Fatalf("/export gif:true: ephemeral %v, files %d: %q", m.Ephemeral, len(m.Files), m.Content)
	}
	if g, err := gif.DecodeAll(bytes.NewReader(m.Files[1].Data)); err != nil || len(g.Image) != 5 {
		t.Errorf("exported GIF: %v", err)
	}

	// An aborted game gets no animation.
	thread = h.startGame("chess")
	h.move(ann, thread, "e4")
	h.command(ann, thread, "abort")
	for _, m := range h.fake.Messages(thread) {
		if len(m.Files) > 0 && strings.HasSuffix(m.Files[0].Name, ".gif") {
			t.Error("an aborted game got an animation")
		}
	}
}

func TestTooLargeAnimationSendsTheRecord(t *testing.T) {
	replayLimit = 2000 // bytes: no animation of a game fits
	defer func() { replayLimit = render.DefaultGIFMaxBytes }()
	h := newHarness(t)
	thread := h.startGame("chess")
	for i, m := range []string{"e4", "e5", "Nf3", "Nc6"} {
		h.move([]fakediscord.User{ann, bob}[i%2], thread, m)
	}
	h.command(ann, thread, "resign")
	msgs := h.fake.Messages(thread)
	last := msgs[len(msgs)-1]
	if len(last.Files) != 1 || !strings.HasSuffix(last.Files[0].Name, ".pgn") || !strings.Contains(last.Content, "over Discord's") ||
		strings.Contains(last.Content, "http") || !strings.Contains(string(last.Files[0].Data), "Nc6") {
		t.Fatalf("too large: %q with %+v", last.Content, last.Files)
	}
}

func TestStatsShowARatingChart(t *testing.T) {
	h := newHarness(t)
	m := h.reply(h.command(ann, lobbyID, "stats"))
	if len(m.Files) != 0 || !strings.Contains(m.Content, "No finished rated games") {
		t.Fatalf("stats before any game: %q, %d files", m.Content, len(m.Files))
	}
	for range 2 {
		thread := h.startGame("chess")
		for i, mv := range []string{"d4", "d5", "c4", "e6"} {
			h.move([]fakediscord.User{ann, bob}[i%2], thread, mv)
		}
		h.command(bob, thread, "resign")
	}
	m = h.reply(h.command(cat, lobbyID, "stats", user("player", ann)))
	if !m.Ephemeral || len(m.Files) != 1 || m.Files[0].Name != "ratings.png" {
		t.Fatalf("stats: ephemeral %v, files %+v", m.Ephemeral, m.Files)
	}
	img := decodePNG(t, m.Files[0])
	if img.Bounds().Dx() < 400 {
		t.Errorf("chart %v", img.Bounds())
	}
	if desc := embedString(embedOf(t, m, 0), "description"); !strings.Contains(desc, "**Chess**") || !strings.Contains(desc, "2 W, 0 L") {
		t.Errorf("stats text: %q", desc)
	}
}

func TestRatingSeriesStartBeforeTheFirstGame(t *testing.T) {
	steps := historyOf("chess", 1500, 1520, 1510)
	steps = append(steps, historyOf("bede", 1500, 1480)...)
	s := ratingSeries(steps)
	if len(s) != 2 || s[0].Label != "Chess" || len(s[0].Points) != 3 || s[0].Points[0].Rating != 1500 || s[0].Points[2].Rating != 1510 || len(s[1].Points) != 2 {
		t.Fatalf("series: %+v", s)
	}
}

// historyOf is a chain of rated games in one variant, a day apart, going
// through the ratings given (the first is the rating before the first game).
func historyOf(variant string, ratings ...float64) []db.RatingStep {
	var out []db.RatingStep
	at := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := 1; i < len(ratings); i++ {
		out = append(out, db.RatingStep{Variant: variant, GameID: int64(i), StartedAt: at, EndedAt: at.Add(time.Hour),
			Before: ratings[i-1], After: ratings[i], RDBefore: 350 - float64(i-1)*30, RDAfter: 350 - float64(i)*30})
		at = at.Add(24 * time.Hour)
	}
	return out
}
