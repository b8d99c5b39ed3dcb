-- A computer seat names its level (SQLite's migration 0007): the levels are declared once,
-- with the players, and checked there, so a new level needs no migration.
ALTER TABLE seats DROP CONSTRAINT seats_computer_check;
