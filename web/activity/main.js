// The Activity's script: Discord's Embedded App SDK says who the reader is
// (authorize gives a code, our server exchanges it, authenticate takes the
// token), then the page shows the game of the channel the Activity was
// launched in, or the reader's open games to pick from, with the game
// page's own board code (board.js: window.bermudaStart), the session sent
// as a bearer header.
import { DiscordSDK } from '@discord/embedded-app-sdk';

const $ = (id) => document.getElementById(id);
// Every address is relative to the page's directory: behind Discord's
// proxy the page is the proxy's root (mapped to our /activity/), directly
// it is /activity/.
const dir = location.pathname.replace(/[^/]*$/, '');
let session = null;
let stop = null;
let guild = null;

function say(text) {
  $('msg').textContent = text || '';
  $('msg').hidden = !text;
}

function auth() {
  return { Authorization: 'Bearer ' + session.session };
}

async function get(path) {
  const r = await fetch(dir + path, { cache: 'no-store', headers: auth() });
  if (r.status === 404) return null;
  if (!r.ok) throw new Error('HTTP ' + r.status + ' for ' + path.replace(/\?.*/, ''));
  return r.json();
}

// open shows a game (a row of /activity/game or /activity/games).
async function open(g) {
  const base = dir + 'g/' + g.token;
  const [data, defs] = await Promise.all([
    fetch(base + '/data.json', { cache: 'no-store' }).then((r) => r.json()),
    fetch(base + '/defs.svg', { cache: 'no-store' }).then((r) => r.text()),
  ]);
  if (stop) stop();
  $('defs').innerHTML = defs;
  $('title').textContent = data.name;
  $('pick').hidden = true;
  $('game').hidden = false;
  say('');
  const seat = Math.max(g.seat, 0);
  stop = window.bermudaStart(data, {
    base, headers: auth(), ply: data.pos.length - 1, seat, orient: seat, drawn: false, embedded: true,
  });
}

function esc(s) {
  return String(s).replace(/[&<>"']/g, (c) => '&#' + c.charCodeAt(0) + ';');
}

// list shows the reader's open games in this server.
async function list(why) {
  if (stop) { stop(); stop = null; }
  $('game').hidden = true;
  $('tolist').hidden = true;
  $('title').textContent = 'Bermuda';
  const r = guild ? await get('games?guild=' + encodeURIComponent(guild)) : { games: [] };
  const games = (r && r.games) || [];
  $('gamelist').innerHTML = games.map((g, i) => '<li><button type="button" data-i="' + i + '">' + esc(g.name) +
    (g.opponent ? ' vs ' + esc(g.opponent) : '') + (g.turn ? ' · your move' : '') + '</button></li>').join('');
  $('gamelist').onclick = (e) => {
    const b = e.target.closest('button');
    if (b) open(games[+b.dataset.i]).then(() => { $('tolist').hidden = false; }, fail);
  };
  $('pick').hidden = games.length === 0;
  say([why, games.length ? '' : 'You have no open game in this server: start one with /challenge.'].filter(Boolean).join(' '));
  document.body.dataset.list = games.length;
}

function fail(e) {
  const why = String(e && e.message ? e.message : e).replace(/\.$/, '');
  say('Something went wrong: ' + why + '. Close the Activity and open it again.');
}

async function main() {
  const clientId = document.body.dataset.clientId;
  if (!new URLSearchParams(location.search).get('frame_id') || !clientId) {
    say('This is Bermuda inside Discord: launch it from a game\'s thread (the Board button).');
    return;
  }
  const sdk = new DiscordSDK(clientId);
  await sdk.ready();
  guild = sdk.guildId;
  say('Logging in…');
  const { code } = await sdk.commands.authorize({
    client_id: clientId, response_type: 'code', state: '', prompt: 'none', scope: ['identify'],
  });
  const r = await fetch(dir + 'token', {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ code }),
  });
  if (!r.ok) {
    const a = await r.json().catch(() => ({}));
    throw new Error(a.error || 'Discord did not confirm who you are');
  }
  session = await r.json();
  await sdk.commands.authenticate({ access_token: session.access_token });
  delete session.access_token; // Discord has it; the page needs only our session
  $('tolist').onclick = () => list('').catch(fail);
  // A deep link's custom_id may name a game by its address; else the
  // channel's game; else the list.
  let g = null;
  if (/^[0-9]+-[A-Za-z0-9_-]+$/.test(sdk.customId || '')) g = await get('game?game=' + sdk.customId);
  if (!g && sdk.channelId) g = await get('game?channel=' + encodeURIComponent(sdk.channelId));
  if (g) {
    await open(g);
    $('tolist').hidden = false;
  } else {
    await list('No game is played in this channel.');
  }
}

main().catch(fail);
