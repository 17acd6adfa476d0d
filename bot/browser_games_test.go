package bot

import (
	"cmp"
	"context"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/bermudachess/bermuda/bot/fakediscord"
	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/engine"
	"github.com/bermudachess/bermuda/games"
	"github.com/bermudachess/bermuda/web"
	"github.com/bermudachess/bermuda/web/browsertest"
)

// TestBrowserGamesOfEveryVariant runs the production entry point with the
// pages and logging in, and plays a whole game of every variant by clicks:
// ann and bob, each in a browser context of their own, logged in through
// (the fake) Discord, tap a piece and one of its lit targets (or pick from
// the page's list, or a choice the page offers: declarations, promotions);
// a third context, logged out, sees every move arrive; the game's thread
// in Discord shows the same moves as the store, each with its board and
// its dice. In the chess game a page that lost its stream (so it is behind)
// is clicked: nothing is played and it catches up. A promotion (chess)
// and a declaration (spIndecision) are chosen among the moves the page
// offers for the same two cells.
//
// Each turn the move comes from the page's own list (me.json), chosen in
// Go so that the game ends soon: a short game known to end (from
// completeGames) while the dice let the game follow it, then one side plays
// the engine's best at a small budget and the other the move the engine
// scores worst for itself (the dice are crypto/rand's, as in production).
func TestBrowserGamesOfEveryVariant(t *testing.T) {
	browser := botBrowser(t)
	fake := fakediscord.New()
	defer fake.Close()
	run := startPagesRun(t, fake, func(cfg *Config) { cfg.ClientSecret = "test-client-secret" })
	fake.OAuthClient(fake.AppID, run.cfg.ClientSecret)
	store, err := db.Open(run.cfg.Database)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()

	// Three browser contexts: the two players and a reader.
	pages := map[string]*gamePage{}
	for _, u := range []fakediscord.User{ann, bob, {Name: "reader"}} {
		pages[u.Name] = newGamePage(t, browser, u.Name, true)
	}
	first := web.Token(run.cfg.webSecret(), 1)
	for _, u := range []fakediscord.User{ann, bob} {
		fake.LoginAs(u)
		pages[u.Name].navigate(run.cfg.PublicURL+"/login?next=/g/"+first, 1)
	}

	books := map[string][]string{}
	for _, c := range completeGames() {
		books[c.variant] = c.moves
	}
	// Chess with a promotion (the page offers the four pieces), then the
	// fool's mate.
	books["chess"] = []string{"a4", "b5", "axb5", "a6", "bxa6", "Bb7", "axb7", "e5", "bxa8=Q", "h6", "f3", "h5", "g4", "Qh4"}
	// Who the policy lets win, as in each short game: its last mover.
	firstWins := map[string]bool{"angle": true, "bede": true, "spindecision": true}
	total := time.Now()
	staleDone := false
	// BERMUDA_BROWSER_GAMES="chess bede" plays only those.
	variants := strings.Fields(cmp.Or(os.Getenv("BERMUDA_BROWSER_GAMES"), "chess angle bede bermuda beryl randommove spindecision"))
	for _, v := range variants {
		start := time.Now()
		thread := run.thread
		if v != "chess" { // Run's start opened the chess game
			thread = challengeAndAccept(t, run, fake, v)
		}
		var row db.Game
		for deadline := time.Now().Add(testWait); ; time.Sleep(20 * time.Millisecond) {
			if row, err = store.GameByThread(t.Context(), thread); err == nil {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s: no game in thread %s: %v", v, thread, err)
			}
		}
		url := run.cfg.PublicURL + "/g/" + web.Token(run.cfg.webSecret(), row.ID)
		for _, p := range pages {
			p.navigate(url, row.ID)
		}
		_, g, err := store.LoadGame(t.Context(), row.ID)
		if err != nil {
			t.Fatal(err)
		}
		winner := 1 - g.Turn().Player
		if firstWins[v] {
			winner = g.Turn().Player
		}
		var stale *gamePage
		atStart := g
		if v == "chess" {
			// ann's second tab, without its stream: it stays at ply 0.
			stale = newGamePage(t, pages[ann.Name].ctx, "ann's stale tab", false)
			stale.withoutStream()
			stale.navigate(url, row.ID)
		}
		book, onBook := books[v], true
		choices, listed := 0, 0
		for {
			row, g, err = store.LoadGame(t.Context(), row.ID)
			if err != nil {
				t.Fatal(err)
			}
			if row.State != "active" {
				break
			}
			ply := row.Ply
			if ply >= 400 {
				t.Fatalf("%s: no end after %d plies", v, ply)
			}
			mover := pages[map[string]string{ann.ID: ann.Name, bob.ID: bob.Name}[row.Players[g.Turn().Player]]]
			if stale != nil && mover.name == ann.Name && ply >= 2 {
				staleClick(t, stale, store, row.ID, ply, atStart)
				stale, staleDone = nil, true
			}
			var mv string
			if onBook && ply < len(book) {
				if m, err := games.MatchMove(book[ply], g.LegalMoves()); err == nil {
					mv = m.Notation
				}
			}
			if mv == "" {
				if onBook && ply < len(book) {
					t.Logf("%s: left the known game at ply %d (%s is not legal: the dice)", v, ply, book[ply])
				}
				onBook = false
				mv = policyMove(t, g, winner)
			}
			how := mover.play(store, row.ID, ply, mv, g)
			choices += boolInt(how == "choice")
			listed += boolInt(how == "list")
			for _, p := range pages {
				p.waitPlies(ply + 1)
			}
		}
		_, g, _ = store.LoadGame(t.Context(), row.ID)
		o := g.Outcome()
		if !o.Over {
			t.Fatalf("%s: the game is %s but its position is not over: %+v", v, row.State, row)
		}
		for _, p := range pages {
			p.waitResult()
		}
		moves := threadShowsTheMoves(t, fake, store, thread, row.ID)
		if (v == "chess" || v == "spindecision") && choices == 0 {
			t.Errorf("%s: no move went through the page's choice (a promotion, a declaration)", v)
		}
		if v == "chess" && (!onBook || moves != len(book)) {
			t.Errorf("chess left its known game (%d plies)", moves)
		}
		t.Logf("%s: %d plies by clicks (%d through a choice, %d from the list), %s (%s) in %s",
			v, moves, choices, listed, row.Reason, map[bool]string{true: "a draw", false: fmt.Sprintf("won by seat %d", o.Winner+1)}[o.Draw], time.Since(start).Round(time.Millisecond))
	}
	if !staleDone && slices.Contains(variants, "chess") {
		t.Error("the stale page was never clicked")
	}
	t.Logf("every variant in %s", time.Since(total).Round(time.Millisecond))
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// challengeAndAccept opens a game of variant between ann and bob in
// Discord (the fake) and returns its thread.
func challengeAndAccept(t *testing.T, run *pagesRun, fake *fakediscord.Server, variant string) string {
	t.Helper()
	before := len(fake.Threads())
	resp := run.send(fakediscord.Interaction{Type: 2, User: ann, ChannelID: lobbyID, Name: "challenge",
		Options: []fakediscord.Option{str("variant", variant), user("opponent", bob), str("color", "white")}, Resolved: resolvedUsers(bob)})
	h := &harness{t: t, fake: fake}
	run.send(fakediscord.Interaction{Type: 3, User: bob, ChannelID: lobbyID, MessageID: resp.Original, CustomID: "accept:" + challengeID(h, resp.Original)})
	if !fake.Wait(testWait, func(s *fakediscord.Server) bool { return len(s.ThreadsLocked()) > before }) {
		t.Fatalf("%s: no thread", variant)
	}
	threads := fake.Threads()
	return threads[len(threads)-1].ID
}

// policyMove ends games soon: the winner plays the engine's best at a
// small budget, the loser the move the engine scores worst for itself (a
// move that loses at once comes first). Deterministic where the rules
// have no dice.
func policyMove(t *testing.T, g games.Game, winner games.Player) string {
	t.Helper()
	lim := engine.Limits{Level: 5, Nodes: 3000, Seed: 1}
	if g.Turn().Player == winner {
		res, err := engine.Search(t.Context(), g, lim)
		if err != nil {
			t.Fatal(err)
		}
		return res.Move.Notation
	}
	sc, err := engine.ScoreMoves(t.Context(), g, lim)
	if err != nil {
		t.Fatal(err)
	}
	return sc.Moves[len(sc.Moves)-1].Move.Notation
}

// threadShowsTheMoves checks the game's thread against the store: one
// "played" post and one board per stored move, in order, with the same
// moves, and the dice posts and the final animation (checkPosts). It
// returns the number of moves.
func threadShowsTheMoves(t *testing.T, fake *fakediscord.Server, store db.Store, thread string, id int64) int {
	t.Helper()
	stored, err := store.Moves(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	want := make([]string, len(stored))
	for i, m := range stored {
		want[i] = m.Notation
	}
	played := regexp.MustCompile(`played \*\*([^*]+)\*\*`)
	var got []string
	// The thread's posts follow the moves; the end's animation comes last.
	ok := fake.Wait(testWait, func(s *fakediscord.Server) bool {
		got = got[:0]
		gif := false
		for _, m := range s.MessagesLocked(thread) {
			if m.Ephemeral {
				continue
			}
			if p := played.FindStringSubmatch(m.Content); p != nil {
				got = append(got, p[1])
			}
			for _, f := range m.Files {
				gif = gif || strings.HasSuffix(f.Name, ".gif")
			}
		}
		return gif && len(got) >= len(want)
	})
	if !ok || !slices.Equal(got, want) {
		t.Fatalf("the thread shows the moves %q, the store has %q", got, want)
	}
	checkPosts(t, &harness{t: t, fake: fake, store: store}, thread, id)
	return len(stored)
}

// staleClick: the stale tab (its stream gone, still at ply 0 and offering
// its moves of then) is clicked at ply; the server refuses the move as
// stale, nothing is stored, and the page catches up.
func staleClick(t *testing.T, p *gamePage, store db.Store, id int64, ply int, then games.Game) {
	t.Helper()
	if got := p.attr("plies"); got != "0" {
		t.Fatalf("the stale tab shows %s plies: it follows the game", got)
	}
	// A move the page still offers (its list is of ply 0's moves).
	offered := eval[[]string](p, `Array.from(document.querySelectorAll('#allmoves option')).map(function (o) { return o.value; })`)
	var mv meMove
	for _, m := range then.LegalMoves() {
		if m.From != "" && m.To != "" && slices.Contains(offered, m.Notation) {
			mv = meMove{N: m.Notation, F: m.From, T: m.To}
			break
		}
	}
	if mv.N == "" {
		t.Fatalf("the stale tab offers %q", offered)
	}
	p.tap(mv.F)
	p.tap(mv.T)
	ctx, cancel := context.WithTimeout(p.ctx, 20*time.Second)
	err := chromedp.Do(ctx, chromedp.WaitVisible(chromedp.CSS(fmt.Sprintf(`body[data-plies="%d"]`, ply))))
	cancel()
	if err != nil {
		t.Fatalf("the stale tab did not catch up after its click on %s: %v; it shows %s", mv.N, err,
			eval[string](p, `JSON.stringify([document.body.dataset, bermudaBoard.state, document.getElementById("playmsg").textContent])`))
	}
	row, err := store.Game(t.Context(), id)
	if err != nil || row.Ply != ply {
		t.Fatalf("after the stale click the game is at ply %d (%v), want %d", row.Ply, err, ply)
	}
	msg := p.text("playmsg")
	if msg == "" {
		t.Error("the stale page said nothing of its refused move")
	}
	t.Logf("the stale tab's %s at ply 0, clicked at ply %d: %q; it caught up", mv.N, ply, msg)
	p.close()
}

// botBrowser starts Debian's headless chromium for one test; without
// chromium the test skips (CI installs it and sets
// BERMUDA_REQUIRE_CHROMIUM).
func botBrowser(t *testing.T) context.Context {
	t.Helper()
	ctx, stop, err := browsertest.Start(browsertest.Path(t))
	t.Cleanup(stop)
	if err != nil {
		t.Fatalf("starting chromium: %v", err)
	}
	return ctx
}
