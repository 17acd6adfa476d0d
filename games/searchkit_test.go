package games

import (
	"math/rand/v2"
	"slices"
	"testing"
)

func TestAppendChangedFindsEveryDifference(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{1, 7, 8, 9, 64, 99, 128} {
		for trial := 0; trial < 50; trial++ {
			a := make([]uint8, n)
			for i := range a {
				a[i] = uint8(rng.IntN(3))
			}
			b := slices.Clone(a)
			var want []int
			for i := range b {
				if rng.IntN(10) == 0 {
					b[i] ^= 1 + uint8(rng.IntN(200))
					want = append(want, i)
				}
			}
			if got := AppendChanged(nil, a, b); !slices.Equal(got, want) {
				t.Fatalf("n=%d: changed %v, want %v", n, got, want)
			}
		}
	}
}

func TestZobristKeysAreDistinctAndRepeatable(t *testing.T) {
	a, b := make([]uint64, 4096), make([]uint64, 4096)
	FillKeys(a, ZobristKeys(42))
	FillKeys(b, ZobristKeys(42))
	if !slices.Equal(a, b) {
		t.Fatal("the same seed gave other keys")
	}
	seen := map[uint64]bool{}
	for _, k := range a {
		if seen[k] {
			t.Fatalf("key %x repeats", k)
		}
		seen[k] = true
	}
}

func TestLevelsKeepWhatTheLevelAboveHeld(t *testing.T) {
	s := NewLevels(10)
	cur, next := s.Above()
	*next = *cur + 1
	s.Enter()
	if *s.Cur() != 11 || s.Depth() != 1 {
		t.Fatalf("after one push: %d at depth %d", *s.Cur(), s.Depth())
	}
	s.Pop()
	s.Pop() // nothing below the root
	if *s.Cur() != 10 || s.Depth() != 0 {
		t.Fatalf("after popping: %d at depth %d", *s.Cur(), s.Depth())
	}
	if _, next := s.Above(); *next != 11 {
		t.Fatalf("the level above holds %d, want the 11 left there", *next)
	}
	if got := OneOutcome([]float64{0.5}); !slices.Equal(got, []float64{0.5, 1}) {
		t.Fatalf("OneOutcome appended %v", got)
	}
}

func TestNoChanceAndColourOwner(t *testing.T) {
	if got := (NoChance{}).Expand(SearchMove{Code: 7}, nil); !slices.Equal(got, []float64{1}) {
		t.Fatalf("NoChance.Expand gave %v", got)
	}
	if ColourOwner(White) != Player1 || ColourOwner(Black) != Player2 || ColourOwner(Side(2)) != NoPlayer {
		t.Fatal("ColourOwner does not give White to Player 1, Black to Player 2 and other armies to no one")
	}
}
