-- Seasons (SQLite's migration 0011): a server's season length, a moderator's setting whose
-- names the referee's registry declares, and each season's standings under its key.
CREATE TABLE season_settings (
    guild_id BIGINT PRIMARY KEY,
    season_length TEXT NOT NULL,
    changed_at DOUBLE PRECISION NOT NULL
);

CREATE TABLE season_standings (
    guild_id BIGINT NOT NULL,
    season TEXT COLLATE "C" NOT NULL,  -- keys in byte order, as SQLite sorts text
    game TEXT NOT NULL,
    user_id BIGINT NOT NULL,
    name TEXT NOT NULL,
    games INTEGER NOT NULL DEFAULT 0,
    wins INTEGER NOT NULL DEFAULT 0,
    draws INTEGER NOT NULL DEFAULT 0,
    points TEXT NOT NULL DEFAULT '0',  -- decimal text, like standings points
    mu DOUBLE PRECISION NOT NULL,
    sigma DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (guild_id, season, game, user_id)
);
CREATE INDEX season_standings_by_user ON season_standings (user_id);
