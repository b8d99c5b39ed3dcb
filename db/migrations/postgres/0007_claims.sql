-- Work that one process takes on for a match's step (a computer's search), claimed here so
-- that with several processes it is done once (SQLite's migration 0010).
CREATE TABLE claims (
    kind TEXT NOT NULL,
    match_id BIGINT NOT NULL REFERENCES matches (id),
    step INTEGER NOT NULL,
    holder TEXT NOT NULL,
    until DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (kind, match_id)
);
