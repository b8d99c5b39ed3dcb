-- Every change to a match adds one to its version. A write names the version it was decided on
-- and is refused if the match has changed since (by this process or another), so a process can
-- act on its copy of a match and still never overwrite what it has not seen.
ALTER TABLE matches ADD COLUMN version INTEGER NOT NULL DEFAULT 0;

-- A finished game locks its server's row here before reading the players' ratings, so two games
-- of one server ending at once (in any process) rate one after the other, never from the same
-- old ratings.
CREATE TABLE rating_locks (guild_id BIGINT PRIMARY KEY);
