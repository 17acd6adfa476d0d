-- 0004: reserved. Another branch (tournaments) holds migration 0004; this
-- placeholder only keeps the numbers of this branch without a gap. The
-- merger deletes it when that branch's 0004 arrives (loadMigrations then
-- refuses two files numbered 4 until one is gone).
SELECT 1;
