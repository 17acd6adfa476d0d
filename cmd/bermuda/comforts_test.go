package main

import (
	"bytes"
	"context"
	"fmt"
	"image/png"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bermudachess/bermuda/bot/fakediscord"
	"github.com/bermudachess/bermuda/db"
)

// TestComfortsWithTheRealBinary drives the correspondence comforts through
// the real `bermuda serve` binary, on a SQLite file, with the fake Discord
// (gateway delivery, as TestSoak): /notify by direct message (the notice
// with its link and board, the thread naming the player without a ping);
// /premove, its first answer played at once and its second left behind by
// a SIGKILL right after the opponent's move was stored, then played once by
// the restarted binary's scheduler; a direct message refused with 50007
// (back on mentions, told once in the thread with a ping); and /vacation
// (start, status, the board and /games saying so, end with days given
// back). At the end every interaction was answered once, and the stored
// move log replays and matches the thread move for move (soakcheck_test.go).
func TestComfortsWithTheRealBinary(t *testing.T) {
	// The scheduler follows the lines a crash left behind, in its first
	// pass at start-up and every interval after: look often, so that a
	// second answer played by a later pass would show within a second.
	t.Setenv("BERMUDA_SCHEDULER_INTERVAL", "200ms")
	c := &comforts{soak: newSoak(t, soakConfig{}), lobby: "5000",
		a: fakediscord.User{ID: "41001", Name: "ann"}, b: fakediscord.User{ID: "41002", Name: "bob"}}
	c.fake.SetOnRequest(c.hold)
	t.Cleanup(c.releaseEdit) // a held request must not keep the fake from closing
	began := time.Now()
	c.start()
	t.Cleanup(c.killLeftOver) // a failed check leaves no bot running
	store, err := db.Open(c.dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	c.store = store

	c.directMessages()
	c.premoves()
	c.refusedDirectMessages()
	c.vacation()
	c.stop()
	c.everythingOnce()
	t.Logf("comforts: %v with the real binary (one SIGKILL and restart)", time.Since(began).Round(time.Millisecond))
}

type comforts struct {
	*soak
	store  db.Store
	lobby  string
	thread string
	a, b   fakediscord.User // a plays White, b Black

	// A held PATCH of one interaction's original response (hold).
	gateMu      sync.Mutex
	gateToken   string
	gateHit     chan struct{}
	gateRelease chan struct{}
}

// killLeftOver SIGKILLs the bot if it still runs (the test stopped early).
func (c *comforts) killLeftOver() {
	c.mu.Lock()
	proc, exited := c.proc, c.exited
	c.mu.Unlock()
	select {
	case <-exited:
	default:
		proc.Process.Kill()
		<-exited
	}
}

// hold is the fake's OnRequest: the edit of the held interaction's answer
// waits until releaseEdit, so the test knows where the bot stands.
func (c *comforts) hold(req fakediscord.Request) {
	c.gateMu.Lock()
	tok, hit, release := c.gateToken, c.gateHit, c.gateRelease
	if tok != "" && req.Method == "PATCH" && strings.Contains(req.Path, "/"+tok+"/messages/@original") {
		c.gateToken = "" // once
	} else {
		tok = ""
	}
	c.gateMu.Unlock()
	if tok == "" {
		return
	}
	close(hit)
	<-release
}

// holdEdit holds the next edit of the answer to the interaction with
// token; the channel is closed when the bot makes it.
func (c *comforts) holdEdit(token string) <-chan struct{} {
	c.gateMu.Lock()
	defer c.gateMu.Unlock()
	c.gateToken, c.gateHit, c.gateRelease = token, make(chan struct{}), make(chan struct{})
	return c.gateHit
}

func (c *comforts) releaseEdit() {
	c.gateMu.Lock()
	defer c.gateMu.Unlock()
	if c.gateRelease != nil {
		close(c.gateRelease)
		c.gateRelease = nil
	}
	c.gateToken = ""
}

// eventually waits (20 s at most) until cond holds.
func (c *comforts) eventually(what string, cond func() bool) {
	c.t.Helper()
	for end := time.Now().Add(20 * time.Second); !cond(); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(end) {
			c.t.Fatalf("after 20 s: %s", what)
		}
	}
}

func textOption(name, value string) fakediscord.Option {
	return fakediscord.Option{Name: name, Type: 3, Value: value}
}

func (c *comforts) inThread(u fakediscord.User, name string, opts ...fakediscord.Option) fakediscord.Interaction {
	return fakediscord.Interaction{Type: 2, User: u, ChannelID: c.thread, ChannelType: 11, ParentID: c.lobby, Name: name, Options: opts}
}

func (c *comforts) inLobby(u fakediscord.User, name string, opts ...fakediscord.Option) fakediscord.Interaction {
	return fakediscord.Interaction{Type: 2, User: u, ChannelID: c.lobby, Name: name, Options: opts}
}

// send delivers in and waits for its first answer.
func (c *comforts) send(in fakediscord.Interaction) fakediscord.Response {
	c.t.Helper()
	resp, ok := c.interact(in)
	if !ok {
		c.t.Fatalf("/%s by %s: no answer", in.Name, in.User.Name)
	}
	return resp
}

// private sends in and returns its private answer, once its text is in
// (a deferred answer is edited in later).
func (c *comforts) private(in fakediscord.Interaction) string {
	c.t.Helper()
	resp := c.send(in)
	var m fakediscord.Message
	c.eventually("/"+in.Name+"'s answer", func() bool {
		var ok bool
		m, ok = c.fake.Message(resp.Original)
		return ok && m.Content != ""
	})
	if !m.Ephemeral {
		c.t.Errorf("/%s by %s answered publicly: %q", in.Name, in.User.Name, m.Content)
	}
	return m.Content
}

func (c *comforts) game() db.Game {
	c.t.Helper()
	row, err := c.store.GameByThread(context.Background(), c.thread)
	if err != nil {
		c.t.Fatal(err)
	}
	return row
}

func (c *comforts) moves() []db.Move {
	c.t.Helper()
	ms, err := c.store.Moves(context.Background(), c.game().ID)
	if err != nil {
		c.t.Fatal(err)
	}
	return ms
}

func notations(ms []db.Move) []string {
	var out []string
	for _, m := range ms {
		out = append(out, m.Notation)
	}
	return out
}

// waitMoves waits until the log holds n moves.
func (c *comforts) waitMoves(n int) []db.Move {
	c.t.Helper()
	var ms []db.Move
	c.eventually(fmt.Sprintf("%d moves stored", n), func() bool { ms = c.moves(); return len(ms) >= n })
	return ms
}

// board waits for the board shown after notation was played.
func (c *comforts) board(notation string) fakediscord.Message {
	c.t.Helper()
	var b fakediscord.Message
	c.eventually("the board after "+notation, func() bool {
		for _, m := range c.fake.Messages(c.thread) {
			if strings.HasSuffix(embedTitle(m), "After "+notation) && hasPNG(m) {
				b = m
				return true
			}
		}
		return false
	})
	return b
}

func embedTitle(m fakediscord.Message) string {
	if len(m.Embeds) == 0 {
		return ""
	}
	e, _ := m.Embeds[0].(map[string]any)
	title, _ := e["title"].(string)
	return title
}

// hasPNG: m carries a board.png that decodes.
func hasPNG(m fakediscord.Message) bool {
	for _, f := range m.Files {
		if f.Name == "board.png" {
			if _, err := png.Decode(bytes.NewReader(f.Data)); err == nil {
				return true
			}
		}
	}
	return false
}

// move plays text as u with /move and waits until the log holds n moves
// and the board after the n-th is shown; it returns the log.
func (c *comforts) move(u fakediscord.User, text string, n int) []db.Move {
	c.t.Helper()
	if resp := c.send(c.inThread(u, "move", textOption("move", text))); resp.Type != 5 {
		c.t.Fatalf("%s's /move %s: answered with type %d, want a public defer (5)", u.Name, text, resp.Type)
	}
	ms := c.waitMoves(n)
	c.board(ms[n-1].Notation)
	return ms
}

// count is how many of the thread's public messages contain want.
func (c *comforts) count(want string) int {
	n := 0
	for _, m := range c.fake.Messages(c.thread) {
		if !m.Ephemeral && strings.Contains(m.Content, want) {
			n++
		}
	}
	return n
}

func (c *comforts) startGame() {
	t := c.t
	resp := c.send(fakediscord.Interaction{Type: 2, User: c.a, ChannelID: c.lobby, Name: "challenge",
		Options: []fakediscord.Option{{Name: "variant", Type: 3, Value: "chess"}, {Name: "opponent", Type: 6, Value: c.b.ID},
			{Name: "color", Type: 3, Value: "white"}, {Name: "days", Type: 4, Value: 3}},
		Resolved: map[string]any{"users": map[string]any{c.b.ID: map[string]any{"id": c.b.ID, "username": c.b.Name}}}})
	id := acceptID(c.fake, resp.Original)
	if resp.Type != 4 || id == "" {
		t.Fatalf("the challenge: answer type %d, accept id %q", resp.Type, id)
	}
	c.send(fakediscord.Interaction{Type: 3, User: c.b, ChannelID: c.lobby, MessageID: resp.Original, CustomID: "accept:" + id})
	if !c.fake.Wait(20*time.Second, func(s *fakediscord.Server) bool { return s.HasChannelLocked(resp.Original) }) {
		t.Fatal("accepting the challenge made no thread")
	}
	c.thread = resp.Original // a thread started from the challenge has its id
	c.eventually("the opening board", func() bool { return c.uploads(c.thread) > 0 })
}

// directMessages: b chooses direct messages; a's move sends b a DM with
// the move, a link to the thread and the board, and the thread's board
// names b without a ping.
func (c *comforts) directMessages() {
	t := c.t
	got := c.private(c.inLobby(c.b, "notify", textOption("how", "dm")))
	if !strings.HasPrefix(got, "✅") || !strings.Contains(got, "direct messages") {
		t.Fatalf("/notify how:dm: %q", got)
	}
	if dms := c.fake.DMs(c.b.ID); len(dms) != 1 || !strings.Contains(dms[0].Content, "when it's your move") {
		t.Fatalf("the DM proving they arrive: %+v", dms)
	}
	c.startGame() // a (White) moves first: b is told nothing yet
	c.move(c.a, "e4", 1)
	board := c.board("e2e4")
	if !strings.Contains(board.Content, "<@"+c.b.ID+">, your move") || len(board.Pings) != 0 {
		t.Errorf("the board after e4 names bob without a ping: %q pings %v", board.Content, board.Pings)
	}
	var dms []fakediscord.Message
	c.eventually("bob's DM after ann's e4", func() bool { dms = c.fake.DMs(c.b.ID); return len(dms) >= 2 })
	dm := dms[1]
	link := "https://discord.com/channels/" + c.fake.GuildID + "/" + c.thread
	for _, want := range []string{"♟️ **Your move**", "**Chess**", "played **e2e4**", link, "Your time runs out <t:"} {
		if !strings.Contains(dm.Content, want) {
			t.Errorf("bob's DM lacks %q: %q", want, dm.Content)
		}
	}
	if !hasPNG(dm) || !strings.Contains(fmt.Sprint(dm.Components), "play:") || len(dm.Pings) != 0 {
		t.Errorf("bob's DM: a board that decodes %v, a Move button in %v, pings %v", hasPNG(dm), dm.Components, dm.Pings)
	}
	// bob answers by hand; ann is on mentions: pinged, never sent a DM.
	c.move(c.b, "e5", 2)
	if b := c.board("e7e5"); !slices.Equal(b.Pings, []string{c.a.ID}) {
		t.Errorf("ann's board pings %v", b.Pings)
	}
	if ch := c.fake.DMChannel(c.a.ID); ch != "" {
		t.Errorf("ann, on mentions, has a DM channel %s", ch)
	}
}

// premoves: bob queues "if Nf3, Nc6; then if Bc4, Bc5". The first answer
// is played at once; the binary is SIGKILLed once ann's Bc4 is stored and
// acknowledged, before anything of it is shown, and the restarted binary's
// scheduler plays the second answer, once.
func (c *comforts) premoves() {
	t := c.t
	a, b := "<@"+c.a.ID+">", "<@"+c.b.ID+">"
	got := c.private(c.inThread(c.b, "premove", textOption("moves", "Nf3 Nc6 Bc4 Bc5")))
	if !strings.Contains(got, "Queued") || !strings.Contains(got, "if "+a+" plays **Nf3 (knight g1→f3)**, you play **Nc6 (knight b8→c6)**") ||
		!strings.Contains(got, "then if "+a+" plays **Bc4 (bishop f1→c4)**, you play **Bc5 (bishop f8→c5)**") {
		t.Fatalf("queueing bob's line: %q", got)
	}
	if n := c.count("b8c6"); n != 0 {
		t.Fatalf("the queued line shows in the thread before it is played (%d messages)", n)
	}

	c.move(c.a, "Nf3", 3)
	ms := c.waitMoves(4)
	if got := notations(ms); !slices.Equal(got, []string{"e2e4", "e7e5", "g1f3", "b8c6"}) || ms[3].PlayerID != c.b.ID {
		t.Fatalf("after ann's Nf3: %v, the last by %s", got, ms[3].PlayerID)
	}
	if gap := ms[3].At.Sub(ms[2].At); gap > 5*time.Second {
		t.Errorf("bob's queued answer came %v after ann's move, not at once", gap)
	}
	answer := c.board("b8c6")
	if n := c.count("🔁 Conditional move, queued in advance: " + b + " played **b8c6**"); n != 1 {
		t.Errorf("bob's first queued answer was announced %d times", n)
	}
	// The board between the move and its answer pings nobody; the
	// answer's board pings ann.
	if m := c.board("g1f3"); !strings.Contains(m.Content, "🔁 "+b+" had queued an answer to this move.") || len(m.Pings) != 0 {
		t.Errorf("the board after ann's Nf3: %q pings %v", m.Content, m.Pings)
	}
	if !slices.Equal(answer.Pings, []string{c.a.ID}) {
		t.Errorf("the board after bob's queued answer pings %v", answer.Pings)
	}
	if got := c.private(c.inThread(c.b, "premove")); !strings.Contains(got, "**Bc4 (bishop f1→c4)**, you play **Bc5 (bishop f8→c5)**") || strings.Contains(got, "g1→f3") {
		t.Errorf("the rest of bob's line: %q", got)
	}

	// ann's Bc4: the answer's edit is held, so the move is stored and
	// acknowledged but neither shown nor answered; SIGKILL then.
	in := c.inThread(c.a, "move", textOption("move", "Bc4"))
	in.ID = c.fake.NewID()
	in.Token = "tok-" + in.ID
	hit := c.holdEdit(in.Token)
	if _, err := c.fake.Send(in); err != nil {
		t.Fatal(err)
	}
	select {
	case <-hit:
	case <-time.After(20 * time.Second):
		t.Fatal("ann's Bc4 was never answered")
	}
	var ack fakediscord.Response
	c.fake.Wait(0, func(s *fakediscord.Server) bool { ack, _ = s.ResponseLocked(in.Token); return true })
	ms = c.moves()
	if ack.Type != 5 || !slices.Equal(notations(ms), []string{"e2e4", "e7e5", "g1f3", "b8c6", "f1c4"}) {
		t.Fatalf("when ann's Bc4 was acknowledged: answer type %d, log %v", ack.Type, notations(ms))
	}
	c.kill()
	c.releaseEdit() // the edit reaches Discord (the fake) only now: nobody waits for it
	if got := notations(c.moves()); len(got) != 5 {
		t.Fatalf("after the SIGKILL the log is %v", got)
	}
	c.start()
	ms = c.waitMoves(6)
	if got := notations(ms); !slices.Equal(got, []string{"e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "f8c5"}) || ms[5].PlayerID != c.b.ID || ms[5].Ply != 6 {
		t.Fatalf("after the restart: %v, the last by %s at ply %d", got, ms[5].PlayerID, ms[5].Ply)
	}
	answer = c.board("f8c5")
	if !slices.Equal(answer.Pings, []string{c.a.ID}) {
		t.Errorf("the board after bob's second queued answer pings %v", answer.Pings)
	}
	time.Sleep(time.Second) // five scheduler passes: a second answer would show
	if got := notations(c.moves()); len(got) != 6 {
		t.Errorf("bob's second answer was played more than once: %v", got)
	}
	if n := c.count("🔁 Conditional move, queued in advance: " + b + " played **f8c5**"); n != 1 {
		t.Errorf("bob's second queued answer was announced %d times", n)
	}
	if q, err := c.store.Premoves(context.Background(), c.game().ID); err != nil || len(q) != 0 {
		t.Errorf("a line played to its end is still stored: %+v (%v)", q, err)
	}
	if got := c.private(c.inThread(c.b, "premove")); !strings.Contains(got, "You have no moves queued") {
		t.Errorf("bob's line after it was played out: %q", got)
	}
	// No DM for the moves bob had answered in advance.
	if n := len(c.fake.DMs(c.b.ID)); n != 2 {
		t.Errorf("bob has %d DMs, want 2 (the greeting, the notice after e4)", n)
	}
}

// refusedDirectMessages: Discord refuses bob's DMs (50007); ann's move
// puts him back on mentions, told once in the thread with a ping, and the
// next board pings him.
func (c *comforts) refusedDirectMessages() {
	t := c.t
	const refused = "I couldn't send you a direct message"
	c.fake.RefuseDMs(c.b.ID, true)
	c.move(c.a, "c3", 7)
	// Its board was posted while bob was still on direct messages.
	if b := c.board("c2c3"); len(b.Pings) != 0 {
		t.Errorf("the board after c3, bob still on DMs, pings %v", b.Pings)
	}
	var told fakediscord.Message
	c.eventually("bob told in the thread that his DM was refused", func() bool {
		for _, m := range c.fake.Messages(c.thread) {
			if strings.Contains(m.Content, refused) {
				told = m
				return true
			}
		}
		return false
	})
	if !strings.HasPrefix(told.Content, "📵 <@"+c.b.ID+">") || !strings.Contains(told.Content, "back on mentions") || !slices.Equal(told.Pings, []string{c.b.ID}) {
		t.Errorf("the refusal notice: %q pings %v", told.Content, told.Pings)
	}
	if got := c.private(c.inLobby(c.b, "notify")); !strings.Contains(got, "You're on **mentions**") {
		t.Errorf("bob's setting after the refusal: %q", got)
	}
	c.move(c.b, "Nf6", 8)
	c.move(c.a, "d3", 9)
	if b := c.board("d2d3"); !slices.Equal(b.Pings, []string{c.b.ID}) || !strings.Contains(b.Content, "<@"+c.b.ID+">, your move") {
		t.Errorf("bob's board after the refusal: %q pings %v", b.Content, b.Pings)
	}
	if n := c.count(refused); n != 1 {
		t.Errorf("bob was told %d times that his DM was refused", n)
	}
	if n := len(c.fake.DMs(c.b.ID)); n != 2 {
		t.Errorf("bob has %d DMs, want 2 (refused ones are not among them)", n)
	}
}

// vacation: ann goes on holiday for 3 days; /vacation status says so with
// the days used, the next board and /games say she is on holiday, and
// /vacation end gives back the days not begun.
func (c *comforts) vacation() {
	t := c.t
	ann := "<@" + c.a.ID + ">"
	vac := func(u fakediscord.User, sub string, opts ...fakediscord.Option) string {
		return c.private(fakediscord.Interaction{Type: 2, User: u, ChannelID: c.lobby, Name: "vacation",
			Options: []fakediscord.Option{{Name: sub, Type: 1, Options: opts}}})
	}
	wantIn := func(what, text string, want ...string) {
		t.Helper()
		for _, w := range want {
			if !strings.Contains(text, w) {
				t.Errorf("%s: %q does not say %q", what, text, w)
			}
		}
	}
	wantIn("/vacation start", vac(c.a, "start", fakediscord.Option{Name: "days", Type: 4, Value: 3}),
		"🏖️ You are on holiday from <t:", "(3 days)", "Holiday days used in the last 365 days: **3** of 30; **27** left.")
	wantIn("/vacation status", vac(c.a, "status"), "🏖️ You are on holiday until <t:", "**3** of 30; **27** left", "`/vacation end` comes back early")
	c.eventually("the thread told of ann's holiday", func() bool { return c.count("🏖️ "+ann+" is on holiday until <t:") > 0 })

	c.move(c.b, "d6", 10)
	wantIn("the board after bob's d6", c.board("d7d6").Content, ann+", your move", "🏖️ "+ann+" is on holiday until <t:")
	games := c.private(c.inLobby(c.b, "games"))
	wantIn("bob's /games", games, "<#"+c.thread+">", ann+" to move", "🏖️ "+ann+" on holiday until <t:")

	wantIn("/vacation end", vac(c.a, "end"), "👋 Welcome back", "after 1 day", "2 days given back", "**1** of 30; **29** left")
	c.eventually("the thread told of ann's return", func() bool { return c.count(ann+" is back from holiday") == 1 })
	wantIn("/vacation status after the end", vac(c.a, "status"), "You are not on holiday", "**1** of 30; **29** left")
	if games := c.private(c.inLobby(c.b, "games")); strings.Contains(games, "holiday") {
		t.Errorf("bob's /games after ann's return: %q", games)
	}
}

// everythingOnce: every interaction delivered was answered exactly once
// (the one whose answer's edit was held across the SIGKILL too: its defer
// went out first); the log replays with legal moves and the thread shows
// each stored move once, in order (soakcheck_test.go's checkGame).
func (c *comforts) everythingOnce() {
	for id, st := range c.fake.Interactions() {
		if st.Delivered.IsZero() {
			c.t.Errorf("interaction %s (type %d) was never delivered", id, st.Type)
		} else if st.Callbacks != 1 || st.SecondAnswers != 0 {
			c.t.Errorf("interaction %s (type %d): %d answers, %d second answers", id, st.Type, st.Callbacks, st.SecondAnswers)
		}
	}
	row := c.game()
	if row.State != "active" {
		c.t.Errorf("the game is %s", row.State)
	}
	c.checkGame(row, c.moves(), c.fake.Messages(c.thread), map[string]bool{})
}
