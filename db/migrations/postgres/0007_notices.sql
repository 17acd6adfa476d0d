-- 0007: how each player is told that it is their move (/notify).
--
-- notice_settings: one row per player who chose something other than the
-- default (mentions in the game thread). mode 'dm' sends a direct message
-- when it becomes their move; 'digest' a daily list at digest_hour (UTC).
-- dm_channel caches the direct-message channel Discord opened for them.
-- digest_day is the last UTC day (YYYY-MM-DD) whose digest was claimed: the
-- conditional UPDATE that advances it is the claim, so a digest goes out at
-- most once a day across restarts and replicas.
CREATE TABLE notice_settings (
    user_id     TEXT PRIMARY KEY,
    mode        TEXT NOT NULL DEFAULT 'mentions' CHECK (mode IN ('mentions', 'dm', 'digest')),
    digest_hour INTEGER NOT NULL DEFAULT 0 CHECK (digest_hour BETWEEN 0 AND 23),
    dm_channel  TEXT NOT NULL DEFAULT '',
    digest_day  TEXT NOT NULL DEFAULT '',
    updated_at  BIGINT NOT NULL
);
CREATE INDEX notice_settings_digest ON notice_settings (digest_hour, digest_day) WHERE mode = 'digest';

-- /games mine: a player's active games in every server.
CREATE INDEX games_active_player1 ON games (player1_id) WHERE state = 'active';
CREATE INDEX games_active_player2 ON games (player2_id) WHERE state = 'active';
