// Package fakediscord is a local stand-in for Discord's REST API and
// gateway, for end-to-end tests that drive the real discordgo client.
//
// It records every REST request, keeps enough state (messages, threads,
// interaction tokens) to answer the routes a game bot uses, speaks the
// gateway handshake (HELLO, IDENTIFY, READY, heartbeats) and dispatches
// interactions that tests compose. Faults (429, 5xx, expired tokens) can be
// injected per route. See ../../../shared/DISCORD.md for the protocol notes.
package fakediscord

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"time"

	"github.com/gorilla/websocket"
)

// Request is one REST call the bot made.
type Request struct {
	Method string
	Path   string         // without the /api/v9 prefix, e.g. "/channels/42/messages"
	JSON   map[string]any // the JSON body, or the multipart payload_json
	Files  []File
	Status int // what the fake answered
}

// File is an uploaded attachment.
type File struct {
	Name string
	Data []byte
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
	messageID            string // the message a component was clicked on
	responded            bool
	expired              bool
	original             string // message id of the original response
	responseType         int
	choices              []any // autocomplete
}

type fault struct {
	method, prefix string
	status         int
	body           string
	remaining      int
}

// Server is the fake. Create it with New and Close it when done.
type Server struct {
	HTTP     *httptest.Server
	AppID    string
	BotID    string
	GuildID  string
	upgrader websocket.Upgrader

	mu           sync.Mutex
	requests     []Request
	messages     map[string]*Message
	order        []string // message ids in creation order
	channels     map[string]*Channel
	interactions map[string]*interaction // by token
	faults       []*fault
	nextID       int64
	seq          int64
	conn         *websocket.Conn
	connMu       sync.Mutex // serialises writes to conn
	changed      chan struct{}
	// OnRequest, if set, sees every REST request before it is answered
	// (called without the fake's lock held).
	OnRequest    func(Request)
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
		nextID:       900000,
		changed:      make(chan struct{}),
		identified:   make(chan struct{}),
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/gw", s.gateway)
	mux.HandleFunc("/gw/", s.gateway)
	mux.HandleFunc("/", s.rest)
	s.HTTP = httptest.NewServer(mux)
	return s
}

// Close stops the server and drops the gateway connection.
func (s *Server) Close() {
	s.connMu.Lock()
	if s.conn != nil {
		s.conn.Close()
	}
	s.connMu.Unlock()
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
	for _, id := range s.order {
		if m, ok := s.messages[id]; ok && m.ChannelID == channelID {
			out = append(out, *m)
		}
	}
	return out
}

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
	for _, id := range s.order {
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
	s.faults = append(s.faults, &fault{method, prefix, status, body, count})
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
	Type     int    // first callback type (4 message, 5 deferred, 6 deferred update, 7 update, 8 autocomplete)
	Original string // id of the original response message, if any
	Choices  []any
}

// ResponseLocked returns the interaction's response, if any.
func (s *Server) ResponseLocked(token string) (Response, bool) {
	in, ok := s.interactions[token]
	if !ok || !in.responded {
		return Response{}, false
	}
	return Response{Type: in.responseType, Original: in.original, Choices: in.choices}, true
}

func (s *Server) rest(w http.ResponseWriter, r *http.Request) {
	path := strings.TrimPrefix(r.URL.Path, "/api/v9")
	req := Request{Method: r.Method, Path: path}
	if err := readBody(r, &req); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	if hook := s.OnRequest; hook != nil {
		hook(req)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	defer s.notifyLocked()
	status, body := s.routeLocked(&req)
	req.Status = status
	s.requests = append(s.requests, req)
	w.Header().Set("Content-Type", "application/json")
	if status == http.StatusTooManyRequests {
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
}
