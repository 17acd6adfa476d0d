package bot

import (
	"bytes"
	"fmt"
	"image/png"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/bermudachess/bermuda/bot/fakediscord"
	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/games"
	"github.com/bermudachess/bermuda/picker"
)

// components lists the components of a message, row by row.
func components(m fakediscord.Message) []map[string]any {
	var out []map[string]any
	for _, row := range m.Components {
		for _, c := range row.(map[string]any)["components"].([]any) {
			out = append(out, c.(map[string]any))
		}
	}
	return out
}

// buttonWith returns the custom_id of m's first component whose id starts
// with prefix (or ends with suffix, for the picker's buttons).
func buttonWith(m fakediscord.Message, prefix, suffix string) string {
	for _, c := range components(m) {
		id, _ := c["custom_id"].(string)
		if strings.HasPrefix(id, prefix) && strings.HasSuffix(id, suffix) {
			return id
		}
	}
	return ""
}

// menuOffering returns the custom_id of the select menu on m that offers
// value, or "".
func menuOffering(m fakediscord.Message, value string) string {
	for _, c := range components(m) {
		opts, _ := c["options"].([]any)
		for _, o := range opts {
			if o.(map[string]any)["value"] == value {
				return c["custom_id"].(string)
			}
		}
	}
	return ""
}

// newestBoard returns the newest message in thread with a Move button.
func (h *harness) newestBoard(thread string) fakediscord.Message {
	h.t.Helper()
	msgs := h.fake.Messages(thread)
	for i := len(msgs) - 1; i >= 0; i-- {
		if buttonWith(msgs[i], "play:", "") != "" {
			return msgs[i]
		}
	}
	h.t.Fatalf("no board with a Move button in thread %s", thread)
	return fakediscord.Message{}
}

// openPicker presses the Move button under the newest board as u and
// returns the private picker.
func (h *harness) openPicker(u fakediscord.User, thread string) fakediscord.Message {
	h.t.Helper()
	board := h.newestBoard(thread)
	resp := h.click(u, thread, board.ID, buttonWith(board, "play:", ""))
	m := h.reply(resp)
	if resp.Type != 4 || !m.Ephemeral || menuOfMessage(m) == "" {
		h.t.Fatalf("the Move button gave %s: type %d, ephemeral %v, %q", u.Name, resp.Type, m.Ephemeral, m.Content)
	}
	checkPickerPicture(h.t, m)
	return m
}

func menuOfMessage(m fakediscord.Message) string {
	for _, c := range components(m) {
		if _, ok := c["options"]; ok {
			return c["custom_id"].(string)
		}
	}
	return ""
}

func checkPickerPicture(t *testing.T, m fakediscord.Message) {
	t.Helper()
	for _, f := range m.Files {
		if f.Name == "picker.png" {
			if _, err := png.Decode(bytes.NewReader(f.Data)); err != nil {
				t.Fatalf("picker.png does not decode: %v", err)
			}
			return
		}
	}
	t.Fatalf("the picker has no picture: %+v", m.Files)
}

// choose picks value in one of the picker's menus, as the picker now
// stands, turning its pages if the value is on another, and returns the
// response.
func (h *harness) choose(u fakediscord.User, thread string, picker fakediscord.Message, value string) fakediscord.Response {
	h.t.Helper()
	for turns := 0; ; turns++ {
		picker, _ = h.fake.Message(picker.ID)
		if id := menuOffering(picker, value); id != "" {
			return h.send(fakediscord.Interaction{Type: 3, User: u, ChannelID: thread, MessageID: picker.ID, CustomID: id, Values: []string{value}})
		}
		page := buttonWith(picker, "pk:", ":pg")
		if page == "" || turns > 3 {
			h.t.Fatalf("no menu of the picker offers %q: %v", value, picker.Components)
		}
		h.click(u, thread, picker.ID, page)
	}
}

// pick plays notation as u with the Move button and the picker's menus
// only, and returns the picker message as it ends.
func (h *harness) pick(u fakediscord.User, thread, notation string) fakediscord.Message {
	h.t.Helper()
	_, g := h.loadThread(thread)
	m, err := games.MatchMove(notation, g.LegalMoves())
	if err != nil {
		h.t.Fatalf("%s is not legal here: %v", notation, err)
	}
	picker := h.openPicker(u, thread)
	for _, value := range []string{m.From, m.To, m.Notation} {
		resp := h.choose(u, thread, picker, value)
		picker, _ = h.fake.Message(picker.ID)
		if resp.Type == 6 { // the move was played
			if !strings.Contains(picker.Content, "You played **"+m.Notation+"**") {
				h.t.Fatalf("after playing %s the picker says %q", m.Notation, picker.Content)
			}
			return picker
		}
		if resp.Type != 7 {
			h.t.Fatalf("choosing %q was answered with type %d: %q", value, resp.Type, picker.Content)
		}
		checkPickerPicture(h.t, picker)
	}
	h.t.Fatalf("three choices did not play %s", notation)
	return picker
}

// pickMove plays a move with the picker only, as playCompleteGame wants.
func pickMove(h *harness, u fakediscord.User, thread, move string) { h.pick(u, thread, move) }

// chessWithPromotion is a chess game that a checkmate ends after Black
// promotes (to a bishop, a choice the picker's third step asks for).
var chessWithPromotion = completeGame{"chess", nil, strings.Fields(
	"b1a3 b8c6 a1b1 a7a5 a3c4 a5a4 e2e4 a8b8 d1h5 c6a5 h5f7 e8f7 c4a5 f7e8 a5b7 b8b7 e4e5 b7b2 b1b2 c8a6 f1a6 a4a3 a6d3 a3b2 d3h7 b2c1b h7g6"),
	"checkmate"}

// Two more games found by seeded search: in Random Move Number Chess the
// dice (seed 219) give a turn of several moves before a mate; in Bede
// Chess White's Jester moves (d1d2, copying a queen) before a mate.
func pickerOnlyGames() []completeGame {
	return []completeGame{
		{"randommove", games.Seeded(219), strings.Fields("d2d4 h7h6 c1h6 g7h6 b2b4 f7f5 e2e4 d1h5"), "mate"},
		{"bede", nil, strings.Fields("b1e3 f11c9 g3h3 d9c9 a1b2 f9g9 e1f2 c11b11 h1g2 d10c9 c1a2 g9h9 d1d2 b10c9 i1i3 b11c9 a2c3 c9c10 f1g2 e11f10 c3e2 h9i9 b2i9 c10e10 f2e2 f10g11 i9i11 g11h11 e2f3 a11i3 g2h3 i3h2 h3h10"), "mate"},
	}
}

// TestPickerPlaysACompleteGameOfEveryVariant plays games of every variant
// to the result the rules decide with the Move button and the menus only:
// promotions chosen at the third step, Bermuda chess drops and climbs,
// spIndecision declarations, Random Move Number Chess's dice and a turn
// of several moves, a Bede Jester move.
func TestPickerPlaysACompleteGameOfEveryVariant(t *testing.T) {
	all := append(append([]completeGame{chessWithPromotion}, completeGames()...), pickerOnlyGames()...)
	for n, c := range all {
		t.Run(fmt.Sprintf("%s-%d", c.variant, n), func(t *testing.T) {
			moves := playCompleteGame(t, c, pickMove)
			if n != len(all)-2 {
				return
			}
			for k := 1; k < len(moves); k++ {
				if moves[k].PlayerID == moves[k-1].PlayerID {
					return // a turn of several moves
				}
			}
			t.Error("no turn of several moves in the Random Move Number Chess game")
		})
	}
}

// gameFrom stores a game between ann (Player 1) and bob from a position
// and posts its board in a new thread, as /board would; it returns the
// thread.
func (h *harness) gameFrom(variant, setup string) string {
	h.t.Helper()
	h.gameThreads++
	thread := fmt.Sprintf("77%04d", h.gameThreads)
	if _, err := h.store.CreateGame(h.t.Context(), db.Game{GuildID: h.fake.GuildID, ChannelID: lobbyID, ThreadID: thread,
		Variant: variant, Setup: setup, Players: [2]string{ann.ID, bob.ID}, Days: 3}); err != nil {
		h.t.Fatal(err)
	}
	h.command(ann, thread, "board")
	return thread
}

func TestPickerPromotesToAShipInTheAngle(t *testing.T) {
	h := newHarness(t)
	thread := h.gameFrom("angle", "k9/4P5/10/10/10/10/10/10/10/9K w - - 0 1")
	p := h.openPicker(ann, thread)
	h.choose(ann, thread, p, "e9")
	resp := h.choose(ann, thread, p, "e10")
	p, _ = h.fake.Message(p.ID)
	if resp.Type != 7 || !strings.Contains(fmt.Sprint(p.Components), "Ship") {
		t.Fatalf("the third step offers no Ship: %v", p.Components)
	}
	var ship string
	for _, c := range components(p) {
		opts, _ := c["options"].([]any)
		for _, o := range opts {
			if strings.Contains(o.(map[string]any)["label"].(string), "Promote to a ship") {
				ship = o.(map[string]any)["value"].(string)
			}
		}
	}
	h.choose(ann, thread, p, ship)
	_, g := h.loadThread(thread)
	if piece := pieceOn(g, "e10"); piece != games.Ship {
		t.Fatalf("after the promotion e10 holds %q, want a ship", piece)
	}
}

func pieceOn(g games.Game, cell string) games.PieceKind {
	v := g.View()
	for i, c := range v.Cells {
		if c.Name == cell {
			for _, p := range v.Pieces {
				if p.Cell == i && !p.Ghost {
					return p.Kind
				}
			}
		}
	}
	return ""
}

func TestPickerMovesTheBedeJester(t *testing.T) {
	h := newHarness(t)
	thread := h.startGame("bede")
	h.move(ann, thread, "i3g5")
	h.move(bob, thread, "g11h11") // a chancellor: White's Jester moves as one
	p := h.openPicker(ann, thread)
	if id := menuOffering(p, "d1"); id == "" || !strings.Contains(fmt.Sprint(p.Components), "Jester d1") {
		t.Fatalf("the Jester is not offered: %v", p.Components)
	}
	_, g := h.loadThread(thread)
	var jester games.Move
	for _, m := range g.LegalMoves() {
		if m.From == "d1" {
			jester = m
		}
	}
	h.pick(ann, thread, jester.Notation)
	if _, g := h.loadThread(thread); pieceOn(g, jester.To) != games.Jester {
		t.Fatalf("the Jester did not reach %s", jester.To)
	}
}

// TestPickerOffersTheRestOfATurn: in Random Move Number Chess the picker
// that played the first move of a two-move turn offers the second at once.
func TestPickerOffersTheRestOfATurn(t *testing.T) {
	h := newHarness(t)
	thread := h.gameFrom("randommove", "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2 white=P1 turn=3 left=2/2 plain=0 throws=55|3")
	p := h.openPicker(ann, thread)
	h.choose(ann, thread, p, "g1")
	if resp := h.choose(ann, thread, p, "f3"); resp.Type != 6 {
		t.Fatalf("the first move was answered with type %d", resp.Type)
	}
	p, _ = h.fake.Message(p.ID)
	if !strings.Contains(p.Content, "You played **g1f3**") || !strings.Contains(p.Content, "goes on") || menuOfMessage(p) == "" {
		t.Fatalf("after the first move of two the picker shows %q with %v", p.Content, p.Components)
	}
	checkPickerPicture(t, p)
	h.choose(ann, thread, p, "d2")
	h.choose(ann, thread, p, "d4")
	p, _ = h.fake.Message(p.ID)
	row, g := h.loadThread(thread)
	if row.Ply != 2 || g.Turn().Player != games.Player2 || menuOfMessage(p) != "" || !strings.Contains(p.Content, "You played **d2d4**") {
		t.Fatalf("after the turn: ply %d, %+v, picker %q %v", row.Ply, g.Turn(), p.Content, p.Components)
	}
}

// wantStale checks that a click on an old picker played nothing and left
// one line saying so, with a fresh picker only when fresh is true.
func (h *harness) wantStale(resp fakediscord.Response, picker fakediscord.Message, thread string, ply int, fresh bool) {
	h.t.Helper()
	m, _ := h.fake.Message(picker.ID)
	text := m.Content
	if resp.Type != 7 || !strings.Contains(text, "nothing was played") {
		h.t.Errorf("a stale picker was answered with type %d: %q", resp.Type, text)
	}
	if got := menuOfMessage(m) != ""; got != fresh {
		h.t.Errorf("stale picker %q: fresh menus %v, want %v", text, got, fresh)
	}
	if row, _ := h.loadThread(thread); row.Ply != ply {
		h.t.Errorf("a stale picker changed the game: ply %d, want %d", row.Ply, ply)
	}
}

func TestStalePickersPlayNothing(t *testing.T) {
	h := newHarness(t)
	h.wantEphemeral(h.command(ann, lobbyID, "help"), "press **Move** under the board")
	thread := h.startGame("chess")

	// Only the player to act gets a picker; others learn whose turn it is.
	h.wantEphemeral(h.click(cat, thread, h.newestBoard(thread).ID, buttonWith(h.newestBoard(thread), "play:", "")), "It's <@111>'s turn (White)")
	h.wantEphemeral(h.click(bob, thread, h.newestBoard(thread).ID, buttonWith(h.newestBoard(thread), "play:", "")), "It's not your turn: <@111> (White) is to move")

	// A picker overtaken by a typed move.
	typed := h.openPicker(ann, thread)
	h.move(ann, thread, "e4")
	h.wantStale(h.choose(ann, thread, typed, "d2"), typed, thread, 1, false)

	// Two pickers of one player: the second plays; when it is the player's
	// turn again, the first is stale and offers a fresh picker.
	first := h.openPicker(bob, thread)
	h.choose(bob, thread, first, "e7")
	second := h.openPicker(bob, thread)
	h.choose(bob, thread, second, "c7")
	h.choose(bob, thread, second, "c5")
	h.move(ann, thread, "Nf3")
	h.wantStale(h.choose(bob, thread, first, "e5"), first, thread, 3, true)
	if id := menuOfMessage(mustMessage(h, first.ID)); !strings.HasPrefix(id, fmt.Sprintf("pk:%d:3:", mustGameID(h, thread))) {
		t.Errorf("the fresh picker is not for ply 3: %s", id)
	}

	// A double click: two clicks racing on the same last menu play one move.
	race := h.openPicker(bob, thread)
	h.choose(bob, thread, race, "d7")
	race = mustMessage(h, race.ID)
	id := menuOffering(race, "d6")
	var tokens []string
	for range 2 {
		tok, err := h.fake.Send(fakediscord.Interaction{Type: 3, User: bob, ChannelID: thread, MessageID: race.ID, CustomID: id, Values: []string{"d6"}})
		if err != nil {
			t.Fatal(err)
		}
		tokens = append(tokens, tok)
	}
	h.fake.Wait(testWait, func(s *fakediscord.Server) bool {
		for _, tok := range tokens {
			if _, ok := s.ResponseLocked(tok); !ok {
				return false
			}
		}
		return true
	})
	h.bot.inflight.Wait()
	if row, _ := h.loadThread(thread); row.Ply != 4 {
		t.Fatalf("two racing clicks left the game at ply %d, want 4", row.Ply)
	}
	for _, st := range h.fake.Interactions() {
		if st.Callbacks != 1 || st.SecondAnswers != 0 {
			t.Errorf("interaction %s: %d callbacks, %d second answers", st.ID, st.Callbacks, st.SecondAnswers)
		}
	}

	// The same click delivered twice is answered once and plays nothing more.
	again := h.openPicker(ann, thread)
	h.choose(ann, thread, again, "d2")
	again = mustMessage(h, again.ID)
	click := fakediscord.Interaction{Type: 3, User: ann, ChannelID: thread, MessageID: again.ID, CustomID: menuOffering(again, "d4"), Values: []string{"d4"}, ID: "990001", Token: "picker-dup"}
	h.send(click)
	if _, err := h.fake.Send(click); err != nil {
		t.Fatal(err)
	}
	h.bot.inflight.Wait()
	if row, _ := h.loadThread(thread); row.Ply != 5 {
		t.Fatalf("a duplicated click left the game at ply %d, want 5", row.Ply)
	}

	// A picker of a finished game.
	over := h.openPicker(bob, thread)
	h.command(ann, thread, "resign")
	h.wantStale(h.choose(bob, thread, over, "a7"), over, thread, 5, false)
	h.wantEphemeral(h.click(bob, thread, h.newestBoard(thread).ID, buttonWith(h.newestBoard(thread), "play:", "")), "This game is over")
}

func mustMessage(h *harness, id string) fakediscord.Message {
	h.t.Helper()
	m, ok := h.fake.Message(id)
	if !ok {
		h.t.Fatalf("no message %s", id)
	}
	return m
}

// TestPickerAgainstTheComputer plays a whole game against the computer
// with the picker only.
func TestPickerAgainstTheComputer(t *testing.T) {
	h := newHarness(t)
	h.bot.opponent().SetLimits(quickComputer)
	rng := rand.New(rand.NewPCG(5, 6))
	thread := h.playComputer(ann, "angle", str("color", "white"), integer("level", 1))
	moves := 0
	for {
		h.settle()
		row, g := h.loadThread(thread)
		if g.Outcome().Over {
			if row.State != "finished" || row.Reason != g.Outcome().Reason {
				t.Fatalf("finished game: %+v (the rules say %+v)", row, g.Outcome())
			}
			break
		}
		if g.Turn().Player != games.Player1 {
			t.Fatalf("after the computer's turn it is still not the player's (ply %d)", row.Ply)
		}
		legal := g.LegalMoves()
		h.pick(ann, thread, legal[rng.IntN(len(legal))].Notation)
		moves++
	}
	if moves < 2 {
		t.Fatalf("the game ended after %d of the player's moves", moves)
	}
}

// TestPickerPagesKeepEveryMenu: a step with more menus than a message can
// hold is shown over pages, every option on one of them, every custom_id
// within Discord's 100 characters.
func TestPickerPagesKeepEveryMenu(t *testing.T) {
	b := &Bot{}
	row := db.Game{ID: 1234567890123, Variant: "angle"}
	g, err := games.NewGame("angle", "")
	if err != nil {
		t.Fatal(err)
	}
	st, err := picker.At(g, "", "")
	if err != nil {
		t.Fatal(err)
	}
	var opts []picker.Option
	for n := range 130 {
		opts = append(opts, picker.Option{Value: fmt.Sprintf("c%d", n), Label: fmt.Sprintf("option %d", n)})
	}
	st.Menus = nil
	for start := 0; start < len(opts); start += 25 {
		st.Menus = append(st.Menus, picker.Menu{Placeholder: "part", Options: opts[start:min(start+25, len(opts))]})
	}
	seen := map[string]bool{}
	for page := range 2 {
		data, err := b.pickerData(row, g, pickerState{game: row.ID, ply: 99999, from: "J10", to: "j10", page: page}, st, "")
		if err != nil {
			t.Fatal(err)
		}
		if len(data.Components) > 5 {
			t.Fatalf("page %d has %d rows", page, len(data.Components))
		}
		for _, r := range data.Components {
			for _, c := range r.(discordgo.ActionsRow).Components {
				switch c := c.(type) {
				case discordgo.SelectMenu:
					if len(c.CustomID) > 100 || len(c.Options) > 25 {
						t.Errorf("menu %q holds %d options", c.CustomID, len(c.Options))
					}
					for _, o := range c.Options {
						seen[o.Value] = true
					}
				case discordgo.Button:
					if len(c.CustomID) > 100 {
						t.Errorf("button id %q is too long", c.CustomID)
					}
					if p, err := parsePickerID(c.CustomID); err != nil || (strings.HasSuffix(c.CustomID, ":pg") && p.page != 1-page) {
						t.Errorf("page %d: button %q", page, c.CustomID)
					}
				}
			}
		}
	}
	if len(seen) != len(opts) {
		t.Errorf("the pages show %d of %d options", len(seen), len(opts))
	}
}
