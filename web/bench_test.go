package web

import (
	"context"
	"net/http/httptest"
	"testing"

	"github.com/bermudachess/bermuda/games"
)

// BenchmarkPage is the server's work for a page nobody has asked for yet
// (the model is built: replay, a view per ply, the geometry), 300 plies of
// each variant (fewer when the game ends): go test ./web -run '^$' -bench Page -benchtime 20x
func BenchmarkPage(b *testing.B) {
	f := newFixture(b)
	for _, v := range games.All() {
		id := f.newGame(v.ID, 300)
		b.Run(v.ID, func(b *testing.B) {
			for b.Loop() {
				clear(f.web.cache)
				req := httptest.NewRequest("GET", "/g/"+Token(testSecret, id), nil).WithContext(context.Background())
				req.SetPathValue("token", Token(testSecret, id))
				w := httptest.NewRecorder()
				f.web.page(w, req)
				if w.Code != 200 {
					b.Fatal(w.Code)
				}
			}
		})
	}
}
