package web

import (
	"bytes"
	"context"
	"encoding/json"
	"html/template"
	"io"
	"net/http"

	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/games"
)

// The Activity: the game pages inside Discord. Discord loads an Activity
// in an iframe under https://<app id>.discordsays.com, whose proxy sends
// every path to the URL mapping set in the Developer Portal; the mapping
// "/" → "<host>/activity" puts everything the Activity needs under
// /activity/ here: its page, its script (the Embedded App SDK from npm
// with our glue, bundled into static/activity.js by web/activity's build),
// the assets, the game pages' data (/activity/g/…, the same handlers as
// /g/…) and the login. The page asks for everything relative to its own
// directory, so it works behind the proxy and directly alike.
//
// Cookies are third-party in Discord's iframe: the SDK's authorize gives
// a code, POST /activity/token exchanges it here (with the client secret)
// and answers the access token (for the SDK's authenticate) with a session
// and its CSRF token, which the page holds in memory and sends as
// "Authorization: Bearer …". GET /activity/game then names the game a
// deep link's custom_id gives the address of, or the game played in the
// channel (its thread) the Activity was launched in; GET
// /activity/games?guild=… lists the player's own open games in the server.

// activityCSP allows only this host (Discord's proxy, inside Discord) and
// being framed by Discord's clients (discord.com, its ptb and canary
// builds, the proxy's own frames).
const activityCSP = "default-src 'none'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'self' https://discord.com https://*.discord.com https://*.discordsays.com"

func (s *Server) mountActivity() {
	s.mux.HandleFunc("GET /activity", func(w http.ResponseWriter, r *http.Request) {
		// Relative addresses need the directory: /activity/ (Discord's
		// proxy always asks for a directory).
		u := *r.URL
		u.Path = "/activity/"
		http.Redirect(w, r, u.RequestURI(), http.StatusMovedPermanently)
	})
	s.mux.HandleFunc("GET /activity/{$}", s.activityPage)
	s.mux.HandleFunc("GET /activity/static/{name}", s.static)
	inner := http.StripPrefix("/activity", s.mux)
	s.mux.Handle("GET /activity/g/", inner)
	s.mux.Handle("POST /activity/g/", inner)
	s.mux.HandleFunc("GET /g/{token}/defs.svg", s.defs)
	s.mux.HandleFunc("POST /activity/token", s.activityToken)
	s.mux.HandleFunc("GET /activity/game", s.activityGame)
	s.mux.HandleFunc("GET /activity/games", s.activityGames)
}

var activityTemplate = template.Must(template.New("activity").Parse(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>Bermuda</title>
<link rel="stylesheet" href="static/{{.CSS}}">
<script defer src="static/{{.Board}}"></script>
<script defer src="static/{{.JS}}"></script>
</head>
<body class="activity" data-client-id="{{.ClientID}}">
<header><h1 id="title">Bermuda</h1><button type="button" id="tolist" hidden>Your games</button></header>
<p id="msg">Connecting to Discord…</p>
<section id="pick" hidden><h2>Your open games here</h2><ul id="gamelist"></ul></section>
<main class="layout" id="game" hidden>
<section class="boardcol">
<div id="board"></div>
<nav class="controls" aria-label="Step through the game">
<a href="?" data-step="first" title="Start (Home)">«</a>
<a href="?" data-step="prev" title="Back (←)">◀</a>
<span id="plyno"></span>
<a href="?" data-step="next" title="Forward (→)">▶</a>
<a href="?" data-step="last" title="Latest (End)">»</a>
<a href="?" id="flip" title="Turn the board (F)">⇅ Flip</a>
</nav>
<p id="status"></p>
<p id="dice"></p>
<p id="cell"></p>
<section id="play" aria-live="polite"><p id="you"></p><div id="choice"></div><div id="acts"></div><p id="playmsg"></p></section>
</section>
<aside>
<section id="players"></section>
<p id="clock"></p>
<section><h2>Moves</h2><ol id="moves"></ol></section>
</aside>
</main>
<div id="defs"></div>
</body>
</html>
`))

// activityPage is the Activity's page: an empty frame that the script
// fills once Discord has said who the reader is.
func (s *Server) activityPage(w http.ResponseWriter, r *http.Request) {
	var buf bytes.Buffer
	err := activityTemplate.Execute(&buf, map[string]string{"CSS": s.css, "Board": s.js,
		"JS": s.hashed["activity.js"], "ClientID": s.clientID()})
	if err != nil {
		http.Error(w, "The page could not be made.", http.StatusInternalServerError)
		return
	}
	h := w.Header()
	h.Set("X-Robots-Tag", "noindex, nofollow")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Security-Policy", activityCSP)
	h.Set("Cache-Control", "no-store")
	write(w, r, "text/html; charset=utf-8", buf.Bytes())
}

// defs are the SVG symbols a game's board uses (its pieces, the die, the
// glow), which the game page carries inline: the Activity's page shows
// games it learns of later, and fetches them.
func (s *Server) defs(w http.ResponseWriter, r *http.Request) {
	m := s.model(w, r)
	if m == nil {
		return
	}
	pageHeaders(w)
	w.Header().Set("Cache-Control", "no-store")
	write(w, r, "image/svg+xml", []byte(defsSVG(m.pieceCodes())))
}

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

// activityGameRow is a game as the Activity's page opens it: its address
// (token: the page asks for g/<token>/…), the reader's seat (-1 watching)
// and what the list of games shows.
type activityGameRow struct {
	Game     int64  `json:"game"`
	Page     string `json:"page"`
	Token    string `json:"token"`
	Seat     int    `json:"seat"`
	Name     string `json:"name"`
	Opponent string `json:"opponent,omitempty"`
	Turn     bool   `json:"turn"` // the reader is to move
}

func (s *Server) gameRow(ctx context.Context, row db.Game, user string) activityGameRow {
	tok := Token(s.o.Secret, row.ID)
	a := activityGameRow{Game: row.ID, Page: "/g/" + tok, Token: tok, Seat: seatOf(row.Players, user), Name: row.Variant}
	if v, err := games.Lookup(row.Variant); err == nil {
		a.Name = v.Name
	}
	if a.Seat >= 0 {
		a.Opponent = playerName(ctx, s.o.Store, row, 1-a.Seat)
		if m, err := load(ctx, s.o.Store, row.ID); err == nil {
			a.Turn = m.data.ToAct == a.Seat
		}
	}
	return a
}

// activityGame answers the game named by its address (?game=<id>-<mac>: a
// deep link's custom_id) or played in a channel (?channel=: a game's
// thread): for its players, to play; for anyone else logged in, to watch. The
// channel comes from the client, so this lets a logged-in user who names
// a thread's id watch its game: the same as the thread's members see, and
// a thread's id is only known to those who can see the thread (or to
// whoever they tell, who could as well be given the page's address).
func (s *Server) activityGame(w http.ResponseWriter, r *http.Request) {
	user, _ := s.session(r)
	if user == "" {
		answer(w, http.StatusUnauthorized, actAnswer{Error: "Log in first."})
		return
	}
	q := r.URL.Query()
	row, err := db.Game{}, db.ErrNotFound
	if tok := q.Get("game"); tok != "" {
		if id, ok := s.gameOf(tok); ok {
			row, err = s.o.Store.Game(r.Context(), id)
		}
	} else if channel := q.Get("channel"); channel != "" {
		row, err = s.o.Store.GameByThread(r.Context(), channel)
	}
	if err != nil || (s.o.Enabled != nil && !s.o.Enabled(r.Context(), row.GuildID)) {
		answer(w, http.StatusNotFound, actAnswer{Error: "No game is played in this channel."})
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	json.NewEncoder(w).Encode(s.gameRow(r.Context(), row, user))
}

// gameLister is what the list of a player's games needs of the store
// (db.Store has it; the pages' Store interface stays four reads).
type gameLister interface {
	ActiveGames(ctx context.Context, guildID, userID string) ([]db.Game, error)
}

// activityGames lists the reader's open games in a server (the guild the
// Activity was launched in): only the session's own games, whatever the
// client asks.
func (s *Server) activityGames(w http.ResponseWriter, r *http.Request) {
	user, _ := s.session(r)
	if user == "" {
		answer(w, http.StatusUnauthorized, actAnswer{Error: "Log in first."})
		return
	}
	guild := r.URL.Query().Get("guild")
	out := []activityGameRow{}
	if l, ok := s.o.Store.(gameLister); ok && guild != "" && (s.o.Enabled == nil || s.o.Enabled(r.Context(), guild)) {
		rows, err := l.ActiveGames(r.Context(), guild, user)
		if err != nil {
			s.o.Log.Error("web: listing a player's games", "err", err)
			answer(w, http.StatusInternalServerError, actAnswer{Error: "The games could not be read."})
			return
		}
		for _, row := range rows {
			if len(out) == 50 {
				break
			}
			out = append(out, s.gameRow(r.Context(), row, user))
		}
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	json.NewEncoder(w).Encode(map[string]any{"games": out})
}
