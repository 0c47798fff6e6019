-- The latest page facts of each host: when they were gathered, by which run (NULL: status
-- --refresh) and the page state of every target they showed, in target order.

CREATE TABLE host_facts (
  host        TEXT PRIMARY KEY,
  run_id      TEXT,
  gathered_at INTEGER NOT NULL
);
CREATE TABLE host_page_states (
  host            TEXT NOT NULL REFERENCES host_facts (host) ON DELETE CASCADE,
  position        INTEGER NOT NULL,
  target          TEXT NOT NULL,
  desired         TEXT NOT NULL,
  persisted       INTEGER NOT NULL,
  persisted_value TEXT NOT NULL,
  effective       INTEGER NOT NULL,
  effective_value TEXT NOT NULL,
  pending_restart INTEGER NOT NULL,
  reasons         TEXT NOT NULL,
  PRIMARY KEY (host, position)
);
