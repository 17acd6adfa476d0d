package web

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/url"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bermudachess/bermuda/bot/fakediscord"
	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/games"
)

// activitySession logs u in as the Activity does (a code from the fake
// Discord's authorize, exchanged at /activity/token) and returns the
// session the page sends as a bearer header.
func (f *playFixture) activitySession(u fakediscord.User) string {
	f.t.Helper()
	f.fake.LoginAs(u)
	res, err := activityNoRedirect.Get(f.fake.URL() + "/oauth2/authorize?response_type=code&scope=identify&client_id=555&redirect_uri=" + url.QueryEscape("https://activity.example/"))
	if err != nil {
		f.t.Fatal(err)
	}
	loc, _ := url.Parse(res.Header.Get("Location"))
	res, err = http.Post(f.srv.URL+"/activity/token", "application/json", strings.NewReader(`{"code":"`+loc.Query().Get("code")+`"}`))
	if err != nil {
		f.t.Fatal(err)
	}
	defer res.Body.Close()
	var tok struct{ Session string }
	if err := json.NewDecoder(res.Body).Decode(&tok); err != nil || res.StatusCode != 200 || tok.Session == "" {
		f.t.Fatalf("%s's Activity login: %d %v", u.Name, res.StatusCode, err)
	}
	return tok.Session
}

var activityNoRedirect = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

// bearerGet is a GET as the Activity makes it; "" sends no header.
func (f *playFixture) bearerGet(path, session string) (*http.Response, string) {
	f.t.Helper()
	req, _ := http.NewRequest("GET", f.srv.URL+path, nil)
	if session != "" {
		req.Header.Set("Authorization", "Bearer "+session)
	}
	res, err := activityNoRedirect.Do(req)
	if err != nil {
		f.t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res, string(b)
}

// TestActivityPage: the page Discord frames. Its policy lets Discord's
// clients frame it and allows nothing from any other host; everything it
// names is relative (behind Discord's proxy our /activity/ is the root),
// and what it names is served under /activity/.
func TestActivityPage(t *testing.T) {
	f := newPlayFixture(t)
	id := f.game("chess", alice, bruno)
	res, body := f.bearerGet("/activity?frame_id=f&instance_id=i&platform=desktop", "")
	if res.StatusCode != http.StatusMovedPermanently || res.Header.Get("Location") != "/activity/?frame_id=f&instance_id=i&platform=desktop" {
		t.Fatalf("/activity: %d to %q", res.StatusCode, res.Header.Get("Location"))
	}
	res, body = f.bearerGet("/activity/?frame_id=f&instance_id=i&platform=desktop", "")
	if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") {
		t.Fatalf("the Activity's page: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	csp := map[string][]string{}
	for _, d := range strings.Split(res.Header.Get("Content-Security-Policy"), ";") {
		if f := strings.Fields(d); len(f) > 0 {
			csp[f[0]] = f[1:]
		}
	}
	discord := []string{"https://discord.com", "https://*.discord.com", "https://*.discordsays.com"}
	for _, host := range discord {
		if !slices.Contains(csp["frame-ancestors"], host) {
			t.Errorf("frame-ancestors %v lacks %s", csp["frame-ancestors"], host)
		}
	}
	if !slices.Equal(csp["default-src"], []string{"'none'"}) {
		t.Errorf("default-src %v", csp["default-src"])
	}
	for dir, sources := range csp {
		for _, src := range sources {
			if src == "'self'" || src == "'none'" || (dir == "img-src" && src == "data:") || (dir == "frame-ancestors" && slices.Contains(discord, src)) {
				continue
			}
			t.Errorf("the policy allows %s for %s", src, dir)
		}
	}
	if res.Header.Get("X-Robots-Tag") == "" || res.Header.Get("Referrer-Policy") != "no-referrer" || len(res.Cookies()) != 0 {
		t.Errorf("headers: %v", res.Header)
	}
	if !strings.Contains(body, `data-client-id="555"`) {
		t.Error("the page does not name the client id")
	}
	refs := regexp.MustCompile(`(?:src|href)="([^"]*)"`).FindAllStringSubmatch(body, -1)
	var scripts []string
	for _, m := range refs {
		if strings.Contains(m[1], "//") || strings.HasPrefix(m[1], "/") {
			t.Errorf("the page names %q: not relative", m[1])
		}
		if strings.HasPrefix(m[1], "static/") {
			scripts = append(scripts, m[1])
		}
	}
	if len(scripts) != 3 { // the style sheet, board.js, activity.js
		t.Fatalf("assets named: %v", scripts)
	}
	for _, p := range scripts {
		res, body := f.bearerGet("/activity/"+p, "")
		if res.StatusCode != 200 || !strings.Contains(res.Header.Get("Cache-Control"), "immutable") || len(body) < 1000 {
			t.Errorf("/activity/%s: %d %q, %d bytes", p, res.StatusCode, res.Header.Get("Cache-Control"), len(body))
		}
		if strings.Contains(p, "activity.") && (!strings.Contains(body, "frame_id") || !strings.Contains(body, "@discord/embedded-app-sdk 2.5.0 (MIT)")) {
			t.Errorf("%s is not the bundled SDK with its licence", p)
		}
	}
	// The game's answers under /activity/g/ are those of /g/.
	tok := Token(testSecret, id)
	_, direct := f.bearerGet("/g/"+tok+"/data.json", "")
	if res, via := f.bearerGet("/activity/g/"+tok+"/data.json", ""); res.StatusCode != 200 || via != direct {
		t.Fatalf("/activity/g/…/data.json: %d, same as /g/: %v", res.StatusCode, via == direct)
	}
	if res, defs := f.bearerGet("/activity/g/"+tok+"/defs.svg", ""); res.StatusCode != 200 || !strings.Contains(defs, `<symbol id="p`) || !strings.Contains(defs, `id="die"`) {
		t.Fatalf("defs.svg: %d %.200s", res.StatusCode, defs)
	}
	if res, _ := f.bearerGet("/activity/g/"+tok[:len(tok)-1]+"x/defs.svg", ""); res.StatusCode != 404 {
		t.Fatalf("a wrong address's defs: %d", res.StatusCode)
	}
}

// TestActivityGames: the list of games is the session's own open games in
// the server named, whatever else the client says; without a valid bearer
// it is refused.
func TestActivityGames(t *testing.T) {
	f := newPlayFixture(t)
	ctx := context.Background()
	mine := f.game("chess", alice, bruno)   // alice to move
	theirs := f.game("chess", carol, alice) // carol to move
	others := f.game("chess", carol, dave)
	ended := f.game("chess", alice, dave)
	if _, err := f.store.EndGame(ctx, ended, dbEnd()); err != nil {
		t.Fatal(err)
	}
	_, rolls, _, _ := games.Start("chess", "", f.dice)
	elsewhere, err := f.store.CreateGame(ctx, db.Game{GuildID: "g2", ChannelID: "c2", Variant: "chess",
		StartRolls: rolls, Players: [2]string{alice.ID, dave.ID}, Days: 3})
	if err != nil {
		t.Fatal(err)
	}
	list := func(guild, session string) (int, []activityGameRow) {
		t.Helper()
		res, body := f.bearerGet("/activity/games?guild="+guild, session)
		var out struct{ Games []activityGameRow }
		if res.StatusCode == 200 {
			if err := json.Unmarshal([]byte(body), &out); err != nil {
				t.Fatal(err)
			}
		}
		return res.StatusCode, out.Games
	}
	a := f.activitySession(alice)
	st, got := list("g1", a)
	want := []activityGameRow{
		{Game: mine, Page: "/g/" + Token(testSecret, mine), Token: Token(testSecret, mine), Seat: 0, Name: "Chess", Opponent: "bruno", Turn: true},
		{Game: theirs, Page: "/g/" + Token(testSecret, theirs), Token: Token(testSecret, theirs), Seat: 1, Name: "Chess", Opponent: "carol"},
	}
	if v, _ := games.Lookup("chess"); v.Name != "Chess" {
		want[0].Name, want[1].Name = v.Name, v.Name
	}
	if st != 200 || !slices.Equal(got, want) {
		t.Fatalf("alice's games in g1: %d\n%+v\nwant\n%+v", st, got, want)
	}
	if st, got := list("g2", a); st != 200 || len(got) != 1 || got[0].Game != elsewhere {
		t.Fatalf("alice's games in g2: %d %+v", st, got)
	}
	if st, got := list("", a); st != 200 || len(got) != 0 {
		t.Fatalf("no server: %d %+v", st, got)
	}
	if st, got := list("g1", f.activitySession(carol)); st != 200 || len(got) != 2 || got[0].Game != theirs || got[1].Game != others || !got[0].Turn {
		t.Fatalf("carol's games: %d %+v", st, got)
	}
	// A server that turned the pages off lists nothing.
	f.web.o.Enabled = func(_ context.Context, guild string) bool { return guild != "g1" }
	if st, got := list("g1", a); st != 200 || len(got) != 0 {
		t.Fatalf("a server without pages: %d %+v", st, got)
	}
	f.web.o.Enabled = nil
	expired := f.web.sessionValue(alice.ID, time.Now().Add(-time.Minute))
	parts := strings.Split(a, ".")
	forged := bruno.ID + "." + parts[1] + "." + parts[2]
	for name, s := range map[string]string{"no": "", "a forged": forged, "an expired": expired, "a made-up": "x.y.z"} {
		if st, got := list("g1", s); st != 401 || got != nil {
			t.Errorf("%s bearer: %d %+v", name, st, got)
		}
	}
	// The game of a channel, for a player and for a spectator.
	if err := f.store.SetGameThread(ctx, mine, "900"); err != nil {
		t.Fatal(err)
	}
	var row activityGameRow
	if res, body := f.bearerGet("/activity/game?channel=900", a); res.StatusCode != 200 || json.Unmarshal([]byte(body), &row) != nil || row.Game != mine || row.Seat != 0 || !row.Turn {
		t.Fatalf("the channel's game for alice: %d %s", res.StatusCode, body)
	}
	row = activityGameRow{}
	if res, body := f.bearerGet("/activity/game?channel=900", f.activitySession(dave)); res.StatusCode != 200 || json.Unmarshal([]byte(body), &row) != nil || row.Seat != -1 || row.Opponent != "" {
		t.Fatalf("the channel's game for a spectator: %d %s", res.StatusCode, body)
	}
	// A deep link's custom_id: the game's address, checked.
	tok := Token(testSecret, mine)
	row = activityGameRow{}
	if res, body := f.bearerGet("/activity/game?game="+tok, a); res.StatusCode != 200 || json.Unmarshal([]byte(body), &row) != nil || row.Game != mine || row.Seat != 0 {
		t.Fatalf("a game by its address: %d %s", res.StatusCode, body)
	}
	for _, bad := range []string{tok[:len(tok)-2] + "xx", strings.Replace(tok, "1-", "2-", 1), "x", ""} {
		if res, _ := f.bearerGet("/activity/game?game="+url.QueryEscape(bad), a); res.StatusCode != 404 {
			t.Errorf("a game at %q: %d", bad, res.StatusCode)
		}
	}
	if res, _ := f.bearerGet("/activity/game?channel=900", ""); res.StatusCode != 401 {
		t.Fatalf("the channel's game without a session: %d", res.StatusCode)
	}
}

// TestActivityBundleIsBuilt: the committed bundle was built from the
// committed sources (its header names their hash): a change to the
// Activity's script or to its locked packages needs `npm run build`.
func TestActivityBundleIsBuilt(t *testing.T) {
	h := sha256.New()
	for _, name := range []string{"activity/main.js", "activity/package-lock.json"} {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		h.Write(b)
	}
	bundle, err := fs.ReadFile(staticFS, "static/activity.js")
	if err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf("built from sources %x.", h.Sum(nil)); !strings.Contains(string(bundle[:min(len(bundle), 300)]), want) {
		t.Fatalf("static/activity.js is not built from web/activity's sources (%s): cd web/activity && npm ci && npm run build", want)
	}
}
