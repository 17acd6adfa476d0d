package fakediscord

import (
	"encoding/json"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
)

// The REST routes a game bot uses, answered from the fake's state. Every
// function here is called with the fake's lock held.

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
				describeFiles(req)
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

// describeFiles gives each uploaded file the description Discord reads
// from the JSON part's "attachments" (an interaction response's under
// "data"): the entry whose id is the file's index n in files[n].
func describeFiles(req *Request) {
	atts, _ := req.JSON["attachments"].([]any)
	if data, ok := req.JSON["data"].(map[string]any); ok && atts == nil {
		atts, _ = data["attachments"].([]any)
	}
	for _, a := range atts {
		m, _ := a.(map[string]any)
		d, _ := m["description"].(string)
		var n int
		switch id := m["id"].(type) {
		case float64:
			n = int(id)
		case string:
			var err error
			if n, err = strconv.Atoi(id); err != nil {
				continue
			}
		default:
			continue
		}
		if n >= 0 && n < len(req.Files) && d != "" {
			req.Files[n].Description = d
		}
	}
}

func discordError(code int, msg string) map[string]any {
	return map[string]any{"code": code, "message": msg}
}

// routeLocked answers one REST request.
func (s *Server) routeLocked(req *Request) (int, any) {
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
	case req.Method == "GET" && req.Path == "/oauth2/applications/@me":
		return 200, map[string]any{"id": s.AppID, "name": "Bermuda", "bot_public": true}
	case req.Method == "POST" && req.Path == "/users/@me/channels":
		return s.openDMLocked(req)
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
	in.callbacks++
	typ := int(num(req.JSON["type"]))
	in.responseType = typ
	data, _ := req.JSON["data"].(map[string]any)
	switch typ {
	case 4, 5:
		m := s.addMessageLocked(in.channelID, data, req.Files)
		m.InteractionID = in.id
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
		m.InteractionID, m.Followup = in.id, true
		return 200, s.messageJSONLocked(m)
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
		if req.Method == "DELETE" {
			s.deleteMessageLocked(m)
			return 204, nil
		}
		return 200, s.messageJSONLocked(m)
	}
	return 404, discordError(0, "no such webhook route")
}

func (s *Server) channelLocked(channelID string, rest []string, req *Request) (int, any) {
	if s.deleted[channelID] {
		return 404, discordError(10003, "Unknown Channel")
	}
	if user, ok := s.dmUsers[channelID]; ok && s.dmRefused[user] && req.Method == "POST" && len(rest) == 1 && rest[0] == "messages" {
		return 403, discordError(50007, "Cannot send messages to this user")
	}
	if ch, ok := s.channels[channelID]; ok && ch.Archived && req.Method == "POST" && len(rest) == 1 && rest[0] == "messages" {
		// A bot post unarchives a thread, as on Discord.
		ch.Archived = false
	}
	switch {
	case len(rest) == 0 && req.Method == "GET":
		ch, ok := s.channels[channelID]
		if !ok {
			return 404, discordError(10003, "Unknown Channel")
		}
		return 200, channelJSON(ch)
	case len(rest) == 0 && req.Method == "PATCH":
		ch, ok := s.channels[channelID]
		if !ok {
			return 404, discordError(10003, "Unknown Channel")
		}
		if a, ok := req.JSON["archived"].(bool); ok {
			ch.Archived = a
		}
		return 200, channelJSON(ch)
	case len(rest) == 1 && rest[0] == "messages" && req.Method == "GET":
		return 200, s.recentMessagesLocked(channelID, req)
	case len(rest) == 1 && rest[0] == "messages" && req.Method == "POST":
		// nonce + enforce_nonce: the same nonce within a few minutes gives
		// back the message already made (the bot is the only author here).
		nonce, _ := req.JSON["nonce"].(string)
		enforce, _ := req.JSON["enforce_nonce"].(bool)
		key := channelID + "/" + nonce
		if nonce != "" && enforce {
			if id, ok := s.nonces[key]; ok {
				if m, ok := s.messages[id]; ok && time.Since(m.postedAt) < nonceLife {
					return 200, s.messageJSONLocked(m)
				}
			}
		}
		m := s.addMessageLocked(channelID, req.JSON, req.Files)
		if nonce != "" && enforce {
			m.nonce = nonce
			s.nonces[key] = m.ID
		}
		return 200, s.messageJSONLocked(m)
	case len(rest) == 2 && rest[0] == "messages" && req.Method == "PATCH":
		m, ok := s.messages[rest[1]]
		if !ok {
			return 404, discordError(10008, "Unknown Message")
		}
		applyEdit(m, req.JSON, req.Files)
		return 200, s.messageJSONLocked(m)
	case len(rest) == 3 && rest[0] == "messages" && rest[2] == "threads" && req.Method == "POST":
		if _, taken := s.channels[rest[1]]; taken {
			return 400, discordError(160004, "A thread has already been created for this message")
		}
		return 201, s.addThreadLocked(channelID, rest[1], req)
	case len(rest) == 1 && rest[0] == "threads" && req.Method == "POST":
		return 201, s.addThreadLocked(channelID, "", req)
	case len(rest) == 1 && rest[0] == "typing" && req.Method == "POST":
		if _, ok := s.channels[channelID]; !ok {
			return 404, discordError(10003, "Unknown Channel")
		}
		return 204, nil
	case len(rest) == 2 && rest[0] == "thread-members" && req.Method == "PUT":
		ch, ok := s.channels[channelID]
		if !ok {
			return 404, discordError(10003, "Unknown Channel")
		}
		if !slices.Contains(ch.Members, rest[1]) {
			ch.Members = append(ch.Members, rest[1])
		}
		return 204, nil
	}
	return 404, discordError(0, "no such channel route")
}

// nonceLife is how long Discord remembers a message nonce ("a few minutes").
const nonceLife = 5 * time.Minute

// recentMessagesLocked lists a channel's messages newest first, as
// GET /channels/{c}/messages does; ephemeral ones are nobody's history.
func (s *Server) recentMessagesLocked(channelID string, req *Request) []any {
	limit := 50
	if n, err := strconv.Atoi(req.Query.Get("limit")); err == nil && n > 0 && n <= 100 {
		limit = n
	}
	out := []any{}
	ids := s.inChannel[channelID]
	for i := len(ids) - 1; i >= 0 && len(out) < limit; i-- {
		if m := s.messages[ids[i]]; !m.Ephemeral {
			out = append(out, s.messageJSONLocked(m))
		}
	}
	return out
}

// addThreadLocked makes a thread; one started from a message has that
// message's id, as on Discord.
func (s *Server) addThreadLocked(parent, fromMessage string, req *Request) map[string]any {
	name, _ := req.JSON["name"].(string)
	typ := int(num(req.JSON["type"]))
	if typ == 0 {
		typ = 11
	}
	id := fromMessage
	if id == "" {
		id = s.newIDLocked()
	}
	ch := &Channel{ID: id, ParentID: parent, Name: name, Type: typ}
	s.channels[ch.ID] = ch
	s.chanOrder = append(s.chanOrder, ch.ID)
	return channelJSON(ch)
}

func (s *Server) addMessageLocked(channelID string, data map[string]any, files []File) *Message {
	m := &Message{ID: s.newIDLocked(), ChannelID: channelID, postedAt: time.Now()}
	applyEdit(m, data, files)
	s.messages[m.ID] = m
	s.order = append(s.order, m.ID)
	s.inChannel[channelID] = append(s.inChannel[channelID], m.ID)
	if len(files) > 0 {
		s.uploads[channelID]++
	}
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
	if am, ok := data["allowed_mentions"].(map[string]any); ok {
		m.Pings = nil
		users, _ := am["users"].([]any)
		for _, u := range users {
			if id, ok := u.(string); ok {
				m.Pings = append(m.Pings, id)
			}
		}
	}
}

func num(v any) float64 {
	f, _ := v.(float64)
	return f
}

func (s *Server) messageJSONLocked(m *Message) map[string]any {
	out := map[string]any{
		"id": m.ID, "channel_id": m.ChannelID, "content": m.Content,
		"embeds": orEmpty(m.Embeds), "components": orEmpty(m.Components), "flags": m.Flags,
		"author":    map[string]any{"id": s.BotID, "username": "Bermuda", "bot": true},
		"timestamp": m.postedAt.UTC().Format(time.RFC3339),
	}
	if m.nonce != "" {
		out["nonce"] = m.nonce
	}
	if m.InteractionID != "" {
		meta := map[string]any{"id": m.InteractionID, "type": 2}
		if m.Followup {
			for _, in := range s.interactions {
				if in.id == m.InteractionID {
					meta["original_response_message_id"] = in.original
				}
			}
		}
		out["interaction_metadata"] = meta
	}
	return out
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

// deleteMessageLocked removes a message from its channel, as Discord does
// when an interaction's original response is deleted.
func (s *Server) deleteMessageLocked(m *Message) {
	delete(s.messages, m.ID)
	ids := s.inChannel[m.ChannelID]
	for n, id := range ids {
		if id == m.ID {
			s.inChannel[m.ChannelID] = append(ids[:n:n], ids[n+1:]...)
			break
		}
	}
}
