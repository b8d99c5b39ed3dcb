-- An active match keeps the game state its log had reached when its last step resolved, with
-- the number of log entries it follows (SQLite's migration 0013).
ALTER TABLE matches ADD COLUMN snapshot_moves INTEGER;
ALTER TABLE matches ADD COLUMN snapshot BYTEA;
