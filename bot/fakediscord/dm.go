package fakediscord

// Direct messages: POST /users/@me/channels opens (or returns) a user's DM
// channel, and messages posted there are recorded like any channel's. A
// user who does not accept direct messages (RefuseDMs) makes every post to
// their DM channel fail with 403 and Discord's code 50007 ("Cannot send
// messages to this user"), as Discord does; opening the channel still
// works, as it does on Discord.

// openDMLocked answers POST /users/@me/channels {"recipient_id": …}.
func (s *Server) openDMLocked(req *Request) (int, any) {
	user, _ := req.JSON["recipient_id"].(string)
	if user == "" {
		return 400, discordError(50035, "Invalid Form Body (recipient_id)")
	}
	id, ok := s.dms[user]
	if !ok || s.deleted[id] { // a channel deleted (DeleteChannel) is opened anew
		id = s.newIDLocked()
		s.dms[user], s.dmUsers[id] = id, user
	}
	return 200, map[string]any{"id": id, "type": 1, "recipients": []any{map[string]any{"id": user, "username": "user" + user}}}
}

// RefuseDMs makes direct messages to user fail with 50007 (refuse true)
// or go through again (false).
func (s *Server) RefuseDMs(user string, refuse bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.dmRefused[user] = refuse
}

// DMChannel is user's direct-message channel, or "" if the bot never
// opened one.
func (s *Server) DMChannel(user string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.dms[user]
}

// DMs returns copies of the direct messages the bot sent user, oldest
// first (refused ones are not among them).
func (s *Server) DMs(user string) []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.DMsLocked(user)
}

// DMsLocked is DMs for use inside a Wait condition.
func (s *Server) DMsLocked(user string) []Message {
	id, ok := s.dms[user]
	if !ok {
		return nil
	}
	return s.MessagesLocked(id)
}
