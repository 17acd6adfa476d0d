package web

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Logging in with Discord: OAuth2's authorization code grant with the
// identify scope. /login sends the browser to Discord's authorize page
// with a random state bound to a short-lived cookie; /oauth/callback
// checks the state, exchanges the code on this server (with the client
// secret), reads who the user is with the access token, forgets the token
// and sets the session cookie: the user id and an expiry, signed with an
// HMAC under the server's secret. Nothing else of the user is kept.

const (
	sessionCookie = "bermuda_session"
	stateCookie   = "bermuda_oauth"
)

// loginEnabled says whether logging in is configured.
func (s *Server) loginEnabled() bool {
	return s.o.ClientSecret != "" && s.clientID() != ""
}

func (s *Server) clientID() string {
	if f, _ := s.clientIDFn.Load().(*func() string); f != nil {
		if id := (*f)(); id != "" {
			return id
		}
	}
	if s.o.ClientID == nil {
		return ""
	}
	return s.o.ClientID()
}

func (s *Server) mac(parts ...string) string {
	m := hmac.New(sha256.New, s.o.Secret)
	io.WriteString(m, strings.Join(parts, "\x00"))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil)[:20])
}

// secure says whether cookies get the Secure attribute: always, unless
// the pages are served over plain http (a developer's machine, tests).
func (s *Server) secure() bool { return !strings.HasPrefix(s.o.PublicURL, "http://") }

// sessionValue is a signed session: user id, expiry (Unix seconds), mac.
func (s *Server) sessionValue(user string, exp time.Time) string {
	e := strconv.FormatInt(exp.Unix(), 10)
	return user + "." + e + "." + s.mac("bermuda session", user, e)
}

// session is the logged-in user of r ("" for none): a cookie whose mac
// checks and whose expiry has not passed. The raw value is returned for
// the CSRF token.
func (s *Server) session(r *http.Request) (user, raw string) {
	value := ""
	if c, err := r.Cookie(sessionCookie); err == nil {
		value = c.Value
	} else if b, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer "); ok {
		value = b // the Activity holds its session in memory (iframe cookies are third-party)
	}
	parts := strings.Split(value, ".")
	if len(parts) != 3 || parts[0] == "" {
		return "", ""
	}
	if !hmac.Equal([]byte(s.mac("bermuda session", parts[0], parts[1])), []byte(parts[2])) {
		return "", ""
	}
	exp, err := strconv.ParseInt(parts[1], 10, 64)
	if err != nil || !s.o.Now().Before(time.Unix(exp, 0)) {
		return "", ""
	}
	return parts[0], value
}

// csrf is the token a page sends back with each POST: an HMAC of the
// session cookie, so it changes with every login and cannot be made
// without the server's secret.
func (s *Server) csrf(raw string) string { return s.mac("bermuda csrf", raw) }

func (s *Server) setCookie(w http.ResponseWriter, name, value, path string, maxAge int) {
	http.SetCookie(w, &http.Cookie{Name: name, Value: value, Path: path, MaxAge: maxAge,
		HttpOnly: true, Secure: s.secure(), SameSite: http.SameSiteLaxMode})
}

// localNext keeps a redirect on this site: a path, never another host.
func localNext(next string) string {
	if !strings.HasPrefix(next, "/") || strings.HasPrefix(next, "//") || strings.ContainsAny(next, "\\\r\n") {
		return "/"
	}
	return next
}

func (s *Server) redirectURI() string { return s.o.PublicURL + "/oauth/callback" }

// login sends the browser to Discord's authorize page.
func (s *Server) login(w http.ResponseWriter, r *http.Request) {
	if !s.loginEnabled() {
		http.Error(w, "Logging in is not configured on this server.", http.StatusNotFound)
		return
	}
	var b [18]byte
	rand.Read(b[:])
	state := base64.RawURLEncoding.EncodeToString(b[:])
	next := localNext(r.URL.Query().Get("next"))
	s.setCookie(w, stateCookie, state+"|"+url.QueryEscape(next), "/oauth", 600)
	q := url.Values{"response_type": {"code"}, "client_id": {s.clientID()}, "scope": {"identify"},
		"state": {state}, "redirect_uri": {s.redirectURI()}, "prompt": {"none"}}
	w.Header().Set("Cache-Control", "no-store")
	http.Redirect(w, r, s.o.APIBase+"/oauth2/authorize?"+q.Encode(), http.StatusFound)
}

// callback takes Discord's answer: checks the state, exchanges the code,
// asks who the user is and sets the session.
func (s *Server) callback(w http.ResponseWriter, r *http.Request) {
	if !s.loginEnabled() {
		http.Error(w, "Logging in is not configured on this server.", http.StatusNotFound)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	c, err := r.Cookie(stateCookie)
	q := r.URL.Query()
	state, nextEsc, _ := strings.Cut(valueOr(c, err), "|")
	if state == "" || !hmac.Equal([]byte(state), []byte(q.Get("state"))) {
		http.Error(w, "This login link is stale: try logging in again.", http.StatusBadRequest)
		return
	}
	s.setCookie(w, stateCookie, "", "/oauth", -1) // used once
	if q.Get("code") == "" {
		http.Error(w, "Discord did not let you in ("+q.Get("error")+").", http.StatusForbidden)
		return
	}
	user, _, err := s.exchange(r.Context(), q.Get("code"), true)
	if err != nil {
		s.o.Log.Warn("web: a login failed", "err", err) // never the code, token or secret
		http.Error(w, "Discord did not confirm who you are: try again.", http.StatusBadGateway)
		return
	}
	exp := s.o.Now().Add(s.o.SessionTTL)
	s.setCookie(w, sessionCookie, s.sessionValue(user, exp), "/", int(s.o.SessionTTL/time.Second))
	next, _ := url.QueryUnescape(nextEsc)
	http.Redirect(w, r, localNext(next), http.StatusFound)
}

func valueOr(c *http.Cookie, err error) string {
	if err != nil {
		return ""
	}
	return c.Value
}

// exchange trades a code for an access token and the token for the user
// id; the token is not kept (the Activity hands it to the SDK). A code
// from the Embedded App SDK's authorize has no redirect URI.
func (s *Server) exchange(ctx context.Context, code string, redirect bool) (user, token string, err error) {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	form := url.Values{"grant_type": {"authorization_code"}, "code": {code}}
	if redirect {
		form.Set("redirect_uri", s.redirectURI())
	}
	req, _ := http.NewRequestWithContext(ctx, "POST", s.o.APIBase+"/api/v10/oauth2/token", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.SetBasicAuth(url.QueryEscape(s.clientID()), url.QueryEscape(s.o.ClientSecret))
	var tok struct {
		AccessToken string `json:"access_token"`
		TokenType   string `json:"token_type"`
	}
	if err := s.doJSON(req, &tok); err != nil {
		return "", "", fmt.Errorf("the code exchange: %w", err)
	}
	if tok.AccessToken == "" {
		return "", "", errors.New("the code exchange gave no token")
	}
	req, _ = http.NewRequestWithContext(ctx, "GET", s.o.APIBase+"/api/v10/users/@me", nil)
	req.Header.Set("Authorization", "Bearer "+tok.AccessToken)
	var me struct {
		ID string `json:"id"`
	}
	if err := s.doJSON(req, &me); err != nil {
		return "", "", fmt.Errorf("users/@me: %w", err)
	}
	if _, err := strconv.ParseUint(me.ID, 10, 64); err != nil {
		return "", "", errors.New("users/@me gave no user id")
	}
	return me.ID, tok.AccessToken, nil
}

func (s *Server) doJSON(req *http.Request, v any) error {
	res, err := s.o.HTTPClient.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(res.Body, 1<<16))
	if res.StatusCode != 200 {
		return fmt.Errorf("HTTP %d", res.StatusCode) // the body may echo what we sent
	}
	return json.Unmarshal(body, v)
}

func (s *Server) logout(w http.ResponseWriter, r *http.Request) {
	s.setCookie(w, sessionCookie, "", "/", -1)
	w.Header().Set("Cache-Control", "no-store")
	http.Redirect(w, r, localNext(r.URL.Query().Get("next")), http.StatusFound)
}

// limiter is a token bucket per session user: Burst actions at once, one
// more every Every.
type limiter struct {
	mu      sync.Mutex
	burst   float64
	every   time.Duration
	buckets map[string]*bucket
}

type bucket struct {
	tokens float64
	at     time.Time
}

func (l *limiter) allow(user string, now time.Time) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	b := l.buckets[user]
	if b == nil {
		if len(l.buckets) > 10000 {
			clear(l.buckets)
		}
		b = &bucket{tokens: l.burst, at: now}
		l.buckets[user] = b
	}
	b.tokens = min(l.burst, b.tokens+float64(now.Sub(b.at))/float64(l.every))
	b.at = now
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}
