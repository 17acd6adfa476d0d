package main

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestSwissJSONShape(t *testing.T) {
	code, out, errs := runCmd(t, "", "swiss", "-players", "7", "-rounds", "3", "-seed", "5", "-json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var got struct {
		Players []struct {
			ID     *string `json:"id"`
			Rating *int    `json:"rating"`
		} `json:"players"`
		Rounds [][]struct {
			White  string  `json:"white"`
			Black  *string `json:"black"`
			Result string  `json:"result"`
		} `json:"rounds"`
		Standings []struct {
			ID              string   `json:"id"`
			Points          *float64 `json:"points"`
			Buchholz        *float64 `json:"buchholz"`
			SonnebornBerger *float64 `json:"sonneborn_berger"`
		} `json:"standings"`
	}
	dec := json.NewDecoder(strings.NewReader(out))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&got); err != nil {
		t.Fatalf("%v in %q", err, out)
	}
	if dec.More() {
		t.Fatalf("more than one object: %q", out)
	}
	if len(got.Players) != 7 || len(got.Rounds) != 3 || len(got.Standings) != 7 {
		t.Fatalf("counts: %s", out)
	}
	for _, p := range got.Players {
		if p.ID == nil || p.Rating == nil {
			t.Errorf("player without id or rating: %s", out)
		}
	}
	total := 0.0
	for r, games := range got.Rounds {
		if len(games) != 4 {
			t.Errorf("round %d has %d boards, want 3 games and a bye", r+1, len(games))
		}
		for _, g := range games {
			switch {
			case g.Result == "bye" && g.Black == nil:
				total++
			case g.Black != nil && (g.Result == "1-0" || g.Result == "0-1"):
				total++
			case g.Black != nil && g.Result == "1/2-1/2":
				total++
			default:
				t.Errorf("round %d: board %+v", r+1, g)
			}
		}
	}
	sum := 0.0
	for _, s := range got.Standings {
		if s.Points == nil || s.Buchholz == nil || s.SonnebornBerger == nil {
			t.Errorf("standing without a number: %s", out)
			continue
		}
		sum += *s.Points
	}
	if sum != total {
		t.Errorf("points add up to %v, %v were played for", sum, total)
	}
}

func TestSwissTableAndUsageErrors(t *testing.T) {
	code, out, errs := runCmd(t, "", "swiss", "-players", "6", "-rounds", "2")
	if code != 0 || !strings.Contains(out, "Round 2") || !strings.Contains(out, "buchholz") {
		t.Fatalf("exit %d, out %q, err %q", code, out, errs)
	}
	for _, args := range [][]string{
		{"swiss", "-players", "1"},
		{"swiss", "-players", "4", "-rounds", "4"},
		{"swiss", "-rounds", "0"},
		{"swiss", "-players", "x"},
		{"swiss", "extra"},
	} {
		if code, _, errs := runCmd(t, "", args...); code != 2 || errs == "" {
			t.Errorf("%v: exit %d, stderr %q; want a usage error", args, code, errs)
		}
	}
}
