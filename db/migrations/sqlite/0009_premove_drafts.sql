-- 0009: drafts of conditional lines queued with the menus (taps only).
-- One row per private message a player opened to build a line: the game,
-- its owner, the game's ply the draft began at, the moves chosen so far
-- (canonical notation separated by spaces; an odd count means the
-- opponent's move was chosen and the answer is still to come), and rev, the
-- number of changes so far. The message's components carry the id and rev:
-- a change is made only where rev is unchanged (a double or stale click
-- changes nothing). The line itself is queued in premoves (0008).
CREATE TABLE premove_drafts (
    id         INTEGER PRIMARY KEY AUTOINCREMENT, -- never reused: an old message must not name a new draft
    game_id    BIGINT NOT NULL REFERENCES games(id),
    owner_id   TEXT NOT NULL,
    ply        INTEGER NOT NULL CHECK (ply >= 0),
    moves      TEXT NOT NULL,
    rev        INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
);
CREATE INDEX premove_drafts_owner ON premove_drafts (game_id, owner_id);
