-- One run (or restart) at a time per host. A row is the lease on one host: who holds it (owner =
-- "run <id>" or "restart <id>", holder = user@node) and when it last proved alive. A lease whose
-- heartbeat is older than the expiry belongs to a dead process and may be taken over.

CREATE TABLE host_leases (
  host         TEXT PRIMARY KEY,
  owner        TEXT NOT NULL,
  holder       TEXT NOT NULL,
  acquired_at  INTEGER NOT NULL,
  heartbeat_at INTEGER NOT NULL
);
CREATE INDEX host_leases_owner_idx ON host_leases (owner);
