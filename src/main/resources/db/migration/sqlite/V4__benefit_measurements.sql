-- The benefit probe of a restart: the medians of its timed runs right before the restart and once
-- it was verified (in seconds; NULL when that series failed, problem says why).

CREATE TABLE benefit_measurements (
  id              INTEGER PRIMARY KEY AUTOINCREMENT,
  host            TEXT NOT NULL,
  kind            TEXT NOT NULL,
  target_id       TEXT,
  measured_at     INTEGER NOT NULL,
  before_median_s REAL,
  before_runs     INTEGER NOT NULL,
  after_median_s  REAL,
  after_runs      INTEGER NOT NULL,
  problem         TEXT NOT NULL
);
CREATE INDEX benefit_measurements_host_idx ON benefit_measurements (host, measured_at);
