-- 0008: conditional moves (PostgreSQL edition of sqlite/0008_premoves.sql).
-- One row per game and player: the queued line in canonical notation,
-- separated by spaces, and the game's ply it starts from (its first move is
-- the opponent's move at ply + 1). Moved on or deleted only under a
-- condition on its old ply; only its owner ever sees it.
CREATE TABLE premoves (
    game_id    BIGINT NOT NULL REFERENCES games(id),
    owner_id   TEXT NOT NULL,
    ply        INTEGER NOT NULL CHECK (ply >= 0),
    moves      TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (game_id, owner_id)
);
