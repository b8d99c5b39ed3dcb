-- One row per server whose ratings a finished game is changing: the game's transaction upserts
-- it first, so rating updates of one server wait for each other (in SQLite every write
-- transaction already waits for the others; the table keeps both engines' writes the same).
CREATE TABLE rating_locks (
    guild_id BIGINT PRIMARY KEY
);
