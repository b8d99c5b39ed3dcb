-- A lobby's timeout policy is declared once, in the referee's registry of policies, and
-- checked there (SQLite's migration 0009), so a new policy needs no migration.
ALTER TABLE matches DROP CONSTRAINT matches_deadline_policy_check;
