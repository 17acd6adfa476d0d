package fakediscord

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"sort"
	"sync"
	"time"

	"github.com/gorilla/websocket"
)

// gatewayState is the fake's side of the gateway: the live connection,
// the session, and the events sent in it (kept for RESUME replays).
type gatewayState struct {
	connMu    sync.Mutex // serialises writes to conn
	conn      *websocket.Conn
	upgrader  websocket.Upgrader
	session   string // id of the current gateway session
	sessions  int
	seq       int64
	log       []event // the session's events, oldest first (bounded)
	dupRate   float64
	dupRng    *rand.Rand
	replayOld int // already-acknowledged events a RESUME replays too
	resumes   int
}

type event struct {
	seq   int64
	name  string
	data  any
	token string // interaction token, for delivery bookkeeping
}

const eventLogSize = 20000

// gateway speaks enough of the gateway protocol for discordgo: HELLO,
// IDENTIFY → READY (a new session), RESUME → the missed events again and
// RESUMED, heartbeats, then dispatches pushed by tests.
func (s *Server) gateway(w http.ResponseWriter, r *http.Request) {
	conn, err := s.gw.upgrader.Upgrade(w, r, nil)
	if err != nil {
		return
	}
	s.dropConn()
	s.gw.connMu.Lock()
	s.gw.conn = conn
	s.gw.connMu.Unlock()
	defer func() {
		s.gw.connMu.Lock()
		if s.gw.conn == conn {
			s.gw.conn = nil
		}
		s.gw.connMu.Unlock()
		conn.Close()
	}()
	s.writeTo(conn, map[string]any{"op": 10, "d": map[string]any{"heartbeat_interval": 45000}})
	for {
		var msg struct {
			Op int             `json:"op"`
			D  json.RawMessage `json:"d"`
		}
		if err := conn.ReadJSON(&msg); err != nil {
			return
		}
		switch msg.Op {
		case 1:
			s.writeTo(conn, map[string]any{"op": 11})
		case 2:
			s.mu.Lock()
			s.gw.sessions++
			s.gw.session = fmt.Sprintf("fake-session-%d", s.gw.sessions)
			s.gw.seq, s.gw.log = 0, nil
			session := s.gw.session
			s.mu.Unlock()
			s.dispatch("READY", map[string]any{
				"v": 9, "session_id": session, "resume_gateway_url": "ws://" + r.Host + "/gw",
				"user":        map[string]any{"id": s.BotID, "username": "Bermuda", "discriminator": "0", "bot": true},
				"application": map[string]any{"id": s.AppID, "flags": 0},
				"guilds":      []any{map[string]any{"id": s.GuildID, "unavailable": true}},
			}, "")
			s.dispatch("GUILD_CREATE", map[string]any{"id": s.GuildID, "name": "Test Server", "channels": []any{}, "members": []any{}, "roles": []any{}}, "")
			s.identifyOnce.Do(func() { close(s.identified) })
		case 6:
			var d struct {
				SessionID string `json:"session_id"`
				Seq       int64  `json:"seq"`
			}
			json.Unmarshal(msg.D, &d)
			s.resume(conn, d.SessionID, d.Seq)
		}
	}
}

// resume replays the session's events after seq (and, to model Discord
// replaying what the client may already have seen, replayOld before it),
// then sends RESUMED. An unknown session gets op 9 (invalid session).
func (s *Server) resume(conn *websocket.Conn, session string, seq int64) {
	s.mu.Lock()
	if session != s.gw.session {
		s.mu.Unlock()
		s.writeTo(conn, map[string]any{"op": 9, "d": false})
		return
	}
	s.gw.resumes++
	from := seq - int64(s.gw.replayOld)
	var replay []event
	for _, e := range s.gw.log {
		if e.seq > from {
			replay = append(replay, e)
		}
	}
	s.mu.Unlock()
	for _, e := range replay {
		if s.writeTo(conn, map[string]any{"op": 0, "t": e.name, "s": e.seq, "d": e.data}) == nil {
			s.markDelivered(e.token)
		}
	}
	s.mu.Lock()
	s.gw.seq++
	n := s.gw.seq
	s.mu.Unlock()
	s.writeTo(conn, map[string]any{"op": 0, "t": "RESUMED", "s": n, "d": map[string]any{}})
}

// Disconnect drops the gateway connection without a close frame, as a
// network failure would; discordgo reconnects and RESUMEs. Events sent
// meanwhile wait for the RESUME.
func (s *Server) Disconnect() { s.dropConn() }

func (s *Server) dropConn() {
	s.gw.connMu.Lock()
	defer s.gw.connMu.Unlock()
	if s.gw.conn != nil {
		s.gw.conn.Close()
		s.gw.conn = nil
	}
}

// Resumes counts the RESUMEs the fake has answered.
func (s *Server) Resumes() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.gw.resumes
}

// SetDuplicates makes a share of interactions (rate, e.g. 0.1) arrive
// twice, and a RESUME replay old events the client had already seen. With
// HTTP delivery the second copy goes to the next replica at the same time.
func (s *Server) SetDuplicates(rate float64, replayOld int, seed uint64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.gw.dupRate, s.gw.replayOld = rate, replayOld
	s.gw.dupRng = rand.New(rand.NewPCG(seed, 16))
}

// WaitReady waits until the bot has identified on the gateway.
func (s *Server) WaitReady(timeout time.Duration) error {
	select {
	case <-s.identified:
		return nil
	case <-time.After(timeout):
		return errors.New("fakediscord: the bot never identified on the gateway")
	}
}

// Sessions counts the gateway sessions (IDENTIFYs) so far.
func (s *Server) Sessions() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.gw.sessions
}

func (s *Server) writeTo(conn *websocket.Conn, v any) error {
	s.gw.connMu.Lock()
	defer s.gw.connMu.Unlock()
	if s.gw.conn != conn || conn == nil {
		return errors.New("fakediscord: that gateway connection is gone")
	}
	conn.SetWriteDeadline(time.Now().Add(5 * time.Second))
	return conn.WriteJSON(v)
}

// dispatch sends an op 0 event with the next sequence number, and keeps it
// for a RESUME. Without a live connection it only keeps it.
func (s *Server) dispatch(name string, d any, token string) error {
	s.mu.Lock()
	s.gw.seq++
	e := event{seq: s.gw.seq, name: name, data: d, token: token}
	if name != "READY" {
		s.gw.log = append(s.gw.log, e)
		if len(s.gw.log) > eventLogSize {
			s.gw.log = append(s.gw.log[:0], s.gw.log[len(s.gw.log)-eventLogSize/2:]...)
		}
	}
	s.mu.Unlock()
	s.gw.connMu.Lock()
	conn := s.gw.conn
	s.gw.connMu.Unlock()
	if conn == nil {
		return nil // replayed on RESUME, or lost with the session
	}
	if err := s.writeTo(conn, map[string]any{"op": 0, "t": name, "s": e.seq, "d": d}); err != nil {
		return nil
	}
	s.markDelivered(token)
	return nil
}

func (s *Server) markDelivered(token string) {
	if token == "" {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if in, ok := s.interactions[token]; ok && in.delivered.IsZero() {
		in.delivered = time.Now()
	}
}

// User is someone clicking and typing in the fake.
type User struct {
	ID, Name string
	Bot      bool
}

// Interaction describes an interaction to dispatch.
type Interaction struct {
	Type      int // 2 command, 3 component, 4 autocomplete, 5 form (modal) submit
	User      User
	ChannelID string
	// ChannelType is the channel's type (0 text, 11 public thread).
	ChannelType int
	ParentID    string
	Name        string            // command name
	Options     []Option          // command options
	CustomID    string            // component custom_id
	MessageID   string            // message the component is on
	Values      []string          // the options chosen in a select menu (component type 3)
	Fields      map[string]string // a submitted form's text inputs by custom_id (type 5)
	AppPerms    string            // app_permissions; default all the bot needs
	MemberPerms string            // the member's permissions; default all
	Roles       []string          // the member's role ids
	Resolved    map[string]any    // resolved users, for user options
	// GuildID is the server it comes from (default: the fake's GuildID);
	// DM sends it from the user's direct messages with the bot instead (no
	// server, no member: the user alone).
	GuildID string
	DM      bool
	// ID and Token are filled by Send when empty; set ID to re-deliver the
	// same interaction.
	ID, Token string
}

// Option is one slash-command option.
type Option struct {
	Name    string
	Type    int // 1 subcommand, 3 string, 4 integer, 5 boolean, 6 user, 8 role
	Value   any
	Focused bool
	Options []Option // a subcommand's options
}

func optionsJSON(opts []Option) []any {
	var out []any
	for _, o := range opts {
		j := map[string]any{"name": o.Name, "type": o.Type}
		if o.Type == 1 {
			j["options"] = optionsJSON(o.Options)
		} else {
			j["value"], j["focused"] = o.Value, o.Focused
		}
		out = append(out, j)
	}
	return out
}

// AllBotPermissions is the invite permission integer from DISCORD.md.
const AllBotPermissions = "309237763072"

// Send dispatches the interaction over the gateway (or, after UseHTTP, in
// a signed POST to a replica) and returns its token. Re-sending an
// Interaction with the same ID and Token models Discord delivering the
// same interaction twice.
func (s *Server) Send(in Interaction) (string, error) {
	in, twice := s.register(in)
	payload, err := s.payload(in)
	if err != nil {
		return "", err
	}
	if s.deliversHTTP() {
		return in.Token, s.post(payload, in.Token, twice)
	}
	err = s.dispatch("INTERACTION_CREATE", payload, in.Token)
	if twice { // Discord delivering the same interaction again
		err = s.dispatch("INTERACTION_CREATE", payload, in.Token)
	}
	return in.Token, err
}

// register gives in an id and token if it has none, starts counting its
// callbacks, and decides whether it is delivered twice.
func (s *Server) register(in Interaction) (Interaction, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if in.ID == "" {
		in.ID = s.newIDLocked()
	}
	if in.Token == "" {
		in.Token = "tok-" + in.ID
	}
	if _, seen := s.interactions[in.Token]; !seen {
		s.interactions[in.Token] = &interaction{id: in.ID, token: in.Token, typ: in.Type, channelID: in.ChannelID, messageID: in.MessageID}
	}
	twice := s.gw.dupRng != nil && s.gw.dupRng.Float64() < s.gw.dupRate
	return in, twice
}

// payload is the interaction as Discord sends it.
func (s *Server) payload(in Interaction) (map[string]any, error) {
	if in.AppPerms == "" {
		in.AppPerms = AllBotPermissions
	}
	if in.MemberPerms == "" {
		in.MemberPerms = "2147483647"
	}
	roles := []any{}
	for _, r := range in.Roles {
		roles = append(roles, r)
	}
	payload := map[string]any{
		"id": in.ID, "application_id": s.AppID, "type": in.Type, "token": in.Token, "version": 1,
		"guild_id": s.GuildID, "channel_id": in.ChannelID, "app_permissions": in.AppPerms,
		"channel": map[string]any{"id": in.ChannelID, "type": in.ChannelType, "parent_id": in.ParentID},
		"member": map[string]any{
			"user":        map[string]any{"id": in.User.ID, "username": in.User.Name, "global_name": in.User.Name, "bot": in.User.Bot},
			"permissions": in.MemberPerms, "roles": roles,
		},
		"locale": "en-US",
	}
	if in.GuildID != "" {
		payload["guild_id"] = in.GuildID
	}
	if in.DM {
		delete(payload, "guild_id")
		payload["user"] = payload["member"].(map[string]any)["user"]
		delete(payload, "member")
		payload["channel"] = map[string]any{"id": in.ChannelID, "type": 1}
	}
	switch in.Type {
	case 2, 4:
		data := map[string]any{"id": "cmd-" + in.Name, "name": in.Name, "type": 1, "options": optionsJSON(in.Options)}
		if in.Resolved != nil {
			data["resolved"] = in.Resolved
		}
		payload["data"] = data
	case 3:
		data := map[string]any{"custom_id": in.CustomID, "component_type": 2}
		if in.Values != nil {
			data["component_type"], data["values"] = 3, in.Values
		}
		payload["data"] = data
		payload["message"] = map[string]any{"id": in.MessageID, "channel_id": in.ChannelID, "content": ""}
	case 5: // a submitted form: one row per text input, in name order
		rows := []any{}
		names := make([]string, 0, len(in.Fields))
		for k := range in.Fields {
			names = append(names, k)
		}
		sort.Strings(names)
		for _, k := range names {
			rows = append(rows, map[string]any{"type": 1, "components": []any{
				map[string]any{"type": 4, "custom_id": k, "value": in.Fields[k]},
			}})
		}
		payload["data"] = map[string]any{"custom_id": in.CustomID, "components": rows}
		if in.MessageID != "" { // a form opened from a message's button
			payload["message"] = map[string]any{"id": in.MessageID, "channel_id": in.ChannelID, "content": ""}
		}
	default:
		return nil, fmt.Errorf("fakediscord: interaction type %d not supported", in.Type)
	}
	return payload, nil
}
