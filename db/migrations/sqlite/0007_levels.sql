-- A computer seat names its level; the levels are declared once, with the players, and checked
-- there, so a new level needs no migration. The seats table is rebuilt without the list of
-- levels (SQLite cannot drop a CHECK), keeping every other constraint.

CREATE TABLE seats_new (
    match_id INTEGER NOT NULL REFERENCES matches (id),
    seat INTEGER NOT NULL,
    user_id BIGINT,
    computer TEXT,
    name TEXT NOT NULL,
    PRIMARY KEY (match_id, seat),
    UNIQUE (match_id, user_id),
    CHECK ((user_id IS NULL) <> (computer IS NULL))
);
INSERT INTO seats_new (match_id, seat, user_id, computer, name)
SELECT match_id, seat, user_id, computer, name FROM seats;
DROP TABLE seats;
ALTER TABLE seats_new RENAME TO seats;
CREATE INDEX seats_by_user ON seats (user_id);
