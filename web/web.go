// Package web serves a game's page: the board as SVG from the same
// geometry and piece drawings as the PNGs, seen from a seat, the players,
// the clock, the moves with their dice, stepping through the game, the
// review's graph, and live updates (Server-Sent Events) when a move is made
// anywhere. It reads games through Store and hears of moves through a
// live.Source, so it knows nothing of Discord; logging in and playing on
// the page (auth.go, act.go) and Discord's Activity (activity.go) are more
// handlers on the same Server.
//
// Addresses are unguessable: /g/<id>-<mac>, the mac an HMAC-SHA256 of the
// game id under the server's secret (Token), so nothing is stored and every
// replica with the same secret serves the same address. Pages carry
// X-Robots-Tag: noindex and a robots meta tag, and load nothing from other
// hosts (the Content-Security-Policy says so).
package web

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"embed"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/live"
	"github.com/bermudachess/bermuda/render"
)

// Store is what the pages read. db.Store satisfies it.
type Store interface {
	Game(ctx context.Context, id int64) (db.Game, error)
	Moves(ctx context.Context, gameID int64) ([]db.Move, error)
	Review(ctx context.Context, gameID int64) (db.ReviewRow, error)
	PlayerName(ctx context.Context, userID string) (string, error)
	GameByThread(ctx context.Context, threadID string) (db.Game, error)
}

// Options configure a Server.
type Options struct {
	Store  Store
	Events live.Source
	// PublicURL is where the pages are reached, e.g. https://bermuda.example
	// (no trailing slash): Open Graph tags need absolute addresses.
	PublicURL string
	// Secret keys the game addresses' HMAC; the same on every replica.
	Secret []byte
	// Enabled, if set, says whether a server (guild) shows its games on
	// the web; a game of a server that turned it off is "not found".
	Enabled func(ctx context.Context, guildID string) bool
	Log     *slog.Logger
	Now     func() time.Time
	// Logging in with Discord (OAuth2, auth.go): on when ClientID gives
	// an id and ClientSecret is set. APIBase is Discord's base URL
	// (https://discord.com; the fake's in tests); SessionTTL how long a
	// login lasts (default 30 days); HTTPClient makes the code exchange.
	ClientID     func() string
	ClientSecret string
	APIBase      string
	SessionTTL   time.Duration
	HTTPClient   *http.Client
	// Heartbeat is how often an idle event stream sends a comment (keeps
	// proxies from closing it); 0 means 25 s.
	Heartbeat time.Duration
}

// Server serves the pages.
type Server struct {
	o      Options
	mux    *http.ServeMux
	assets map[string]asset  // by hashed name
	hashed map[string]string // name → hashed name
	css    string            // the hashed names
	js     string

	mu       sync.Mutex
	cache    map[cacheKey]*model
	loading  map[cacheKey]*loading // models being built (loadOnce)
	catching map[plyKey]*loading   // reads for pages that heard of a move (afterMove)

	stopping chan struct{} // closed by Stop: event streams end
	stopOnce sync.Once

	actor      atomic.Value // *actorBox: playing on the page (act.go)
	clientIDFn atomic.Value // *func() string (SetClientID)
	limit      *limiter     // per logged-in user
}

// Stop ends the open event streams (at shutdown: an HTTP server's
// Shutdown waits for them otherwise). Pages connect again to another
// replica.
func (s *Server) Stop() { s.stopOnce.Do(func() { close(s.stopping) }) }

type cacheKey struct {
	id     int64
	ply    int
	state  string
	review bool
}

type asset struct {
	body, gz []byte
	ctype    string
}

//go:embed static
var staticFS embed.FS

// New makes a server.
func New(o Options) (*Server, error) {
	if o.Store == nil || o.Events == nil {
		return nil, errors.New("web: a store and an event source are required")
	}
	if len(o.Secret) < 16 {
		return nil, errors.New("web: the secret must be at least 16 bytes")
	}
	o.PublicURL = strings.TrimRight(o.PublicURL, "/")
	if o.Log == nil {
		o.Log = slog.Default()
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.APIBase == "" {
		o.APIBase = "https://discord.com"
	}
	o.APIBase = strings.TrimRight(o.APIBase, "/")
	if o.SessionTTL == 0 {
		o.SessionTTL = 30 * 24 * time.Hour
	}
	if o.HTTPClient == nil {
		o.HTTPClient = &http.Client{Timeout: 15 * time.Second}
	}
	if o.Heartbeat == 0 {
		o.Heartbeat = 25 * time.Second
	}
	s := &Server{o: o, mux: http.NewServeMux(), assets: map[string]asset{}, hashed: map[string]string{}, cache: map[cacheKey]*model{}, loading: map[cacheKey]*loading{},
		catching: map[plyKey]*loading{},
		stopping: make(chan struct{}), limit: &limiter{burst: 8, every: time.Second, buckets: map[string]*bucket{}}}
	for _, a := range []struct{ name, ctype string }{{"page.css", "text/css; charset=utf-8"},
		{"board.js", "text/javascript; charset=utf-8"}, {"activity.js", "text/javascript; charset=utf-8"}} {
		if err := s.addAsset(a.name, a.ctype); err != nil {
			return nil, err
		}
	}
	s.css, s.js = s.hashed["page.css"], s.hashed["board.js"]
	s.mux.HandleFunc("GET /g/{token}", s.page)
	s.mux.HandleFunc("GET /g/{token}/data.json", s.dataJSON)
	s.mux.HandleFunc("GET /g/{token}/events", s.events)
	s.mux.HandleFunc("GET /g/{token}/board.png", s.boardPNG)
	s.mux.HandleFunc("GET /g/{token}/me.json", s.me)
	s.mux.HandleFunc("POST /g/{token}/move", s.act("move"))
	s.mux.HandleFunc("POST /g/{token}/resign", s.act("resign"))
	s.mux.HandleFunc("POST /g/{token}/draw", s.act("draw"))
	s.mux.HandleFunc("GET /login", s.login)
	s.mux.HandleFunc("GET /oauth/callback", s.callback)
	s.mux.HandleFunc("GET /logout", s.logout)
	s.mux.HandleFunc("GET /static/{name}", s.static)
	s.mountActivity()
	s.mux.HandleFunc("GET /robots.txt", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		io.WriteString(w, "User-agent: *\nDisallow: /\n")
	})
	return s, nil
}

// Handler serves /g/…, /static/…, /robots.txt, the logins and the
// Activity (/activity/…).
func (s *Server) Handler() http.Handler { return s.mux }

// Token is a game's address part: its id and an HMAC of it.
func Token(secret []byte, id int64) string {
	m := hmac.New(sha256.New, secret)
	fmt.Fprintf(m, "bermuda game %d", id)
	return strconv.FormatInt(id, 10) + "-" + base64.RawURLEncoding.EncodeToString(m.Sum(nil)[:16])
}

// GameURL is the page of game id.
func (s *Server) GameURL(id int64) string { return s.o.PublicURL + "/g/" + Token(s.o.Secret, id) }

// gameOf checks a token and returns its game id.
func (s *Server) gameOf(token string) (int64, bool) {
	idText, _, ok := strings.Cut(token, "-")
	if !ok {
		return 0, false
	}
	id, err := strconv.ParseInt(idText, 10, 64)
	if err != nil || id <= 0 {
		return 0, false
	}
	return id, hmac.Equal([]byte(Token(s.o.Secret, id)), []byte(token))
}

func notFound(w http.ResponseWriter) {
	w.Header().Set("X-Robots-Tag", "noindex, nofollow")
	http.Error(w, "No such game.", http.StatusNotFound)
}

// errHidden is a game that is not shown: unknown, or its server turned
// the pages off (both answer 404).
var errHidden = errors.New("no such game")

// model loads (or reuses) the model of the game a request names; nil after
// an answer was written.
func (s *Server) model(w http.ResponseWriter, r *http.Request) *model {
	id, ok := s.gameOf(r.PathValue("token"))
	if !ok {
		notFound(w)
		return nil
	}
	m, err := s.current(r.Context(), id)
	return s.modelOrError(w, id, m, err)
}

func (s *Server) modelOrError(w http.ResponseWriter, id int64, m *model, err error) *model {
	if errors.Is(err, errHidden) {
		notFound(w)
		return nil
	}
	if err != nil {
		s.o.Log.Error("web: loading a game", "game", id, "err", err)
		http.Error(w, "The game could not be read.", http.StatusInternalServerError)
		return nil
	}
	return m
}

// current is the model of game id as it stands: its row is read (and its
// server's switch asked), and the model built for that row reused.
func (s *Server) current(ctx context.Context, id int64) (*model, error) {
	row, err := s.o.Store.Game(ctx, id)
	if errors.Is(err, db.ErrNotFound) {
		return nil, errHidden
	}
	if err != nil {
		return nil, fmt.Errorf("reading the game: %w", err)
	}
	if s.o.Enabled != nil && !s.o.Enabled(ctx, row.GuildID) {
		return nil, errHidden
	}
	reviewed := false
	if row.State != "active" {
		if rv, err := s.o.Store.Review(ctx, id); err == nil && rv.State == "done" {
			reviewed = true
		}
	}
	key := cacheKey{id, row.Ply, row.State, reviewed}
	s.mu.Lock()
	m := s.cache[key]
	s.mu.Unlock()
	if m != nil && m.row.Deadline.Equal(row.Deadline) {
		return m, nil
	}
	return s.loadOnce(ctx, key, reviewed)
}

// loading is a model being built; its waiters read m and err once done is
// closed.
type loading struct {
	done chan struct{}
	m    *model
	err  error
}

// loadOnce builds the model of key's game once however many requests ask
// for it at the same moment (after a move, every open page fetches
// data.json at once: 200 pages were 200 replays), and caches it.
func (s *Server) loadOnce(ctx context.Context, key cacheKey, reviewed bool) (*model, error) {
	s.mu.Lock()
	if l := s.loading[key]; l != nil {
		s.mu.Unlock()
		select {
		case <-l.done:
			return l.m, l.err
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	l := &loading{done: make(chan struct{})}
	s.loading[key] = l
	s.mu.Unlock()
	func() {
		// A panic must not leave the others waiting for ever.
		defer func() {
			if p := recover(); p != nil {
				l.m, l.err = nil, fmt.Errorf("building game %d's page: %v", key.id, p)
			}
		}()
		// Not the first reader's cancellation: the others wait for this load.
		read := s.o.Now()
		l.m, l.err = load(context.WithoutCancel(ctx), s.o.Store, key.id)
		if l.m != nil {
			l.m.read = read
		}
	}()
	s.mu.Lock()
	delete(s.loading, key)
	if l.err == nil {
		if len(s.cache) >= 64 {
			clear(s.cache)
		}
		s.cache[cacheKey{key.id, l.m.row.Ply, l.m.row.State, reviewed}] = l.m
	}
	s.mu.Unlock()
	close(l.done)
	return l.m, l.err
}

// headers every page and answer about a game carries.
func pageHeaders(w http.ResponseWriter) {
	h := w.Header()
	h.Set("X-Robots-Tag", "noindex, nofollow")
	h.Set("Referrer-Policy", "no-referrer") // the address is the secret
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Security-Policy", "default-src 'none'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'self' https://discord.com https://*.discordsays.com")
}

// write sends body, gzipped when the client takes it.
func write(w http.ResponseWriter, r *http.Request, ctype string, body []byte) {
	w.Header().Set("Content-Type", ctype)
	w.Header().Add("Vary", "Accept-Encoding")
	if strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") && len(body) > 512 {
		w.Header().Set("Content-Encoding", "gzip")
		w.Write(gzipped(body))
		return
	}
	w.Write(body)
}

// gzippers are reused: a new writer allocates about a megabyte, and after
// a move every open page asks for data.json at once (a fresh writer per
// answer was a third of the CPU of 200 pages catching up, and most of the
// garbage).
var gzippers = sync.Pool{New: func() any {
	z, _ := gzip.NewWriterLevel(io.Discard, gzip.BestSpeed)
	return z
}}

func gzipped(b []byte) []byte {
	var buf bytes.Buffer
	z := gzippers.Get().(*gzip.Writer)
	z.Reset(&buf)
	z.Write(b)
	z.Close()
	gzippers.Put(z)
	return buf.Bytes()
}

// addAsset serves static/name under a name with its hash (cached for a
// year: a new build has new names).
func (s *Server) addAsset(name, ctype string) error {
	body, err := fs.ReadFile(staticFS, "static/"+name)
	if err != nil {
		return err
	}
	sum := sha256.Sum256(body)
	base, ext, _ := strings.Cut(name, ".")
	hashed := fmt.Sprintf("%s.%x.%s", base, sum[:5], ext)
	s.hashed[name] = hashed
	s.assets[hashed] = asset{body: body, gz: gzipped(body), ctype: ctype}
	return nil
}

func (s *Server) static(w http.ResponseWriter, r *http.Request) {
	a, ok := s.assets[r.PathValue("name")]
	if !ok {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("Content-Type", a.ctype)
	w.Header().Add("Vary", "Accept-Encoding")
	if strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
		w.Header().Set("Content-Encoding", "gzip")
		w.Write(a.gz)
		return
	}
	w.Write(a.body)
}

// dataJSON is the page's data; ?from=N leaves out the positions and moves
// before ply N (a page that has them asks for the rest); ?ply=M says that
// the page heard of move M (its event), which a model already read may
// answer (modelAfterMove).
func (s *Server) dataJSON(w http.ResponseWriter, r *http.Request) {
	var m *model
	if ply, err := strconv.Atoi(r.URL.Query().Get("ply")); err == nil && ply > 0 {
		m = s.modelAfterMove(w, r, ply)
	} else {
		m = s.model(w, r)
	}
	if m == nil {
		return
	}
	from, err := strconv.Atoi(r.URL.Query().Get("from"))
	if err != nil || from < 0 || from > len(m.data.Moves) {
		from = 0
	}
	gz := strings.Contains(r.Header.Get("Accept-Encoding"), "gzip")
	a, err := m.answer(from, gz, false)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	pageHeaders(w)
	h := w.Header()
	h.Set("Cache-Control", "no-store")
	h.Set("Content-Type", "application/json")
	h.Add("Vary", "Accept-Encoding")
	if a.gz {
		h.Set("Content-Encoding", "gzip")
	}
	w.Write(a.body)
}

// answers are a model's data.json answers, encoded once: after a move
// every open page asks for the same one (from the moves it had), and
// encoding and compressing it for each was much of the work of answering.
type answers struct {
	mu  sync.Mutex
	enc map[answerKey]encoded
}

type answerKey struct {
	from  int
	gz    bool
	event bool // for a move's event (moveEvent)
}

type encoded struct {
	body []byte
	gz   bool // body is gzip-compressed
}

// answer is data.json from ply from on (0 ≤ from ≤ the moves), encoded
// once. Only the whole game (from 0, not for an event) carries the board's
// geometry and the marks' styles: a page that has a move has them.
func (m *model) answer(from int, gz, event bool) (encoded, error) {
	return m.answers.get(answerKey{from, gz, event}, func() (encoded, error) {
		d := m.data
		if from > 0 || event {
			d.From = from
			d.Moves = d.Moves[from:]
			d.Pos = d.Pos[from:]
			d.Geo = [2]geoData{}
			d.Marks = nil
		}
		body, err := json.Marshal(d)
		if gz && len(body) > 512 {
			return encoded{gzipped(body), true}, err
		}
		return encoded{body, false}, err
	})
}

// get returns the answer for k, encoding it first if no request did.
func (as *answers) get(k answerKey, encode func() (encoded, error)) (encoded, error) {
	as.mu.Lock()
	defer as.mu.Unlock()
	if a, ok := as.enc[k]; ok {
		return a, nil
	}
	a, err := encode()
	if err != nil {
		return a, err
	}
	if as.enc == nil || len(as.enc) >= 16 {
		as.enc = map[answerKey]encoded{}
	}
	as.enc[k] = a
	return a, nil
}

// boardPNG is the last position as the bot draws it, for link previews.
func (s *Server) boardPNG(w http.ResponseWriter, r *http.Request) {
	m := s.model(w, r)
	if m == nil {
		return
	}
	png, err := render.Render(m.views[len(m.views)-1], render.Options{CellPx: 48})
	if err != nil {
		http.Error(w, "The board could not be drawn.", http.StatusInternalServerError)
		return
	}
	w.Header().Set("X-Robots-Tag", "noindex, nofollow")
	w.Header().Set("Content-Type", "image/png")
	w.Header().Set("Cache-Control", "public, max-age=60")
	w.Write(png)
}

// events streams a game's changes: one "move" event per change, with the
// number of moves now stored (-1: look), and a comment every Heartbeat.
// A move's event carries the move (moveEvent); otherwise the page fetches
// what it lacks from data.json.
func (s *Server) events(w http.ResponseWriter, r *http.Request) {
	id, ok := s.gameOf(r.PathValue("token"))
	if !ok {
		notFound(w)
		return
	}
	row, err := s.o.Store.Game(r.Context(), id)
	if err != nil || (s.o.Enabled != nil && !s.o.Enabled(r.Context(), row.GuildID)) {
		notFound(w)
		return
	}
	fl, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "streaming is not supported", http.StatusInternalServerError)
		return
	}
	ch, stop := s.o.Events.Subscribe(id)
	defer stop()
	// A stream outlives the server's read and write timeouts: clear the
	// read deadline (its expiry would cancel the request) and move the
	// write deadline on before each write.
	rc := http.NewResponseController(w)
	rc.SetReadDeadline(time.Time{})
	extend := func() { rc.SetWriteDeadline(time.Now().Add(s.o.Heartbeat + 10*time.Second)) }
	extend()
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	h.Set("X-Robots-Tag", "noindex, nofollow")
	// The state as it stands, so a page that missed a move while it
	// connected catches up at once.
	fmt.Fprintf(w, "retry: 2000\nevent: move\ndata: {\"ply\":%d,\"state\":%q}\n\n", row.Ply, row.State)
	fl.Flush()
	tick := time.NewTicker(s.o.Heartbeat)
	defer tick.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case <-s.stopping:
			return
		case ev := <-ch:
			msg := s.moveEvent(r.Context(), id, ev.Ply)
			extend()
			if _, err := io.WriteString(w, msg); err != nil {
				return
			}
			fl.Flush()
		case <-tick.C:
			extend()
			if _, err := io.WriteString(w, ": keep-alive\n\n"); err != nil {
				return
			}
			fl.Flush()
		}
	}
}

// page is the game's HTML page. ?ply=N shows the position after N moves,
// ?seat=1|2 puts that seat at the bottom, ?flip=1 turns the board: links
// that work without JavaScript, which the script takes over.
func (s *Server) page(w http.ResponseWriter, r *http.Request) {
	m := s.model(w, r)
	if m == nil {
		return
	}
	q := r.URL.Query()
	last := len(m.data.Pos) - 1
	ply := last
	if n, err := strconv.Atoi(q.Get("ply")); err == nil && n >= 0 && n <= last {
		ply = n
	}
	seat := 0
	if q.Get("seat") == "2" {
		seat = 1
	}
	flip := q.Get("flip") == "1"
	orient := seat
	if flip {
		orient = 1 - seat
	}
	var buf bytes.Buffer
	if err := pageTemplate.Execute(&buf, s.pageData(m, ply, seat, flip, orient)); err != nil {
		s.o.Log.Error("web: page", "game", m.row.ID, "err", err)
		http.Error(w, "The page could not be made.", http.StatusInternalServerError)
		return
	}
	pageHeaders(w)
	w.Header().Set("Cache-Control", "no-store")
	write(w, r, "text/html; charset=utf-8", buf.Bytes())
}
