package main

import (
	"context"
	"database/sql"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/bermudachess/bermuda/bot/fakediscord"
	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/db/dbtest"
	"github.com/bermudachess/bermuda/metrics"
)

// TestReplicas runs two real `bermuda serve -http` processes on one
// PostgreSQL database (a fresh one on the server BERMUDA_TEST_POSTGRES
// names, dropped afterwards; .ci/run sets it). The fake Discord delivers
// signed interactions to them in turn, 10% to both at once, and one
// replica is SIGKILLed and restarted mid-run, while two games of every
// variant are played to their end by the soak test's simulated players.
// Then: reminders and a loss on time made due in the database, which both
// replicas' schedulers race for; and badly signed requests.
//
// It checks, with the soak test's checks (soakcheck_test.go), that every
// interaction was answered exactly once, that the move logs replay and
// match what the threads show, move for move, with one dice message per
// stored roll; and that each reminder and the loss on time were said once,
// and that badly signed requests got 401 and changed nothing.
//
// Without BERMUDA_TEST_POSTGRES the replicas share one SQLite file
// instead (the store supports several processes on one file), so the test
// still runs everywhere; CI always runs it on PostgreSQL.
//
// BERMUDA_REPLICAS=full runs a larger version, once with one replica and
// once with two (no kill), and prints moves/s and first-callback latency.
func TestReplicas(t *testing.T) {
	if os.Getenv("BERMUDA_REPLICAS") == "full" {
		cfg := soakConfig{games: 28, users: 56, moves: 16, lobbies: 4}
		for _, n := range []int{1, 2} {
			t.Run(fmt.Sprintf("%d replicas", n), func(t *testing.T) {
				rt := newReplicaTest(t, cfg, n)
				rt.run(false)
				rt.finish()
				fmt.Println(rt.figures())
			})
		}
		return
	}
	rt := newReplicaTest(t, soakConfig{games: 14, users: 28, moves: 6, lobbies: 3}, 2)
	rt.run(true)
	rt.operatorEndpoints()
	rt.remindersAndTimeouts()
	rt.forgeries()
	rt.finish()
	t.Log(rt.figures())
}

type replicaTest struct {
	*soak
	dsn      string
	procs    []*replicaProc
	idle     []*soakGame // games left waiting for reminders
	forgedOK int
	killed   string // the URL of the replica that was SIGKILLed
}

type replicaProc struct {
	addr   string // host:port of its Interactions Endpoint
	cmd    *exec.Cmd
	exited chan struct{}
}

func (p *replicaProc) url() string { return "http://" + p.addr + "/interactions" }

// fakeWait is how long the fake waits for an HTTP answer. Discord waits
// 3 s and the replicas acknowledge by themselves after 2.5 s; more is
// allowed here so that a slow test machine does not count as a lost answer.
const fakeWait = 10 * time.Second

func newReplicaTest(t *testing.T, cfg soakConfig, replicas int) *replicaTest {
	cfg.duplicates = 0.10
	rt := &replicaTest{soak: newSoak(t, cfg)}
	rt.dsn = testDatabase(t, rt.dir)
	rt.dbPath = rt.dsn // the soak's checks open the store through it
	for range replicas {
		rt.procs = append(rt.procs, &replicaProc{addr: freeAddr(t)})
	}
	return rt
}

// testDatabase makes a fresh PostgreSQL database for the run and drops it
// afterwards; without BERMUDA_TEST_POSTGRES, a SQLite file in dir.
func testDatabase(t *testing.T, dir string) string {
	admin := dbtest.Server(t)
	if admin == "" {
		return filepath.Join(dir, "replicas.db")
	}
	return dbtest.Database(t, admin, "replicas")
}

func freeAddr(t *testing.T) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// startReplica runs replica n and waits until its /readyz says ready.
func (rt *replicaTest) startReplica(n int) {
	rt.t.Helper()
	p := rt.procs[n]
	cmd := exec.Command(rt.bin, "serve")
	cmd.Dir = rt.dir
	cmd.Env = append(os.Environ(), "DISCORD_TOKEN=replica-token", "BERMUDA_DB="+rt.dsn, "BERMUDA_API_BASE="+rt.fake.URL(),
		"BERMUDA_DEV_GUILD="+rt.fake.GuildID, "BERMUDA_LOG_LEVEL=warn", "BERMUDA_HTTP_ADDR="+p.addr,
		"BERMUDA_PUBLIC_KEY="+rt.fake.PublicKey(), "BERMUDA_SCHEDULER_INTERVAL=200ms")
	cmd.Stderr = lockedWriter{&rt.mu, &rt.logs}
	if err := cmd.Start(); err != nil {
		rt.t.Fatal(err)
	}
	exited := make(chan struct{})
	go func() { cmd.Wait(); close(exited) }()
	p.cmd, p.exited = cmd, exited
	for end := time.Now().Add(60 * time.Second); ; {
		err := metrics.Probe(context.Background(), p.addr)
		if err == nil {
			return
		}
		select {
		case <-exited:
			rt.t.Fatalf("replica %d exited at start:\n%s", n, tail(rt.botLog(), 3000))
		case <-time.After(100 * time.Millisecond):
		}
		if time.Now().After(end) {
			rt.t.Fatalf("replica %d never became ready: %v", n, err)
		}
	}
}

// route tells the fake (the load balancer) which replicas take interactions.
func (rt *replicaTest) route(procs ...*replicaProc) {
	var urls []string
	for _, p := range procs {
		urls = append(urls, p.url())
	}
	rt.fake.UseHTTP(fakeWait, urls...)
}

// run plays every game at once; with kill, the last replica is taken out
// of rotation and SIGKILLed at half the moves, then restarted and put back.
func (rt *replicaTest) run(kill bool) {
	rt.killed = ""
	for n := range rt.procs {
		rt.startReplica(n)
	}
	rt.route(rt.procs...)
	rt.generation.Add(1)
	rt.up.Store(true)
	target := int64(rt.cfg.games * rt.cfg.moves)
	var wg sync.WaitGroup
	began := time.Now()
	for n, g := range rt.games {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rt.play(g, rand.New(rand.NewPCG(uint64(n), 19)))
		}()
	}
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	if kill && len(rt.procs) > 1 {
		rt.waitMoves(target/2, done)
		last := rt.procs[len(rt.procs)-1]
		rt.route(rt.procs[:len(rt.procs)-1]...)
		rt.mu.Lock()
		rt.killedAt = time.Now()
		rt.mu.Unlock()
		rt.generation.Add(1) // players waiting on the killed replica give up and retry
		rt.killed = last.url()
		last.cmd.Process.Kill()
		<-last.exited
		// Right after the restart Discord fails the bot's lookup of its
		// own user twice: the replica must ask again before it is ready
		// (startReplica waits for /readyz), not run on without its id.
		seen := len(rt.fake.Requests())
		rt.fake.Fail("GET", "/users/@me", 500, `{"message":"500: Internal Server Error","code":0}`, 2)
		rt.startReplica(len(rt.procs) - 1)
		lookups := 0
		for _, r := range rt.fake.Requests()[seen:] {
			if r.Method == "GET" && r.Path == "/users/@me" {
				lookups++
			}
		}
		if lookups != 3 || !strings.Contains(rt.botLog(), "asking Discord for the bot's own user: failed; trying again") {
			rt.t.Errorf("the restarted replica asked GET /users/@me %d times (want 3: two 500s, then the answer); log:\n%s",
				lookups, tail(rt.botLog(), 2000))
		}
		rt.route(rt.procs...)
		rt.mu.Lock()
		rt.restarted = time.Now()
		rt.mu.Unlock()
	}
	<-done
	rt.played = time.Since(began)
	rt.quiet()
}

// operatorEndpoints: each replica serves /healthz and /metrics beside
// /interactions, the open games gauge from the store; and between them
// (one was restarted, its counters anew) they counted the moves.
func (rt *replicaTest) operatorEndpoints() {
	all := ""
	for n, p := range rt.procs {
		for path, want := range map[string]string{"/healthz": "ok", "/metrics": "bermuda_open_games "} {
			resp, err := http.Get("http://" + p.addr + path)
			if err != nil {
				rt.t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			all += string(body)
			if resp.StatusCode != http.StatusOK || !strings.Contains(string(body), want) {
				rt.t.Errorf("replica %d %s: %s, want %q in:\n%s", n, path, resp.Status, want, tail(string(body), 2000))
			}
		}
	}
	for _, want := range []string{`bermuda_moves_committed_total{variant=`, `bermuda_interactions_total{kind="move",outcome="ok"}`,
		`bermuda_first_callback_seconds_bucket{kind="challenge"`, "bermuda_store_commit_seconds_count"} {
		if !strings.Contains(all, want) {
			rt.t.Errorf("no replica's /metrics has %q", want)
		}
	}
}

// openGame starts g (a challenge and its acceptance) and plays its first
// two moves, so that it has a reminder to give.
func (rt *replicaTest) openGame(g *soakGame) {
	t := rt.t
	a, b := g.players[0], g.players[1]
	resp, ok := rt.interact(fakediscord.Interaction{Type: 2, User: a, ChannelID: g.lobby, Name: "challenge",
		Options: []fakediscord.Option{{Name: "variant", Type: 3, Value: g.variant}, {Name: "opponent", Type: 6, Value: b.ID},
			{Name: "color", Type: 3, Value: "white"}, {Name: "days", Type: 4, Value: 1}},
		Resolved: map[string]any{"users": map[string]any{b.ID: map[string]any{"id": b.ID, "username": b.Name}}}})
	id := ""
	if ok {
		id = acceptID(rt.fake, resp.Original)
	}
	if id == "" {
		t.Fatalf("idle game: no challenge (%v)", ok)
	}
	rt.interact(fakediscord.Interaction{Type: 3, User: b, ChannelID: g.lobby, MessageID: resp.Original, CustomID: "accept:" + id})
	if !rt.fake.Wait(20*time.Second, func(s *fakediscord.Server) bool { return s.HasChannelLocked(resp.Original) }) {
		t.Fatal("idle game: no thread")
	}
	g.thread = resp.Original
	for _, p := range g.players {
		var choices []string
		for try := 0; len(choices) == 0 && try < 100; try++ {
			if choices = rt.choices(g, p); len(choices) == 0 {
				time.Sleep(50 * time.Millisecond)
			}
		}
		if len(choices) == 0 {
			t.Fatalf("idle game: %s never had a move", p.Name)
		}
		if resp, ok := rt.interact(fakediscord.Interaction{Type: 2, User: p, ChannelID: g.thread, ChannelType: 11, ParentID: g.lobby,
			Name: "move", Options: []fakediscord.Option{{Name: "move", Type: 3, Value: choices[0]}}}); !ok || resp.Type != 5 {
			t.Fatalf("idle game: %s's move %s not played", p.Name, choices[0])
		}
	}
	// The answer is a defer: wait until the second move is stored, or its
	// commit (which sets the reminder's time) could come after the test
	// has moved that time to now, and the reminder would not be due.
	conn := rt.rawDB()
	defer conn.Close()
	for end := time.Now().Add(20 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		var ply int
		if err := conn.QueryRow(`SELECT ply FROM games WHERE thread_id = '` + g.thread + `'`).Scan(&ply); err == nil && ply >= 2 {
			return
		}
		if time.Now().After(end) {
			t.Fatal("idle game: its second move was never stored")
		}
	}
}

// remindersAndTimeouts opens three games and makes their reminders due,
// then one game's deadline, by moving the times in the database (as if
// the days had passed), while both replicas' schedulers look every 200 ms.
func (rt *replicaTest) remindersAndTimeouts() {
	t := rt.t
	for n := range 3 {
		g := &soakGame{variant: "chess", lobby: "5000",
			players: [2]fakediscord.User{{ID: fmt.Sprint(39000 + 2*n), Name: "idle"}, {ID: fmt.Sprint(39001 + 2*n), Name: "idler"}}}
		rt.openGame(g)
		rt.idle = append(rt.idle, g)
		rt.games = append(rt.games, g)
	}
	conn := rt.rawDB()
	defer conn.Close()
	now := time.Now().UnixMilli()
	var threads []string
	for _, g := range rt.idle {
		threads = append(threads, "'"+g.thread+"'")
	}
	in := "(" + strings.Join(threads, ",") + ")"
	if _, err := conn.Exec(`UPDATE games SET reminder_at = ` + fmt.Sprint(now) + ` WHERE thread_id IN ` + in); err != nil {
		t.Fatal(err)
	}
	rt.settle(func() bool {
		for _, g := range rt.idle {
			if rt.said(g.thread, "⏰") == 0 {
				return false
			}
		}
		return true
	})
	for _, g := range rt.idle {
		if n := rt.said(g.thread, "⏰"); n != 1 {
			t.Errorf("game in %s: %d reminders, want 1", g.thread, n)
		}
	}
	lost := rt.idle[0]
	if _, err := conn.Exec(`UPDATE games SET deadline = ` + fmt.Sprint(now) + ` WHERE thread_id = '` + lost.thread + `'`); err != nil {
		t.Fatal(err)
	}
	rt.settle(func() bool { return rt.said(lost.thread, "⌛") > 0 })
	if n := rt.said(lost.thread, "⌛"); n != 1 {
		t.Errorf("%d losses on time announced, want 1", n)
	}
	var state, reason string
	if err := conn.QueryRow(`SELECT state, reason FROM games WHERE thread_id = '`+lost.thread+`'`).Scan(&state, &reason); err != nil || state != "finished" || reason != "time" {
		t.Errorf("the game lost on time is %s (%s), %v", state, reason, err)
	}
}

// settle waits until cond holds, then a second more (five scheduler
// passes on each replica), so that a second announcement would show.
func (rt *replicaTest) settle(cond func() bool) {
	for end := time.Now().Add(30 * time.Second); !cond(); time.Sleep(100 * time.Millisecond) {
		if time.Now().After(end) {
			rt.t.Fatal("the schedulers did nothing in 30 s")
		}
	}
	time.Sleep(time.Second)
}

func (rt *replicaTest) said(thread, prefix string) int {
	n := 0
	for _, m := range rt.fake.Messages(thread) {
		if strings.HasPrefix(m.Content, prefix) {
			n++
		}
	}
	return n
}

func (rt *replicaTest) rawDB() *sql.DB {
	driver := "sqlite3"
	if db.IsPostgresURL(rt.dsn) {
		driver = "pgx"
	}
	conn, err := sql.Open(driver, rt.dsn)
	if err != nil {
		rt.t.Fatal(err)
	}
	return conn
}

// forgeries sends every kind of badly signed move to each replica: each
// must be refused with 401 and change nothing.
func (rt *replicaTest) forgeries() {
	g := rt.idle[1]
	store, err := db.Open(rt.dsn)
	if err != nil {
		rt.t.Fatal(err)
	}
	defer store.Close()
	before, _ := store.GameByThread(context.Background(), g.thread)
	for range rt.procs {
		for _, f := range fakediscord.Forgeries {
			status, err := rt.fake.SendForged(fakediscord.Interaction{Type: 2, User: g.players[0], ChannelID: g.thread, ChannelType: 11,
				ParentID: g.lobby, Name: "resign"}, f)
			if err != nil || status != http.StatusUnauthorized {
				rt.t.Errorf("%s: HTTP %d (%v), want 401", f, status, err)
			} else {
				rt.forgedOK++
			}
		}
	}
	time.Sleep(500 * time.Millisecond)
	after, _ := store.GameByThread(context.Background(), g.thread)
	if after.State != "active" || after.Ply != before.Ply {
		rt.t.Errorf("badly signed resignations changed the game: %s at ply %d, was %s at ply %d", after.State, after.Ply, before.State, before.Ply)
	}
}

// finish stops every replica with SIGTERM, then runs the soak's checks
// and the exactly-once checks of HTTP delivery.
func (rt *replicaTest) finish() {
	var wg sync.WaitGroup
	for _, p := range rt.procs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p.cmd.Process.Signal(syscall.SIGTERM)
			select {
			case <-p.exited:
			case <-time.After(60 * time.Second):
				p.cmd.Process.Kill()
				rt.t.Error("a replica did not stop within 60 s of SIGTERM")
			}
		}()
	}
	wg.Wait()
	rt.up.Store(false)
	rt.check()
	twice, forged := 0, 0
	for id, st := range rt.fake.Interactions() {
		if st.Forged {
			forged++
			if st.Attempts != 0 || slices.ContainsFunc(st.HTTPStatuses, func(s int) bool { return s != http.StatusUnauthorized }) {
				rt.t.Errorf("forged interaction %s: HTTP %v, %d callbacks", id, st.HTTPStatuses, st.Attempts)
			}
			continue
		}
		// Without REST faults there is nothing to retry: a second callback
		// attempt, in a body or over REST, would be a second answer.
		if st.Attempts > 1 {
			rt.t.Errorf("interaction %s (type %d): %d answers (HTTP %v)", id, st.Type, st.Attempts, st.HTTPStatuses)
		}
		// The soak's check lets off every interaction of the kill's time;
		// here only one that reached the killed replica and got no answer
		// there may be unanswered (it may have claimed it and died).
		if !st.Delivered.IsZero() && st.Callbacks == 0 && !rt.diedWith(st) {
			rt.t.Errorf("interaction %s (type %d) never answered, though no delivery died with the killed replica (%v to %v)",
				id, st.Type, st.HTTPStatuses, st.HTTPTargets)
		}
		if len(st.HTTPStatuses) == 2 {
			twice++
			if ok := slices.Sorted(slices.Values(st.HTTPStatuses)); ok[1] == 200 && ok[0] == 200 {
				rt.t.Errorf("interaction %s delivered twice was answered by both replicas", id)
			}
		}
	}
	if len(rt.procs) > 1 && twice == 0 {
		rt.t.Error("no interaction was delivered to two replicas")
	}
	if forged != rt.forgedOK {
		rt.t.Errorf("%d forged interactions seen, %d refused", forged, rt.forgedOK)
	}
}

// diedWith: one of st's deliveries went to the killed replica and got no
// HTTP answer.
func (rt *replicaTest) diedWith(st fakediscord.InteractionStat) bool {
	for n, url := range st.HTTPTargets {
		if url == rt.killed && st.HTTPStatuses[n] == 0 {
			return true
		}
	}
	return false
}

// figures: committed moves per second while the games were played, and
// the first answer's latency as the fake saw it (from the POST to the
// response), over every answered interaction.
func (rt *replicaTest) figures() string {
	var lat []time.Duration
	for _, st := range rt.fake.Interactions() {
		if !st.Forged && !st.Delivered.IsZero() && !st.FirstCallback.IsZero() {
			lat = append(lat, st.FirstCallback.Sub(st.Delivered))
		}
	}
	slices.Sort(lat)
	pct := func(p float64) time.Duration {
		if len(lat) == 0 {
			return 0
		}
		return lat[min(len(lat)-1, int(float64(len(lat))*p))].Round(100 * time.Microsecond)
	}
	store, err := db.Open(rt.dsn)
	if err != nil {
		rt.t.Fatal(err)
	}
	defer store.Close()
	moves := 0
	for _, g := range rt.games {
		if row, err := store.GameByThread(context.Background(), g.thread); err == nil && g.thread != "" {
			ms, _ := store.Moves(context.Background(), row.ID)
			moves += len(ms)
		}
	}
	return fmt.Sprintf("replicas: %d replica(s) on %s, %d games, %d moves in %.1f s (%.1f moves/s), %d interactions answered, first callback p50 %v p99 %v",
		len(rt.procs), store.Backend(), len(rt.games), moves, rt.played.Seconds(), float64(moves)/rt.played.Seconds(), len(lat), pct(0.5), pct(0.99))
}
