-- Each member's rating after each rated game (among members, or with a computer), per game and
-- over all games ('*'), written in the transaction that ends the game: /stats charts it.
CREATE TABLE rating_history (
    guild_id BIGINT NOT NULL,
    game TEXT NOT NULL,
    user_id BIGINT NOT NULL,
    match_id BIGINT NOT NULL REFERENCES matches (id),
    vs TEXT NOT NULL CHECK (vs IN ('members', 'computer')),
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (guild_id, game, user_id, match_id)
);
CREATE INDEX rating_history_by_user ON rating_history (user_id);
