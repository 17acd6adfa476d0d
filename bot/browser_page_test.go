package bot

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/games"
)

// gamePage is a game's page in a browser tab, driven as a reader would:
// clicks at the cells' centres, the page's buttons, its list of moves.
type gamePage struct {
	t      *testing.T
	name   string
	ctx    context.Context
	cancel func()
	live   bool // the page has its event stream
}

// pageStepWait bounds one step on a page: generous, since CI runs this under
// -race beside every other package on two cores. Speed is not measured
// here.
const pageStepWait = 60 * time.Second

// newGamePage opens a tab: in a browser context of its own when isolated
// (another person), else beside parent's (the same person's second tab).
func newGamePage(t *testing.T, parent context.Context, name string, isolated bool) *gamePage {
	t.Helper()
	var opts []chromedp.ContextOption
	if isolated {
		opts = append(opts, chromedp.WithNewBrowserContext())
	}
	ctx, cancel := chromedp.NewContext(parent, opts...)
	t.Cleanup(cancel)
	p := &gamePage{t: t, name: name, ctx: ctx, cancel: cancel, live: true}
	if err := chromedp.Do(ctx); err != nil { // opens the tab (no deadline on its first use)
		t.Fatal(err)
	}
	p.do("sizing", chromedp.EmulateViewport(1280, 900, chromedp.EmulateScale(1)))
	return p
}

func (p *gamePage) do(what string, actions ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, pageStepWait)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		p.t.Fatalf("%s: %s: %v", p.name, what, err)
	}
}

func eval[T any](p *gamePage, js string, opts ...chromedp.EvaluateOption) T {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, pageStepWait)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js, opts...))
	if err != nil {
		p.t.Fatalf("%s: %s: %v", p.name, js, err)
	}
	return v
}

// withoutStream makes the tab's pages lose their event stream (as a page
// whose connection dropped unnoticed): they fall behind the game.
func (p *gamePage) withoutStream() {
	p.t.Helper()
	if _, err := chromedp.Call(p.ctx, page.AddScriptToEvaluateOnNewDocument,
		page.AddScriptToEvaluateOnNewDocumentParams{Source: "window.EventSource = undefined;"}); err != nil {
		p.t.Fatal(err)
	}
	p.live = false
}

// navigate opens url and waits for the page of game id to be drawn, live
// and to know its reader.
func (p *gamePage) navigate(url string, id int64) {
	p.t.Helper()
	steps := []chromedp.Action[chromedp.Void]{chromedp.Navigate(url),
		chromedp.WaitVisible(chromedp.CSS(fmt.Sprintf(`body[data-ready="1"][data-game="%d"][data-me]`, id)))}
	if p.live {
		steps = append(steps, chromedp.WaitVisible(chromedp.CSS(`body[data-live="1"]`)))
	}
	p.do("opening "+url, steps...)
}

func (p *gamePage) close() { p.cancel() }

func (p *gamePage) attr(name string) string {
	return eval[string](p, fmt.Sprintf(`document.body.dataset[%q] || ""`, name))
}

func (p *gamePage) text(id string) string {
	return eval[string](p, fmt.Sprintf(`document.getElementById(%q).textContent`, id))
}

func (p *gamePage) waitPlies(n int) {
	p.t.Helper()
	p.do(fmt.Sprintf("waiting for move %d", n), chromedp.WaitVisible(chromedp.CSS(fmt.Sprintf(`body[data-plies="%d"]`, n))))
}

// waitResult waits for the page to show the game's end.
func (p *gamePage) waitResult() {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, pageStepWait)
	defer cancel()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`bermudaBoard.data().state !== "active" && document.getElementById("clock").textContent.length > 0`,
		chromedp.WithPollingInterval(50*time.Millisecond))); err != nil {
		p.t.Fatalf("%s: the end never showed: %v", p.name, err)
	}
}

type meMove struct{ N, F, T, L string }

type meInfo struct {
	Ply   int
	Seat  int
	Play  bool
	Moves []meMove
}

// me reads me.json as the page does (with its cookie).
func (p *gamePage) me() meInfo {
	return eval[meInfo](p, `fetch(location.pathname.replace(/\/+$/, '') + '/me.json', {cache: 'no-store', credentials: 'same-origin'}).then(function (r) { return r.json(); })`,
		chromedp.EvalAwaitPromise)
}

// tap clicks the centre of the cell named cell (where its piece stands),
// as a finger would.
func (p *gamePage) tap(cell string) {
	p.t.Helper()
	at := eval[[]float64](p, fmt.Sprintf(`(function (name) {
		var B = window.bermudaBoard, g = B.data().geo[B.state.orient], svg = document.querySelector('#board svg');
		for (var i = 0; i < g.cells.length; i++) if (g.cells[i].id === name) {
			svg.querySelector('polygon.c[data-c="' + i + '"]').scrollIntoView({block: 'center'});
			var q = svg.createSVGPoint(); q.x = g.cells[i].c[0]; q.y = g.cells[i].c[1];
			q = q.matrixTransform(svg.getScreenCTM());
			return [q.x, q.y];
		}
		return [];
	})(%q)`, cell))
	if len(at) != 2 {
		p.t.Fatalf("%s: no cell %s on the board", p.name, cell)
	}
	p.do("tapping "+cell, chromedp.MouseClickXY(at[0], at[1]))
}

// picked says whether the piece on cell is picked up, its targets lit.
func (p *gamePage) picked(cell string) bool {
	return eval[bool](p, fmt.Sprintf(`(function () {
		var B = window.bermudaBoard, g = B.data().geo[B.state.orient];
		return B.state.pick >= 0 && g.cells[B.state.pick].id === %q && document.querySelectorAll('#board .hl circle.tg').length > 0;
	})()`, cell))
}

func (p *gamePage) hasCell(cell string) bool {
	return eval[bool](p, fmt.Sprintf(`(function () {
		var B = window.bermudaBoard, cs = B.data().geo[B.state.orient].cells;
		for (var i = 0; i < cs.length; i++) if (cs[i].id === %q) return true;
		return false;
	})()`, cell))
}

// play makes move mv at ply by clicks: the piece, then its target (and
// the choice the page offers where moves share both), or, for a move
// without cells, the page's list and its Play button. It first checks that
// the page offers exactly the game's legal moves. A refusal the page shows
// (too fast, the game not open yet) is waited out and the move clicked
// again. It returns how the move was given: "tap", "choice" or "list".
func (p *gamePage) play(store db.Store, id int64, ply int, mv string, g games.Game) string {
	p.t.Helper()
	for attempt := 0; ; attempt++ {
		if attempt == 40 {
			p.t.Fatalf("%s: %s at ply %d was never played", p.name, mv, ply)
		}
		if attempt > 0 {
			time.Sleep(time.Second)
		}
		p.waitPlies(ply)
		me := p.me()
		if me.Ply != ply {
			continue
		}
		var offered, legal []string
		for _, m := range me.Moves {
			offered = append(offered, m.N)
		}
		for _, m := range g.LegalMoves() {
			legal = append(legal, m.Notation)
		}
		slices.Sort(offered)
		slices.Sort(legal)
		if !slices.Equal(offered, legal) {
			p.t.Fatalf("%s at ply %d: the page offers %q, the rules %q", p.name, ply, offered, legal)
		}
		i := slices.IndexFunc(me.Moves, func(m meMove) bool { return m.N == mv })
		m := me.Moves[i]
		how := "tap"
		if m.F != "" && m.T != "" && p.hasCell(m.F) && p.hasCell(m.T) {
			// The page learns it is its reader's turn from its own
			// me.json, a moment after the move arrives: tap until the
			// piece's targets light up.
			for try := 0; !p.picked(m.F); try++ {
				if try == 50 {
					p.t.Fatalf("%s: %s never lit its targets", p.name, m.F)
				}
				p.tap(m.F)
				if !p.picked(m.F) {
					time.Sleep(100 * time.Millisecond)
				}
			}
			p.tap(m.T)
			var same []meMove
			for _, o := range me.Moves {
				if o.F == m.F && o.T == m.T {
					same = append(same, o)
				}
			}
			if len(same) > 1 {
				k := slices.IndexFunc(same, func(o meMove) bool { return o.N == mv })
				sel := chromedp.CSS(fmt.Sprintf(`#choice button[data-k="%d"]`, k))
				p.do("choosing "+mv, chromedp.WaitVisible(sel), chromedp.Click(sel))
				how = "choice"
			}
		} else {
			p.do("picking "+mv+" from the list", chromedp.WaitVisible(chromedp.CSS(`#allmoves`)),
				chromedp.SetValue(chromedp.CSS(`#allmoves`), mv), chromedp.Click(chromedp.CSS(`#acts button[data-act="pick"]`)))
			how = "list"
		}
		ctx, cancel := context.WithTimeout(p.ctx, 15*time.Second)
		said, err := chromedp.Run(ctx, chromedp.Poll[string](fmt.Sprintf(`document.body.dataset.plies === "%d" ? "ok" : document.getElementById("playmsg").textContent`, ply+1),
			chromedp.WithPollingInterval(50*time.Millisecond)))
		cancel()
		if said == "ok" {
			return how
		}
		if row, e := store.Game(p.t.Context(), id); e == nil && row.Ply > ply {
			return how // stored; the page catches up
		}
		p.t.Logf("%s: %s at ply %d not played (%q, %v): again", p.name, mv, ply, said, err)
	}
}
