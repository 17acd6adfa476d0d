package cputest

import "testing"

func TestProcessCountsWork(t *testing.T) {
	before := Process()
	x := 0
	for i := range 50_000_000 {
		x += i % 7
	}
	if x == 0 {
		t.Fatal("the loop did nothing")
	}
	if after := Process(); after <= before {
		t.Fatalf("50 million additions took no CPU time: %v then %v", before, after)
	}
}
