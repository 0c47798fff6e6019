-- Write-ahead journal: a change is stored (INTENDED) before the file is renamed into place and
-- confirmed (APPLIED) after; a later run reconciles INTENDED rows of dead runs against the host.

-- Who runs a run, so that a later run can tell a dead one (process gone, or silent too long).
ALTER TABLE runs ADD COLUMN owner_node text;
ALTER TABLE runs ADD COLUMN owner_pid bigint;
ALTER TABLE runs ADD COLUMN owner_started_at bigint;
ALTER TABLE runs ADD COLUMN heartbeat_at bigint;

ALTER TABLE journal_changes ADD COLUMN write_state text NOT NULL DEFAULT 'APPLIED';
-- What the file was before (mode, owner, group), so a restore or a re-creation keeps them.
ALTER TABLE journal_changes ADD COLUMN before_mode bigint;
ALTER TABLE journal_changes ADD COLUMN before_owner text;
ALTER TABLE journal_changes ADD COLUMN before_group text;
-- The user the write ran as (reconciliation reads the file back as that user).
ALTER TABLE journal_changes ADD COLUMN become_user text;
-- The restarts the change needs, queued again when a dead run's change is found applied.
ALTER TABLE journal_changes ADD COLUMN restarts text;
ALTER TABLE journal_changes ADD COLUMN write_detail text;
CREATE INDEX journal_changes_write_state_idx ON journal_changes (host, write_state);

-- Content-addressed, gzip-compressed copies of what changes replaced (rollback reads them).
CREATE TABLE file_backups (
  sha256     text PRIMARY KEY,
  size       bigint NOT NULL,
  content_gz bytea NOT NULL,
  created_at bigint NOT NULL
);
