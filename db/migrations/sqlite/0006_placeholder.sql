-- 0006: a placeholder on the branch work-premove only, so that 0008 loads
-- without a gap. The branches that own 0006 (#29, holidays and notifications)
-- bring the real migration: drop this file when merging them.
SELECT 1;
