package web

import (
	"context"
	"fmt"
	"net/url"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/bermudachess/bermuda/bot/fakediscord"
)

// TestBrowserPlaysAGame: two players, each in a browser context of their
// own, log in with (the fake) Discord and play the fool's mate by tapping
// a piece and one of its lit targets; each move reaches the other page,
// a spectator's page offers nothing to tap, and the game ends.
func TestBrowserPlaysAGame(t *testing.T) {
	f := newPlayFixture(t)
	id := f.game("chess", alice, bruno)
	page := "/g/" + Token(testSecret, id)
	open := func(u fakediscord.User) context.Context {
		ctx := within(t, tab(t, true))
		f.fake.LoginAs(u)
		if err := chromedp.Do(ctx, viewport(390, 844), chromedp.Navigate(f.srv.URL+"/login?next="+url.QueryEscape(page))); err != nil {
			t.Fatalf("%s's login: %v", u.Name, err)
		}
		wctx, cancel := context.WithTimeout(ctx, 20*time.Second)
		defer cancel()
		if err := chromedp.Do(wctx, ready(id), chromedp.WaitVisible(chromedp.CSS(`body[data-me][data-live="1"]`))); err != nil {
			where, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`location.href + " " + JSON.stringify(document.body.dataset) + " " + (function(){ var x = new XMLHttpRequest(); x.open('GET', document.querySelector('script[src]').src, false); x.send(); try { (0, eval)(x.responseText); return 'ran'; } catch (e) { return e.stack; } })()`))
			t.Fatalf("%s's page: %v at %s", u.Name, err, where)
		}
		return ctx
	}
	a := open(alice)
	b := open(bruno)
	tapCell := func(ctx context.Context, name string) {
		t.Helper()
		i, err := chromedp.Run(ctx, chromedp.Evaluate[int](fmt.Sprintf(`(function(){
			var D = bermudaBoard.data(), cs = D.geo[bermudaBoard.state.orient].cells;
			for (var i = 0; i < cs.length; i++) if (cs[i].id === %q) return i;
			return -1; })()`, name)))
		if err != nil || i < 0 {
			t.Fatalf("cell %s: %d %v", name, i, err)
		}
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(fmt.Sprintf(`#board polygon.c[data-c="%d"]`, i)), chromedp.NodeVisible)); err != nil {
			t.Fatalf("tapping %s: %v", name, err)
		}
	}
	moves := [][3]string{{"f2", "f3", "a"}, {"e7", "e5", "b"}, {"g2", "g4", "a"}, {"d8", "h4", "b"}}
	for n, mv := range moves {
		ctx, other := a, b
		if mv[2] == "b" {
			ctx, other = b, a
		}
		if err := chromedp.Do(ctx, chromedp.WaitVisible(chromedp.CSS(`body[data-me="turn"]`))); err != nil {
			t.Fatalf("move %d: not offered: %v", n+1, err)
		}
		tapCell(ctx, mv[0])
		lit, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('#board .hl circle.tg').length`))
		if err != nil || lit == 0 {
			t.Fatalf("move %d: no targets lit after tapping %s (%d, %v)", n+1, mv[0], lit, err)
		}
		tapCell(ctx, mv[1])
		for _, c := range []context.Context{ctx, other} {
			wctx, cancel := context.WithTimeout(c, 10*time.Second)
			err := chromedp.Do(wctx, chromedp.WaitVisible(chromedp.CSS(fmt.Sprintf(`body[data-plies="%d"]`, n+1))))
			cancel()
			if err != nil {
				t.Fatalf("move %d never reached a page: %v", n+1, err)
			}
		}
	}
	if n := f.plies(id); n != 4 {
		t.Fatalf("%d moves stored", n)
	}
	row, _ := f.store.Game(context.Background(), id)
	if row.State != "finished" || row.Winner != 1 {
		t.Fatalf("after the mate: %+v", row)
	}
	if _, err := chromedp.Run(a, chromedp.Poll[bool](`document.getElementById("clock").textContent.length > 0 && !document.querySelector('#acts button')`)); err != nil {
		t.Fatalf("alice's page after the end: %v", err)
	}
}
