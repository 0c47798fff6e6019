-- pagetune state store, PostgreSQL. Instants are epoch milliseconds (UTC) in our own tables so
-- both databases store and compare them the same way.

CREATE TABLE runs (
  run_id      text PRIMARY KEY,
  playbook    text NOT NULL,
  started_by  text NOT NULL,
  check_mode  boolean NOT NULL,
  started_at  bigint NOT NULL,
  finished_at bigint,
  status      text
);

CREATE TABLE journal_changes (
  id               bigserial PRIMARY KEY,
  run_id           text NOT NULL REFERENCES runs (run_id),
  host             text NOT NULL,
  task             text NOT NULL,
  path             text NOT NULL,
  before_sha256    text,
  after_sha256     text,
  backup_path      text,
  changed_at       bigint NOT NULL,
  effective_state  text NOT NULL,
  effective_detail text,
  effective_at     bigint
);
CREATE INDEX journal_changes_run_idx ON journal_changes (run_id, host);
CREATE INDEX journal_changes_path_idx ON journal_changes (host, path);

-- One row per rolling group; the claim transaction locks it so that the count of RUNNING
-- restarts in the group cannot race between nodes.
CREATE TABLE restart_groups (
  name           text PRIMARY KEY,
  max_concurrent integer NOT NULL,
  lock_version   bigint NOT NULL DEFAULT 0
);

CREATE TABLE restart_intents (
  id                   text PRIMARY KEY,
  kind                 text NOT NULL,
  host                 text NOT NULL,
  target_id            text,
  target_key           text NOT NULL,
  hosts                text NOT NULL,
  group_name           text NOT NULL REFERENCES restart_groups (name),
  reason               text NOT NULL,
  run_id               text,
  created_at           bigint NOT NULL,
  due_at               bigint NOT NULL,
  expected_duration_ms bigint NOT NULL,
  status               text NOT NULL,
  claim_token          text,
  attempts             integer NOT NULL DEFAULT 0,
  started_at           bigint,
  finished_at          bigint,
  result               text,
  updated_at           bigint NOT NULL
);
-- At most one queued intent per target: the database enforces the dedup even when two nodes
-- enqueue the same target at once.
CREATE UNIQUE INDEX restart_intents_queued_target_uq ON restart_intents (target_key)
  WHERE status = 'QUEUED';
CREATE INDEX restart_intents_status_due_idx ON restart_intents (status, due_at);
CREATE INDEX restart_intents_group_idx ON restart_intents (group_name, status);
CREATE INDEX restart_intents_host_idx ON restart_intents (host, status);

-- db-scheduler's table (shape of its documented PostgreSQL schema).
CREATE TABLE scheduled_tasks (
  task_name            text NOT NULL,
  task_instance        text NOT NULL,
  task_data            bytea,
  execution_time       timestamp with time zone NOT NULL,
  picked               boolean NOT NULL,
  picked_by            text,
  last_success         timestamp with time zone,
  last_failure         timestamp with time zone,
  consecutive_failures integer,
  last_heartbeat       timestamp with time zone,
  version              bigint NOT NULL,
  priority             smallint,
  PRIMARY KEY (task_name, task_instance)
);
CREATE INDEX scheduled_tasks_execution_time_idx ON scheduled_tasks (execution_time);
CREATE INDEX scheduled_tasks_last_heartbeat_idx ON scheduled_tasks (last_heartbeat);
CREATE INDEX scheduled_tasks_priority_time_idx ON scheduled_tasks (priority DESC, execution_time ASC);
