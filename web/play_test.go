package web

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bermudachess/bermuda/bot/fakediscord"
	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/games"
	"github.com/bermudachess/bermuda/live"
	"github.com/bermudachess/bermuda/play"
)

const testClientSecret = "sekret-client-secret-42"

var (
	alice = fakediscord.User{ID: "101", Name: "alice"}
	bruno = fakediscord.User{ID: "102", Name: "bruno"}
	carol = fakediscord.User{ID: "103", Name: "carol"}
	dave  = fakediscord.User{ID: "104", Name: "dave"}
)

// playFixture is the pages with logging in (against the fake Discord's
// OAuth2) and a real play.Service on the same store.
type playFixture struct {
	*fixture
	fake  *fakediscord.Server
	play  *play.Service
	logs  *lockedBuffer
	mu    sync.Mutex
	moved []play.Moved
}

type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}
func (l *lockedBuffer) String() string { l.mu.Lock(); defer l.mu.Unlock(); return l.b.String() }

func newPlayFixture(t *testing.T) *playFixture {
	f := &playFixture{fixture: newFixture(t), fake: fakediscord.New(), logs: &lockedBuffer{}}
	t.Cleanup(f.fake.Close)
	f.fake.OAuthClient("555", testClientSecret)
	var err error
	f.web, err = New(Options{Store: f.store, Events: live.Local{Hub: f.hub}, PublicURL: f.srv.URL, Secret: testSecret,
		Log: slog.New(slog.NewTextHandler(f.logs, &slog.HandlerOptions{Level: slog.LevelDebug})), Heartbeat: time.Second,
		ClientID: func() string { return "555" }, ClientSecret: testClientSecret, APIBase: f.fake.URL()})
	if err != nil {
		t.Fatal(err)
	}
	f.play = play.New(play.Options{Store: f.store, Roller: games.Seeded(5)})
	f.play.Subscribe(func(_ context.Context, ev play.Event) {
		if m, ok := ev.(play.Moved); ok {
			f.mu.Lock()
			f.moved = append(f.moved, m)
			f.mu.Unlock()
		}
	})
	f.web.SetActor(f.play)
	f.srv.Config.Handler = f.web.Handler()
	ctx := context.Background()
	for _, u := range []fakediscord.User{alice, bruno, carol, dave} {
		f.store.UpsertPlayer(ctx, u.ID, u.Name)
	}
	return f
}

// game stores a new game between two users.
func (f *playFixture) game(variant string, p1, p2 fakediscord.User) int64 {
	f.t.Helper()
	_, rolls, _, err := games.Start(variant, "", f.dice)
	if err != nil {
		f.t.Fatal(err)
	}
	id, err := f.store.CreateGame(context.Background(), db.Game{GuildID: "g1", ChannelID: "c1", Variant: variant,
		StartRolls: rolls, Players: [2]string{p1.ID, p2.ID}, Days: 3})
	if err != nil {
		f.t.Fatal(err)
	}
	return id
}

// login logs u in through /login, the fake's authorize page and
// /oauth/callback, and returns a client holding the session cookie.
func (f *playFixture) login(u fakediscord.User, next string) *http.Client {
	f.t.Helper()
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar}
	f.fake.LoginAs(u)
	res, err := c.Get(f.srv.URL + "/login?next=" + url.QueryEscape(next))
	if err != nil {
		f.t.Fatal(err)
	}
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || res.Request.URL.Path != next {
		f.t.Fatalf("login as %s ended at %d %s", u.Name, res.StatusCode, res.Request.URL)
	}
	return c
}

func (f *playFixture) me(c *http.Client, id int64) meData {
	f.t.Helper()
	res, err := c.Get(f.url(id) + "/me.json")
	if err != nil {
		f.t.Fatal(err)
	}
	defer res.Body.Close()
	var d meData
	if err := json.NewDecoder(res.Body).Decode(&d); err != nil {
		f.t.Fatal(err)
	}
	return d
}

func (f *playFixture) post(c *http.Client, id int64, what string, body any) (int, actAnswer) {
	f.t.Helper()
	b, _ := json.Marshal(body)
	res, err := c.Post(f.url(id)+"/"+what, "application/json", bytes.NewReader(b))
	if err != nil {
		f.t.Fatal(err)
	}
	defer res.Body.Close()
	var a actAnswer
	json.NewDecoder(res.Body).Decode(&a)
	return res.StatusCode, a
}

func (f *playFixture) plies(id int64) int {
	f.t.Helper()
	ms, err := f.store.Moves(context.Background(), id)
	if err != nil {
		f.t.Fatal(err)
	}
	return len(ms)
}

func TestLoginAndPlayOnThePage(t *testing.T) {
	f := newPlayFixture(t)
	id := f.game("chess", alice, bruno)
	page := "/g/" + Token(testSecret, id)

	// Not logged in: the page offers the login, and a POST is refused.
	anon := &http.Client{}
	if d := f.me(anon, id); d.Login == "" || d.User != "" || d.Play || len(d.Moves) > 0 {
		t.Fatalf("anonymous me.json: %+v", d)
	}
	if st, _ := f.post(anon, id, "move", map[string]any{"ply": 0, "move": "e2e4", "csrf": "x"}); st != 401 {
		t.Fatalf("an anonymous move: %d", st)
	}

	a := f.login(alice, page)
	d := f.me(a, id)
	if d.User != alice.ID || d.Seat != 0 || !d.Play || d.CSRF == "" || len(d.Moves) != 20 {
		t.Fatalf("alice's me.json: %+v", d)
	}
	var e2 []moveOpt
	for _, m := range d.Moves {
		if m.F == "e2" {
			e2 = append(e2, m)
		}
	}
	if len(e2) != 2 {
		t.Fatalf("targets of e2: %+v", e2)
	}
	// Missing and wrong CSRF tokens: refused, nothing stored.
	if st, _ := f.post(a, id, "move", map[string]any{"ply": 0, "move": "e2e4"}); st != 403 {
		t.Fatalf("without a CSRF token: %d", st)
	}
	if st, _ := f.post(a, id, "move", map[string]any{"ply": 0, "move": "e2e4", "csrf": d.CSRF + "x"}); st != 403 {
		t.Fatalf("a wrong CSRF token: %d", st)
	}
	// The move, once; the same request again changes nothing.
	req := map[string]any{"ply": 0, "move": "e2e4", "csrf": d.CSRF}
	if st, ans := f.post(a, id, "move", req); st != 200 || !ans.OK || ans.Ply != 1 {
		t.Fatalf("alice's move: %d %+v", st, ans)
	}
	if st, ans := f.post(a, id, "move", req); st != 409 || !ans.Stale {
		t.Fatalf("the replayed move: %d %+v", st, ans)
	}
	if n := f.plies(id); n != 1 {
		t.Fatalf("%d moves stored", n)
	}
	f.mu.Lock()
	if len(f.moved) != 1 || f.moved[0].Mover != alice.ID || f.moved[0].Ply.Move == "" {
		t.Fatalf("events: %+v", f.moved)
	}
	f.mu.Unlock()
	// Not her turn now: no moves offered; her move is refused.
	if d := f.me(a, id); len(d.Moves) != 0 || d.Ply != 1 {
		t.Fatalf("after her move: %+v", d)
	}
	// Bruno answers, offers a draw; alice declines, then resigns.
	b := f.login(bruno, page)
	bd := f.me(b, id)
	if bd.Seat != 1 || len(bd.Moves) == 0 {
		t.Fatalf("bruno's me.json: %+v", bd)
	}
	if st, ans := f.post(b, id, "move", map[string]any{"ply": 1, "move": "e7e5", "csrf": bd.CSRF}); st != 200 || ans.Ply != 2 {
		t.Fatalf("bruno's move: %d %+v", st, ans)
	}
	events, stop := f.hub.Subscribe(id)
	defer stop()
	if st, ans := f.post(b, id, "draw", map[string]any{"ply": 2, "csrf": bd.CSRF}); st != 200 {
		t.Fatalf("bruno's draw offer: %d %+v", st, ans)
	}
	select { // the offer reaches open pages
	case ev := <-events:
		if ev.Ply != -1 { // a look: no move was made
			t.Fatalf("the offer's event: %+v", ev)
		}
	case <-time.After(2 * time.Second):
		t.Fatal("the draw offer was not published")
	}
	if d := f.me(a, id); d.Offer != 1 {
		t.Fatalf("the offer is not seen: %+v", d)
	}
	no := false
	if st, ans := f.post(a, id, "draw", map[string]any{"ply": 2, "csrf": d.CSRF, "accept": no}); st != 200 {
		t.Fatalf("alice declines: %d %+v", st, ans)
	}
	if st, ans := f.post(a, id, "resign", map[string]any{"ply": 2, "csrf": d.CSRF}); st != 200 {
		t.Fatalf("alice resigns: %d %+v", st, ans)
	}
	row, _ := f.store.Game(context.Background(), id)
	if row.State != "finished" || row.Winner != 1 {
		t.Fatalf("after the resignation: %+v", row)
	}
	if logs := f.logs.String(); strings.Contains(logs, testClientSecret) || strings.Contains(logs, "code-") || strings.Contains(logs, "tok-") {
		t.Fatalf("a secret in the logs: %s", logs)
	}
	if f.fake.Exchanges() != 2 {
		t.Fatalf("%d code exchanges", f.fake.Exchanges())
	}
}

func TestOnlyPlayersAct(t *testing.T) {
	f := newPlayFixture(t)
	id := f.game("chess", alice, bruno)
	other := f.game("chess", carol, dave)
	page := "/g/" + Token(testSecret, id)

	// A spectator (logged in, not a player): no moves, 403, nothing stored.
	c := f.login(carol, page)
	d := f.me(c, id)
	if d.Seat != -1 || d.Play || len(d.Moves) != 0 || d.CSRF == "" {
		t.Fatalf("carol's me.json here: %+v", d)
	}
	if st, _ := f.post(c, id, "move", map[string]any{"ply": 0, "move": "e2e4", "csrf": d.CSRF}); st != 403 {
		t.Fatalf("a spectator's move: %d", st)
	}
	if st, _ := f.post(c, id, "resign", map[string]any{"ply": 0, "csrf": d.CSRF}); st != 403 {
		t.Fatalf("a spectator's resignation: %d", st)
	}
	// Another game's player, with a valid session and token of her own.
	if d := f.me(c, other); d.Seat != 0 || len(d.Moves) == 0 {
		t.Fatalf("carol's own game: %+v", d)
	}
	if n := f.plies(id); n != 0 {
		t.Fatalf("%d moves stored", n)
	}

	// A forged cookie: alice's id under carol's mac, or a made-up mac.
	u, _ := url.Parse(f.srv.URL)
	var carolCookie string
	for _, ck := range c.Jar.Cookies(u) {
		if ck.Name == sessionCookie {
			carolCookie = ck.Value
		}
	}
	parts := strings.Split(carolCookie, ".")
	if len(parts) != 3 {
		t.Fatalf("the session cookie %q", carolCookie)
	}
	forged := alice.ID + "." + parts[1] + "." + parts[2]
	expired := f.web.sessionValue(alice.ID, time.Now().Add(-time.Minute))
	for name, v := range map[string]string{"forged": forged, "expired": expired, "made up": alice.ID + ".99999999999.abc"} {
		jar, _ := cookiejar.New(nil)
		jar.SetCookies(u, []*http.Cookie{{Name: sessionCookie, Value: v}})
		fc := &http.Client{Jar: jar}
		if d := f.me(fc, id); d.User != "" || d.CSRF != "" {
			t.Errorf("%s cookie: me.json %+v", name, d)
		}
		if st, _ := f.post(fc, id, "move", map[string]any{"ply": 0, "move": "e2e4", "csrf": f.web.csrf(v)}); st != 401 {
			t.Errorf("%s cookie: a move answered %d", name, st)
		}
	}
	// A user id the client names is not believed.
	if st, _ := f.post(c, id, "move", map[string]any{"ply": 0, "move": "e2e4", "csrf": d.CSRF, "user": alice.ID, "UserID": alice.ID}); st != 403 {
		t.Fatalf("a named user: %d", st)
	}
	if n := f.plies(id); n != 0 {
		t.Fatalf("%d moves stored", n)
	}

	// The rate limit: a burst, then 429.
	limited := false
	for i := 0; i < 30 && !limited; i++ {
		st, _ := f.post(c, id, "move", map[string]any{"ply": 0, "move": "e2e4", "csrf": d.CSRF})
		limited = st == 429
	}
	if !limited {
		t.Fatal("no rate limit")
	}
}

func TestLoginCookies(t *testing.T) {
	f := newPlayFixture(t)
	f.fake.LoginAs(alice)
	nofollow := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := nofollow.Get(f.srv.URL + "/login?next=//evil.example/x")
	if err != nil {
		t.Fatal(err)
	}
	loc, _ := url.Parse(res.Header.Get("Location"))
	if !strings.HasPrefix(loc.String(), f.fake.URL()+"/oauth2/authorize?") || loc.Query().Get("scope") != "identify" ||
		loc.Query().Get("redirect_uri") != f.srv.URL+"/oauth/callback" || loc.Query().Get("state") == "" {
		t.Fatalf("login redirects to %s", loc)
	}
	state := res.Cookies()[0]
	if !state.HttpOnly || state.SameSite != http.SameSiteLaxMode {
		t.Fatalf("the state cookie %+v", state)
	}
	// A callback with another state is refused.
	req, _ := http.NewRequest("GET", f.srv.URL+"/oauth/callback?code=x&state=other", nil)
	req.AddCookie(state)
	if res, _ := nofollow.Do(req); res.StatusCode != 400 {
		t.Fatalf("a wrong state: %d", res.StatusCode)
	}
	// Discord's redirect with the right state sets the session.
	res, _ = nofollow.Get(loc.String())
	back := res.Header.Get("Location")
	req, _ = http.NewRequest("GET", back, nil)
	req.AddCookie(state)
	res, err = nofollow.Do(req)
	if err != nil || res.StatusCode != 302 || res.Header.Get("Location") != "/" {
		t.Fatalf("the callback: %v %v %q", err, res.StatusCode, res.Header.Get("Location"))
	}
	var sess *http.Cookie
	for _, c := range res.Cookies() {
		if c.Name == sessionCookie {
			sess = c
		}
	}
	if sess == nil || !sess.HttpOnly || sess.SameSite != http.SameSiteLaxMode || !strings.HasPrefix(sess.Value, alice.ID+".") {
		t.Fatalf("the session cookie %+v", sess)
	}
	// The same code again (a replayed callback) is refused by Discord.
	req, _ = http.NewRequest("GET", back, nil)
	req.AddCookie(state)
	if res, _ := nofollow.Do(req); res.StatusCode == 302 {
		t.Fatal("a replayed callback logged in")
	}
	// Secure on https.
	s2, _ := New(Options{Store: f.store, Events: live.Local{Hub: f.hub}, PublicURL: "https://bermuda.example", Secret: testSecret})
	if !s2.secure() || f.web.secure() {
		t.Fatal("Secure should follow the public URL's scheme")
	}
}

// TestActivityLogin: the Activity's code (from the SDK's authorize) is
// exchanged on the server; the session it answers is sent as a bearer
// header (no cookies in Discord's iframe) and plays; the channel names
// its game to players (to play) and to anyone else (to watch).
func TestActivityLogin(t *testing.T) {
	f := newPlayFixture(t)
	id := f.game("chess", alice, bruno)
	if err := f.store.SetGameThread(context.Background(), id, "777"); err != nil {
		t.Fatal(err)
	}
	code := func(u fakediscord.User) string {
		f.fake.LoginAs(u)
		nofollow := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
		res, err := nofollow.Get(f.fake.URL() + "/oauth2/authorize?response_type=code&scope=identify&client_id=555&redirect_uri=" + url.QueryEscape("https://activity.example/"))
		if err != nil {
			t.Fatal(err)
		}
		loc, _ := url.Parse(res.Header.Get("Location"))
		return loc.Query().Get("code")
	}
	var tok struct{ Access_token, Session, CSRF, User string }
	res, err := http.Post(f.srv.URL+"/activity/token", "application/json", strings.NewReader(`{"code":"`+code(alice)+`"}`))
	if err != nil {
		t.Fatal(err)
	}
	json.NewDecoder(res.Body).Decode(&tok)
	res.Body.Close()
	if res.StatusCode != 200 || tok.Access_token == "" || tok.Session == "" || tok.User != alice.ID {
		t.Fatalf("the Activity's token: %d %+v", res.StatusCode, tok)
	}
	if len(res.Cookies()) != 0 {
		t.Fatal("the Activity's login set a cookie")
	}
	bearer := func(method, path, body, session string) (int, string) {
		req, _ := http.NewRequest(method, f.srv.URL+path, strings.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+session)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(b)
	}
	page := "/g/" + Token(testSecret, id)
	if st, body := bearer("GET", "/activity/game?channel=777", "", tok.Session); st != 200 || !strings.Contains(body, page) {
		t.Fatalf("the channel's game: %d %s", st, body)
	}
	if st, _ := bearer("GET", "/activity/game?channel=778", "", tok.Session); st != 404 {
		t.Fatalf("another channel: %d", st)
	}
	if st, body := bearer("POST", page+"/move", `{"ply":0,"move":"e2e4","csrf":"`+tok.CSRF+`"}`, tok.Session); st != 200 {
		t.Fatalf("the Activity's move: %d %s", st, body)
	}
	// A spectator is given the game to watch (seat -1), and cannot act in it.
	res, _ = http.Post(f.srv.URL+"/activity/token", "application/json", strings.NewReader(`{"code":"`+code(carol)+`"}`))
	json.NewDecoder(res.Body).Decode(&tok)
	res.Body.Close()
	if st, body := bearer("GET", "/activity/game?channel=777", "", tok.Session); st != 200 || !strings.Contains(body, `"seat":-1`) {
		t.Fatalf("a spectator's channel lookup: %d %s", st, body)
	}
	if st, _ := bearer("POST", page+"/move", `{"ply":1,"move":"e7e5","csrf":"`+tok.CSRF+`"}`, tok.Session); st != 403 {
		t.Fatalf("a spectator's move: %d", st)
	}
	if st, _ := bearer("GET", "/activity/game?channel=777", "", "forged.1.x"); st != 401 {
		t.Fatalf("a forged bearer: %d", st)
	}
	if n := f.plies(id); n != 1 {
		t.Fatalf("%d moves stored", n)
	}
}
