-- A lobby's timeout policy is declared once, in the referee's registry of policies, and
-- checked there, so a new policy needs no migration. The matches table is rebuilt without the
-- list of policies (SQLite cannot drop a CHECK), keeping every other column, constraint and
-- index; the other tables' references to it are checked before the commit, once it is back.

CREATE TABLE matches_new (
    id INTEGER PRIMARY KEY,
    guild_id BIGINT NOT NULL,
    channel_id BIGINT NOT NULL,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    settled TEXT,
    host_id BIGINT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('lobby', 'active', 'over', 'cancelled')),
    step INTEGER NOT NULL DEFAULT 0,
    lobby_message_id BIGINT,
    move_seconds INTEGER,
    deadline_policy TEXT NOT NULL DEFAULT 'auto',
    deadline_at REAL,
    remind_at REAL,
    created_at REAL NOT NULL,
    updated_at REAL NOT NULL,
    result TEXT,
    step_started_at REAL,
    version INTEGER NOT NULL DEFAULT 0,
    rematch_of BIGINT REFERENCES matches (id)
);
INSERT INTO matches_new
SELECT id, guild_id, channel_id, game, options, settled, host_id, status, step,
       lobby_message_id, move_seconds, deadline_policy, deadline_at, remind_at, created_at,
       updated_at, result, step_started_at, version, rematch_of
FROM matches;
DROP TABLE matches;
ALTER TABLE matches_new RENAME TO matches;
CREATE INDEX matches_by_status ON matches (status, guild_id);
CREATE INDEX matches_by_deadline ON matches (deadline_at);
CREATE INDEX matches_by_reminder ON matches (remind_at);
CREATE UNIQUE INDEX matches_one_rematch_lobby ON matches (rematch_of) WHERE status = 'lobby';
