-- 0002: games against the computer. computer_level is the engine's level
-- (1–5) when one of the players is the bot itself, 0 in a game between two
-- people. Such games are never rated; the index finds the ones the
-- computer may owe a move in (after a restart, on any replica).

ALTER TABLE games ADD COLUMN computer_level INTEGER NOT NULL DEFAULT 0 CHECK (computer_level BETWEEN 0 AND 5);
CREATE INDEX games_active_computer ON games (id) WHERE state = 'active' AND computer_level > 0;
