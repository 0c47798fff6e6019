-- The latest page facts of each host: when they were gathered, by which run (NULL: status
-- --refresh) and the page state of every target they showed, in target order.

CREATE TABLE host_facts (
  host        text PRIMARY KEY,
  run_id      text,
  gathered_at bigint NOT NULL
);
CREATE TABLE host_page_states (
  host            text NOT NULL REFERENCES host_facts (host) ON DELETE CASCADE,
  position        integer NOT NULL,
  target          text NOT NULL,
  desired         text NOT NULL,
  persisted       integer NOT NULL,
  persisted_value text NOT NULL,
  effective       integer NOT NULL,
  effective_value text NOT NULL,
  pending_restart integer NOT NULL,
  reasons         text NOT NULL,
  PRIMARY KEY (host, position)
);
