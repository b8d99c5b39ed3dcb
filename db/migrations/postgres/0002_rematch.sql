-- Rematches (SQLite's migration 0005). A lobby opened by a finished game's Rematch button names
-- that game, and at most one lobby at a time is a game's rematch: the unique index below lets
-- the database, not a process, decide which of two clicks at once opens it. Once the lobby
-- starts or closes, the game may have a new rematch lobby.
ALTER TABLE matches ADD COLUMN rematch_of BIGINT REFERENCES matches (id);
CREATE UNIQUE INDEX matches_one_rematch_lobby ON matches (rematch_of) WHERE status = 'lobby';

-- The members a lobby invites (a rematch's other players), in their old seats' order; kept
-- only while the lobby is open: it starts by itself once every one of them has joined.
CREATE TABLE invitations (
    match_id BIGINT NOT NULL REFERENCES matches (id),
    user_id BIGINT NOT NULL,
    ordinal INTEGER NOT NULL,
    PRIMARY KEY (match_id, user_id)
);
CREATE INDEX invitations_by_user ON invitations (user_id);
