-- 0003: game reviews (PostgreSQL edition of sqlite/0003_reviews.sql). One row
-- per game: 'running' while a process computes it under a lease that it
-- renews with every step (claimed_at), so a second request, a restart or
-- another replica never computes it twice and a review whose process died
-- is taken over once its lease lapses; 'done' holds the review as JSON.
-- message_id is the thread message that shows the progress.

CREATE TABLE reviews (
    game_id     BIGINT PRIMARY KEY REFERENCES games(id),
    state       TEXT NOT NULL CHECK (state IN ('running', 'done')),
    claimed_at  BIGINT NOT NULL,
    progress    INTEGER NOT NULL DEFAULT 0,
    channel_id  TEXT NOT NULL DEFAULT '',
    message_id  TEXT NOT NULL DEFAULT '',
    data        TEXT NOT NULL DEFAULT '',
    updated_at  BIGINT NOT NULL
);
CREATE INDEX reviews_running ON reviews (claimed_at) WHERE state = 'running';
