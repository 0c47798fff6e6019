-- Write-ahead journal: a change is stored (INTENDED) before the file is renamed into place and
-- confirmed (APPLIED) after; a later run reconciles INTENDED rows of dead runs against the host.

-- Who runs a run, so that a later run can tell a dead one (process gone, or silent too long).
ALTER TABLE runs ADD COLUMN owner_node TEXT;
ALTER TABLE runs ADD COLUMN owner_pid INTEGER;
ALTER TABLE runs ADD COLUMN owner_started_at INTEGER;
ALTER TABLE runs ADD COLUMN heartbeat_at INTEGER;

ALTER TABLE journal_changes ADD COLUMN write_state TEXT NOT NULL DEFAULT 'APPLIED';
-- What the file was before (mode, owner, group), so a restore or a re-creation keeps them.
ALTER TABLE journal_changes ADD COLUMN before_mode INTEGER;
ALTER TABLE journal_changes ADD COLUMN before_owner TEXT;
ALTER TABLE journal_changes ADD COLUMN before_group TEXT;
-- The user the write ran as (reconciliation reads the file back as that user).
ALTER TABLE journal_changes ADD COLUMN become_user TEXT;
-- The restarts the change needs, queued again when a dead run's change is found applied.
ALTER TABLE journal_changes ADD COLUMN restarts TEXT;
ALTER TABLE journal_changes ADD COLUMN write_detail TEXT;
CREATE INDEX journal_changes_write_state_idx ON journal_changes (host, write_state);

-- Content-addressed, gzip-compressed copies of what changes replaced (rollback reads them).
CREATE TABLE file_backups (
  sha256     TEXT PRIMARY KEY,
  size       INTEGER NOT NULL,
  content_gz BLOB NOT NULL,
  created_at INTEGER NOT NULL
);
