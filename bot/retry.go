package bot

import (
	"bytes"
	"context"
	"errors"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"
)

// How a failed Discord call may be repeated without showing anything twice.
//
// A failure says one of three things about the call:
//   - notDone: Discord refused it before doing anything (429): repeat it
//     after retry_after.
//   - unknownFate: a 5xx or a dropped connection; Discord may have done it.
//     Repeat it only if repeating cannot duplicate (an edit, a message with a
//     nonce), if Discord will refuse a duplicate in a way we can read (40060
//     on an interaction callback), or after looking that it did not land.
//   - final: any other 4xx; repeating cannot help.
type failure int

const (
	final failure = iota
	notDone
	unknownFate
)

// classify says what err tells about a call, and how long Discord asked us
// to wait before the next one (retry_after), if it said.
func classify(err error) (failure, time.Duration) {
	var rl *discordgo.RateLimitError
	if errors.As(err, &rl) && rl.TooManyRequests != nil {
		return notDone, rl.RetryAfter
	}
	var re *discordgo.RESTError
	if errors.As(err, &re) {
		switch code := re.Response.StatusCode; {
		case code == http.StatusTooManyRequests:
			return notDone, 0
		case code >= 500:
			return unknownFate, 0
		}
		return final, 0
	}
	// With its own retries off, discordgo reports a 502 only in words.
	if strings.HasPrefix(err.Error(), "Exceeded Max retries HTTP 5") {
		return unknownFate, 0
	}
	var ue *url.Error
	var ne net.Error
	if errors.As(err, &ue) || errors.As(err, &ne) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
		return unknownFate, 0
	}
	return final, 0
}

// retryRule is what one kind of call may do after a failure.
type retryRule struct {
	// deadline: no attempt starts after it (3 s for a callback, the token's
	// life for webhook calls).
	deadline time.Time
	// safe: repeating after an unknown fate cannot show anything twice
	// (edits, reads, messages with a nonce).
	safe bool
	// provesLanded, for callbacks, recognises the refusal (40060) that
	// means an earlier attempt of unknown fate reached Discord.
	provesLanded func(error) bool
	// look, for calls that are not safe, checks after an unknown fate
	// whether the call landed after all; known=false means it cannot tell,
	// and the call is not repeated (said at most once rather than twice).
	look func() (landed, known bool)
	// until, for the start-up calls the bot cannot work without (who it
	// is, its commands, the gateway), replaces the deadline: a failure
	// that may pass is repeated until the call succeeds or until ends
	// (shutdown). Running on without the answer would be worse than
	// waiting: a bot that does not know its own id refuses challenges to
	// itself and never makes the computer's moves.
	until context.Context
	// what names the call in the warning logged for each failed attempt
	// ("" logs nothing).
	what string
}

// noAutoRetry turns off discordgo's own retries (endless on 429, blind on
// 502) so that the rules here decide, within their deadlines.
var noAutoRetry = []discordgo.RequestOption{discordgo.WithRetryOnRatelimit(false), discordgo.WithRestRetries(0)}

// retry runs op until it succeeds or the rule says stop. op gets the
// request options for one attempt (a timeout that ends at the deadline).
func (d *SessionDiscord) retry(rule retryRule, op func(opts ...discordgo.RequestOption) error) error {
	wait := d.Backoff
	if wait == 0 {
		wait = 100 * time.Millisecond
	}
	uncertain := false
	for attempt := 1; ; attempt++ {
		// Each attempt may take a second past the deadline for Discord's
		// answer; the first is made even if the deadline has passed, so
		// that Discord's own verdict (10062 for a lapsed callback) is read.
		end := rule.deadline
		if now := time.Now(); end.Before(now) {
			end = now
		}
		var ctx context.Context
		var cancel context.CancelFunc
		if rule.until != nil {
			ctx, cancel = context.WithCancel(rule.until) // the client's own timeout bounds an attempt
		} else {
			ctx, cancel = context.WithDeadline(context.Background(), end.Add(time.Second))
		}
		err := op(append(noAutoRetry, discordgo.WithContext(ctx))...)
		cancel()
		if err == nil {
			if attempt > 1 && rule.what != "" && d.Log != nil {
				d.Log.Info(rule.what+": succeeded", "attempts", attempt)
			}
			return nil
		}
		d.Metrics.RESTError(restStatus(err))
		if uncertain && rule.provesLanded != nil && rule.provesLanded(err) {
			return nil
		}
		kind, after := classify(err)
		switch {
		case kind == final:
			return err
		case kind == unknownFate && !rule.safe && rule.provesLanded == nil:
			if rule.look == nil {
				return err
			}
			landed, known := rule.look()
			if !known {
				return err
			}
			if landed {
				return nil
			}
		case kind == unknownFate:
			uncertain = true
		}
		pause := wait + rand.N(wait/2+1) // jitter spreads retries of many calls
		if after > 0 {
			pause = after
		}
		if rule.until == nil && time.Now().Add(pause).After(rule.deadline) {
			return err
		}
		if rule.what != "" && d.Log != nil {
			d.Log.Warn(rule.what+": failed; trying again", "err", d.hideBotToken(err), "attempt", attempt, "wait", pause)
		}
		if !d.pause(rule.until, pause) {
			return err
		}
		wait = min(wait*2, 5*time.Second)
	}
}

// pause waits d between attempts; it reports false if until ended first.
func (d *SessionDiscord) pause(until context.Context, wait time.Duration) bool {
	if d.sleep != nil {
		d.sleep(wait)
		return until == nil || until.Err() == nil
	}
	if until == nil {
		time.Sleep(wait)
		return true
	}
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-until.Done():
		return false
	}
}

// startup runs a call the bot cannot work without by the rule for such
// calls (retryRule.until): safe to repeat, repeated until it succeeds,
// fails for good (a 4xx: a bad token, say) or ctx ends, each failed
// attempt logged under what.
func (d *SessionDiscord) startup(ctx context.Context, what string, op func(opts ...discordgo.RequestOption) error) error {
	return d.hideBotToken(d.retry(retryRule{until: ctx, safe: true, what: what}, op))
}

// hideBotToken keeps the bot's token out of an error's text, as hideToken
// does for an interaction's token.
func (d *SessionDiscord) hideBotToken(err error) error {
	return hideToken(err, strings.TrimPrefix(d.S.Token, "Bot "))
}

// rewind snapshots attachments so every attempt uploads them whole.
func rewind(files []*discordgo.File) func() {
	data := make([][]byte, len(files))
	alts := make([]string, len(files))
	for n, f := range files {
		data[n], _ = io.ReadAll(f.Reader)
		alts[n] = altOf(f)
	}
	return func() {
		for n, f := range files {
			f.Reader = bytes.NewReader(data[n])
			if alts[n] != "" { // the description stays with the picture (alt.go)
				f.Reader = &described{f.Reader, alts[n]}
			}
		}
	}
}

// rateGate is the HTTP transport under discordgo that honours a global
// 429: until it passes, every request on every route waits. (discordgo's
// own buckets handle the per-route limits from the X-RateLimit headers.)
type rateGate struct {
	until atomic.Int64 // unix nanoseconds
	next  http.RoundTripper
}

func (g *rateGate) RoundTrip(r *http.Request) (*http.Response, error) {
	if wait := time.Until(time.Unix(0, g.until.Load())); wait > 0 {
		t := time.NewTimer(wait)
		select {
		case <-t.C:
		case <-r.Context().Done():
			t.Stop()
			return nil, r.Context().Err()
		}
	}
	resp, err := g.next.RoundTrip(r)
	if err == nil && resp.StatusCode == http.StatusTooManyRequests &&
		(resp.Header.Get("X-RateLimit-Global") != "" || resp.Header.Get("X-RateLimit-Scope") == "global") {
		secs, _ := strconv.ParseFloat(resp.Header.Get("Retry-After"), 64)
		g.pause(time.Duration(secs * float64(time.Second)))
	}
	return resp, err
}

// pause holds every request for d (keeping any longer pause in force).
func (g *rateGate) pause(d time.Duration) {
	until := time.Now().Add(d).UnixNano()
	for {
		cur := g.until.Load()
		if cur >= until || g.until.CompareAndSwap(cur, until) {
			return
		}
	}
}

// isGone reports errors that mean the channel or thread is no longer ours
// to post in: deleted (10003), no access (50001), no permission (50013).
func isGone(err error) bool {
	switch discordCode(err) {
	case 10003, 50001, 50013:
		return true
	}
	return false
}
