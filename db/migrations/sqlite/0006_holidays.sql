-- 0006: holidays.
--
-- holidays: one row per holiday a player took. While it runs the player's
-- clocks stand still in every game (the stored deadlines and reminders of
-- their turns are moved by it). starts_at and ends_at are the planned
-- span; planned_at is when the player asked for it (a holiday may be
-- planned up to 90 days ahead). ended_at is set when the player ended it
-- early (the days not begun are given back), or to starts_at when they
-- cancelled it before it began (an empty span: all its days given back).
-- A player has at most one holiday running or planned: the store refuses
-- a new one while one that was not cancelled is not over. back_told_at is when a
-- holiday that ran its course was claimed to tell the player's games that
-- they are back (an early end is told by the command that ends it).
CREATE TABLE holidays (
    id        INTEGER PRIMARY KEY,
    user_id   TEXT NOT NULL,
    starts_at INTEGER NOT NULL,
    ends_at   INTEGER NOT NULL,
    planned_at INTEGER NOT NULL,
    ended_at  INTEGER,
    back_told_at INTEGER,
    CHECK (ends_at > starts_at),
    CHECK (planned_at <= starts_at),
    CHECK (ended_at IS NULL OR (ended_at >= starts_at AND ended_at < ends_at))
);
CREATE INDEX holidays_user ON holidays (user_id, ends_at);
CREATE INDEX holidays_returns ON holidays (ends_at) WHERE ended_at IS NULL AND back_told_at IS NULL;
