-- 0010: loose ends (issue 33).
--
-- tournaments.announced_round: the last round whose pairings were posted
-- in the tournament's channel. Claimed (a conditional update from the
-- round before) before the post, so a round is announced once across
-- restarts and replicas; a round whose post a crash lost after its pairing
-- was committed is announced by the next scheduler pass. Rounds paired
-- before this migration count as announced.
ALTER TABLE tournaments ADD COLUMN announced_round INTEGER NOT NULL DEFAULT 0;
UPDATE tournaments SET announced_round = round;

-- servers.days_chosen: 1 once a server manager chose its default days per
-- move (/settings days); 0 means the bot's configured default applies
-- (/settings clear:days goes back to it). A stored value other than the
-- column's default 3 can only have been chosen.
ALTER TABLE servers ADD COLUMN days_chosen INTEGER NOT NULL DEFAULT 0 CHECK (days_chosen IN (0, 1));
UPDATE servers SET days_chosen = 1 WHERE default_days <> 3;

-- puzzle_channels: who chose the channel (told by DM when posting fails
-- for good), and the daily post's failures Discord called permanent
-- (missing access or permission, unknown channel): how many on fail_day
-- (UTC, YYYY-MM-DD), the last error as players read it, and told, 1 once
-- the manager was sent a DM about it. A success or a new channel clears
-- them.
ALTER TABLE puzzle_channels ADD COLUMN set_by TEXT NOT NULL DEFAULT '';
ALTER TABLE puzzle_channels ADD COLUMN fail_day TEXT NOT NULL DEFAULT '';
ALTER TABLE puzzle_channels ADD COLUMN failures INTEGER NOT NULL DEFAULT 0;
ALTER TABLE puzzle_channels ADD COLUMN last_error TEXT NOT NULL DEFAULT '';
ALTER TABLE puzzle_channels ADD COLUMN told INTEGER NOT NULL DEFAULT 0 CHECK (told IN (0, 1));
