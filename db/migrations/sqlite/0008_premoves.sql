-- 0008: conditional moves. One row per game and player: the line the player
-- queued after moving ("if they play X1 I play Y1, then X2 Y2 …"), in the
-- canonical notation of the move log, separated by spaces. ply is the
-- game's ply the line starts from: its first move is the opponent's move at
-- ply + 1. The bot follows the line whenever the game moves (and the
-- scheduler every line whose game has moved past its ply or ended); a line
-- is moved on or deleted only under a condition on its old ply, so a stale
-- or repeated follower changes nothing. Only its owner ever sees it.
CREATE TABLE premoves (
    game_id    BIGINT NOT NULL REFERENCES games(id),
    owner_id   TEXT NOT NULL,
    ply        INTEGER NOT NULL CHECK (ply >= 0),
    moves      TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (game_id, owner_id)
);
