-- 0004: Swiss tournaments. A tournament is announced in a
-- channel, entrants join until it starts, then each round's games are
-- ordinary rows of games, linked here by board. Pairing a round is one
-- transaction claimed on (round, version); a game's end updates its board
-- and the tournament's count of games still playing in the same
-- transaction as the game's own end. due_at is when the scheduler has work
-- (the start time, or the moment a round's last game ended), NULL when it
-- has none: one index answers "anything to do?" however many are stored.

ALTER TABLE servers ADD COLUMN tournament_role TEXT NOT NULL DEFAULT '';

CREATE TABLE tournaments (
    id           INTEGER PRIMARY KEY,
    guild_id     TEXT NOT NULL REFERENCES servers (guild_id),
    channel_id   TEXT NOT NULL,
    message_id   TEXT NOT NULL DEFAULT '',
    organiser_id TEXT NOT NULL REFERENCES players (user_id),
    variant      TEXT NOT NULL,
    rounds       INTEGER NOT NULL CHECK (rounds BETWEEN 1 AND 20),
    days         INTEGER NOT NULL CHECK (days BETWEEN 1 AND 365),
    rated        INTEGER NOT NULL DEFAULT 1 CHECK (rated IN (0, 1)),
    state        TEXT NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'running', 'finished', 'cancelled')),
    round        INTEGER NOT NULL DEFAULT 0 CHECK (round >= 0),
    playing      INTEGER NOT NULL DEFAULT 0 CHECK (playing >= 0),
    version      INTEGER NOT NULL DEFAULT 0,
    starts_at    INTEGER NOT NULL,
    due_at       INTEGER,
    created_at   INTEGER NOT NULL,
    updated_at   INTEGER NOT NULL,
    ended_at     INTEGER
);
CREATE INDEX tournaments_due ON tournaments (due_at) WHERE due_at IS NOT NULL;
CREATE INDEX tournaments_guild ON tournaments (guild_id, id);

CREATE TABLE tournament_players (
    tournament_id  INTEGER NOT NULL REFERENCES tournaments (id),
    user_id        TEXT NOT NULL REFERENCES players (user_id),
    name           TEXT NOT NULL DEFAULT '',
    rating         INTEGER NOT NULL DEFAULT 1500,
    computer_level INTEGER NOT NULL DEFAULT 0 CHECK (computer_level BETWEEN 0 AND 5),
    withdrawn      INTEGER NOT NULL DEFAULT 0 CHECK (withdrawn IN (0, 1)),
    joined_at      INTEGER NOT NULL,
    PRIMARY KEY (tournament_id, user_id)
);

-- One board of one round. A bye has no black player and no game.
CREATE TABLE tournament_games (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    round         INTEGER NOT NULL CHECK (round >= 1),
    board         INTEGER NOT NULL CHECK (board >= 1),
    white_id      TEXT NOT NULL,
    black_id      TEXT NOT NULL DEFAULT '',
    game_id       INTEGER UNIQUE REFERENCES games (id),
    result        TEXT NOT NULL DEFAULT 'pending'
                  CHECK (result IN ('pending', '1-0', '0-1', 'draw', 'bye', '1-0 forfeit', '0-1 forfeit', 'void')),
    PRIMARY KEY (tournament_id, round, board)
);
