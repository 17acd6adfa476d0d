package web

import (
	"context"
	"io"
	"net/http"
	"regexp"
	"testing"

	"github.com/bermudachess/bermuda/games"
)

// What a browser downloads to show a game, compressed as it asks for it
// (Accept-Encoding: gzip): the page, which carries every position, and
// the script and style sheet it links. At most 150 KB for every variant
// after 300 random moves (fewer where the game ended). Size, not time: it
// is asserted; the time to draw is measured by BenchmarkBrowserPage.
func TestPageSizeOfEveryVariant(t *testing.T) {
	const limit = 150 << 10
	f := newFixture(t)
	assets := regexp.MustCompile(`(?:src|href)="(/static/[^"]+)"`)
	// size fetches path as a browser does and counts the bytes it receives
	// (the body as sent, compressed, and the status line and headers).
	size := func(path string) (wire, body int) {
		req, _ := http.NewRequest("GET", path, nil)
		req.Header.Set("Accept-Encoding", "gzip")
		resp, err := (&http.Transport{DisableCompression: true}).RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		if err != nil || resp.StatusCode != 200 {
			t.Fatalf("%s: %d %v", path, resp.StatusCode, err)
		}
		head := len(resp.Proto) + len(resp.Status) + 4
		for k, vs := range resp.Header {
			for _, v := range vs {
				head += len(k) + len(v) + 4
			}
		}
		return head + len(b), len(b)
	}
	for _, v := range games.All() {
		id := f.newGame(v.ID, 300)
		_, html := get(t, f.url(id), false)
		total, _ := size(f.url(id))
		page := total
		for _, m := range assets.FindAllStringSubmatch(html, -1) {
			n, _ := size(f.srv.URL + m[1])
			total += n
		}
		row, err := f.store.Game(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%-13s %3d plies: %5.1f KB (the page %5.1f KB compressed, %6.1f KB unpacked)", v.ID, row.Ply,
			float64(total)/1024, float64(page)/1024, float64(len(html))/1024)
		if total > limit {
			t.Errorf("%s: %d bytes to show the page, over %d", v.ID, total, limit)
		}
	}
}
