-- 0001: the first Bermuda schema.
-- Times are Unix milliseconds (UTC); NULL means "none". Lists of dice are
-- JSON text ("[4,5]"), dice texts a JSON array of strings.

CREATE TABLE servers (
    guild_id     TEXT PRIMARY KEY,
    default_days INTEGER NOT NULL DEFAULT 3 CHECK (default_days BETWEEN 1 AND 365),
    created_at   INTEGER NOT NULL,
    updated_at   INTEGER NOT NULL
);

CREATE TABLE players (
    user_id    TEXT PRIMARY KEY,
    name       TEXT NOT NULL DEFAULT '',
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
);

-- Discord interactions already handled: a redelivered or retried one is
-- refused instead of acting twice.
CREATE TABLE interactions (
    interaction_id TEXT PRIMARY KEY,
    claimed_at     INTEGER NOT NULL
);

CREATE TABLE games (
    id             INTEGER PRIMARY KEY,
    guild_id       TEXT NOT NULL REFERENCES servers (guild_id),
    channel_id     TEXT NOT NULL DEFAULT '',
    thread_id      TEXT NOT NULL DEFAULT '',
    variant        TEXT NOT NULL,
    setup          TEXT NOT NULL DEFAULT '',
    start_rolls    TEXT NOT NULL DEFAULT '[]',
    player1_id     TEXT NOT NULL REFERENCES players (user_id),
    player2_id     TEXT NOT NULL REFERENCES players (user_id),
    days           INTEGER NOT NULL CHECK (days BETWEEN 1 AND 365),
    state          TEXT NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'finished', 'aborted')),
    winner         INTEGER NOT NULL DEFAULT -1 CHECK (winner IN (-1, 0, 1)),
    reason         TEXT NOT NULL DEFAULT '',
    rated          INTEGER NOT NULL DEFAULT 1 CHECK (rated IN (0, 1)),
    ply            INTEGER NOT NULL DEFAULT 0 CHECK (ply >= 0),
    deadline       INTEGER,
    reminder_at    INTEGER,
    reminder_sent  INTEGER NOT NULL DEFAULT 0 CHECK (reminder_sent IN (0, 1)),
    draw_offer_by  INTEGER NOT NULL DEFAULT -1 CHECK (draw_offer_by IN (-1, 0, 1)),
    rematch_of     INTEGER REFERENCES games (id),
    created_at     INTEGER NOT NULL,
    updated_at     INTEGER NOT NULL,
    ended_at       INTEGER
);
CREATE INDEX games_thread ON games (thread_id) WHERE thread_id <> '';
CREATE INDEX games_active_guild ON games (guild_id) WHERE state = 'active';
CREATE INDEX games_active_deadline ON games (deadline) WHERE state = 'active' AND deadline IS NOT NULL;
CREATE INDEX games_active_reminder ON games (reminder_at)
    WHERE state = 'active' AND reminder_sent = 0 AND reminder_at IS NOT NULL;

CREATE TABLE challenges (
    id            INTEGER PRIMARY KEY,
    guild_id      TEXT NOT NULL REFERENCES servers (guild_id),
    channel_id    TEXT NOT NULL DEFAULT '',
    message_id    TEXT NOT NULL DEFAULT '',
    challenger_id TEXT NOT NULL REFERENCES players (user_id),
    opponent_id   TEXT NOT NULL DEFAULT '',
    variant       TEXT NOT NULL,
    color         TEXT NOT NULL DEFAULT 'random' CHECK (color IN ('white', 'black', 'random')),
    days          INTEGER NOT NULL CHECK (days BETWEEN 1 AND 365),
    state         TEXT NOT NULL DEFAULT 'open'
                  CHECK (state IN ('open', 'accepted', 'declined', 'cancelled', 'expired')),
    accepted_by   TEXT NOT NULL DEFAULT '',
    game_id       INTEGER REFERENCES games (id),
    created_at    INTEGER NOT NULL,
    expires_at    INTEGER
);
CREATE INDEX challenges_open_expiry ON challenges (expires_at) WHERE state = 'open';

-- The append-only move log: one row per ply, never updated or deleted.
CREATE TABLE moves (
    game_id        INTEGER NOT NULL REFERENCES games (id),
    ply            INTEGER NOT NULL CHECK (ply >= 1),
    notation       TEXT NOT NULL,
    player_id      TEXT NOT NULL,
    rolls          TEXT NOT NULL DEFAULT '[]',
    dice           TEXT NOT NULL DEFAULT '[]',
    interaction_id TEXT UNIQUE, -- NULL when the move came from no interaction
    played_at      INTEGER NOT NULL,
    PRIMARY KEY (game_id, ply)
) WITHOUT ROWID;

CREATE TRIGGER moves_append_only_update BEFORE UPDATE ON moves
BEGIN SELECT RAISE(ABORT, 'the move log is append-only'); END;
CREATE TRIGGER moves_append_only_delete BEFORE DELETE ON moves
BEGIN SELECT RAISE(ABORT, 'the move log is append-only'); END;

-- Glicko-2 ratings per server and variant; wins/losses/draws count rated games.
CREATE TABLE ratings (
    guild_id   TEXT NOT NULL REFERENCES servers (guild_id),
    variant    TEXT NOT NULL,
    user_id    TEXT NOT NULL REFERENCES players (user_id),
    rating     REAL NOT NULL,
    rd         REAL NOT NULL,
    volatility REAL NOT NULL,
    wins       INTEGER NOT NULL DEFAULT 0,
    losses     INTEGER NOT NULL DEFAULT 0,
    draws      INTEGER NOT NULL DEFAULT 0,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (guild_id, variant, user_id)
);
CREATE INDEX ratings_board ON ratings (guild_id, variant, rating DESC);

-- What each rated game did to each player's rating, written with the game's end.
CREATE TABLE rating_changes (
    game_id    INTEGER NOT NULL REFERENCES games (id),
    seat       INTEGER NOT NULL CHECK (seat IN (0, 1)),
    user_id    TEXT NOT NULL REFERENCES players (user_id),
    before     REAL NOT NULL,
    after      REAL NOT NULL,
    rd_before  REAL NOT NULL,
    rd_after   REAL NOT NULL,
    PRIMARY KEY (game_id, seat)
);
