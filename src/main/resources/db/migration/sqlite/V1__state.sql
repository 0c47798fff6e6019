-- pagetune state store, SQLite. Instants are epoch milliseconds (UTC) in our own tables so
-- both databases store and compare them the same way.

CREATE TABLE runs (
  run_id      TEXT PRIMARY KEY,
  playbook    TEXT NOT NULL,
  started_by  TEXT NOT NULL,
  check_mode  INTEGER NOT NULL,
  started_at  INTEGER NOT NULL,
  finished_at INTEGER,
  status      TEXT
);

CREATE TABLE journal_changes (
  id               INTEGER PRIMARY KEY AUTOINCREMENT,
  run_id           TEXT NOT NULL REFERENCES runs (run_id),
  host             TEXT NOT NULL,
  task             TEXT NOT NULL,
  path             TEXT NOT NULL,
  before_sha256    TEXT,
  after_sha256     TEXT,
  backup_path      TEXT,
  changed_at       INTEGER NOT NULL,
  effective_state  TEXT NOT NULL,
  effective_detail TEXT,
  effective_at     INTEGER
);
CREATE INDEX journal_changes_run_idx ON journal_changes (run_id, host);
CREATE INDEX journal_changes_path_idx ON journal_changes (host, path);

-- One row per rolling group; claims write it first so they are serialised per database.
CREATE TABLE restart_groups (
  name           TEXT PRIMARY KEY,
  max_concurrent INTEGER NOT NULL,
  lock_version   INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE restart_intents (
  id                   TEXT PRIMARY KEY,
  kind                 TEXT NOT NULL,
  host                 TEXT NOT NULL,
  target_id            TEXT,
  target_key           TEXT NOT NULL,
  hosts                TEXT NOT NULL,
  group_name           TEXT NOT NULL REFERENCES restart_groups (name),
  reason               TEXT NOT NULL,
  run_id               TEXT,
  created_at           INTEGER NOT NULL,
  due_at               INTEGER NOT NULL,
  expected_duration_ms INTEGER NOT NULL,
  status               TEXT NOT NULL,
  claim_token          TEXT,
  attempts             INTEGER NOT NULL DEFAULT 0,
  started_at           INTEGER,
  finished_at          INTEGER,
  result               TEXT,
  updated_at           INTEGER NOT NULL
);
-- At most one queued intent per target, enforced by the database.
CREATE UNIQUE INDEX restart_intents_queued_target_uq ON restart_intents (target_key)
  WHERE status = 'QUEUED';
CREATE INDEX restart_intents_status_due_idx ON restart_intents (status, due_at);
CREATE INDEX restart_intents_group_idx ON restart_intents (group_name, status);
CREATE INDEX restart_intents_host_idx ON restart_intents (host, status);

-- db-scheduler's table (shape of its documented SQLite schema).
CREATE TABLE scheduled_tasks (
  task_name            TEXT NOT NULL,
  task_instance        TEXT NOT NULL,
  task_data            BLOB,
  execution_time       TIMESTAMP NOT NULL,
  picked               BIT NOT NULL,
  picked_by            TEXT,
  last_success         TIMESTAMP,
  last_failure         TIMESTAMP,
  consecutive_failures INTEGER,
  last_heartbeat       TIMESTAMP,
  version              BIGINT NOT NULL,
  priority             SMALLINT,
  PRIMARY KEY (task_name, task_instance)
);
CREATE INDEX scheduled_tasks_execution_time_idx ON scheduled_tasks (execution_time);
CREATE INDEX scheduled_tasks_last_heartbeat_idx ON scheduled_tasks (last_heartbeat);
CREATE INDEX scheduled_tasks_priority_time_idx ON scheduled_tasks (priority DESC, execution_time ASC);
