-- The record decides every result: resignations are entries of the log, with a note on any
-- entry ('auto' on a move the referee played, the reason on a resignation); seats lose their
-- resigned flag. Matches remember when their current step opened (for the removal rule),
-- cancellation votes are kept per step, and one-player games have their own table of bests.

CREATE TABLE moves_new (
    match_id INTEGER NOT NULL REFERENCES matches (id),
    idx INTEGER NOT NULL,
    step INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    move TEXT NOT NULL,
    note TEXT,
    PRIMARY KEY (match_id, idx)
);

-- A resignation of an earlier version is placed where its effect began: just before the first
-- move the referee played for that seat, else at the end of the log.
INSERT INTO moves_new (match_id, idx, step, seat, move, note)
WITH resigned AS (
    SELECT s.match_id, s.seat, m.step AS now_step,
        (SELECT MIN(v.idx) FROM moves v
         WHERE v.match_id = s.match_id AND v.seat = s.seat AND v.auto = 1) AS first_auto,
        (SELECT COALESCE(MAX(v.idx), -1) + 1 FROM moves v WHERE v.match_id = s.match_id) AS tail
    FROM seats s JOIN matches m ON m.id = s.match_id
    WHERE s.resigned = 1
),
entries AS (
    SELECT match_id, step, seat, move, CASE WHEN auto = 1 THEN 'auto' END AS note,
        idx * 2 + 1 AS pos
    FROM moves
    UNION ALL
    SELECT r.match_id,
        COALESCE((SELECT v.step FROM moves v WHERE v.match_id = r.match_id
                  AND v.idx = r.first_auto), r.now_step),
        r.seat, 'resign', 'resigned', COALESCE(r.first_auto, r.tail) * 2
    FROM resigned r
)
SELECT match_id, ROW_NUMBER() OVER (PARTITION BY match_id ORDER BY pos) - 1, step, seat, move,
    note
FROM entries;

DROP TABLE moves;
ALTER TABLE moves_new RENAME TO moves;
-- A seat moves once per step, and resigns once per game.
CREATE UNIQUE INDEX moves_once_per_step ON moves (match_id, step, seat) WHERE move <> 'resign';
CREATE UNIQUE INDEX resigns_once ON moves (match_id, seat) WHERE move = 'resign';

ALTER TABLE seats DROP COLUMN resigned;

ALTER TABLE matches ADD COLUMN step_started_at REAL;
UPDATE matches SET step_started_at = COALESCE(deadline_at - move_seconds, updated_at)
WHERE status = 'active';

-- Players still in a started game who agree to cancel it, for the step they agreed at.
CREATE TABLE cancel_votes (
    match_id INTEGER NOT NULL REFERENCES matches (id),
    user_id BIGINT NOT NULL,
    step INTEGER NOT NULL,
    PRIMARY KEY (match_id, user_id)
);

-- The best score of each one-player game and options in each server, with its order of moves.
CREATE TABLE solitaire_bests (
    guild_id BIGINT NOT NULL,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    user_id BIGINT NOT NULL,
    name TEXT NOT NULL,
    score TEXT NOT NULL,  -- decimal text, like standings points
    moves TEXT NOT NULL,  -- JSON list of the move texts in order
    match_id INTEGER NOT NULL REFERENCES matches (id),
    at REAL NOT NULL,
    PRIMARY KEY (guild_id, game, options)
);
