package web

import (
	"encoding/json"
	"fmt"
	"html/template"
	"net/url"
	"strconv"
	"strings"
	"time"
)

type pageData struct {
	Title, Description, URL, Image string
	CSS, JS                        string
	Name                           string
	Board, Defs, Graph             template.HTML
	Data                           template.JS
	Players                        []playerRow
	Moves                          []moveRow
	Status, Dice                   string
	Ply, Plies, Seat, Orient       int
	First, Prev, Next, Last, Flip  string
	SeatLinks                      [2]string
	Clock                          *clock
	Result                         string
}

type playerRow struct {
	Name, Role string
	Seat       int
	ToAct      bool
}

type moveRow struct {
	Ply          int
	No, Who, Say string
	Dice         []string
	Href         string
	Current      bool
}

type clock struct {
	Who, Left, ISO string
	Millis         int64
}

func (s *Server) pageData(m *model, ply, seat int, flip bool, orient int) pageData {
	d := &m.data
	link := func(p, st int, fl bool) string {
		q := url.Values{}
		if p != len(d.Pos)-1 {
			q.Set("ply", strconv.Itoa(p))
		}
		if st == 1 {
			q.Set("seat", "2")
		}
		if fl {
			q.Set("flip", "1")
		}
		if len(q) == 0 {
			return "?"
		}
		return "?" + q.Encode()
	}
	last := len(d.Pos) - 1
	pd := pageData{
		Name:  d.Name,
		Title: fmt.Sprintf("%s · %s vs %s", d.Name, d.Players[0], d.Players[1]),
		URL:   s.GameURL(m.row.ID), Image: s.GameURL(m.row.ID) + "/board.png",
		CSS: "/static/" + s.css, JS: "/static/" + s.js,
		Ply: ply, Plies: last, Seat: seat, Orient: orient,
		First: link(0, seat, flip), Prev: link(max(0, ply-1), seat, flip), Next: link(min(last, ply+1), seat, flip),
		Last: link(last, seat, flip), Flip: link(ply, seat, !flip),
		SeatLinks: [2]string{link(ply, 0, false), link(ply, 1, false)},
		Result:    d.Result,
	}
	p := d.Pos[ply]
	pd.Status = p.T
	if p.St != "" {
		pd.Status += " · " + p.St
	}
	if ply > 0 {
		pd.Dice = strings.Join(d.Moves[ply-1].Dice, " · ")
	} else {
		pd.Dice = strings.Join(d.Start, " · ")
	}
	desc := []string{fmt.Sprintf("%s (%s) vs %s (%s)", d.Players[0], d.Roles[0], d.Players[1], d.Roles[1])}
	if d.Result != "" {
		desc = append(desc, d.Result)
	} else {
		desc = append(desc, d.Pos[last].T)
	}
	desc = append(desc, fmt.Sprintf("%d moves", d.Plies))
	pd.Description = strings.Join(desc, " · ")
	for _, st := range []int{1 - orient, orient} { // the bottom seat last, as on the board
		pd.Players = append(pd.Players, playerRow{Name: d.Players[st], Role: d.Roles[st], Seat: st, ToAct: d.ToAct == st})
	}
	if d.ToAct >= 0 && d.Deadline > 0 {
		dl := time.UnixMilli(d.Deadline).UTC()
		pd.Clock = &clock{Who: d.Players[d.ToAct], Left: deadlineText(dl, s.o.Now()), ISO: dl.Format(time.RFC3339), Millis: d.Deadline}
	}
	for i, mv := range d.Moves {
		pd.Moves = append(pd.Moves, moveRow{Ply: i + 1, No: strconv.Itoa(mv.No) + ".", Who: d.Who[mv.Seat], Say: mv.N,
			Dice: mv.Dice, Href: link(i+1, seat, flip), Current: i+1 == ply})
	}
	styleMap := map[int]markStyle{}
	for _, st := range d.Marks {
		styleMap[st.Kind] = st
	}
	pd.Board = template.HTML(boardSVG(&d.Geo[orient], &d.Pos[ply], styleMap, -1))
	pd.Defs = template.HTML(defsSVG(m.pieceCodes()))
	pd.Graph = template.HTML(m.graph)
	js, _ := json.Marshal(d) // escapes <, > and &: safe inside <script>
	pd.Data = template.JS(js)
	return pd
}

var pageTemplate = template.Must(template.New("page").Parse(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>{{.Title}} — Bermuda</title>
<meta name="description" content="{{.Description}}">
<meta property="og:site_name" content="Bermuda">
<meta property="og:type" content="website">
<meta property="og:title" content="{{.Title}}">
<meta property="og:description" content="{{.Description}}">
<meta property="og:url" content="{{.URL}}">
<meta property="og:image" content="{{.Image}}">
<meta name="twitter:card" content="summary_large_image">
<meta name="theme-color" content="#2a2724">
<link rel="stylesheet" href="{{.CSS}}">
<script defer src="{{.JS}}"></script>
</head>
<body>
<header><h1>{{.Name}}</h1></header>
<main class="layout">
<section class="boardcol">
<div id="board" data-ply="{{.Ply}}" data-orient="{{.Orient}}" data-seat="{{.Seat}}">{{.Board}}</div>
<nav class="controls" aria-label="Step through the game">
<a href="{{.First}}" data-step="first" title="Start (Home)">«</a>
<a href="{{.Prev}}" data-step="prev" title="Back (←)">◀</a>
<span id="plyno">{{.Ply}} / {{.Plies}}</span>
<a href="{{.Next}}" data-step="next" title="Forward (→)">▶</a>
<a href="{{.Last}}" data-step="last" title="Latest (End)">»</a>
<a href="{{.Flip}}" id="flip" title="Turn the board (F)">⇅ Flip</a>
</nav>
<p id="status">{{.Status}}</p>
<p id="dice">{{.Dice}}</p>
<p id="cell"></p>
<section id="play" aria-live="polite"><p id="you"></p><div id="choice"></div><div id="acts"></div><p id="playmsg"></p></section>
</section>
<aside>
<section id="players">
{{range .Players}}<p class="player s{{.Seat}}{{if .ToAct}} toact{{end}}"><b>{{.Name}}</b> <span class="role">{{.Role}}</span></p>
{{end}}</section>
<p id="clock">{{if .Clock}}{{.Clock.Who}} to move: <time datetime="{{.Clock.ISO}}" data-ms="{{.Clock.Millis}}">{{.Clock.Left}}</time>{{else}}{{.Result}}{{end}}</p>
<p class="seats">Seen from: <a href="{{index .SeatLinks 0}}">seat 1</a> · <a href="{{index .SeatLinks 1}}">seat 2</a></p>
{{if .Graph}}<section id="review"><h2>Review</h2>{{.Graph}}</section>{{end}}
<section><h2>Moves</h2>
<ol id="moves">{{range .Moves}}<li data-ply="{{.Ply}}"{{if .Current}} class="cur"{{end}}><span class="no">{{.No}}</span> <span class="who">{{.Who}}</span> <a href="{{.Href}}">{{.Say}}</a>{{range .Dice}}<small>{{.}}</small>{{end}}</li>
{{end}}</ol>
</section>
</aside>
</main>
{{.Defs}}
<script type="application/json" id="game-data">{{.Data}}</script>
</body>
</html>
`))
