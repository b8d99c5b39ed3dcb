-- Computer opponents. A seat is a member's (their user id) or a computer's (its level), never
-- both; members keep a record against each level and, with the levels, their own ratings from
-- games with a computer, apart from the standings among members.

CREATE TABLE seats_new (
    match_id INTEGER NOT NULL REFERENCES matches (id),
    seat INTEGER NOT NULL,
    user_id BIGINT,
    computer TEXT CHECK (computer IN ('easy', 'medium', 'hard')),
    name TEXT NOT NULL,
    PRIMARY KEY (match_id, seat),
    UNIQUE (match_id, user_id),
    CHECK ((user_id IS NULL) <> (computer IS NULL))
);
INSERT INTO seats_new (match_id, seat, user_id, name)
SELECT match_id, seat, user_id, name FROM seats;
DROP TABLE seats;
ALTER TABLE seats_new RENAME TO seats;
CREATE INDEX seats_by_user ON seats (user_id);

-- A member's games against one level in one server, per game and over all games ('*').
CREATE TABLE versus_computer (
    guild_id BIGINT NOT NULL,
    game TEXT NOT NULL,
    user_id BIGINT NOT NULL,
    level TEXT NOT NULL,
    name TEXT NOT NULL,
    games INTEGER NOT NULL DEFAULT 0,
    wins INTEGER NOT NULL DEFAULT 0,
    draws INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, game, user_id, level)
);
CREATE INDEX versus_by_user ON versus_computer (user_id);

-- Ratings from games with a computer: a member's under their user id in decimal, a level's under
-- its name ('easy', 'medium', 'hard'), so both stand on one scale.
CREATE TABLE versus_ratings (
    guild_id BIGINT NOT NULL,
    game TEXT NOT NULL,
    player TEXT NOT NULL,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    games INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, game, player)
);

-- Finding what is stored about one member (/forget-me) reads the standings by user.
CREATE INDEX standings_by_user ON standings (user_id);
