package fakediscord

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strings"
	"time"
)

// RandomFaults makes a share of REST calls fail the way Discord and the
// network do on a bad day. Rate is the share of calls that fail (0.05 is
// 5%); each failure is, with equal odds, a 500 before the work, a 500
// after it, a 429 with retry_after, a connection dropped before the work,
// or one dropped after it. The gateway lookup is spared.
type RandomFaults struct {
	Rate float64
	// RetryAfter is the retry_after of the injected 429s (default 50 ms).
	RetryAfter time.Duration
	// Seed makes the sequence of faults repeatable.
	Seed uint64
	rng  *rand.Rand
}

// FaultStats counts the faults injected so far.
type FaultStats struct {
	ServerErrors, ServerErrorsAfter, RateLimits, Drops, DropsAfter, GlobalLimits int
}

// SetRandomFaults starts (or, with Rate 0, stops) random faults.
func (s *Server) SetRandomFaults(f RandomFaults) {
	s.mu.Lock()
	defer s.mu.Unlock()
	f.rng = rand.New(rand.NewPCG(f.Seed, 15))
	if f.RetryAfter == 0 {
		f.RetryAfter = 50 * time.Millisecond
	}
	s.random = f
}

// Faults returns how many faults were injected.
func (s *Server) Faults() FaultStats {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.faultStats
}

// GlobalLimit answers every REST call with a global 429 for d, as Discord
// does when a bot exceeds its global rate limit. A bot that honours it
// makes one call, reads retry_after, and pauses every route;
// GlobalViolations counts the calls made during the pause after the first.
func (s *Server) GlobalLimit(d time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.globalUntil = time.Now().Add(d)
	s.globalHits = 0
}

// GlobalViolations counts requests beyond the first that arrived while a
// global rate limit was in force.
func (s *Server) GlobalViolations() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return max(0, s.globalHits-1)
}

type cannedAnswer struct {
	status int
	body   any
}

// plan is what the fake does with one request: answer before doing the
// work, do it and then answer with an error, or drop the connection.
type plan struct {
	before, after *cannedAnswer
	drop          bool
	headers       map[string]string
}

func canned(status int, body string) *cannedAnswer {
	var v any
	json.Unmarshal([]byte(body), &v)
	return &cannedAnswer{status, v}
}

// planLocked decides the request's fate: a global limit first, then the
// faults set with Fail, then random faults.
func (s *Server) planLocked(req *Request) plan {
	if left := time.Until(s.globalUntil); left > 0 {
		s.globalHits++
		s.faultStats.GlobalLimits++
		secs := left.Seconds()
		return plan{
			before: canned(429, fmt.Sprintf(`{"message":"You are being rate limited.","retry_after":%.3f,"global":true}`, secs)),
			headers: map[string]string{"Retry-After": fmt.Sprintf("%.3f", secs), "X-RateLimit-Global": "true",
				"X-RateLimit-Scope": "global"},
		}
	}
	for i, f := range s.faults {
		if f.remaining > 0 && f.method == req.Method && strings.HasPrefix(req.Path, f.prefix) {
			f.remaining--
			if f.remaining == 0 {
				s.faults = append(s.faults[:i], s.faults[i+1:]...)
			}
			if f.after {
				return plan{after: canned(f.status, f.body)}
			}
			return plan{before: canned(f.status, f.body)}
		}
	}
	r := &s.random
	if r.Rate <= 0 || req.Path == "/gateway" || req.Path == "/gateway/bot" || r.rng.Float64() >= r.Rate {
		return plan{}
	}
	const serverError = `{"message":"500: Internal Server Error","code":0}`
	switch r.rng.IntN(5) {
	case 0:
		s.faultStats.ServerErrors++
		return plan{before: canned(500, serverError)}
	case 1:
		s.faultStats.ServerErrorsAfter++
		return plan{after: canned(500, serverError)}
	case 2:
		s.faultStats.RateLimits++
		secs := r.RetryAfter.Seconds()
		return plan{
			before:  canned(429, fmt.Sprintf(`{"message":"You are being rate limited.","retry_after":%.3f,"global":false}`, secs)),
			headers: map[string]string{"Retry-After": fmt.Sprintf("%.3f", secs), "X-RateLimit-Scope": "user"},
		}
	case 3:
		s.faultStats.Drops++
		return plan{before: &cannedAnswer{}, drop: true}
	default:
		s.faultStats.DropsAfter++
		return plan{drop: true}
	}
}

// dropConnection closes the connection without an answer, as a network
// failure would.
func dropConnection(w http.ResponseWriter) {
	hj, ok := w.(http.Hijacker)
	if !ok {
		return
	}
	if conn, _, err := hj.Hijack(); err == nil {
		conn.Close()
	}
}
