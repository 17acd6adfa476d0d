package fakediscord

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"time"
)

// gateway speaks just enough of the gateway protocol for discordgo:
// HELLO, IDENTIFY → READY, heartbeats, then dispatches pushed by tests.
func (s *Server) gateway(w http.ResponseWriter, r *http.Request) {
	conn, err := s.upgrader.Upgrade(w, r, nil)
	if err != nil {
		return
	}
	s.connMu.Lock()
	s.conn = conn
	s.connMu.Unlock()
	s.writeOp(map[string]any{"op": 10, "d": map[string]any{"heartbeat_interval": 45000}})
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
			s.writeOp(map[string]any{"op": 11})
		case 2:
			s.dispatch("READY", map[string]any{
				"v": 9, "session_id": "fake-session", "resume_gateway_url": "ws://" + r.Host + "/gw",
				"user":        map[string]any{"id": s.BotID, "username": "Bermuda", "discriminator": "0", "bot": true},
				"application": map[string]any{"id": s.AppID, "flags": 0},
				"guilds":      []any{map[string]any{"id": s.GuildID, "unavailable": true}},
			})
			s.dispatch("GUILD_CREATE", map[string]any{"id": s.GuildID, "name": "Test Server", "channels": []any{}, "members": []any{}, "roles": []any{}})
			s.identifyOnce.Do(func() { close(s.identified) })
		}
	}
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

func (s *Server) writeOp(v any) error {
	s.connMu.Lock()
	defer s.connMu.Unlock()
	if s.conn == nil {
		return errors.New("fakediscord: no gateway connection")
	}
	return s.conn.WriteJSON(v)
}

// dispatch sends an op 0 event with the next sequence number.
func (s *Server) dispatch(event string, d any) error {
	s.mu.Lock()
	s.seq++
	seq := s.seq
	s.mu.Unlock()
	return s.writeOp(map[string]any{"op": 0, "t": event, "s": seq, "d": d})
}

// User is someone clicking and typing in the fake.
type User struct {
	ID, Name string
	Bot      bool
}

// Interaction describes an interaction to dispatch.
type Interaction struct {
	Type      int // 2 command, 3 component, 4 autocomplete
	User      User
	ChannelID string
	// ChannelType is the channel's type (0 text, 11 public thread).
	ChannelType int
	ParentID    string
	Name        string         // command name
	Options     []Option       // command options
	CustomID    string         // component custom_id
	MessageID   string         // message the component is on
	AppPerms    string         // app_permissions; default all the bot needs
	MemberPerms string         // the member's permissions; default all
	Resolved    map[string]any // resolved users, for user options
	// ID and Token are filled by Send when empty; set ID to re-deliver the
	// same interaction.
	ID, Token string
}

// Option is one slash-command option.
type Option struct {
	Name    string
	Type    int // 3 string, 4 integer, 6 user
	Value   any
	Focused bool
}

// AllBotPermissions is the invite permission integer from DISCORD.md.
const AllBotPermissions = "309237763072"

// Send dispatches the interaction over the gateway and returns its token.
// Re-sending an Interaction with the same ID and Token models Discord
// delivering the same interaction twice.
func (s *Server) Send(in Interaction) (string, error) {
	s.mu.Lock()
	if in.ID == "" {
		in.ID = s.newIDLocked()
	}
	if in.Token == "" {
		in.Token = "tok-" + in.ID
	}
	if _, seen := s.interactions[in.Token]; !seen {
		s.interactions[in.Token] = &interaction{id: in.ID, token: in.Token, channelID: in.ChannelID, messageID: in.MessageID}
	}
	s.mu.Unlock()
	if in.AppPerms == "" {
		in.AppPerms = AllBotPermissions
	}
	if in.MemberPerms == "" {
		in.MemberPerms = "2147483647"
	}
	payload := map[string]any{
		"id": in.ID, "application_id": s.AppID, "type": in.Type, "token": in.Token, "version": 1,
		"guild_id": s.GuildID, "channel_id": in.ChannelID, "app_permissions": in.AppPerms,
		"channel": map[string]any{"id": in.ChannelID, "type": in.ChannelType, "parent_id": in.ParentID},
		"member": map[string]any{
			"user":        map[string]any{"id": in.User.ID, "username": in.User.Name, "global_name": in.User.Name, "bot": in.User.Bot},
			"permissions": in.MemberPerms, "roles": []any{},
		},
		"locale": "en-US",
	}
	switch in.Type {
	case 2, 4:
		var opts []any
		for _, o := range in.Options {
			opts = append(opts, map[string]any{"name": o.Name, "type": o.Type, "value": o.Value, "focused": o.Focused})
		}
		data := map[string]any{"id": "cmd-" + in.Name, "name": in.Name, "type": 1, "options": opts}
		if in.Resolved != nil {
			data["resolved"] = in.Resolved
		}
		payload["data"] = data
	case 3:
		payload["data"] = map[string]any{"custom_id": in.CustomID, "component_type": 2}
		payload["message"] = map[string]any{"id": in.MessageID, "channel_id": in.ChannelID, "content": ""}
	default:
		return "", fmt.Errorf("fakediscord: interaction type %d not supported", in.Type)
	}
	return in.Token, s.dispatch("INTERACTION_CREATE", payload)
}
