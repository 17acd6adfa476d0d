package fakediscord

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"sync"
)

// OAuth2 for logging in on the game pages: /oauth2/authorize approves at
// once as the user chosen with LoginAs and redirects back with a code;
// POST /api/v10/oauth2/token exchanges a code (once) for a bearer token
// when the client id and secret match OAuthClient; GET
// /api/v10/users/@me with that bearer token names the user.
type oauth struct {
	mu       sync.Mutex
	as       User
	clientID string
	secret   string
	codes    map[string]User // code → user, until exchanged
	tokens   map[string]User // access token → user
	n        int
	// Exchanges counts successful code exchanges.
	exchanges int
}

// OAuthClient sets the client id and secret the token endpoint accepts.
func (s *Server) OAuthClient(id, secret string) {
	s.oauth.mu.Lock()
	s.oauth.clientID, s.oauth.secret = id, secret
	s.oauth.mu.Unlock()
}

// LoginAs makes the authorize page approve as u from now on.
func (s *Server) LoginAs(u User) {
	s.oauth.mu.Lock()
	s.oauth.as = u
	s.oauth.mu.Unlock()
}

// Exchanges is how many codes were exchanged for tokens.
func (s *Server) Exchanges() int {
	s.oauth.mu.Lock()
	defer s.oauth.mu.Unlock()
	return s.oauth.exchanges
}

func (s *Server) mountOAuth(mux *http.ServeMux) {
	o := &s.oauth
	o.codes, o.tokens = map[string]User{}, map[string]User{}
	mux.HandleFunc("GET /oauth2/authorize", func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		o.mu.Lock()
		defer o.mu.Unlock()
		if q.Get("client_id") != o.clientID || q.Get("response_type") != "code" || q.Get("scope") != "identify" || o.as.ID == "" {
			http.Error(w, "invalid authorize request", http.StatusBadRequest)
			return
		}
		o.n++
		code := "code-" + s.NewID()
		o.codes[code] = o.as
		back, err := url.Parse(q.Get("redirect_uri"))
		if err != nil {
			http.Error(w, "bad redirect_uri", http.StatusBadRequest)
			return
		}
		bq := back.Query()
		bq.Set("code", code)
		bq.Set("state", q.Get("state"))
		back.RawQuery = bq.Encode()
		http.Redirect(w, r, back.String(), http.StatusFound)
	})
	mux.HandleFunc("POST /api/v10/oauth2/token", func(w http.ResponseWriter, r *http.Request) {
		r.ParseForm()
		id, secret, ok := r.BasicAuth()
		if !ok {
			id, secret = r.PostForm.Get("client_id"), r.PostForm.Get("client_secret")
		}
		o.mu.Lock()
		defer o.mu.Unlock()
		if id != o.clientID || secret != o.secret || secret == "" {
			w.WriteHeader(http.StatusUnauthorized)
			json.NewEncoder(w).Encode(map[string]string{"error": "invalid_client"})
			return
		}
		u, ok := o.codes[r.PostForm.Get("code")]
		if !ok || r.PostForm.Get("grant_type") != "authorization_code" {
			w.WriteHeader(http.StatusBadRequest)
			json.NewEncoder(w).Encode(map[string]string{"error": "invalid_grant"})
			return
		}
		delete(o.codes, r.PostForm.Get("code"))
		o.exchanges++
		tok := "tok-" + s.NewID()
		o.tokens[tok] = u
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{"access_token": tok, "token_type": "Bearer", "expires_in": 604800, "scope": "identify"})
	})
	mux.HandleFunc("GET /api/v10/users/@me", func(w http.ResponseWriter, r *http.Request) {
		tok, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		o.mu.Lock()
		u, known := o.tokens[tok]
		o.mu.Unlock()
		if !ok || !known {
			w.WriteHeader(http.StatusUnauthorized)
			json.NewEncoder(w).Encode(map[string]any{"message": "401: Unauthorized", "code": 0})
			return
		}
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{"id": u.ID, "username": u.Name, "global_name": u.Name})
	})
}
