-- An active match keeps the game state its log had reached when its last step resolved, with
-- the number of log entries it follows: loading the match restores the state and replays only
-- the entries after it (none, or resignations) instead of the whole log. A snapshot written by
-- other rules code than the running one is ignored and the log replayed.
ALTER TABLE matches ADD COLUMN snapshot_moves INTEGER;
ALTER TABLE matches ADD COLUMN snapshot BLOB;
