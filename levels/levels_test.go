package levels

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestLabels: every level's label names it, says its strength in words
// and in chess Elo, fits a Discord choice (100 characters) and marks the
// default; /help's summary gives the range from level 1 to the top.
func TestLabels(t *testing.T) {
	summary := Summary()
	for n := 1; n <= Count; n++ {
		s, ok := Of(n)
		if !ok || s.Words == "" {
			t.Fatalf("level %d: %+v", n, s)
		}
		label := Label(n)
		t.Logf("%d characters: %s", utf8.RuneCountInString(label), label)
		if utf8.RuneCountInString(label) > 100 || !strings.HasPrefix(label, string(rune('0'+n))+" — "+s.Words) || !strings.Contains(label, "chess Elo") {
			t.Errorf("label %q", label)
		}
		if strings.Contains(label, "default") != (n == Default) {
			t.Errorf("label %q: the default is level %d", label, Default)
		}
		if (n == 1 || n == Count) && !strings.Contains(summary, short(s)) {
			t.Errorf("summary %q lacks level %d's rating %s", summary, n, short(s))
		}
	}
	t.Logf("summary (%d characters): %s", utf8.RuneCountInString(summary), summary)
	if _, ok := Of(0); ok {
		t.Error("level 0 exists")
	}
	if _, ok := Of(Count + 1); ok {
		t.Errorf("level %d exists", Count+1)
	}
}

// TestTableIsOrdered: the chess ratings rise with the level, and every
// level above 1 has a figure for the same variants (level 1 is their zero).
// The variants' figures are not required to rise: a ladder of few games
// can put two neighbours the wrong way round, and the table shows what was
// measured.
func TestTableIsOrdered(t *testing.T) {
	for n := 2; n <= Count; n++ {
		lo, hi := table[n-1], table[n]
		if hi.ChessElo <= lo.ChessElo {
			t.Errorf("level %d: %d Elo in chess, level %d: %d", n, hi.ChessElo, n-1, lo.ChessElo)
		}
		if len(hi.Variants) != len(table[2].Variants) {
			t.Errorf("level %d has figures for %d variants, level 2 for %d", n, len(hi.Variants), len(table[2].Variants))
		}
		for v, g := range hi.Variants {
			if _, ok := table[2].Variants[v]; !ok || g[1] <= 0 {
				t.Errorf("level %d in %s: %v", n, v, g)
			}
		}
	}
	if len(table[1].Variants) != 0 {
		t.Errorf("level 1 is the variants' zero, not %v", table[1].Variants)
	}
}

func TestRoundTo(t *testing.T) {
	for _, c := range [][3]int{{1247, 50, 1250}, {1224, 50, 1200}, {1225, 50, 1250}, {-74, 50, -50}, {-76, 50, -100}, {0, 50, 0}} {
		if got := roundTo(c[0], c[1]); got != c[2] {
			t.Errorf("roundTo(%d, %d) = %d, want %d", c[0], c[1], got, c[2])
		}
	}
}
