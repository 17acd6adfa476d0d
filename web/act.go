package web

import (
	"context"
	"crypto/hmac"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/url"

	"github.com/bermudachess/bermuda/play"
)

// Actor takes a player's actions: *play.Service, the same move path as
// the bot's /move, whose subscribers (the bot) post the board and the dice
// in the game's thread and tell the opponent.
type Actor interface {
	Move(ctx context.Context, r play.Request, text string) (play.MoveResult, error)
	Resign(ctx context.Context, r play.Request) (play.Ended, error)
	OfferDraw(ctx context.Context, r play.Request) (play.DrawResult, error)
	AnswerDraw(ctx context.Context, r play.Request, accept bool) (play.DrawResult, error)
}

type actorBox struct{ a Actor }

// SetClientID sets where the OAuth2 client id comes from (the bot's
// application id, known once it has started).
func (s *Server) SetClientID(f func() string) { s.clientIDFn.Store(&f) }

// SetActor lets logged-in players act on the pages (the bot hands its
// play.Service over once it has made it); until then they only watch.
func (s *Server) SetActor(a Actor) { s.actor.Store(&actorBox{a}) }

func (s *Server) getActor() Actor {
	if b, _ := s.actor.Load().(*actorBox); b != nil {
		return b.a
	}
	return nil
}

// meData is what the page learns about its reader: who they are, their
// seat, the CSRF token for their POSTs, and, on their turn, the legal
// moves (from→to cells with the notation and a label, so a tapped piece's
// targets light up and a choice is offered where several moves share
// them: promotions, declarations).
type meData struct {
	Login  string    `json:"login,omitempty"`  // where to log in ("" when logging in is off)
	Logout string    `json:"logout,omitempty"` // where to log out, once logged in
	User   string    `json:"user,omitempty"`
	Seat   int       `json:"seat"` // -1: not a player
	CSRF   string    `json:"csrf,omitempty"`
	Ply    int       `json:"ply"`
	Play   bool      `json:"play"`            // the page may act (logged in, a player, active, actions wired)
	Offer  int       `json:"offer"`           // the seat with a pending draw offer, -1 none
	Moves  []moveOpt `json:"moves,omitempty"` // only on the reader's turn
}

type moveOpt struct {
	N string `json:"n"`
	F string `json:"f,omitempty"`
	T string `json:"t,omitempty"`
	L string `json:"l,omitempty"`
}

func seatOf(players [2]string, user string) int {
	for i, p := range players {
		if user != "" && p == user {
			return i
		}
	}
	return -1
}

func (s *Server) me(w http.ResponseWriter, r *http.Request) {
	m := s.model(w, r)
	if m == nil {
		return
	}
	pageHeaders(w)
	w.Header().Set("Cache-Control", "no-store")
	user, raw := s.session(r)
	d := meData{Seat: -1, Ply: m.row.Ply, Offer: -1}
	if row, err := s.o.Store.Game(r.Context(), m.row.ID); err == nil {
		d.Offer = row.DrawOfferBy
	}
	if s.loginEnabled() {
		d.Login = "/login?next=" + url.QueryEscape("/g/"+r.PathValue("token"))
	}
	if user != "" {
		d.User, d.CSRF, d.Logout = user, s.csrf(raw), "/logout?next="+url.QueryEscape("/g/"+r.PathValue("token"))
		d.Seat = seatOf(m.row.Players, user)
		d.Play = d.Seat >= 0 && m.row.State == "active" && s.getActor() != nil
		if d.Play && !m.final.Outcome().Over && int(m.final.Turn().Player) == d.Seat {
			for _, mv := range m.final.LegalMoves() {
				d.Moves = append(d.Moves, moveOpt{N: mv.Notation, F: mv.From, T: mv.To, L: mv.Label})
			}
		}
	}
	body, _ := json.Marshal(d)
	write(w, r, "application/json", body)
}

// actBody is what a page POSTs: the ply it saw, its CSRF token, and the
// move's notation (move) or the answer to a draw offer (draw).
type actBody struct {
	Ply    *int   `json:"ply"`
	CSRF   string `json:"csrf"`
	Move   string `json:"move"`
	Accept *bool  `json:"accept"` // draw: nil offers, true accepts, false declines
}

type actAnswer struct {
	OK    bool   `json:"ok"`
	Ply   int    `json:"ply,omitempty"`
	Error string `json:"error,omitempty"`
	Stale bool   `json:"stale,omitempty"` // the page is behind: it catches up
}

func answer(w http.ResponseWriter, status int, a actAnswer) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Robots-Tag", "noindex, nofollow")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(a)
}

// act checks a POST (the game's address, the session, the CSRF token, the
// rate limit) and runs do with the session's user: never a user the client
// names.
func (s *Server) act(kind string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id, ok := s.gameOf(r.PathValue("token"))
		if !ok {
			notFound(w)
			return
		}
		user, raw := s.session(r)
		if user == "" {
			answer(w, http.StatusUnauthorized, actAnswer{Error: "Log in with Discord to play."})
			return
		}
		var b actBody
		if err := json.NewDecoder(io.LimitReader(r.Body, 4096)).Decode(&b); err != nil || b.Ply == nil {
			answer(w, http.StatusBadRequest, actAnswer{Error: "A bad request."})
			return
		}
		if !s.validCSRF(raw, b.CSRF) {
			answer(w, http.StatusForbidden, actAnswer{Error: "This page is stale: reload it."})
			return
		}
		if !s.limit.allow(user, s.o.Now()) {
			answer(w, http.StatusTooManyRequests, actAnswer{Error: "Too many actions: wait a moment."})
			return
		}
		a := s.getActor()
		if a == nil {
			answer(w, http.StatusServiceUnavailable, actAnswer{Error: "Playing on the page is not available here."})
			return
		}
		row, err := s.o.Store.Game(r.Context(), id)
		if err != nil || (s.o.Enabled != nil && !s.o.Enabled(r.Context(), row.GuildID)) {
			notFound(w)
			return
		}
		req := play.Request{GameID: id, UserID: user, AtPly: *b.Ply}
		var ply int
		switch kind {
		case "move":
			var res play.MoveResult
			res, err = a.Move(r.Context(), req, b.Move)
			ply = res.Row.Ply
		case "resign":
			var res play.Ended
			res, err = a.Resign(r.Context(), req)
			ply = res.Row.Ply
		case "draw":
			var res play.DrawResult
			if b.Accept == nil {
				res, err = a.OfferDraw(r.Context(), req)
			} else {
				res, err = a.AnswerDraw(r.Context(), req, *b.Accept)
			}
			ply = res.Row.Ply
		}
		if err != nil {
			s.refused(w, id, err)
			return
		}
		answer(w, http.StatusOK, actAnswer{OK: true, Ply: ply})
	}
}

func (s *Server) validCSRF(raw, got string) bool {
	return got != "" && hmac.Equal([]byte(s.csrf(raw)), []byte(got))
}

// refused words a refusal for the page.
func (s *Server) refused(w http.ResponseWriter, id int64, err error) {
	var ref *play.Refusal
	if !errors.As(err, &ref) {
		s.o.Log.Error("web: a page's action failed", "game", id, "err", err)
		answer(w, http.StatusInternalServerError, actAnswer{Error: "That could not be done: try again."})
		return
	}
	a := actAnswer{Error: capital(ref.Err.Error()) + "."}
	status := http.StatusConflict
	switch {
	case errors.Is(err, play.ErrNotPlayer):
		status = http.StatusForbidden
		a.Error = "Only the game's players can act in it."
	case errors.Is(err, play.ErrIllegal):
		status = http.StatusUnprocessableEntity
		if ref.Move != nil {
			a.Error = ref.Move.Error()
		}
	case errors.Is(err, play.ErrStale), errors.Is(err, play.ErrRaced), errors.Is(err, play.ErrEndedMeanwhile),
		errors.Is(err, play.ErrOver), errors.Is(err, play.ErrNotYourTurn):
		a.Stale = true
	}
	answer(w, status, a)
}

func capital(s string) string {
	if s == "" {
		return s
	}
	return string(s[0]&^0x20) + s[1:]
}
