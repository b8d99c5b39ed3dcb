-- Each process that listens for changed matches has a channel of its own, listed here with the
-- backend of its listening connection. A change notifies the other processes' channels only:
-- a process alone notifies nobody (no NOTIFY, no commit queued behind the notify lock), and no
-- process hears its own changes. Processes list themselves (db/listen.py); the table is not
-- copied between databases.
CREATE TABLE listeners (
    channel TEXT PRIMARY KEY,
    pid INTEGER NOT NULL
);

CREATE OR REPLACE FUNCTION notify_match_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
    other TEXT;
BEGIN
    -- referee.channel is the writing process's own channel; other writers have none.
    FOR other IN
        SELECT channel FROM listeners
        WHERE channel IS DISTINCT FROM current_setting('referee.channel', true)
    LOOP
        PERFORM pg_notify(other, NEW.id || ':' || NEW.version);
    END LOOP;
    RETURN NULL;
END
$$;
