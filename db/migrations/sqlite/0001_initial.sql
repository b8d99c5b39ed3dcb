-- Matches, their seats, the accepted moves (the log) and sealed submissions not yet revealed.
CREATE TABLE matches (
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
    deadline_policy TEXT NOT NULL DEFAULT 'auto' CHECK (deadline_policy IN ('auto', 'forfeit')),
    deadline_at REAL,
    remind_at REAL,
    created_at REAL NOT NULL,
    updated_at REAL NOT NULL,
    result TEXT
);
CREATE INDEX matches_by_status ON matches (status, guild_id);
CREATE INDEX matches_by_deadline ON matches (deadline_at);
CREATE INDEX matches_by_reminder ON matches (remind_at);

CREATE TABLE seats (
    match_id INTEGER NOT NULL REFERENCES matches (id),
    seat INTEGER NOT NULL,
    user_id BIGINT NOT NULL,
    name TEXT NOT NULL,
    resigned INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (match_id, seat),
    UNIQUE (match_id, user_id)
);
CREATE INDEX seats_by_user ON seats (user_id);

-- The log: one row per accepted move, in record order. A step is applied once, so a seat has
-- at most one move per step, and a move number is never reused.
CREATE TABLE moves (
    match_id INTEGER NOT NULL REFERENCES matches (id),
    idx INTEGER NOT NULL,
    step INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    move TEXT NOT NULL,
    auto INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (match_id, idx),
    UNIQUE (match_id, step, seat)
);

-- Sealed moves of the current step, hidden until every awaited seat has submitted.
CREATE TABLE sealed (
    match_id INTEGER NOT NULL REFERENCES matches (id),
    step INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    move TEXT NOT NULL,
    ordinal INTEGER NOT NULL,
    PRIMARY KEY (match_id, step, seat)
);

-- Per-server standings; game '*' holds the totals over every game.
CREATE TABLE standings (
    guild_id BIGINT NOT NULL,
    game TEXT NOT NULL,
    user_id BIGINT NOT NULL,
    name TEXT NOT NULL,
    games INTEGER NOT NULL DEFAULT 0,
    wins INTEGER NOT NULL DEFAULT 0,
    draws INTEGER NOT NULL DEFAULT 0,
    points TEXT NOT NULL DEFAULT '0',  -- decimal text: Integer Sequence scores outgrow 64 bits
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    PRIMARY KEY (guild_id, game, user_id)
);
