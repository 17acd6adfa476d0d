package main

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/bermudachess/bermuda/bot/fakediscord"
	"github.com/bermudachess/bermuda/games"
)

// TestSoak drives the real `bermuda serve` binary through the fake Discord
// on a bad day: random REST faults (callbacks included), duplicate
// deliveries, a gateway disconnect with RESUME, and a SIGKILL plus restart
// in the middle. Simulated players make about half of their moves with the
// Move button's picker (double clicks and stale pickers included) and the
// others with /move, picked from the bot's own autocomplete (the legal
// moves); afterwards soakcheck_test.go compares
// what Discord saw with the SQLite file.
//
// Plain `go test` runs a small version; BERMUDA_SOAK=full go test
// -run Soak ./cmd/bermuda runs the full one (56 games, 100 players) and
// prints its figures.
func TestSoak(t *testing.T) {
	cfg := soakConfig{games: 8, users: 16, moves: 10, lobbies: 2}
	if os.Getenv("BERMUDA_SOAK") == "full" {
		cfg = soakConfig{games: 56, users: 100, moves: 40, lobbies: 5}
	}
	cfg.faults, cfg.duplicates = 0.05, 0.10
	sk := newSoak(t, cfg)
	sk.run()
	sk.check()
}

type soakConfig struct {
	games, users, moves, lobbies int
	faults, duplicates           float64
}

type soak struct {
	t      *testing.T
	cfg    soakConfig
	dir    string
	bin    string
	dbPath string
	fake   *fakediscord.Server
	users  []fakediscord.User

	mu         sync.Mutex
	proc       *exec.Cmd
	exited     chan struct{}
	logs       bytes.Buffer // the bot's stderr, all runs
	up         atomic.Bool
	generation atomic.Int64
	killedAt   time.Time
	restarted  time.Time
	moves      atomic.Int64 // moves answered with a public defer
	games      []*soakGame
	played     time.Duration
}

// soakGame is one simulated game, as its players know it.
type soakGame struct {
	variant  string
	players  [2]fakediscord.User
	lobby    string
	thread   string
	finished bool
}

func newSoak(t *testing.T, cfg soakConfig) *soak {
	dir := t.TempDir()
	sk := &soak{t: t, cfg: cfg, dir: dir, bin: filepath.Join(dir, "bermuda"), dbPath: filepath.Join(dir, "soak.db")}
	build := exec.Command("go", "build", "-o", sk.bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building bermuda: %v\n%s", err, out)
	}
	sk.fake = fakediscord.New()
	t.Cleanup(sk.fake.Close)
	sk.fake.SetDuplicates(cfg.duplicates, 5, 7)
	sk.fake.SetRandomFaults(fakediscord.RandomFaults{Rate: cfg.faults, Seed: 11})
	for n := range cfg.users {
		sk.users = append(sk.users, fakediscord.User{ID: fmt.Sprint(30000 + n), Name: fmt.Sprintf("player%d", n)})
	}
	variants := games.All()
	for g := range cfg.games {
		sk.games = append(sk.games, &soakGame{
			variant: variants[g%len(variants)].ID,
			players: [2]fakediscord.User{sk.users[(2*g)%cfg.users], sk.users[(2*g+1)%cfg.users]},
			lobby:   fmt.Sprint(5000 + g%cfg.lobbies),
		})
	}
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("bot log (tail):\n%s", tail(sk.botLog(), 4000))
		}
	})
	return sk
}

// start runs the binary and waits until it has a gateway session.
func (sk *soak) start() {
	sk.t.Helper()
	sessions := sk.fake.Sessions()
	cmd := exec.Command(sk.bin, "serve")
	cmd.Dir = sk.dir
	cmd.Env = append(os.Environ(), "DISCORD_TOKEN=soak-token", "BERMUDA_DB="+sk.dbPath, "BERMUDA_API_BASE="+sk.fake.URL(),
		"BERMUDA_DEV_GUILD="+sk.fake.GuildID, "BERMUDA_LOG_LEVEL=warn")
	cmd.Stderr = lockedWriter{&sk.mu, &sk.logs}
	if err := cmd.Start(); err != nil {
		sk.t.Fatal(err)
	}
	exited := make(chan struct{})
	go func() { cmd.Wait(); close(exited) }()
	sk.mu.Lock()
	sk.proc, sk.exited = cmd, exited
	sk.mu.Unlock()
	if !sk.fake.Wait(60*time.Second, func(*fakediscord.Server) bool { return sk.fake.SessionsLocked() > sessions }) {
		sk.t.Fatalf("the bot never connected:\n%s", sk.botLog())
	}
	sk.generation.Add(1)
	sk.up.Store(true)
}

// kill SIGKILLs the bot, as a crash or an OOM kill would.
func (sk *soak) kill() {
	sk.up.Store(false)
	sk.mu.Lock()
	proc, exited := sk.proc, sk.exited
	sk.killedAt = time.Now()
	sk.mu.Unlock()
	proc.Process.Kill()
	<-exited
}

// stop ends the bot with SIGTERM, as an operator would.
func (sk *soak) stop() {
	sk.up.Store(false)
	sk.mu.Lock()
	proc, exited := sk.proc, sk.exited
	sk.mu.Unlock()
	proc.Process.Signal(syscall.SIGTERM)
	select {
	case <-exited:
	case <-time.After(60 * time.Second):
		proc.Process.Kill()
		sk.t.Error("the bot did not stop within 60 s of SIGTERM")
	}
}

func (sk *soak) botLog() string {
	sk.mu.Lock()
	defer sk.mu.Unlock()
	return sk.logs.String()
}

// run plays every game at once; a disconnect comes at a quarter of the
// moves and the SIGKILL at a half.
func (sk *soak) run() {
	sk.start()
	target := int64(sk.cfg.games * sk.cfg.moves)
	var wg sync.WaitGroup
	began := time.Now()
	for n, g := range sk.games {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sk.play(g, rand.New(rand.NewPCG(uint64(n), 99)))
		}()
	}
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	sk.waitMoves(target/4, done)
	sk.fake.Disconnect()
	sk.waitMoves(target/2, done)
	sk.kill()
	sk.start()
	sk.mu.Lock()
	sk.restarted = time.Now()
	sk.mu.Unlock()
	<-done
	sk.played = time.Since(began)
	sk.quiet()
	sk.stop()
}

func (sk *soak) waitMoves(n int64, done <-chan struct{}) {
	for sk.moves.Load() < n {
		select {
		case <-done:
			return
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// quiet waits until the bot has made no request for a second.
func (sk *soak) quiet() {
	last := -1
	for {
		n := len(sk.fake.Requests())
		if n == last {
			return
		}
		last = n
		time.Sleep(time.Second)
	}
}

// interact sends an interaction and waits for its first answer. It gives
// up when the bot was killed meanwhile (the player would try again).
func (sk *soak) interact(in fakediscord.Interaction) (fakediscord.Response, bool) {
	for !sk.up.Load() {
		time.Sleep(50 * time.Millisecond)
	}
	gen := sk.generation.Load()
	tok, err := sk.fake.Send(in)
	if err != nil {
		sk.t.Error(err)
		return fakediscord.Response{}, false
	}
	var resp fakediscord.Response
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		if sk.fake.Wait(250*time.Millisecond, func(s *fakediscord.Server) bool {
			var ok bool
			resp, ok = s.ResponseLocked(tok)
			return ok
		}) {
			return resp, true
		}
		if sk.generation.Load() != gen || !sk.up.Load() {
			return resp, false
		}
	}
	return resp, false
}

// play is one game from challenge to its end (or to a resignation once the
// players have made their moves).
func (sk *soak) play(g *soakGame, rng *rand.Rand) {
	a, b := g.players[0], g.players[1]
	for attempt := 0; g.thread == "" && attempt < 5; attempt++ {
		resp, ok := sk.interact(fakediscord.Interaction{Type: 2, User: a, ChannelID: g.lobby, Name: "challenge",
			Options: []fakediscord.Option{{Name: "variant", Type: 3, Value: g.variant}, {Name: "opponent", Type: 6, Value: b.ID},
				{Name: "color", Type: 3, Value: "white"}, {Name: "days", Type: 4, Value: 1}},
			Resolved: map[string]any{"users": map[string]any{b.ID: map[string]any{"id": b.ID, "username": b.Name}}}})
		if !ok || resp.Type != 4 {
			continue
		}
		id := acceptID(sk.fake, resp.Original)
		if id == "" {
			continue
		}
		if _, ok := sk.interact(fakediscord.Interaction{Type: 3, User: b, ChannelID: g.lobby, MessageID: resp.Original, CustomID: "accept:" + id}); !ok {
			continue
		}
		// A thread started from the challenge has the challenge's id.
		if sk.fake.Wait(20*time.Second, func(s *fakediscord.Server) bool { return s.HasChannelLocked(resp.Original) }) {
			g.thread = resp.Original
		}
	}
	if g.thread == "" {
		sk.t.Errorf("%s: no game could be started", g.variant)
		return
	}
	empty := 0
	for moves := 0; moves < sk.cfg.moves; {
		choice, mover := "", a
		for _, p := range g.players {
			if c := sk.choices(g, p); len(c) > 0 {
				choice, mover = c[rng.IntN(len(c))], p
				break
			}
		}
		if choice == "" {
			// Over, or not set up yet (the opening posts are still going).
			if empty++; empty > 20 {
				g.finished = true
				return
			}
			time.Sleep(100 * time.Millisecond)
			continue
		}
		empty = 0
		boards := sk.uploads(g.thread)
		var played bool
		if rng.IntN(2) == 0 {
			// About half of the moves are made with the Move button's picker.
			played = sk.pick(g, mover, rng)
		} else {
			resp, ok := sk.interact(fakediscord.Interaction{Type: 2, User: mover, ChannelID: g.thread, ChannelType: 11, ParentID: g.lobby,
				Name: "move", Options: []fakediscord.Option{{Name: "move", Type: 3, Value: choice}}})
			played = ok && resp.Type == 5
		}
		if played {
			moves++
			sk.moves.Add(1)
			// Like a person, the next player moves once the board is up.
			gen := sk.generation.Load()
			for end := time.Now().Add(20 * time.Second); time.Now().Before(end) && sk.generation.Load() == gen; {
				if sk.fake.Wait(250*time.Millisecond, func(s *fakediscord.Server) bool { return s.UploadsLocked(g.thread) > boards }) {
					break
				}
			}
		}
	}
	sk.interact(fakediscord.Interaction{Type: 2, User: a, ChannelID: g.thread, ChannelType: 11, ParentID: g.lobby, Name: "resign"})
	g.finished = true
}

// pick plays a move as p with the Move button under the newest board and
// random choices in the picker's menus, as a player tapping would. Now and
// then a choice is clicked twice at once (a double click), and after a
// move the last picker is clicked again (stale): neither may play a second
// move. It reports whether a move was played.
func (sk *soak) pick(g *soakGame, p fakediscord.User, rng *rand.Rand) bool {
	board, button := "", ""
	for _, m := range sk.fake.Messages(g.thread) {
		if id := componentID(m, "play:"); id != "" {
			board, button = m.ID, id
		}
	}
	if board == "" {
		return false
	}
	resp, ok := sk.interact(fakediscord.Interaction{Type: 3, User: p, ChannelID: g.thread, ChannelType: 11, ParentID: g.lobby, MessageID: board, CustomID: button})
	if !ok || resp.Type != 4 {
		return false
	}
	picker := resp.Original
	var last fakediscord.Interaction
	for step := 0; step < 3; step++ {
		m, _ := sk.fake.Message(picker)
		menu, value := randomOption(m, rng)
		if menu == "" {
			return false
		}
		last = fakediscord.Interaction{Type: 3, User: p, ChannelID: g.thread, ChannelType: 11, ParentID: g.lobby, MessageID: picker, CustomID: menu, Values: []string{value}}
		if rng.IntN(10) == 0 {
			go sk.interact(last) // a double click: the two race
		}
		resp, ok := sk.interact(last)
		if !ok {
			return false
		}
		if resp.Type == 6 {
			if m, _ := sk.fake.Message(picker); !strings.Contains(m.Content, "You played") {
				return false // a racing twin played it, or the picker was stale
			}
			if rng.IntN(5) == 0 {
				sk.interact(last) // clicked again on the old picker: stale
			}
			return true
		}
		if resp.Type != 7 {
			return false
		}
	}
	return false
}

// componentID returns the custom_id of m's first component starting with prefix.
func componentID(m fakediscord.Message, prefix string) string {
	for _, row := range m.Components {
		for _, c := range row.(map[string]any)["components"].([]any) {
			if id, _ := c.(map[string]any)["custom_id"].(string); strings.HasPrefix(id, prefix) {
				return id
			}
		}
	}
	return ""
}

// randomOption picks one option of one select menu on m.
func randomOption(m fakediscord.Message, rng *rand.Rand) (menu, value string) {
	type option struct{ menu, value string }
	var all []option
	for _, row := range m.Components {
		for _, c := range row.(map[string]any)["components"].([]any) {
			comp := c.(map[string]any)
			opts, _ := comp["options"].([]any)
			for _, o := range opts {
				all = append(all, option{comp["custom_id"].(string), o.(map[string]any)["value"].(string)})
			}
		}
	}
	if len(all) == 0 {
		return "", ""
	}
	o := all[rng.IntN(len(all))]
	return o.menu, o.value
}

func (sk *soak) uploads(thread string) int {
	n := 0
	sk.fake.Wait(0, func(s *fakediscord.Server) bool { n = s.UploadsLocked(thread); return true })
	return n
}

// choices asks the bot's autocomplete for p's legal moves (none when it is
// not p's turn or the game is over).
func (sk *soak) choices(g *soakGame, p fakediscord.User) []string {
	resp, ok := sk.interact(fakediscord.Interaction{Type: 4, User: p, ChannelID: g.thread, ChannelType: 11, ParentID: g.lobby,
		Name: "move", Options: []fakediscord.Option{{Name: "move", Type: 3, Value: "", Focused: true}}})
	if !ok {
		return nil
	}
	var out []string
	for _, c := range resp.Choices {
		if v, ok := c.(map[string]any)["value"].(string); ok {
			out = append(out, v)
		}
	}
	return out
}

// acceptID reads the challenge id from the message's Accept button.
func acceptID(fake *fakediscord.Server, messageID string) string {
	m, ok := fake.Message(messageID)
	if !ok {
		return ""
	}
	return strings.TrimPrefix(componentID(m, "accept:"), "accept:")
}

type lockedWriter struct {
	mu *sync.Mutex
	b  *bytes.Buffer
}

func (w lockedWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.Write(p)
}

func tail(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[len(s)-n:]
}
