-- 0011: a server's switch for game pages (issue 36).
--
-- servers.pages_off: 1 once a server manager turned the game pages off
-- (/settings pages:off): a page of one of the server's games answers as an
-- unknown game does, and its threads offer no Board button. 0, the
-- default, shows them; /settings clear:pages goes back to it.
ALTER TABLE servers ADD COLUMN pages_off INTEGER NOT NULL DEFAULT 0 CHECK (pages_off IN (0, 1));
