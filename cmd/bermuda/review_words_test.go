package main

import (
	"strings"
	"testing"

	"github.com/bermudachess/bermuda/review"
)

// The terminal review prints no negative zero for luck that rounds to zero.
func TestReviewPrintsNoNegativeZero(t *testing.T) {
	luck, adj := -0.0001, -0.0002
	var sb strings.Builder
	printReview(&sb, review.Review{Variant: "angle", Result: "*", Players: []review.Summary{{Name: "ann", Luck: &luck, LuckAdjusted: &adj}}})
	if out := sb.String(); strings.Contains(out, "-0.000") || !strings.Contains(out, "luck +0.000") || !strings.Contains(out, "result 0.000") {
		t.Fatalf("the review prints %q", out)
	}
}
