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
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
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

func readBody(r *http.Request, req *Request) error {
	ct, params, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	switch {
	case ct == "application/json":
		data, err := io.ReadAll(r.Body)
		if err != nil || len(data) == 0 {
			return err
		}
		var v any
		if err := json.Unmarshal(data, &v); err != nil {
			return err
		}
		switch v := v.(type) {
		case map[string]any:
			req.JSON = v
		case []any: // bulk command overwrite sends an array
			req.JSON = map[string]any{"_array": v}
		}
		return nil
	case strings.HasPrefix(ct, "multipart/"):
		mr := multipart.NewReader(r.Body, params["boundary"])
		for {
			p, err := mr.NextPart()
			if err == io.EOF {
				return nil
			}
			if err != nil {
				return err
			}
			data, err := io.ReadAll(p)
			if err != nil {
				return err
			}
			if p.FormName() == "payload_json" {
				if err := json.Unmarshal(data, &req.JSON); err != nil {
					return err
				}
				continue
			}
			req.Files = append(req.Files, File{Name: p.FileName(), Data: data})
		}
	}
	return nil
}

func discordError(code int, msg string) map[string]any {
	return map[string]any{"code": code, "message": msg}
}

// routeLocked answers one REST request.
func (s *Server) routeLocked(req *Request) (int, any) {
	for i, f := range s.faults {
		if f.remaining > 0 && f.method == req.Method && strings.HasPrefix(req.Path, f.prefix) {
			f.remaining--
			if f.remaining == 0 {
				s.faults = append(s.faults[:i], s.faults[i+1:]...)
			}
			var body any
			json.Unmarshal([]byte(f.body), &body)
			return f.status, body
		}
	}
	parts := strings.Split(strings.Trim(req.Path, "/"), "/")
	switch {
	case req.Method == "GET" && (req.Path == "/gateway" || req.Path == "/gateway/bot"):
		u, _ := url.Parse(s.HTTP.URL)
		return 200, map[string]any{"url": "ws://" + u.Host + "/gw", "shards": 1}
	case req.Method == "PUT" && parts[0] == "applications" && parts[len(parts)-1] == "commands":
		var cmds []any
		if arr, ok := req.JSON["_array"].([]any); ok {
			cmds = arr
		}
		return 200, cmds
	case parts[0] == "interactions" && len(parts) == 4 && req.Method == "POST":
		return s.callbackLocked(parts[2], req)
	case parts[0] == "webhooks" && len(parts) >= 3:
		return s.webhookLocked(parts[2], parts[3:], req)
	case parts[0] == "channels" && len(parts) >= 2:
		return s.channelLocked(parts[1], parts[2:], req)
	case parts[0] == "users" && req.Method == "GET":
		return 200, map[string]any{"id": s.BotID, "username": "Bermuda", "bot": true}
	}
	return 404, discordError(0, "404: Not Found (fake has no route for "+req.Method+" "+req.Path+")")
}

func (s *Server) callbackLocked(token string, req *Request) (int, any) {
	in, ok := s.interactions[token]
	if !ok || in.expired {
		return 404, discordError(10062, "Unknown interaction")
	}
	if in.responded {
		return 400, discordError(40060, "Interaction has already been acknowledged.")
	}
	in.responded = true
	typ := int(num(req.JSON["type"]))
	in.responseType = typ
	data, _ := req.JSON["data"].(map[string]any)
	switch typ {
	case 4, 5:
		m := s.addMessageLocked(in.channelID, data, req.Files)
		in.original = m.ID
	case 6:
		in.original = in.messageID
	case 7:
		in.original = in.messageID
		if m, ok := s.messages[in.messageID]; ok {
			applyEdit(m, data, req.Files)
		}
	case 8:
		in.choices, _ = data["choices"].([]any)
	}
	return 204, nil
}

func (s *Server) webhookLocked(token string, rest []string, req *Request) (int, any) {
	in, ok := s.interactions[token]
	if !ok || in.expired {
		return 404, discordError(10062, "Unknown interaction")
	}
	if len(rest) == 0 && req.Method == "POST" { // follow-up
		m := s.addMessageLocked(in.channelID, req.JSON, req.Files)
		return 200, messageJSON(m)
	}
	if len(rest) == 2 && rest[0] == "messages" {
		id := rest[1]
		if id == "@original" {
			id = in.original
		}
		m, ok := s.messages[id]
		if !ok {
			return 404, discordError(10008, "Unknown Message")
		}
		if req.Method == "PATCH" {
			applyEdit(m, req.JSON, req.Files)
		}
		return 200, messageJSON(m)
	}
	return 404, discordError(0, "no such webhook route")
}

func (s *Server) channelLocked(channelID string, rest []string, req *Request) (int, any) {
	if ch, ok := s.channels[channelID]; ok && ch.Archived && req.Method == "POST" && len(rest) == 1 && rest[0] == "messages" {
		// A bot post unarchives a thread, as on Discord.
		ch.Archived = false
	}
	switch {
	case len(rest) == 0 && req.Method == "PATCH":
		ch, ok := s.channels[channelID]
		if !ok {
			return 404, discordError(10003, "Unknown Channel")
		}
		if a, ok := req.JSON["archived"].(bool); ok {
			ch.Archived = a
		}
		return 200, channelJSON(ch)
	case len(rest) == 1 && rest[0] == "messages" && req.Method == "POST":
		m := s.addMessageLocked(channelID, req.JSON, req.Files)
		return 200, messageJSON(m)
	case len(rest) == 2 && rest[0] == "messages" && req.Method == "PATCH":
		m, ok := s.messages[rest[1]]
		if !ok {
			return 404, discordError(10008, "Unknown Message")
		}
		applyEdit(m, req.JSON, req.Files)
		return 200, messageJSON(m)
	case len(rest) == 3 && rest[0] == "messages" && rest[2] == "threads" && req.Method == "POST":
		return 201, s.addThreadLocked(channelID, req)
	case len(rest) == 1 && rest[0] == "threads" && req.Method == "POST":
		return 201, s.addThreadLocked(channelID, req)
	case len(rest) == 2 && rest[0] == "thread-members" && req.Method == "PUT":
		ch, ok := s.channels[channelID]
		if !ok {
			return 404, discordError(10003, "Unknown Channel")
		}
		ch.Members = append(ch.Members, rest[1])
		return 204, nil
	}
	return 404, discordError(0, "no such channel route")
}

func (s *Server) addThreadLocked(parent string, req *Request) map[string]any {
	name, _ := req.JSON["name"].(string)
	typ := int(num(req.JSON["type"]))
	if typ == 0 {
		typ = 11
	}
	ch := &Channel{ID: s.newIDLocked(), ParentID: parent, Name: name, Type: typ}
	s.channels[ch.ID] = ch
	s.order = append(s.order, ch.ID)
	return channelJSON(ch)
}

func (s *Server) addMessageLocked(channelID string, data map[string]any, files []File) *Message {
	m := &Message{ID: s.newIDLocked(), ChannelID: channelID}
	applyEdit(m, data, files)
	s.messages[m.ID] = m
	s.order = append(s.order, m.ID)
	return m
}

func applyEdit(m *Message, data map[string]any, files []File) {
	if data == nil {
		return
	}
	if c, ok := data["content"].(string); ok {
		m.Content = c
	}
	if e, ok := data["embeds"].([]any); ok {
		m.Embeds = e
	}
	if c, ok := data["components"].([]any); ok {
		m.Components = c
	}
	if f, ok := data["flags"]; ok {
		m.Flags = int(num(f))
		m.Ephemeral = m.Flags&64 != 0
	}
	if len(files) > 0 {
		m.Files = files
	}
}

func num(v any) float64 {
	f, _ := v.(float64)
	return f
}

func messageJSON(m *Message) map[string]any {
	return map[string]any{
		"id": m.ID, "channel_id": m.ChannelID, "content": m.Content,
		"embeds": orEmpty(m.Embeds), "components": orEmpty(m.Components), "flags": m.Flags,
		"author":    map[string]any{"id": "1000", "username": "Bermuda", "bot": true},
		"timestamp": time.Now().UTC().Format(time.RFC3339),
	}
}

func orEmpty(a []any) []any {
	if a == nil {
		return []any{}
	}
	return a
}

func channelJSON(c *Channel) map[string]any {
	return map[string]any{
		"id": c.ID, "parent_id": c.ParentID, "name": c.Name, "type": c.Type,
		"thread_metadata": map[string]any{"archived": c.Archived, "auto_archive_duration": 10080},
	}
}

// ClearFaults drops every pending injected fault.
func (s *Server) ClearFaults() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.faults = nil
}
