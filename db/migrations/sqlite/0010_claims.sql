-- Work that one process takes on for a match's step (a computer's search), claimed here so
-- that with several processes it is done once: a claim holds until its time runs out (its
-- process may have died), and a later step's claim replaces it.
CREATE TABLE claims (
    kind TEXT NOT NULL,
    match_id BIGINT NOT NULL REFERENCES matches (id),
    step INTEGER NOT NULL,
    holder TEXT NOT NULL,
    until REAL NOT NULL,
    PRIMARY KEY (kind, match_id)
);
