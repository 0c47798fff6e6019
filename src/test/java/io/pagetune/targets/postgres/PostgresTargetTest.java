package io.pagetune.targets.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.pagetune.connection.LocalConnection;
import io.pagetune.schedule.RestartTarget;
import io.pagetune.schedule.Sleeper;
import io.pagetune.schedule.drivers.RestartOutcome;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PostgresTargetTest {
  @Test
  void aRestartIsVerifiedOnTheClustersDataDirectory() {
    assertEquals(
        Optional.of(Map.of("postgres_data_dir", "/srv/pg/data")),
        PostgresTarget.verifyArgs(
            new RestartTarget("postgres_cluster", "db1", "/srv/pg/data"), Map.of()));
    assertEquals(
        Optional.of(Map.of("postgres_data_dir", "/var/lib/postgresql/15/main")),
        PostgresTarget.verifyArgs(
            new RestartTarget("postgres_cluster", "db1", "15/main"), Map.of()));
    assertEquals(
        Optional.of(Map.of("postgres_data_dir", "/data/pg15", "postgres_bindir", "/opt/pg/bin")),
        PostgresTarget.verifyArgs(
            new RestartTarget("postgres_cluster", "db1", "15/main"),
            Map.of("pg_data_dir", "/data/pg15", "pg_bindir", "/opt/pg/bin")));
    assertEquals(
        Optional.empty(),
        PostgresTarget.verifyArgs(new RestartTarget("postgres_cluster", "db1", "main"), Map.of()));
  }

  @Test
  void theDriverRefusesWhatIsNeitherAClusterNorADataDirectory() {
    PostgresClusterDriver d =
        new PostgresClusterDriver(Clock.systemUTC(), Sleeper.REAL, Duration.ofMillis(10));
    RestartOutcome o =
        d.restart(
            new RestartTarget("postgres_cluster", "localhost", "main; reboot"),
            new LocalConnection("localhost"),
            Duration.ofSeconds(5));
    assertFalse(o.ok());
    assertEquals(
        "not a PostgreSQL cluster (version/name) or data directory: main; reboot", o.summary());
    assertEquals(List.of(), o.steps());
  }

  @Test
  void aDataDirectoryWithoutAClusterFailsTheRestart(
      @org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp) {
    PostgresClusterDriver d =
        new PostgresClusterDriver(Clock.systemUTC(), Sleeper.REAL, Duration.ofMillis(10));
    RestartOutcome o =
        d.restart(
            new RestartTarget("postgres_cluster", "localhost", tmp.toString()),
            new LocalConnection("localhost"),
            Duration.ofSeconds(5));
    assertFalse(o.ok());
    org.junit.jupiter.api.Assertions.assertTrue(
        o.summary()
            .startsWith("cluster " + tmp + " restart failed: pg_ctl restart failed (exit 1)"),
        o.summary());
  }
}
