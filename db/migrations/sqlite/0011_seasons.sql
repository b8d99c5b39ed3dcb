-- Seasons. A server's season length is a moderator's setting (none: no seasons); the lengths
-- are declared once, in the referee's registry (referee/seasons.py), which the database does
-- not list, so a new length needs no migration.
CREATE TABLE season_settings (
    guild_id BIGINT PRIMARY KEY,
    season_length TEXT NOT NULL,
    changed_at REAL NOT NULL
);

-- Each season's standings, like the all-time ones (game '*' holds the totals over every game),
-- under the key of the season a game counted for when it ended: '2026-W48' (an ISO week),
-- '2026-11', '2026-Q4'. Each season's ratings start afresh; past seasons' rows stay.
CREATE TABLE season_standings (
    guild_id BIGINT NOT NULL,
    season TEXT NOT NULL,
    game TEXT NOT NULL,
    user_id BIGINT NOT NULL,
    name TEXT NOT NULL,
    games INTEGER NOT NULL DEFAULT 0,
    wins INTEGER NOT NULL DEFAULT 0,
    draws INTEGER NOT NULL DEFAULT 0,
    points TEXT NOT NULL DEFAULT '0',  -- decimal text, like standings points
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    PRIMARY KEY (guild_id, season, game, user_id)
);
CREATE INDEX season_standings_by_user ON season_standings (user_id);
