// Package interactions serves Discord's Interactions Endpoint: Discord
// POSTs each interaction to our HTTPS address instead of sending it over a
// gateway connection, so any number of replicas behind a load balancer can
// take them.
//
// Every request's Ed25519 signature is checked and anything unsigned,
// tampered with or stale gets 401 (Discord sends such requests on purpose
// before it accepts the URL). A PING is answered with a PONG. Any other
// interaction goes to the bot's handler, and the bot's first answer —
// made through Respond, the same call it makes in gateway mode — becomes
// the body of the HTTP response instead of a REST callback. That is why the
// Endpoint also implements the Respond half of the bot's Discord seam: the
// bot's logic is identical in both modes; only where its first answer
// travels differs. Everything else (edits, follow-ups, channel posts) goes
// over REST as before.
//
// Discord waits 3 seconds for that body. The bot answers or defers within
// milliseconds, but if it has not answered after DeferAfter (a slow
// database), the Endpoint acknowledges on its own: a public "thinking…" for
// a command, a silent acknowledgement for a button, an empty list for
// autocomplete. The bot's first answer, when it comes, is then carried out
// over REST as what it would have been (see late.go). The bot could instead
// always defer before any work, but then every mistake would be answered in
// public or every board in private: it validates first so that mistakes are
// private, and that choice stays the bot's.
//
// An answer with files is sent the same way, a defer in the body and the
// files in an edit: a JSON body cannot carry them.
package interactions

import (
	"bytes"
	"crypto/ed25519"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"
)

// REST is the part of the bot's Discord seam the Endpoint needs: Respond
// for interactions that did not arrive over HTTP (or were answered
// already), and the edit and follow-up calls that carry out a first answer
// given too late for the HTTP body. The bot's SessionDiscord implements it.
// If the value also has DeleteOriginal(*discordgo.Interaction) error, a
// public placeholder is deleted when the late answer turns out private.
type REST interface {
	Respond(i *discordgo.Interaction, r *discordgo.InteractionResponse) error
	EditOriginal(i *discordgo.Interaction, e *discordgo.WebhookEdit) (*discordgo.Message, error)
	Followup(i *discordgo.Interaction, p *discordgo.WebhookParams) (*discordgo.Message, error)
}

// Endpoint is an http.Handler for Discord's Interactions Endpoint. Set
// Handle before serving, or call Start once serving; the other fields have
// working defaults. Until it has a handler it answers 503 and is not Ready.
type Endpoint struct {
	// Handle processes one interaction (the bot's HandleInteraction). It
	// runs on its own goroutine and may outlive the HTTP request.
	Handle func(*discordgo.Interaction)
	// started is the handler given to Start, while the Endpoint serves.
	started atomic.Pointer[func(*discordgo.Interaction)]
	// Now is the clock for the timestamp check; tests replace it.
	Now func() time.Time
	// MaxSkew is how far a request's timestamp may be from Now (5 min).
	MaxSkew time.Duration
	// DeferAfter is how long to wait for the bot's first answer before
	// acknowledging on its behalf (2.5 s, under Discord's 3 s).
	DeferAfter time.Duration
	// Log receives refused requests (debug) and failed late answers (warn).
	Log *slog.Logger

	key  ed25519.PublicKey
	rest REST

	mu      sync.Mutex
	pending map[string]*pending // interactions whose handler is running
}

// pending is one interaction delivered over HTTP whose handler is running.
type pending struct {
	state   state
	answer  chan *discordgo.InteractionResponse // the HTTP body, sent once
	written chan error                          // the result of writing it
	sent    *discordgo.InteractionResponse      // what went in the body
}

type state int

const (
	waiting      state = iota // no answer yet: the HTTP request waits
	answered                  // the bot's answer went in the body
	autoDeferred              // we acknowledged for the bot; its answer goes over REST
	abandoned                 // Discord hung up first; the token is dead
)

// maxBody bounds a request body; real interactions are a few kilobytes.
const maxBody = 1 << 20

// New makes an Endpoint that checks signatures with the application's
// public key (hex, from the developer portal) and sends over rest whatever
// does not travel in an HTTP response.
func New(publicKeyHex string, rest REST) (*Endpoint, error) {
	key, err := ParsePublicKey(publicKeyHex)
	if err != nil {
		return nil, err
	}
	return &Endpoint{key: key, rest: rest, pending: map[string]*pending{}}, nil
}

func (e *Endpoint) now() time.Time {
	if e.Now != nil {
		return e.Now()
	}
	return time.Now()
}

func (e *Endpoint) log() *slog.Logger {
	if e.Log != nil {
		return e.Log
	}
	return slog.Default()
}

// Start gives an Endpoint that is already serving its handler: a replica
// listens at once (so /healthz answers and a taken port fails early) but
// takes interactions only once it knows who it is on Discord.
func (e *Endpoint) Start(handle func(*discordgo.Interaction)) { e.started.Store(&handle) }

// handler is Handle, or the one given to Start; nil before either.
func (e *Endpoint) handler() func(*discordgo.Interaction) {
	if e.Handle != nil {
		return e.Handle
	}
	if h := e.started.Load(); h != nil {
		return *h
	}
	return nil
}

// Ready reports whether the endpoint can take interactions (for /readyz).
func (e *Endpoint) Ready() error {
	if e.handler() == nil {
		return errors.New("interactions endpoint has no handler yet")
	}
	return nil
}

func (e *Endpoint) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		http.Error(w, "POST interactions here", http.StatusMethodNotAllowed)
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
	if err != nil {
		http.Error(w, "body too large or unreadable", http.StatusRequestEntityTooLarge)
		return
	}
	maxSkew := e.MaxSkew
	if maxSkew == 0 {
		maxSkew = 5 * time.Minute
	}
	if err := Verify(e.key, r.Header, body, e.now(), maxSkew); err != nil {
		e.log().Debug("interaction refused", "remote", r.RemoteAddr, "why", err)
		http.Error(w, "invalid request signature", http.StatusUnauthorized)
		return
	}
	var i discordgo.Interaction
	if err := json.Unmarshal(body, &i); err != nil {
		http.Error(w, "not an interaction", http.StatusBadRequest)
		return
	}
	if i.Type == discordgo.InteractionPing {
		writeJSON(w, &discordgo.InteractionResponse{Type: discordgo.InteractionResponsePong})
		return
	}
	handle := e.handler()
	if handle == nil {
		http.Error(w, "not ready", http.StatusServiceUnavailable)
		return
	}
	e.serve(w, r, &i, handle)
}

// serve runs the handler for i and answers the HTTP request with its first
// answer, or with a defer of our own if none comes in time.
func (e *Endpoint) serve(w http.ResponseWriter, r *http.Request, i *discordgo.Interaction, handle func(*discordgo.Interaction)) {
	p := &pending{answer: make(chan *discordgo.InteractionResponse, 1), written: make(chan error, 1)}
	e.mu.Lock()
	if _, dup := e.pending[i.ID]; dup {
		// The same interaction is already being handled here: a second
		// acknowledgement would be refused anyway, so say nothing.
		e.mu.Unlock()
		w.WriteHeader(http.StatusNoContent)
		return
	}
	e.pending[i.ID] = p
	e.mu.Unlock()

	finished := make(chan struct{})
	go func() {
		defer close(finished)
		defer e.forget(i.ID)
		handle(i)
	}()

	wait := e.DeferAfter
	if wait == 0 {
		wait = 2500 * time.Millisecond
	}
	timer := time.NewTimer(wait)
	defer timer.Stop()
	select {
	case resp := <-p.answer:
		p.written <- writeJSON(w, resp)
	case <-timer.C:
		if own := ownDefer(i); e.claim(p, autoDeferred, own) {
			if err := writeJSON(w, own); err != nil {
				e.log().Warn("could not acknowledge a slow interaction", "interaction", i.ID, "err", err)
			}
			return
		}
		resp := <-p.answer // the bot answered in the same instant
		p.written <- writeJSON(w, resp)
	case <-finished:
		// The handler returned without answering: a duplicate delivery it
		// ignored. Nothing is acknowledged, so Discord sees no second answer.
		if e.claim(p, abandoned, nil) {
			w.WriteHeader(http.StatusNoContent)
			return
		}
		resp := <-p.answer // answered from another goroutine just now
		p.written <- writeJSON(w, resp)
	case <-r.Context().Done():
		if !e.claim(p, abandoned, nil) {
			resp := <-p.answer
			p.written <- writeJSON(w, resp)
		}
	}
}

// claim moves p out of the waiting state on the endpoint's side and
// records what the body carries. It is false if the bot answered first.
func (e *Endpoint) claim(p *pending, to state, sent *discordgo.InteractionResponse) bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	if p.state != waiting {
		return false
	}
	p.state, p.sent = to, sent
	return true
}

func (e *Endpoint) forget(id string) {
	e.mu.Lock()
	delete(e.pending, id)
	e.mu.Unlock()
}

// Respond is the bot's first (or later) answer to i. For an interaction
// whose HTTP request is waiting, the answer becomes the response body and
// Respond returns once it is written. Otherwise it goes over REST: as a
// callback for interactions that came another way or were answered
// already, or translated into an edit or follow-up when we acknowledged on
// the bot's behalf.
func (e *Endpoint) Respond(i *discordgo.Interaction, resp *discordgo.InteractionResponse) error {
	e.mu.Lock()
	p := e.pending[i.ID]
	if p == nil {
		e.mu.Unlock()
		return e.rest.Respond(i, resp)
	}
	switch p.state {
	case autoDeferred:
		e.mu.Unlock()
		return acknowledged(e.late(i, p.sent, resp))
	case abandoned:
		e.mu.Unlock()
		return errExpired()
	case answered:
		e.mu.Unlock()
		return e.rest.Respond(i, resp)
	}
	body := resp
	if hasFiles(resp) {
		body = deferLike(resp)
	}
	p.state, p.sent = answered, body
	e.mu.Unlock()

	p.answer <- body
	if err := <-p.written; err != nil {
		return errExpired()
	}
	if body != resp {
		return acknowledged(e.late(i, body, resp))
	}
	return nil
}

func writeJSON(w http.ResponseWriter, resp *discordgo.InteractionResponse) error {
	var b []byte
	var err error
	if resp.Type == discordgo.InteractionApplicationCommandAutocompleteResult && (resp.Data == nil || len(resp.Data.Choices) == 0) {
		// discordgo leaves an empty choices list out; Discord wants it.
		b = []byte(`{"type":8,"data":{"choices":[]}}`)
	} else {
		b, err = json.Marshal(resp)
	}
	if err != nil {
		http.Error(w, "could not encode the answer", http.StatusInternalServerError)
		return err
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.Itoa(len(b)))
	if _, err := io.Copy(w, bytes.NewReader(b)); err != nil {
		return err
	}
	if f, ok := w.(http.Flusher); ok {
		f.Flush()
	}
	return nil
}
