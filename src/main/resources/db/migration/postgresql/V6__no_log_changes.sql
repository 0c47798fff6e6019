-- A change made by a no_log task: every later view (rollback diffs, history, status, reports,
-- JSON) keeps what it wrote or replaced hidden.
ALTER TABLE journal_changes ADD COLUMN no_log boolean NOT NULL DEFAULT FALSE;
