package render

import (
	"os"
	"testing"

	"github.com/bermudachess/bermuda/games"
)

func TestScratchLegend(t *testing.T) {
	b, err := Legend()
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile("/tmp/rt/legend.png", b, 0o644)
	b, _ = legend(40)
	os.WriteFile("/tmp/rt/legend40.png", b, 0o644)
	for name, v := range map[string]games.View{"chess": chessView(), "angle": angleView(), "bede": bedeView(), "two": twoBoardView(), "tri": triangleView()} {
		for _, px := range []int{0, 48} {
			b, err := Render(v, Options{CellPx: px})
			if err != nil {
				t.Fatal(err)
			}
			os.WriteFile("/tmp/rt/"+name+"_"+itoa(px)+".png", b, 0o644)
		}
	}
}

func itoa(i int) string { return string(rune('0'+i/10)) + string(rune('0'+i%10)) }
