package web

import (
	"bufio"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/bermudachess/bermuda/games"
)

func get(t *testing.T, url string, gz bool) (*http.Response, string) {
	t.Helper()
	req, _ := http.NewRequest("GET", url, nil)
	if gz {
		req.Header.Set("Accept-Encoding", "gzip")
	}
	// A transport of our own: the default one would gunzip silently.
	resp, err := (&http.Transport{DisableCompression: true}).RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var r io.Reader = resp.Body
	if resp.Header.Get("Content-Encoding") == "gzip" {
		z, err := gzip.NewReader(resp.Body)
		if err != nil {
			t.Fatal(err)
		}
		r = z
	}
	b, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return resp, string(b)
}

var otherHost = regexp.MustCompile(`(?:src|href)="(?:https?:)?//`)

// Every variant's page: the board with every cell and piece of the last
// position, the players, the moves, Open Graph tags with the board PNG, not
// indexed, nothing from another host, small.
func TestPageOfEveryVariant(t *testing.T) {
	f := newFixture(t)
	for _, v := range games.All() {
		t.Run(v.ID, func(t *testing.T) {
			id := f.newGame(v.ID, 8)
			resp, body := get(t, f.url(id), false)
			if resp.StatusCode != 200 {
				t.Fatalf("status %d: %s", resp.StatusCode, body)
			}
			if got := resp.Header.Get("X-Robots-Tag"); !strings.Contains(got, "noindex") {
				t.Errorf("X-Robots-Tag %q", got)
			}
			final := f.games[id].View()
			for _, want := range []string{`<meta name="robots" content="noindex, nofollow">`, `property="og:image" content="` + f.url(id) + `/board.png"`,
				"alice", "bob", v.Name, `class="board"`} {
				if !strings.Contains(body, want) {
					t.Errorf("the page lacks %q", want)
				}
			}
			if n := strings.Count(body, `<polygon class="c"`); n != len(final.Cells) {
				t.Errorf("%d cells drawn, the view has %d", n, len(final.Cells))
			}
			board := body[strings.Index(body, `<svg xmlns="http://www.w3.org/2000/svg" class="board"`):]
			board = board[:strings.Index(board, "</svg>")]
			if n := strings.Count(board, `<use href="#p`); n != len(final.Pieces) {
				t.Errorf("%d pieces drawn, the view has %d", n, len(final.Pieces))
			}
			if n := strings.Count(body, `<li data-ply=`); n != 8 && !f.games[id].Outcome().Over {
				t.Errorf("%d moves listed, want 8", n)
			}
			if m := otherHost.FindString(body); m != "" {
				t.Errorf("the page loads from another host: %s", m)
			}
			resp, gz := get(t, f.url(id), true)
			if resp.Header.Get("Content-Encoding") != "gzip" {
				t.Error("the page is not compressed")
			}
			_ = gz
			resp, png := get(t, f.url(id)+"/board.png", false)
			if resp.Header.Get("Content-Type") != "image/png" || !strings.HasPrefix(png, "\x89PNG") {
				t.Errorf("board.png: %s, %d bytes", resp.Header.Get("Content-Type"), len(png))
			}
		})
	}
}

// Addresses cannot be guessed: a wrong mac, another game's mac, a game
// that does not exist, and a server that turned pages off all give 404.
func TestAddressesAreUnguessable(t *testing.T) {
	f := newFixture(t)
	a := f.newGame("chess", 1)
	b := f.newGame("chess", 1)
	tokB := Token(testSecret, b)
	_, macB, _ := strings.Cut(tokB, "-")
	for _, path := range []string{
		fmt.Sprintf("/g/%d", a), fmt.Sprintf("/g/%d-%s", a, macB), "/g/999-" + macB,
		"/g/" + Token(testSecret, 999), "/g/" + Token([]byte("another secret, sixteen+"), a),
		"/g/" + Token(testSecret, a) + "x",
	} {
		for _, suffix := range []string{"", "/data.json", "/events", "/board.png"} {
			resp, _ := get(t, f.srv.URL+path+suffix, false)
			if resp.StatusCode != 404 {
				t.Errorf("%s%s: status %d, want 404", path, suffix, resp.StatusCode)
			}
		}
	}
	if resp, _ := get(t, f.url(a), false); resp.StatusCode != 200 {
		t.Fatalf("the right address: %d", resp.StatusCode)
	}
	f.off["g1"] = true
	if resp, _ := get(t, f.url(a), false); resp.StatusCode != 404 {
		t.Errorf("a server that turned pages off: %d, want 404", resp.StatusCode)
	}
	if _, body := get(t, f.srv.URL+"/robots.txt", false); !strings.Contains(body, "Disallow: /") {
		t.Errorf("robots.txt: %q", body)
	}
}

// ?ply=, ?flip= and ?seat= are links that work without the script.
func TestStepAndFlipWithoutScript(t *testing.T) {
	f := newFixture(t)
	id := f.newGame("chess", 4)
	_, start := get(t, f.url(id)+"?ply=0", false)
	if !strings.Contains(start, `<span id="plyno">0 / 4</span>`) {
		t.Error("?ply=0 does not show the start")
	}
	if n := strings.Count(boardOf(start), `<use href="#p`); n != 32 {
		t.Errorf("the start shows %d pieces", n)
	}
	_, plain := get(t, f.url(id), false)
	_, flipped := get(t, f.url(id)+"?flip=1", false)
	_, seat2 := get(t, f.url(id)+"?seat=2", false)
	if boardOf(plain) == boardOf(flipped) {
		t.Error("?flip=1 draws the same board")
	}
	if boardOf(seat2) != boardOf(flipped) {
		t.Error("seat 2 at the bottom is not the flipped board")
	}
	// White (seat 1) at the bottom: a1 is at the bottom left.
	if !strings.Contains(plain, `data-c="0" points="34,453`) {
		t.Errorf("a1 is not at the bottom left for seat 1: %s", boardOf(plain)[:400])
	}
	// The triangle never turns for a player: flipping turns it half round.
	sp := f.newGame("spindecision", 2)
	_, a := get(t, f.url(sp), false)
	_, b := get(t, f.url(sp)+"?flip=1", false)
	if boardOf(a) == boardOf(b) {
		t.Error("the triangle does not flip")
	}
}

func boardOf(page string) string {
	i := strings.Index(page, `class="board"`)
	j := strings.Index(page[i:], "</svg>")
	return page[i : i+j]
}

// data.json?from=N sends only what a page at ply N lacks.
func TestDataFrom(t *testing.T) {
	f := newFixture(t)
	id := f.newGame("angle", 6)
	var all, tail data
	_, body := get(t, f.url(id)+"/data.json", false)
	if err := json.Unmarshal([]byte(body), &all); err != nil {
		t.Fatal(err)
	}
	_, body = get(t, f.url(id)+"/data.json?from=4", false)
	if err := json.Unmarshal([]byte(body), &tail); err != nil {
		t.Fatal(err)
	}
	if len(all.Moves) != 6 || len(all.Pos) != 7 || len(all.Geo[0].Cells) != 100 {
		t.Fatalf("all: %d moves, %d positions, %d cells", len(all.Moves), len(all.Pos), len(all.Geo[0].Cells))
	}
	if tail.From != 4 || len(tail.Moves) != 2 || len(tail.Pos) != 3 || tail.Geo[0].Cells != nil {
		t.Fatalf("from 4: from %d, %d moves, %d positions, geometry sent: %v", tail.From, len(tail.Moves), len(tail.Pos), tail.Geo[0].Cells != nil)
	}
	if tail.Moves[0].N != all.Moves[4].N {
		t.Errorf("move 5 is %q, was %q", tail.Moves[0].N, all.Moves[4].N)
	}
	// The Angle's dice are listed with the moves that rolled them.
	dice := 0
	for _, m := range all.Moves {
		dice += len(m.Dice)
	}
	if dice == 0 {
		t.Log("no dice in this game's first moves")
	}
}

// A move stored through the store reaches an open event stream at once.
func TestEventsFollowMoves(t *testing.T) {
	f := newFixture(t)
	id := f.newGame("bermuda", 2)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", f.url(id)+"/events", nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("content type %q", ct)
	}
	lines := bufio.NewScanner(resp.Body)
	next := func() string {
		for lines.Scan() {
			if l := lines.Text(); strings.HasPrefix(l, "data: ") {
				return l
			}
		}
		t.Fatalf("the stream ended: %v", lines.Err())
		return ""
	}
	if l := next(); !strings.Contains(l, `"ply":2`) {
		t.Fatalf("first event %q", l)
	}
	for f.hub.Subscribers(id) == 0 {
		time.Sleep(5 * time.Millisecond)
	}
	start := time.Now()
	f.move(id)
	if l := next(); !strings.Contains(l, `"ply":3`) {
		t.Fatalf("after a move: %q", l)
	}
	t.Logf("the move arrived after %s", time.Since(start)) // measured, not asserted
}

// A finished game with a review shows its graph.
func TestReviewGraph(t *testing.T) {
	f := newFixture(t)
	id := f.newGame("chess", 4)
	ctx := context.Background()
	if _, err := f.store.EndGame(ctx, id, dbEnd()); err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	row, claimed, err := f.store.ClaimReview(ctx, id, now, time.Minute)
	if err != nil || !claimed {
		t.Fatal(err, claimed)
	}
	rev := `{"variant":"chess","result":"0-1","players":[{"name":"a"},{"name":"b"}],"plies":[` +
		`{"ply":0,"player":0,"move":"e2e4","expected_after":0.55},{"ply":1,"player":1,"move":"f7f6","expected_after":0.3,"judgement":"blunder"},` +
		`{"ply":2,"player":0,"move":"d1h5","expected_after":0.9},{"ply":3,"player":1,"move":"g7g5","expected_after":0.1}]}`
	if ok, err := f.store.FinishReview(ctx, id, row.ClaimedAt, rev); err != nil || !ok {
		t.Fatal(err, ok)
	}
	_, body := get(t, f.url(id), false)
	for _, want := range []string{`class="graph"`, `id="cursor"`, "#e53935", "resignation"} {
		if !strings.Contains(body, want) {
			t.Errorf("the reviewed game's page lacks %q", want)
		}
	}
}

// An event stream outlives the server's read and write timeouts (the
// production server has 10 s ones): a move made after both have passed
// still arrives.
func TestEventsOutliveServerTimeouts(t *testing.T) {
	f := newFixture(t)
	id := f.newGame("chess", 1)
	srv := httptest.NewUnstartedServer(f.web.Handler())
	srv.Config.ReadTimeout = 300 * time.Millisecond
	srv.Config.WriteTimeout = 300 * time.Millisecond
	srv.Start()
	defer srv.Close()
	f.web.o.Heartbeat = 100 * time.Millisecond
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", srv.URL+"/g/"+Token(testSecret, id)+"/events", nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	lines := bufio.NewScanner(resp.Body)
	time.Sleep(time.Second)
	f.move(id)
	for lines.Scan() {
		if strings.Contains(lines.Text(), `"ply":2`) {
			return
		}
	}
	t.Fatalf("the stream ended before the move: %v", lines.Err())
}
