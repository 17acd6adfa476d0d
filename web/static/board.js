// The game page's script: steps through the game (buttons, the move list,
// the review's graph, ←/→/Home/End), turns the board (F), marks a clicked
// cell, and follows the game live (Server-Sent Events, then data.json for
// what is new). It draws the board exactly as the server does (web/svg.go:
// the same markup from the same data), so the page without it shows the
// same board. The Activity's page (inside Discord) shows its games with the
// same code: window.bermudaStart.
(function () {
  'use strict';
  // start shows game D in the page's elements. o.base is where the game's
  // answers are (/g/<id>-<mac>, or relative in the Activity); o.headers go
  // with every request (the Activity's session: cookies are third-party
  // in Discord's iframe); o.ply, o.seat, o.orient what the page shows
  // first; o.drawn that the server drew the board already; o.embedded that
  // the page is Discord's Activity (its address stays as Discord made it,
  // and there is no log-out: Discord says who reads). It returns stop().
  function start(D, o) {
    var root = document.getElementById('board');
    var base = o.base, headers = o.headers || {};
    var st = { ply: o.ply, orient: o.orient, seat: o.seat, sel: -1 };
    // Every listener goes with stop() (the Activity opens another game in
    // the same page).
    var life = new AbortController(), on = { signal: life.signal };
    var styles = {};
    D.marks.forEach(function (m) { styles[m.k] = m; });

    function num(v) {
      v = Math.round(v * 100) / 100;
      if (v === 0) return '0';
      return String(v);
    }
    function esc(s) {
      return String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
        .replace(/"/g, '&#34;').replace(/'/g, '&#39;');
    }
    function points(p) {
      var out = [];
      for (var i = 0; i + 1 < p.length; i += 2) out.push(num(p[i]) + ',' + num(p[i + 1]));
      return out.join(' ');
    }
    function shrink(c, d) {
      var out = [];
      for (var i = 0; i + 1 < c.p.length; i += 2) {
        var dx = c.p[i] - c.c[0], dy = c.p[i + 1] - c.c[1];
        var l = Math.hypot(dx, dy), k = 1;
        if (l > 0) k = (l - d) / l;
        out.push(c.c[0] + dx * k, c.c[1] + dy * k);
      }
      return out;
    }
    function dieAt(g, c) {
      var d = g.die;
      if (c.sq) {
        var maxX = -Infinity, minY = Infinity;
        for (var i = 0; i + 1 < c.p.length; i += 2) { maxX = Math.max(maxX, c.p[i]); minY = Math.min(minY, c.p[i + 1]); }
        return [maxX - d - 2, minY + 2];
      }
      return [c.c[0] + g.pp / 2 - d / 2, c.c[1] - g.pp / 2 - d / 3];
    }

    // boardSVG mirrors web/svg.go's boardSVG.
    function boardSVG(g, p, sel) {
      var b = [];
      b.push('<svg xmlns="http://www.w3.org/2000/svg" class="board" viewBox="0 0 ' + g.w + ' ' + g.h + '">');
      b.push('<rect width="' + g.w + '" height="' + g.h + '" fill="' + g.frame + '"/>');
      g.cells.forEach(function (c, i) {
        var s = '<polygon class="c" data-c="' + i + '" points="' + points(c.p) + '" fill="' + c.f + '"';
        if (!c.sq) s += ' stroke="#7a5c40" stroke-width="1.2" stroke-linejoin="round"';
        b.push(s + '/>');
      });
      g.cells.forEach(function (c) {
        if (c.n) b.push('<text class="t" x="' + num(c.c[0]) + '" y="' + num(c.c[1]) + '" font-size="' + g.npx + '" fill="' + g.nink + '">' + esc(c.n) + '</text>');
      });
      g.labels.forEach(function (l) {
        b.push('<text class="t" x="' + num(l.x) + '" y="' + num(l.y) + '" font-size="' + l.px + '" fill="' + l.c + '">' + esc(l.t) + '</text>');
      });
      b.push('<g class="dyn">');
      if (sel >= 0 && sel < g.cells.length) b.push('<polygon class="sel" points="' + points(g.cells[sel].p) + '"/>');
      var marks = p.m || [];
      marks.forEach(function (m) {
        var s = styles[m[1]];
        if (s && s.tint) b.push('<polygon points="' + points(g.cells[m[0]].p) + '" fill="' + s.tint + '" fill-opacity="' + num(s.a) + '"/>');
      });
      marks.forEach(function (m) {
        var s = styles[m[1]];
        if (s && s.glow) {
          var c = g.cells[m[0]].c;
          b.push('<circle cx="' + num(c[0]) + '" cy="' + num(c[1]) + '" r="' + num(g.glow) + '" fill="url(#glow)"/>');
        }
      });
      for (var pass = 1; pass >= 0; pass--) {
        p.p.forEach(function (pc) {
          if (pc[2] !== pass) return;
          var c = g.cells[pc[0]].c, half = g.pp / 2;
          var s = '<use href="#p' + pc[1] + '" x="' + num(c[0] - half) + '" y="' + num(c[1] - half) + '" width="' + g.pp + '" height="' + g.pp + '"';
          if (pc[2] === 1) s += ' opacity="0.38"';
          b.push(s + '/>');
        });
      }
      p.p.forEach(function (pc) {
        var c = g.cells[pc[0]];
        if (!c.n || pc[2] === 1) return;
        var th = g.npx * 1.4, tw = g.npx * 0.62 * c.n.length + g.npx * 0.7;
        var x = c.c[0] + g.pp * 0.3 - tw / 2, y = c.c[1] + g.pp * 0.42 - th;
        b.push('<rect x="' + num(x) + '" y="' + num(y) + '" width="' + num(tw) + '" height="' + num(th) + '" rx="' + num(th / 3) + '" fill="' + g.nink + '" stroke="' + D.plainInk + '"/>');
        b.push('<text class="t" x="' + num(x + tw / 2) + '" y="' + num(y + th / 2) + '" font-size="' + g.npx + '" fill="' + D.plainInk + '">' + esc(c.n) + '</text>');
      });
      marks.forEach(function (m) {
        var s = styles[m[1]];
        if (!s || !s.ring) return;
        var c = g.cells[m[0]], w = g.ring;
        var e = '<polygon points="' + points(shrink(c, w * 0.9)) + '" fill="none" stroke="' + s.ring + '" stroke-width="' + g.ring + '"';
        if (s.dash) e += ' stroke-dasharray="' + num(w * 2.2) + ' ' + num(w * 1.4) + '"';
        b.push(e + '/>');
        if (s.die) {
          var at = dieAt(g, c);
          b.push('<use href="#die" x="' + num(at[0]) + '" y="' + num(at[1]) + '" width="' + g.die + '" height="' + g.die + '"/>');
        }
      });
      b.push('</g></svg>');
      return b.join('');
    }

    var $ = function (id) { return document.getElementById(id); };
    function last() { return D.pos.length - 1; }
    function query(ply, seat, flip) {
      var q = [];
      if (ply !== last()) q.push('ply=' + ply);
      if (seat === 1) q.push('seat=2');
      if (flip) q.push('flip=1');
      return '?' + q.join('&');
    }

    function movesHTML() {
      return D.moves.map(function (m, i) {
        var dice = (m.d || []).map(function (t) { return '<small>' + esc(t) + '</small>'; }).join('');
        return '<li data-ply="' + (i + 1) + '"' + (i + 1 === st.ply ? ' class="cur"' : '') + '><span class="no">' + m.no +
          '.</span> <span class="who">' + esc(D.who[m.s]) + '</span> <a href="' + query(i + 1, st.seat, st.orient !== st.seat) + '">' + esc(m.n) + '</a>' + dice + '</li>';
      }).join('\n');
    }

    function playersHTML() {
      return [1 - st.orient, st.orient].map(function (s) {
        return '<p class="player s' + s + (D.toAct === s ? ' toact' : '') + '"><b>' + esc(D.players[s]) + '</b> <span class="role">' + esc(D.roles[s]) + '</span></p>';
      }).join('\n');
    }

    function left(ms) {
      var d = ms - Date.now();
      if (d <= 0) return 'time is up';
      var h = Math.floor(d / 3600000), days = Math.floor(h / 24), mn = Math.floor(d / 60000) % 60;
      if (days > 0) return days + 'd ' + (h % 24) + 'h left';
      if (h > 0) return h + 'h ' + mn + 'm left';
      return Math.max(mn, 1) + 'm left';
    }
    function clock() {
      var el = $('clock');
      if (D.toAct >= 0 && D.deadline) {
        el.innerHTML = esc(D.players[D.toAct]) + ' to move: <time datetime="' + new Date(D.deadline).toISOString() + '">' + left(D.deadline) + '</time>';
      } else {
        el.textContent = D.result || '';
      }
    }

    var lastMovesLen = -1;
    function draw(keepBoard) {
      var p = D.pos[st.ply];
      if (!keepBoard) root.innerHTML = boardSVG(D.geo[st.orient], p, st.sel);
      highlight();
      root.dataset.ply = st.ply;
      root.dataset.orient = st.orient;
      $('plyno').textContent = st.ply + ' / ' + last();
      $('status').textContent = p.t + (p.st ? ' · ' + p.st : '');
      $('dice').textContent = st.ply > 0 ? (D.moves[st.ply - 1].d || []).join(' · ') : (D.start || []).join(' · ');
      var flip = st.orient !== st.seat;
      var links = { first: 0, prev: Math.max(0, st.ply - 1), next: Math.min(last(), st.ply + 1), last: last() };
      document.querySelectorAll('[data-step]').forEach(function (a) { a.href = query(links[a.dataset.step], st.seat, flip); });
      $('flip').href = query(st.ply, st.seat, !flip);
      var list = $('moves');
      if (lastMovesLen !== D.moves.length) {
        list.innerHTML = movesHTML();
        lastMovesLen = D.moves.length;
      }
      list.querySelectorAll('li').forEach(function (li) { li.classList.toggle('cur', +li.dataset.ply === st.ply); });
      var cur = list.querySelector('li.cur');
      if (cur && cur.scrollIntoView && list.scrollHeight > list.clientHeight) cur.scrollIntoView({ block: 'nearest' });
      $('players').innerHTML = playersHTML();
      var cursor = $('cursor');
      if (cursor) {
        var n = D.moves.length || 1, x = num(600 * st.ply / n);
        cursor.setAttribute('x1', x);
        cursor.setAttribute('x2', x);
      }
      var name = st.sel >= 0 ? D.geo[st.orient].cells[st.sel].id : '';
      $('cell').textContent = name ? 'Cell ' + name : '';
      clock();
    }

    function go(ply, push) {
      ply = Math.max(0, Math.min(last(), ply));
      if (ply === st.ply) return;
      st.ply = ply;
      draw();
      if (push !== false && !o.embedded) history.replaceState(null, '', query(st.ply, st.seat, st.orient !== st.seat));
    }
    function flip() {
      st.orient = 1 - st.orient;
      draw();
      if (!o.embedded) history.replaceState(null, '', query(st.ply, st.seat, st.orient !== st.seat));
    }

    document.querySelector('.controls').addEventListener('click', function (e) {
      var a = e.target.closest('a');
      if (!a) return;
      e.preventDefault();
      if (a.id === 'flip') return flip();
      var s = a.dataset.step;
      go(s === 'first' ? 0 : s === 'prev' ? st.ply - 1 : s === 'next' ? st.ply + 1 : last());
    }, on);
    $('moves').addEventListener('click', function (e) {
      var li = e.target.closest('li');
      if (!li || !e.target.closest('a')) return;
      e.preventDefault();
      go(+li.dataset.ply);
    }, on);
    root.addEventListener('click', function (e) {
      var c = e.target.closest('polygon.c');
      if (!c) return;
      var i = +c.dataset.c;
      if (myTurn() && tap(i)) return;
      st.sel = st.sel === i ? -1 : i;
      draw();
    }, on);
    var graph = document.querySelector('svg.graph');
    if (graph) {
      graph.addEventListener('click', function (e) {
        var r = graph.getBoundingClientRect();
        go(Math.round((e.clientX - r.left) / r.width * D.moves.length));
      }, on);
    }
    document.addEventListener('keydown', function (e) {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      var k = e.key;
      if (k === 'ArrowLeft') go(st.ply - 1);
      else if (k === 'ArrowRight') go(st.ply + 1);
      else if (k === 'Home') go(0);
      else if (k === 'End') go(last());
      else if (k === 'f' || k === 'F') flip();
      else return;
      e.preventDefault();
    }, on);
    var ticking = setInterval(clock, 30000);

    // Playing (for a logged-in player): me.json says who reads the page,
    // their seat, their CSRF token and, on their turn, the legal moves. A
    // tapped piece's targets light up; a tapped target plays the move, or
    // offers the choice where several moves share it (a promotion, a
    // declaration). The server checks everything again: the session, the
    // token, that it is this player's turn at the ply the page saw (else
    // 409, and the page catches up).
    var me = null, busy = false, resignArmed = false;
    st.pick = -1;
    function cellName(i) { return D.geo[st.orient].cells[i].id; }
    function cellIndex(name) {
      var cs = D.geo[st.orient].cells;
      for (var i = 0; i < cs.length; i++) if (cs[i].id === name) return i;
      return -1;
    }
    function myTurn() {
      return !!(me && me.play && me.moves && me.moves.length && me.ply === D.moves.length && st.ply === last() && !busy);
    }
    function movesFrom(i) {
      var n = cellName(i);
      return me.moves.filter(function (m) { return m.f === n; });
    }
    function tap(i) {
      if (st.pick >= 0) {
        var t = cellName(i);
        var ms = movesFrom(st.pick).filter(function (m) { return m.t === t; });
        if (ms.length === 1) { send('move', { move: ms[0].n }); return true; }
        if (ms.length > 1) { choose(ms); return true; }
      }
      $('choice').innerHTML = '';
      if (movesFrom(i).length) { st.pick = st.pick === i ? -1 : i; draw(); return true; }
      if (st.pick >= 0) { st.pick = -1; draw(); return true; }
      return false;
    }
    function choose(ms) {
      $('choice').innerHTML = '<p>Choose:</p>' + ms.map(function (m, k) {
        return '<button type="button" data-k="' + k + '">' + esc(m.l || m.n) + '</button>';
      }).join(' ');
      $('choice').onclick = function (e) {
        var b = e.target.closest('button');
        if (b) send('move', { move: ms[+b.dataset.k].n });
      };
    }
    function highlight() {
      if (st.pick < 0 || !myTurn()) return;
      var g = D.geo[st.orient], svg = root.querySelector('svg');
      if (!svg) return;
      var h = ['<g class="hl">'];
      h.push('<polygon points="' + points(g.cells[st.pick].p) + '" fill="none" stroke="#2fa84f" stroke-width="' + num(g.ring * 1.5) + '"/>');
      movesFrom(st.pick).forEach(function (m) {
        var i = cellIndex(m.t);
        if (i < 0) return;
        var c = g.cells[i];
        h.push('<circle class="tg" data-t="' + i + '" cx="' + num(c.c[0]) + '" cy="' + num(c.c[1]) + '" r="' + num(g.pp * 0.18) + '" fill="#2fa84f" fill-opacity="0.7"/>');
      });
      h.push('</g>');
      svg.insertAdjacentHTML('beforeend', h.join(''));
    }
    function say(t) { $('playmsg').textContent = t || ''; }
    function send(what, body) {
      if (!me || busy) return;
      busy = true;
      body.ply = D.moves.length;
      body.csrf = me.csrf;
      say('');
      fetch(base + '/' + what, { method: 'POST', headers: Object.assign({ 'Content-Type': 'application/json' }, headers), credentials: 'same-origin',
        body: JSON.stringify(body) }).then(function (r) {
        return r.json().catch(function () { return { error: 'HTTP ' + r.status }; });
      }).then(function (a) {
        if (!a.ok) say(a.error || 'That could not be done.');
      }).catch(function () { say('The server could not be reached.'); }).then(function () {
        busy = false;
        st.pick = -1;
        $('choice').innerHTML = '';
        refresh();
      });
    }
    function playUI() {
      var you = $('you'), acts = $('acts');
      if (!me) return;
      if (!me.user) {
        you.innerHTML = me.login ? '<a href="' + esc(me.login) + '">Log in with Discord</a> to play.' : '';
        acts.innerHTML = '';
        return;
      }
      var role = me.seat >= 0 ? 'You play ' + esc(D.roles[me.seat]) + '.' : 'You are watching.';
      you.innerHTML = role + (!o.embedded ? ' <a href="' + esc(me.logout) + '">Log out</a>' : '');
      document.body.dataset.seat = me.seat;
      if (!me.play) { acts.innerHTML = ''; return; }
      var b = [];
      if (me.moves && me.moves.length) {
        b.push('<select id="allmoves" aria-label="All legal moves">' + me.moves.map(function (m) {
          return '<option value="' + esc(m.n) + '">' + esc(m.l || m.n) + '</option>';
        }).join('') + '</select><button type="button" data-act="pick">Play</button>');
      }
      if (me.offer === 1 - me.seat) {
        b.push('<button type="button" data-act="accept">Accept the draw</button><button type="button" data-act="decline">Decline</button>');
      } else if (me.offer !== me.seat) {
        b.push('<button type="button" data-act="draw">Offer a draw</button>');
      }
      b.push('<button type="button" data-act="resign">' + (resignArmed ? 'Really resign?' : 'Resign') + '</button>');
      acts.innerHTML = b.join(' ');
    }
    $('acts').addEventListener('click', function (e) {
      var el = e.target.closest('button');
      if (!el) return;
      var a = el.dataset.act;
      if (a === 'pick') send('move', { move: $('allmoves').value });
      else if (a === 'draw') send('draw', {});
      else if (a === 'accept') send('draw', { accept: true });
      else if (a === 'decline') send('draw', { accept: false });
      else if (a === 'resign') {
        if (!resignArmed) { resignArmed = true; playUI(); return; }
        resignArmed = false;
        send('resign', {});
      }
    }, on);
    function loadMe() {
      fetch(base + '/me.json', { cache: 'no-store', credentials: 'same-origin', headers: headers }).then(function (r) {
        if (!r.ok) throw new Error(r.status);
        return r.json();
      }).then(function (j) {
        me = j;
        if (!myTurn()) st.pick = -1;
        playUI();
        if (me.play) draw();
        document.body.dataset.me = me.user ? (me.moves && me.moves.length ? 'turn' : 'wait') : 'anon';
      }).catch(function () {});
    }

    // Live: the stream says how many moves there are; what is new comes
    // from data.json. A page at the latest position follows the game.
    // refresh(n) follows move n's event: the server may answer from the
    // game as it read it after that move (data.json?ply=n) instead of
    // reading it again for every open page; refresh() reads the game (a
    // look: an end, a draw offer, a reconnection, the reader's own action).
    // A refresh asked for while one runs runs after it: a look if any was
    // a look, else for the latest move.
    var fetching = false, pending = -1; // -1 none, 0 a look, n move n
    // apply takes data J (data.json's, from J.from on; without the board's
    // geometry unless it is the whole game) as the game.
    function apply(j) {
      var atEnd = st.ply === last();
      if (j.from > 0 || !j.geo) {
        j.moves = D.moves.slice(0, j.from).concat(j.moves);
        j.pos = D.pos.slice(0, j.from).concat(j.pos);
        j.geo = D.geo;
        j.marks = D.marks;
      }
      D = j;
      lastMovesLen = -1;
      if (atEnd || st.ply > last()) st.ply = last();
      draw();
      document.body.dataset.plies = D.moves.length;
      // A reader who is not logged in has nothing new in me.json: the
      // log-in link stays (and 200 readers would ask after every move).
      if (!me || me.user) loadMe();
    }
    function refresh(ply) {
      ply = ply || 0;
      if (fetching) {
        pending = pending < 0 ? ply : ply && pending ? Math.max(ply, pending) : 0;
        return;
      }
      if (ply && D.moves.length >= ply) return; // it has that move
      fetching = true;
      var from = D.moves.length;
      fetch(base + '/data.json?from=' + from + (ply ? '&ply=' + ply : ''), { cache: 'no-store' }).then(function (r) {
        if (!r.ok) throw new Error(r.status);
        return r.json();
      }).then(apply).catch(function () {}).then(function () {
        fetching = false;
        if (pending >= 0) { var p = pending; pending = -1; refresh(p); }
      });
    }
    var es = null, heard = D.moves.length; // the latest move whose event came
    if (window.EventSource) {
      es = new EventSource(base + '/events');
      es.addEventListener('move', function (e) {
        var ev = JSON.parse(e.data);
        // The first event of a stream says where the game stands (with its
        // state): a page that reconnected reads what it missed. Each later
        // one is a move (its ply) or a look (-1: the game changed without
        // a move). A ply heard before is a look too (an older server's
        // end of a game carried its ply). A move's event carries the game
        // from the move before it on (d): a page that has those moves and
        // is not fetching takes it as it is.
        if (ev.state !== undefined) {
          heard = Math.max(heard, ev.ply);
          if (ev.ply !== D.moves.length || ev.state !== D.state) refresh();
        } else if (ev.ply > heard) {
          heard = ev.ply;
          if (ev.d && !fetching && ev.d.from === D.moves.length) apply(ev.d);
          else refresh(ev.ply);
        } else {
          refresh();
        }
        document.body.dataset.live = '1';
      });
    }
    document.body.dataset.plies = D.moves.length;
    // On the game page the server drew the board already (the same markup,
    // tested): keep it, and bring the rest up to date.
    window.bermudaBoard = { boardSVG: boardSVG, data: function () { return D; }, state: st };
    draw(o.drawn);
    loadMe();
    window.bermudaReadyAt = performance.now();
    document.body.dataset.game = D.id;
    document.body.dataset.ready = '1';
    return function stop() {
      life.abort();
      if (es) es.close();
      clearInterval(ticking);
      delete document.body.dataset.ready;
    };
  }

  window.bermudaStart = start;
  var data = document.getElementById('game-data');
  if (data) {
    var root = document.getElementById('board');
    start(JSON.parse(data.textContent), { base: location.pathname.replace(/\/+$/, ''), ply: +root.dataset.ply,
      orient: +root.dataset.orient, seat: +root.dataset.seat, drawn: true });
  }
})();
