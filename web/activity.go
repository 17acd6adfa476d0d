package web

import (
	"encoding/json"
	"io"
	"net/http"
)

// The Activity's server side. Inside Discord the page runs in an iframe
// under <app id>.discordsays.com, where cookies are third-party: the
// Embedded App SDK's authorize gives a code, POST /activity/token
// exchanges it here (with the client secret) and answers the access token
// (for the SDK's authenticate) with a session and its CSRF token, which
// the page holds in memory and sends as "Authorization: Bearer …" with
// its requests. GET /activity/game?channel=… then names the page of the
// game played in that channel (its thread), for a player of it.
//
// Not here yet: the Activity's own page with the SDK bundled (npm
// @discord/embedded-app-sdk, embedded in the binary).

func (s *Server) activityToken(w http.ResponseWriter, r *http.Request) {
	if !s.loginEnabled() {
		answer(w, http.StatusNotFound, actAnswer{Error: "Logging in is not configured on this server."})
		return
	}
	var b struct {
		Code string `json:"code"`
	}
	if err := json.NewDecoder(io.LimitReader(r.Body, 4096)).Decode(&b); err != nil || b.Code == "" {
		answer(w, http.StatusBadRequest, actAnswer{Error: "A bad request."})
		return
	}
	user, token, err := s.exchange(r.Context(), b.Code, false)
	if err != nil {
		s.o.Log.Warn("web: an Activity's login failed", "err", err) // never the code or the token
		answer(w, http.StatusBadGateway, actAnswer{Error: "Discord did not confirm who you are."})
		return
	}
	sess := s.sessionValue(user, s.o.Now().Add(s.o.SessionTTL))
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	json.NewEncoder(w).Encode(map[string]string{"access_token": token, "session": sess, "csrf": s.csrf(sess), "user": user})
}

func (s *Server) activityGame(w http.ResponseWriter, r *http.Request) {
	user, _ := s.session(r)
	if user == "" {
		answer(w, http.StatusUnauthorized, actAnswer{Error: "Log in first."})
		return
	}
	channel := r.URL.Query().Get("channel")
	row, err := s.o.Store.GameByThread(r.Context(), channel)
	// The channel comes from the client: it only chooses which game to
	// open, and only a player of that game learns its address this way.
	if channel == "" || err != nil || seatOf(row.Players, user) < 0 || (s.o.Enabled != nil && !s.o.Enabled(r.Context(), row.GuildID)) {
		answer(w, http.StatusNotFound, actAnswer{Error: "No game of yours is played in this channel."})
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	json.NewEncoder(w).Encode(map[string]any{"page": "/g/" + Token(s.o.Secret, row.ID), "game": row.ID})
}
