// Package fakediscord is a local stand-in for Discord's REST API and
// gateway, for end-to-end tests that drive the real discordgo client.
//
// It records every REST request, keeps enough state (messages, threads,
// interaction tokens) to answer the routes a game bot uses, speaks the
// gateway handshake (HELLO, IDENTIFY, READY, heartbeats) and dispatches
// interactions that tests compose. Faults (429, 5xx, expired tokens) can be
// injected per route, or at random across all REST calls (faults.go), with
// duplicate gateway deliveries, global rate limits and a gateway disconnect
// followed by a RESUME that replays events (gateway.go). Every callback is
// counted per interaction id, so tests can prove "answered exactly once".
// Channel messages honour nonce with enforce_nonce, as Discord does.
// Instead of the gateway, interactions can be delivered as signed HTTP
// POSTs to several replicas in turn, the response body counted as the
// callback (http_delivery.go).
package fakediscord

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"time"
)

// Request is one REST call the bot made.
type Request struct {
	Method string
	Path   string // without the /api/v9 prefix, e.g. "/channels/42/messages"
	Query  url.Values
	JSON   map[string]any // the JSON body, or the multipart payload_json
	Files  []File
	Status int // what the fake answered
	// ViaHTTP marks a callback that came as the body of the HTTP response
	// to an interaction delivered by POST (http_delivery.go).
	ViaHTTP bool
}

// File is an uploaded attachment.
type File struct {
	Name string
	Data []byte
	// Description is the attachment's description (alt text), from the
	// "attachments" entry whose id is the file's index in the upload.
	Description string
}

// Message is a message the fake holds.
type Message struct {
	ID         string
	ChannelID  string
	Content    string
	Embeds     []any
	Components []any
	Files      []File
	Flags      int
	Ephemeral  bool
	// Pings are the users its allowed_mentions let it ping (nil: none).
	Pings []string
	// InteractionID is the interaction a response or follow-up belongs to.
	InteractionID string
	// Followup marks a follow-up (not the original response).
	Followup bool
	nonce    string
	postedAt time.Time
}

// Channel is a thread created by the bot.
type Channel struct {
	ID, ParentID, Name string
	Type               int
	Archived           bool
	Members            []string
}

type interaction struct {
	id, token, channelID string
	typ                  int
	messageID            string // the message a component was clicked on
	responded            bool
	callbacks            int       // callbacks that took effect (must end at 1)
	attempts             int       // callback requests, whatever their fate
	delivered            time.Time // first written to a live gateway
	firstCallback        time.Time // first callback request arrived
	expired              bool
	original             string // message id of the original response
	responseType         int
	choices              []any    // autocomplete
	modalID              string   // the custom_id of a form opened (callback type 9)
	httpStatuses         []int    // each HTTP delivery's status (0: no answer)
	httpTargets          []string // and the URL it went to
	forged               bool     // sent with a spoilt signature (SendForged)
	// httpPending counts HTTP deliveries whose answer is not yet read.
	httpPending int

	// answerKnown: the bot has been told, by a 204 or a 40060 that reached
	// it, that the interaction is answered; a callback after that is a
	// second answer it had no reason to try.
	answerKnown   bool
	secondAnswers int
}

type fault struct {
	method, prefix string
	status         int
	body           string
	remaining      int
	after          bool // do the work, then answer with the fault
}

// Server is the fake. Create it with New and Close it when done.
type Server struct {
	HTTP    *httptest.Server
	AppID   string
	BotID   string
	GuildID string

	oauth oauth // oauth.go

	mu           sync.Mutex
	requests     []Request
	messages     map[string]*Message
	order        []string            // message ids in creation order
	inChannel    map[string][]string // message ids per channel, in creation order
	uploads      map[string]int      // messages with attachments per channel
	chanOrder    []string            // thread ids in creation order
	channels     map[string]*Channel
	interactions map[string]*interaction // by token
	faults       []*fault
	random       RandomFaults
	faultStats   FaultStats
	globalUntil  time.Time
	globalHits   int
	deleted      map[string]bool   // channels deleted (or out of the bot's reach)
	dms          map[string]string // user id → their direct-message channel (dm.go)
	dmUsers      map[string]string // direct-message channel → its user
	dmRefused    map[string]bool   // users whose direct messages fail with 50007
	nonces       map[string]string // channel+nonce → message id
	nextID       int64
	changed      chan struct{}
	gw           gatewayState
	hd           httpDelivery
	onRequest    func(Request) // SetOnRequest
	identified   chan struct{}
	identifyOnce sync.Once
}

// New starts a fake Discord on a loopback port.
func New() *Server {
	s := &Server{
		AppID:        "1000",
		BotID:        "1000",
		GuildID:      "2000",
		messages:     map[string]*Message{},
		channels:     map[string]*Channel{},
		interactions: map[string]*interaction{},
		nonces:       map[string]string{},
		inChannel:    map[string][]string{},
		uploads:      map[string]int{},
		deleted:      map[string]bool{},
		dms:          map[string]string{},
		dmUsers:      map[string]string{},
		dmRefused:    map[string]bool{},
		nextID:       900000,
		changed:      make(chan struct{}),
		identified:   make(chan struct{}),
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/gw", s.gateway)
	mux.HandleFunc("/gw/", s.gateway)
	s.mountOAuth(mux)
	mux.HandleFunc("/", s.rest)
	s.HTTP = httptest.NewServer(mux)
	return s
}

// Close stops the server and drops the gateway connection.
func (s *Server) Close() {
	s.dropConn()
	s.HTTP.Close()
}

// URL is the fake's base URL, e.g. http://127.0.0.1:41234.
func (s *Server) URL() string { return s.HTTP.URL }

// NewID returns a fresh snowflake-like id.
func (s *Server) NewID() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.newIDLocked()
}

func (s *Server) newIDLocked() string {
	s.nextID++
	return fmt.Sprint(s.nextID)
}

// notify wakes everyone waiting for a change. Call with mu held.
func (s *Server) notifyLocked() {
	close(s.changed)
	s.changed = make(chan struct{})
}

// Wait blocks until cond (called with the fake's lock held) is true or the
// timeout passes; it reports whether cond became true.
func (s *Server) Wait(timeout time.Duration, cond func(*Server) bool) bool {
	deadline := time.After(timeout)
	for {
		s.mu.Lock()
		ok := cond(s)
		ch := s.changed
		s.mu.Unlock()
		if ok {
			return true
		}
		select {
		case <-ch:
		case <-deadline:
			return false
		}
	}
}

// Requests returns a copy of every request so far.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.requests...)
}

// RequestsLocked is Requests for use inside a Wait condition.
func (s *Server) RequestsLocked() []Request { return s.requests }

// Messages returns copies of the messages in a channel, oldest first.
func (s *Server) Messages(channelID string) []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.MessagesLocked(channelID)
}

// MessagesLocked is Messages for use inside a Wait condition.
func (s *Server) MessagesLocked(channelID string) []Message {
	var out []Message
	for _, id := range s.inChannel[channelID] {
		out = append(out, *s.messages[id])
	}
	return out
}

// UploadsLocked counts a channel's messages that carry attachments (board
// pictures), for Wait conditions.
func (s *Server) UploadsLocked(channelID string) int { return s.uploads[channelID] }

// Message returns one message by id.
func (s *Server) Message(id string) (Message, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	m, ok := s.messages[id]
	if !ok {
		return Message{}, false
	}
	return *m, true
}

// Threads returns the threads the bot created, oldest first.
func (s *Server) Threads() []Channel {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.ThreadsLocked()
}

// ThreadsLocked is Threads for use inside a Wait condition.
func (s *Server) ThreadsLocked() []Channel {
	var out []Channel
	for _, id := range s.chanOrder {
		if c, ok := s.channels[id]; ok {
			out = append(out, *c)
		}
	}
	return out
}

// Fail makes the next count requests whose method matches and whose path
// (without /api/v9) starts with prefix fail with status and a JSON body.
func (s *Server) Fail(method, prefix string, status int, body string, count int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.faults = append(s.faults, &fault{method: method, prefix: prefix, status: status, body: body, remaining: count})
}

// FailAfter is Fail for requests Discord receives and carries out, but
// whose answer is an error (a 500 after the work was done): the bot cannot
// tell it from a failure before, and must not repeat the work blindly.
func (s *Server) FailAfter(method, prefix string, status int, body string, count int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.faults = append(s.faults, &fault{method: method, prefix: prefix, status: status, body: body, remaining: count, after: true})
}

// ExpireInteraction makes every later use of the interaction's token fail
// with Discord's 10062 "Unknown interaction".
func (s *Server) ExpireInteraction(token string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if in, ok := s.interactions[token]; ok {
		in.expired = true
	}
}

// Response describes what the bot answered to an interaction.
type Response struct {
	Type     int    // first callback type (4 message, 5 deferred, 6 deferred update, 7 update, 8 autocomplete, 9 form)
	Original string // id of the original response message, if any
	Choices  []any
	ModalID  string // the custom_id of the form opened, for type 9
}

// ResponseLocked returns the interaction's response, if any.
func (s *Server) ResponseLocked(token string) (Response, bool) {
	in, ok := s.interactions[token]
	if !ok || !in.responded {
		return Response{}, false
	}
	return Response{Type: in.responseType, Original: in.original, Choices: in.choices, ModalID: in.modalID}, true
}

// httpAnswerWait bounds how long a webhook call waits for the HTTP answer
// of its interaction (a replica holds it at most 3 s, plus a slow machine).
const httpAnswerWait = 10 * time.Second

// webhookToken is the interaction token of a webhook path, or "".
func webhookToken(path string) string {
	parts := strings.Split(strings.Trim(path, "/"), "/")
	if len(parts) >= 3 && parts[0] == "webhooks" {
		return parts[2]
	}
	return ""
}

// SetOnRequest makes hook see every REST request before it is answered
// (called without the fake's lock held); nil removes it. Safe to call
// while the bot runs.
func (s *Server) SetOnRequest(hook func(Request)) {
	s.mu.Lock()
	s.onRequest = hook
	s.mu.Unlock()
}

func (s *Server) rest(w http.ResponseWriter, r *http.Request) {
	path := strings.TrimPrefix(r.URL.Path, "/api/v9")
	req := Request{Method: r.Method, Path: path, Query: r.URL.Query()}
	if err := readBody(r, &req); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	s.mu.Lock()
	hook := s.onRequest
	s.mu.Unlock()
	if hook != nil {
		hook(req)
	}
	if tok := webhookToken(path); tok != "" {
		// Discord takes an interaction's answer in the HTTP response
		// before the token can edit it: a replica's edit may reach the
		// fake before the fake has read the response it follows.
		s.Wait(httpAnswerWait, func(s *Server) bool {
			in, ok := s.interactions[tok]
			return !ok || in.httpPending == 0
		})
	}
	s.mu.Lock()
	s.noteCallbackLocked(&req)
	plan := s.planLocked(&req)
	var status int
	var body any
	if plan.before != nil {
		status, body = plan.before.status, plan.before.body
	} else {
		status, body = s.routeLocked(&req)
		if plan.after != nil {
			status, body = plan.after.status, plan.after.body
		}
	}
	req.Status = status
	if plan.drop {
		req.Status = 0
	}
	if plan.before == nil && plan.after == nil && !plan.drop {
		s.noteAnswerSeenLocked(&req)
	}
	s.requests = append(s.requests, req)
	s.notifyLocked()
	s.mu.Unlock()
	if plan.drop {
		dropConnection(w)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	for k, v := range plan.headers {
		w.Header().Set(k, v)
	}
	if status == http.StatusTooManyRequests && w.Header().Get("Retry-After") == "" {
		w.Header().Set("Retry-After", "0")
	}
	w.WriteHeader(status)
	if body != nil {
		json.NewEncoder(w).Encode(body)
	}
}

// ClearFaults drops every pending injected fault.
func (s *Server) ClearFaults() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.faults = nil
	s.random = RandomFaults{}
}

// InteractionStat is what the fake saw of one interaction.
type InteractionStat struct {
	ID, Token string
	Type      int
	// Delivered is when the interaction was first written to a live
	// gateway connection (zero: never delivered).
	Delivered time.Time
	// FirstCallback is when the first callback request arrived.
	FirstCallback time.Time
	// Callbacks is how many callbacks took effect: 1 is right, 0 means the
	// player saw "The application did not respond". Like Discord, the fake
	// refuses a second with 40060, so it never exceeds 1: a bot answering
	// twice shows in SecondAnswers.
	Callbacks int
	// Attempts counts every callback request, refused or failed ones too.
	Attempts int
	// SecondAnswers counts callback requests made after the bot had been
	// told the interaction was answered (Discord refuses them with 40060):
	// a retry after a lost answer is fine, these never are.
	SecondAnswers int
	// HTTPStatuses are the replicas' HTTP answers when delivered by POST
	// (200 answered in the body, 204 left alone, 401 refused, 0 none).
	HTTPStatuses []int
	// HTTPTargets are the URLs those deliveries went to, in the same order.
	HTTPTargets []string
	// Forged: sent with a spoilt signature (SendForged).
	Forged bool
}

// Interactions returns what the fake saw of every interaction, by id.
func (s *Server) Interactions() map[string]InteractionStat {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make(map[string]InteractionStat, len(s.interactions))
	for _, in := range s.interactions {
		out[in.id] = InteractionStat{ID: in.id, Token: in.token, Type: in.typ, Delivered: in.delivered,
			FirstCallback: in.firstCallback, Callbacks: in.callbacks, Attempts: in.attempts, SecondAnswers: in.secondAnswers,
			HTTPStatuses: append([]int(nil), in.httpStatuses...), HTTPTargets: append([]string(nil), in.httpTargets...), Forged: in.forged}
	}
	return out
}

// noteCallbackLocked counts a callback request before its fate is decided.
func (s *Server) noteCallbackLocked(req *Request) {
	parts := strings.Split(strings.Trim(req.Path, "/"), "/")
	if req.Method != "POST" || len(parts) != 4 || parts[0] != "interactions" {
		return
	}
	if in, ok := s.interactions[parts[2]]; ok {
		in.attempts++
		if in.answerKnown {
			in.secondAnswers++
		}
		if in.firstCallback.IsZero() {
			in.firstCallback = time.Now()
		}
	}
}

// noteAnswerSeenLocked records that the bot read an honest answer to a
// callback of an answered interaction (204, or 40060 to a second try).
func (s *Server) noteAnswerSeenLocked(req *Request) {
	parts := strings.Split(strings.Trim(req.Path, "/"), "/")
	if req.Method != "POST" || len(parts) != 4 || parts[0] != "interactions" {
		return
	}
	if in, ok := s.interactions[parts[2]]; ok && in.responded {
		in.answerKnown = true
	}
}

// DeleteChannel deletes a channel or thread: every later call on it gets
// 404 Unknown Channel (10003).
func (s *Server) DeleteChannel(id string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.deleted[id] = true
}

// HasChannelLocked reports whether a thread exists, for Wait conditions.
func (s *Server) HasChannelLocked(id string) bool { _, ok := s.channels[id]; return ok }

// SessionsLocked is Sessions for use inside a Wait condition.
func (s *Server) SessionsLocked() int { return s.gw.sessions }

// AllMessages returns copies of every message in every channel.
func (s *Server) AllMessages() []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Message, 0, len(s.messages))
	for _, id := range s.order {
		if m, ok := s.messages[id]; ok {
			out = append(out, *m)
		}
	}
	return out
}
