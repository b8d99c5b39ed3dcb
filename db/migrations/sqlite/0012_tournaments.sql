-- Tournaments: who entered, the games of each round (made in the transaction that pairs the
-- round), and the byes. A tournament's games are matches like any other, named by their
-- tournament; a game decided without play (against a withdrawn entrant) has no match.
CREATE TABLE tournaments (
    id INTEGER PRIMARY KEY,
    guild_id BIGINT NOT NULL,
    channel_id BIGINT NOT NULL,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    format TEXT NOT NULL,
    table_size INTEGER NOT NULL,
    rounds INTEGER,
    move_seconds INTEGER,
    deadline_policy TEXT NOT NULL,
    host_id BIGINT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('open', 'running', 'over', 'cancelled')),
    round INTEGER NOT NULL DEFAULT 0,
    version INTEGER NOT NULL DEFAULT 0,
    message_id BIGINT,
    created_at REAL NOT NULL,
    updated_at REAL NOT NULL,
    result TEXT
);
CREATE INDEX tournaments_by_server ON tournaments (guild_id, status);

CREATE TABLE entrants (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    entrant INTEGER NOT NULL,
    user_id BIGINT,
    computer TEXT,
    name TEXT NOT NULL,
    rating REAL NOT NULL DEFAULT 0,
    withdrawn INTEGER,
    PRIMARY KEY (tournament_id, entrant),
    UNIQUE (tournament_id, user_id)
);
CREATE INDEX entrants_by_user ON entrants (user_id);

CREATE TABLE tournament_games (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    round INTEGER NOT NULL,
    tab INTEGER NOT NULL,
    entrants TEXT NOT NULL,
    match_id BIGINT REFERENCES matches (id),
    places TEXT,
    tiebreak INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (tournament_id, round, tab)
);
CREATE UNIQUE INDEX tournament_games_by_match ON tournament_games (match_id);

CREATE TABLE tournament_byes (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    round INTEGER NOT NULL,
    entrant INTEGER NOT NULL,
    PRIMARY KEY (tournament_id, round, entrant)
);

ALTER TABLE matches ADD COLUMN tournament_id BIGINT REFERENCES tournaments (id);
