package render

import (
	"errors"
	"flag"
	"testing"

	"github.com/bermudachess/bermuda/games"
)

var gif300 = flag.String("gif300", "", "all: TestThreeHundredPliesFitDiscordsLimit checks every variant")

// A game of 300 plies, the longest the bot promises to animate, fits
// Discord's 8 MB at the size GIF picks by default. By default this checks
// the variant whose animation is the largest (Beryl Chess, 1.2 MB for
// 300 plies; Bermuda chess's two small boards make about 0.5 MB); under
// -race all seven take half a minute, so they run with -gif300=all.
func TestThreeHundredPliesFitDiscordsLimit(t *testing.T) {
	ids := []string{"beryl"}
	if *gif300 == "all" {
		ids = ids[:0]
		for _, v := range games.All() {
			ids = append(ids, v.ID)
		}
	}
	for _, id := range ids {
		v, err := games.Lookup(id)
		if err != nil {
			t.Fatal(err)
		}
		rec := randomRecord(t, v.ID, 300)
		if len(rec.Plies) < 150 {
			t.Fatalf("%s: no seeded game lasted 150 plies (longest %d)", v.ID, len(rec.Plies))
		}
		b, err := ReplayGIF(rec, GIFOptions{})
		if err != nil {
			t.Fatalf("%s, %d plies: %v", v.ID, len(rec.Plies), err)
		}
		if len(b) > DefaultGIFMaxBytes {
			t.Fatalf("%s, %d plies: %d bytes", v.ID, len(rec.Plies), len(b))
		}
		t.Logf("%s: %d plies, %.2f MB", v.ID, len(rec.Plies), float64(len(b))/1e6)
	}
}

// Over the limit at the default size, GIF draws smaller frames until the
// file fits, rather than fail.
func TestGIFShrinksToFitTheLimit(t *testing.T) {
	frames, err := ReplayFrames(randomRecord(t, "angle", 12))
	if err != nil {
		t.Fatal(err)
	}
	full, err := GIF(frames, GIFOptions{})
	if err != nil {
		t.Fatal(err)
	}
	limit := len(full) - 1
	small, err := GIF(frames, GIFOptions{MaxBytes: limit})
	if err != nil {
		var tl *TooLargeError
		t.Fatalf("a limit one byte under the full-size %d bytes: %v (too large: %v)", len(full), err, errors.As(err, &tl))
	}
	if len(small) > limit {
		t.Fatalf("%d bytes over the %d-byte limit", len(small), limit)
	}
	a, _ := playGIF(t, full)
	b, _ := playGIF(t, small)
	if b.Config.Width >= a.Config.Width || len(b.Image) != len(a.Image) {
		t.Fatalf("shrunk to %d px wide, %d frames; full size %d px, %d frames", b.Config.Width, len(b.Image), a.Config.Width, len(a.Image))
	}
}
