package web

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/bermudachess/bermuda/bot/fakediscord"
)

// discordParent stands in for Discord's client around the Activity: it
// frames /activity/ with the query Discord adds and answers the Embedded
// App SDK's messages as the client does (the handshake with READY, the
// authorize command with a code from the fake Discord's OAuth2, the
// authenticate command with the user the token names). What the SDK sent
// is kept in window.sent for the test.
const discordParent = `<!doctype html>
<html><head><meta charset="utf-8"><title>Discord</title></head>
<body style="margin:0">
<iframe id="app" width="390" height="900" style="border:0" src="/activity/?frame_id=frame-1&instance_id=i-1-abc&platform=desktop&guild_id=g1&channel_id=%s&location_id=loc-1%s"></iframe>
<script>
var app = document.getElementById('app');
window.sent = [];
window.addEventListener('message', function (e) {
  if (e.source !== app.contentWindow || !Array.isArray(e.data)) return;
  var op = e.data[0], m = e.data[1];
  window.sent.push([op, m.cmd || '', m.args || m]);
  function send(frame) { app.contentWindow.postMessage([1, frame], location.origin); }
  function reply(data) { send({ cmd: m.cmd, evt: null, nonce: m.nonce, data: data }); }
  if (op === 0) {
    send({ cmd: 'DISPATCH', evt: 'READY', nonce: null,
      data: { v: 1, config: { api_endpoint: '//discord.com/api', environment: 'production' } } });
  } else if (m.cmd === 'AUTHORIZE') {
    fetch('/discord-parent/code').then(function (r) { return r.text(); }).then(function (code) { reply({ code: code }); });
  } else if (m.cmd === 'AUTHENTICATE') {
    fetch('/discord-parent/user?token=' + encodeURIComponent(m.args.access_token)).then(function (r) { return r.json(); }).then(function (u) {
      reply({ access_token: m.args.access_token, scopes: ['identify'], expires: new Date(Date.now() + 6048e5).toISOString(),
        user: { id: u.id, username: u.username, discriminator: '0', global_name: u.global_name, public_flags: 0 },
        application: { id: '555', name: 'Bermuda', description: '' } });
    });
  }
});
</script>
</body></html>`

// withDiscordParent serves the stand-in parent page beside the pages.
func (f *playFixture) withDiscordParent() {
	mux := http.NewServeMux()
	mux.Handle("/", f.web.Handler())
	mux.HandleFunc("GET /discord-parent", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		q, custom := r.URL.Query(), ""
		if c := q.Get("custom"); c != "" {
			custom = "&custom_id=" + url.QueryEscape(c) // a deep link's
		}
		fmt.Fprintf(w, discordParent, url.QueryEscape(q.Get("channel")), custom)
	})
	// A code as Discord's authorize gives the Activity: for the user the
	// fake approves as (LoginAs).
	mux.HandleFunc("GET /discord-parent/code", func(w http.ResponseWriter, r *http.Request) {
		res, err := activityNoRedirect.Get(f.fake.URL() + "/oauth2/authorize?response_type=code&scope=identify&client_id=555&redirect_uri=" + url.QueryEscape("https://activity.example/"))
		if err != nil {
			http.Error(w, err.Error(), 502)
			return
		}
		loc, _ := url.Parse(res.Header.Get("Location"))
		io.WriteString(w, loc.Query().Get("code"))
	})
	// Who a token names, as Discord's client knows when it authenticates.
	mux.HandleFunc("GET /discord-parent/user", func(w http.ResponseWriter, r *http.Request) {
		req, _ := http.NewRequest("GET", f.fake.URL()+"/api/v10/users/@me", nil)
		req.Header.Set("Authorization", "Bearer "+r.URL.Query().Get("token"))
		res, err := http.DefaultClient.Do(req)
		if err != nil || res.StatusCode != 200 {
			http.Error(w, "unknown token", 401)
			return
		}
		defer res.Body.Close()
		io.Copy(w, res.Body)
	})
	f.srv.Config.Handler = mux
}

// TestBrowserActivity: the Activity in a stand-in for Discord's client.
// A player launched in the game's thread is logged in through the SDK,
// sees the board and plays a move by tapping inside the frame; a spectator
// launched in the same thread watches it arrive and has nothing to tap; a
// deep link opens the game it names; a player launched in a channel
// without a game picks one of their games.
func TestBrowserActivity(t *testing.T) {
	f := newPlayFixture(t)
	f.withDiscordParent()
	id := f.game("chess", alice, bruno)
	other := f.game("chess", dave, carol)
	if err := f.store.SetGameThread(context.Background(), id, "777"); err != nil {
		t.Fatal(err)
	}
	// inFrame evaluates js with d as the Activity's document.
	inFrame := func(js string) string {
		return `(function(){ var d = document.getElementById('app').contentDocument; if (!d || !d.body) return false; ` + js + ` })()`
	}
	launch := func(u fakediscord.User, query, until string) context.Context {
		t.Helper()
		ctx := within(t, tab(t, true))
		f.fake.LoginAs(u)
		start := time.Now()
		if err := chromedp.Do(ctx, viewport(420, 950), chromedp.Navigate(f.srv.URL+"/discord-parent?"+query)); err != nil {
			t.Fatalf("%s's launch: %v", u.Name, err)
		}
		wctx, cancel := context.WithTimeout(ctx, 30*time.Second)
		defer cancel()
		if _, err := chromedp.Run(wctx, chromedp.Poll[bool](inFrame(`return `+until+`;`))); err != nil {
			state, _ := chromedp.Run(ctx, chromedp.Evaluate[string](inFrame(`return JSON.stringify(d.body.dataset) + ' ' + d.getElementById('msg').textContent + ' ' + JSON.stringify(window.sent);`)))
			t.Fatalf("%s's Activity: %v; %s", u.Name, err, state)
		}
		// Logged, not asserted: shared machines are slow at times.
		t.Logf("%s: from the launch to the Activity shown, %v", u.Name, time.Since(start).Round(time.Millisecond))
		return ctx
	}
	ready := fmt.Sprintf(`d.body.dataset.ready === '1' && d.body.dataset.game === '%d' && d.body.dataset.live === '1'`, id)
	a := launch(alice, "channel=777", ready+` && d.body.dataset.me === 'turn'`)
	c := launch(carol, "channel=777", ready+` && d.body.dataset.me === 'wait'`)

	// What the SDK asked of Discord: the handshake with our client id, the
	// authorize command as documented, then authenticate.
	var sent [][3]json.RawMessage
	raw, err := chromedp.Run(a, chromedp.Evaluate[string](`JSON.stringify(window.sent)`))
	if err != nil || json.Unmarshal([]byte(raw), &sent) != nil {
		t.Fatalf("the SDK's messages: %v %s", err, raw)
	}
	authorize, authenticate := -1, -1
	for i, m := range sent {
		switch string(m[1]) {
		case `"AUTHORIZE"`:
			authorize = i
		case `"AUTHENTICATE"`:
			authenticate = i
		}
	}
	if len(sent) < 3 || string(sent[0][0]) != "0" || !strings.Contains(string(sent[0][2]), `"client_id":"555"`) ||
		!strings.Contains(string(sent[0][2]), `"frame_id":"frame-1"`) || authorize < 0 || authenticate < authorize {
		t.Fatalf("the SDK sent %s", raw)
	}
	var authz struct {
		ClientID     string   `json:"client_id"`
		ResponseType string   `json:"response_type"`
		Prompt       string   `json:"prompt"`
		Scope        []string `json:"scope"`
	}
	if json.Unmarshal(sent[authorize][2], &authz) != nil || authz.ClientID != "555" || authz.ResponseType != "code" || authz.Prompt != "none" || len(authz.Scope) != 1 || authz.Scope[0] != "identify" {
		t.Fatalf("authorize asked %s", sent[authorize][2])
	}
	// The spectator is told so and has nothing to act with.
	if watching, err := chromedp.Run(c, chromedp.Evaluate[bool](inFrame(`return d.getElementById('you').textContent.indexOf('watching') >= 0 && !d.querySelector('#acts button');`))); err != nil || !watching {
		t.Fatalf("the spectator's Activity: %v %v", watching, err)
	}

	// Alice taps e2 and then e4, inside the frame.
	frame := func(ctx context.Context) *chromedp.Node {
		t.Helper()
		nodes, err := chromedp.Run(ctx, chromedp.Nodes(chromedp.CSS(`#app`)))
		if err != nil || len(nodes) != 1 {
			t.Fatalf("the Activity's frame: %v", err)
		}
		return nodes[0]
	}
	af := frame(a)
	tapCell := func(name string) {
		t.Helper()
		i, err := chromedp.Run(a, chromedp.Evaluate[int](inFrame(fmt.Sprintf(`
			var w = document.getElementById('app').contentWindow, D = w.bermudaBoard.data(), cs = D.geo[w.bermudaBoard.state.orient].cells;
			for (var i = 0; i < cs.length; i++) if (cs[i].id === %q) return i;
			return -1;`, name))))
		if err != nil || i < 0 {
			t.Fatalf("cell %s: %d %v", name, i, err)
		}
		if err := chromedp.Do(a, chromedp.Click(chromedp.CSS(fmt.Sprintf(`#board polygon.c[data-c="%d"]`, i)), chromedp.FromNode(af), chromedp.NodeVisible)); err != nil {
			t.Fatalf("tapping %s: %v", name, err)
		}
	}
	tapCell("e2")
	if lit, err := chromedp.Run(a, chromedp.Evaluate[int](inFrame(`return d.querySelectorAll('#board .hl circle.tg').length;`))); err != nil || lit != 2 {
		t.Fatalf("targets lit after tapping e2: %d %v", lit, err)
	}
	tapCell("e4")
	for who, ctx := range map[string]context.Context{"alice": a, "carol": c} {
		wctx, cancel := context.WithTimeout(ctx, 20*time.Second)
		_, err := chromedp.Run(wctx, chromedp.Poll[bool](inFrame(`return d.body.dataset.plies === '1';`)))
		cancel()
		if err != nil {
			t.Fatalf("the move never reached %s's Activity: %v", who, err)
		}
	}
	if n := f.plies(id); n != 1 {
		t.Fatalf("%d moves stored", n)
	}
	f.mu.Lock()
	if len(f.moved) != 1 || f.moved[0].Mover != alice.ID || f.moved[0].Ply.Move != "e2e4" {
		t.Fatalf("moves made: %+v", f.moved)
	}
	f.mu.Unlock()

	// Bruno follows a deep link naming the game (custom_id): it opens
	// there, seen from his seat, and shows alice's move.
	launch(bruno, "channel=1&custom="+Token(testSecret, id), ready+` && d.body.dataset.plies === '1' && d.defaultView.bermudaBoard.state.orient === 1 && d.body.dataset.me === 'turn'`)

	// Dave, launched where no game is played, picks his game from the list.
	d := launch(dave, "channel=555000", `d.body.dataset.list === '1'`)
	if err := chromedp.Do(d, chromedp.Click(chromedp.CSS(`#gamelist button`), chromedp.FromNode(frame(d)), chromedp.NodeVisible)); err != nil {
		t.Fatalf("picking a game: %v", err)
	}
	wctx, cancel := context.WithTimeout(d, 20*time.Second)
	defer cancel()
	if _, err := chromedp.Run(wctx, chromedp.Poll[bool](inFrame(fmt.Sprintf(`return d.body.dataset.ready === '1' && d.body.dataset.game === '%d' && d.body.dataset.me === 'turn';`, other)))); err != nil {
		t.Fatalf("dave's game did not open: %v", err)
	}
}
