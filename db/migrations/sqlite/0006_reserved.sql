-- 0006: PLACEHOLDER on the notifications branch only. Migrations must be
-- numbered without gaps, and 0006 belongs to the holidays branch of issue
-- #29: drop this file when merging, in favour of that branch's 0006.
SELECT 1;
