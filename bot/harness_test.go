package bot

import (
	"bytes"
	"context"
	"image/png"
	"io"
	"log/slog"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bermudachess/bermuda/bot/fakediscord"
	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/games"
	_ "github.com/bermudachess/bermuda/games/all"
)

// harness runs the real bot, through the real discordgo client, against the
// fake Discord, on a real SQLite file.
type harness struct {
	t      *testing.T
	fake   *fakediscord.Server
	dbPath string
	store  db.Store
	bot    *Bot
	clock  *fakeClock
	closer func()
	logs   *syncBuffer
	// reconnect lets discordgo reconnect (and RESUME) after the fake drops
	// the gateway; off by default so that closing is quick.
	reconnect bool
	// gameThreads counts the games gameFrom made.
	gameThreads int
}

// Users and the channel the tests play in.
var (
	ann     = fakediscord.User{ID: "111", Name: "ann"}
	bob     = fakediscord.User{ID: "222", Name: "bob"}
	cat     = fakediscord.User{ID: "333", Name: "cat"}
	robot   = fakediscord.User{ID: "444", Name: "robot", Bot: true}
	lobbyID = "5000"
)

type fakeClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *fakeClock) Now() time.Time          { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *fakeClock) Advance(d time.Duration) { c.mu.Lock(); c.now = c.now.Add(d); c.mu.Unlock() }

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}
func (s *syncBuffer) String() string { s.mu.Lock(); defer s.mu.Unlock(); return s.b.String() }

func newHarness(t *testing.T) *harness { return newHarnessWith(t, false) }

func newHarnessWith(t *testing.T, reconnect bool) *harness {
	t.Helper()
	h := &harness{t: t, fake: fakediscord.New(), dbPath: filepath.Join(t.TempDir(), "bermuda.db"),
		clock: &fakeClock{now: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)}, logs: &syncBuffer{}, reconnect: reconnect}
	t.Cleanup(h.fake.Close)
	h.start(games.Seeded(1))
	t.Cleanup(func() { h.stop() })
	return h
}

// testWait bounds every wait for the bot; generous for -race on 2 cores.
const testWait = 20 * time.Second

const testToken = "test-token-SECRET-abc123"

// start opens the database and connects a new bot (as after a restart).
func (h *harness) start(roller games.Roller) {
	h.t.Helper()
	store, err := db.Open(h.dbPath)
	if err != nil {
		h.t.Fatal(err)
	}
	s, err := NewSession(testToken, h.fake.URL())
	if err != nil {
		h.t.Fatal(err)
	}
	s.ShouldReconnectOnError = h.reconnect
	log := slog.New(slog.NewTextHandler(io.MultiWriter(h.logs), &slog.HandlerOptions{Level: slog.LevelDebug}))
	d := &SessionDiscord{S: s, Backoff: time.Millisecond, PostBudget: 2 * time.Second, TokenLife: 5 * time.Second, Log: log}
	b := New(Options{Store: store, Discord: d, Log: log, DefaultDays: 3})
	b.Now = h.clock.Now
	b.Roller = roller
	if err := Connect(context.Background(), d, b); err != nil {
		h.t.Fatal(err)
	}
	if err := b.Register(context.Background(), h.fake.GuildID); err != nil {
		h.t.Fatal(err)
	}
	h.store, h.bot = store, b
	h.closer = func() {
		b.Drain(10 * time.Second)
		s.Close()
		store.Close()
	}
}

func (h *harness) stop() {
	if h.closer != nil {
		h.closer()
		h.closer = nil
	}
	if strings.Contains(h.logs.String(), testToken) {
		h.t.Error("the bot token appeared in the logs")
	}
}

// restart stops the bot and starts a fresh one on the same database.
func (h *harness) restart(roller games.Roller) {
	h.stop()
	h.start(roller)
}

// send dispatches an interaction and waits until the bot has answered it
// and finished all its work.
func (h *harness) send(in fakediscord.Interaction) fakediscord.Response {
	h.t.Helper()
	tok, err := h.fake.Send(in)
	if err != nil {
		h.t.Fatal(err)
	}
	var resp fakediscord.Response
	ok := h.fake.Wait(testWait, func(s *fakediscord.Server) bool {
		var ok bool
		resp, ok = s.ResponseLocked(tok)
		return ok
	})
	if !ok {
		h.t.Fatalf("no response to %s%s", in.Name, in.CustomID)
	}
	h.bot.inflight.Wait()
	h.bot.pictures.wait() // an ended game's animation (replays.go)
	return resp
}

func (h *harness) command(u fakediscord.User, channel, name string, opts ...fakediscord.Option) fakediscord.Response {
	h.t.Helper()
	typ := 0
	if channel != lobbyID {
		typ = 11
	}
	return h.send(fakediscord.Interaction{Type: 2, User: u, ChannelID: channel, ChannelType: typ, ParentID: lobbyID, Name: name, Options: opts})
}

func (h *harness) click(u fakediscord.User, channel, messageID, customID string) fakediscord.Response {
	h.t.Helper()
	return h.send(fakediscord.Interaction{Type: 3, User: u, ChannelID: channel, MessageID: messageID, CustomID: customID})
}

func str(name, value string) fakediscord.Option {
	return fakediscord.Option{Name: name, Type: 3, Value: value}
}
func user(name string, u fakediscord.User) fakediscord.Option {
	return fakediscord.Option{Name: name, Type: 6, Value: u.ID}
}
func integer(name string, v int) fakediscord.Option {
	return fakediscord.Option{Name: name, Type: 4, Value: v}
}

// resolvedUsers is the "resolved" block Discord sends with user options.
func resolvedUsers(us ...fakediscord.User) map[string]any {
	m := map[string]any{}
	for _, u := range us {
		m[u.ID] = map[string]any{"id": u.ID, "username": u.Name, "bot": u.Bot}
	}
	return map[string]any{"users": m}
}

// challenge makes ann challenge opponent (or anyone) and returns the
// challenge message id.
func (h *harness) challenge(from fakediscord.User, variant string, opponent *fakediscord.User, extra ...fakediscord.Option) string {
	h.t.Helper()
	opts := append([]fakediscord.Option{str("variant", variant)}, extra...)
	in := fakediscord.Interaction{Type: 2, User: from, ChannelID: lobbyID, Name: "challenge"}
	if opponent != nil {
		opts = append(opts, user("opponent", *opponent))
		in.Resolved = resolvedUsers(*opponent)
	}
	in.Options = opts
	resp := h.send(in)
	if resp.Type != 4 {
		h.t.Fatalf("challenge answered with type %d", resp.Type)
	}
	m, _ := h.fake.Message(resp.Original)
	if m.Ephemeral {
		h.t.Fatalf("challenge refused: %s", m.Content)
	}
	return resp.Original
}

// startGame runs a challenge and its acceptance; it returns the thread id.
func (h *harness) startGame(variant string, extra ...fakediscord.Option) string {
	h.t.Helper()
	msg := h.challenge(ann, variant, &bob, append([]fakediscord.Option{str("color", "white")}, extra...)...)
	before := len(h.fake.Threads())
	h.click(bob, lobbyID, msg, "accept:"+challengeID(h, msg))
	threads := h.fake.Threads()
	if len(threads) != before+1 {
		h.t.Fatalf("accepting made %d threads", len(threads)-before)
	}
	return threads[len(threads)-1].ID
}

// challengeID reads the challenge id from the message's Accept button.
func challengeID(h *harness, messageID string) string {
	h.t.Helper()
	m, ok := h.fake.Message(messageID)
	if !ok {
		h.t.Fatalf("no message %s", messageID)
	}
	for _, row := range m.Components {
		for _, c := range row.(map[string]any)["components"].([]any) {
			id := c.(map[string]any)["custom_id"].(string)
			if strings.HasPrefix(id, "accept:") {
				return strings.TrimPrefix(id, "accept:")
			}
		}
	}
	h.t.Fatalf("message %s has no accept button: %+v", messageID, m)
	return ""
}

// reply returns the message that answered the interaction.
func (h *harness) reply(resp fakediscord.Response) fakediscord.Message {
	h.t.Helper()
	m, ok := h.fake.Message(resp.Original)
	if !ok {
		h.t.Fatalf("the response has no message")
	}
	return m
}

// wantEphemeral checks that resp is a private answer containing want.
func (h *harness) wantEphemeral(resp fakediscord.Response, want string) {
	h.t.Helper()
	m := h.reply(resp)
	if !m.Ephemeral || !strings.Contains(m.Content, want) {
		h.t.Errorf("want an ephemeral answer containing %q, got ephemeral=%v %q", want, m.Ephemeral, m.Content)
	}
}

// lastBoard decodes the PNG of the newest board message in a channel.
func (h *harness) lastBoard(channel string) (width, height int) {
	h.t.Helper()
	msgs := h.fake.Messages(channel)
	for i := len(msgs) - 1; i >= 0; i-- {
		for _, f := range msgs[i].Files {
			if f.Name == "board.png" {
				img, err := png.Decode(bytes.NewReader(f.Data))
				if err != nil {
					h.t.Fatalf("board.png does not decode: %v", err)
				}
				return img.Bounds().Dx(), img.Bounds().Dy()
			}
		}
	}
	h.t.Fatalf("no board image in channel %s", channel)
	return 0, 0
}

// move plays a move as u and checks it was accepted publicly.
func (h *harness) move(u fakediscord.User, thread, text string) {
	h.t.Helper()
	resp := h.command(u, thread, "move", str("move", text))
	m := h.reply(resp)
	if m.Ephemeral || resp.Type != 5 {
		h.t.Fatalf("move %q by %s refused: %s", text, u.Name, m.Content)
	}
}
