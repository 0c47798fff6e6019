-- The benefit probe of a restart: the medians of its timed runs right before the restart and once
-- it was verified (in seconds; NULL when that series failed, problem says why).

CREATE TABLE benefit_measurements (
  id              bigserial PRIMARY KEY,
  host            text NOT NULL,
  kind            text NOT NULL,
  target_id       text,
  measured_at     bigint NOT NULL,
  before_median_s double precision,
  before_runs     integer NOT NULL,
  after_median_s  double precision,
  after_runs      integer NOT NULL,
  problem         text NOT NULL
);
CREATE INDEX benefit_measurements_host_idx ON benefit_measurements (host, measured_at);
