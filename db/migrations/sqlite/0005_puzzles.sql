-- 0005: puzzles.
--
-- puzzle_attempts: one row per puzzle a player was given, so any process
-- can answer the next click. ply is the solution index of the solver's
-- next move; a move is stored by a conditional UPDATE on (id, ply, state
-- 'open'), so a stale or repeated click changes nothing. rated says, once
-- it ended, whether it counted (only a player's first attempt of a puzzle
-- does). A daily puzzle's attempt carries its server and day: one per
-- player and day.
CREATE TABLE puzzle_attempts (
    id            INTEGER PRIMARY KEY,
    user_id       TEXT NOT NULL,
    variant       TEXT NOT NULL,
    puzzle_id     TEXT NOT NULL,
    daily_guild   TEXT NOT NULL DEFAULT '',
    daily_day     TEXT NOT NULL DEFAULT '',
    ply           INTEGER NOT NULL DEFAULT 0 CHECK (ply >= 0),
    state         TEXT NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'solved', 'failed')),
    hinted        INTEGER NOT NULL DEFAULT 0 CHECK (hinted IN (0, 1)),
    rated         INTEGER NOT NULL DEFAULT 0 CHECK (rated IN (0, 1)),
    rating_before REAL NOT NULL DEFAULT 0,
    rating_after  REAL NOT NULL DEFAULT 0,
    created_at    INTEGER NOT NULL,
    ended_at      INTEGER
);
CREATE INDEX puzzle_attempts_user ON puzzle_attempts (user_id, variant, puzzle_id);
CREATE UNIQUE INDEX puzzle_attempts_daily ON puzzle_attempts (daily_guild, daily_day, user_id) WHERE daily_day <> '';

-- puzzle_players: a player's puzzle rating per variant (everywhere, not
-- per server: a puzzle is the same in every server), and the streak of
-- first attempts solved in a row.
CREATE TABLE puzzle_players (
    user_id     TEXT NOT NULL,
    variant     TEXT NOT NULL,
    rating      REAL NOT NULL,
    rd          REAL NOT NULL,
    volatility  REAL NOT NULL,
    attempts    INTEGER NOT NULL DEFAULT 0,
    solved      INTEGER NOT NULL DEFAULT 0,
    streak      INTEGER NOT NULL DEFAULT 0,
    best_streak INTEGER NOT NULL DEFAULT 0,
    updated_at  INTEGER NOT NULL,
    PRIMARY KEY (user_id, variant)
);

-- puzzle_ratings: a puzzle's own rating, from its shipped rating on its
-- first rated attempt.
CREATE TABLE puzzle_ratings (
    puzzle_id  TEXT PRIMARY KEY,
    variant    TEXT NOT NULL,
    rating     REAL NOT NULL,
    rd         REAL NOT NULL,
    volatility REAL NOT NULL,
    attempts   INTEGER NOT NULL DEFAULT 0,
    solved     INTEGER NOT NULL DEFAULT 0,
    updated_at INTEGER NOT NULL
);

-- puzzle_channels: where a server's daily puzzle is posted.
CREATE TABLE puzzle_channels (
    guild_id   TEXT PRIMARY KEY,
    channel_id TEXT NOT NULL,
    updated_at INTEGER NOT NULL
);

-- puzzle_dailies: the daily puzzle of a server on a day (UTC, YYYY-MM-DD).
-- The row is the claim to post it, made before posting; a claim whose post
-- never got recorded (message_id '') is taken over once claimed_at is old.
-- shown_solvers is the count the post shows, edited at most so often;
-- listed marks the post edited with its solvers after the day.
CREATE TABLE puzzle_dailies (
    guild_id       TEXT NOT NULL,
    day            TEXT NOT NULL,
    variant        TEXT NOT NULL,
    puzzle_id      TEXT NOT NULL,
    channel_id     TEXT NOT NULL,
    message_id     TEXT NOT NULL DEFAULT '',
    claimed_at     INTEGER NOT NULL,
    shown_solvers  INTEGER NOT NULL DEFAULT 0,
    shown_at       INTEGER NOT NULL DEFAULT 0,
    listed         INTEGER NOT NULL DEFAULT 0 CHECK (listed IN (0, 1)),
    PRIMARY KEY (guild_id, day)
);
CREATE INDEX puzzle_dailies_unposted ON puzzle_dailies (claimed_at) WHERE message_id = '';
