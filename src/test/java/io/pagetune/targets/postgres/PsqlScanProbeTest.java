package io.pagetune.targets.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.connection.CommandResult;
import io.pagetune.connection.LocalConnection;
import io.pagetune.connection.RemoteCommand;
import io.pagetune.schedule.RestartTarget;
import io.pagetune.state.PostgresServer;
import io.pagetune.targets.DefaultProbe;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The probe against a real PostgreSQL server; the data directory holds what the probe reads of it
 * (PG_VERSION, and postmaster.pid's port and socket lines, here pointing at the test server).
 */
class PsqlScanProbeTest {
  @RegisterExtension static final PostgresServer POSTGRES = new PostgresServer();

  @TempDir Path dataDir;
  private String database;

  @BeforeEach
  void setUp() throws Exception {
    String url = POSTGRES.newDatabase();
    database = url.substring(url.lastIndexOf('/') + 1).replaceAll("\\?.*", "");
    try (Connection c = DriverManager.getConnection(url);
        Statement s = c.createStatement()) {
      s.execute("create table small as select g from generate_series(1, 10) g");
      s.execute("create schema app");
      s.execute("create table app.big as select g from generate_series(1, 5000) g");
    }
    Files.writeString(dataDir.resolve("PG_VERSION"), "15\n");
    Files.writeString(
        dataDir.resolve("postmaster.pid"),
        "4242\n" + dataDir + "\n1700000000\n" + POSTGRES.port() + "\nlocalhost\n*\n");
  }

  private CommandResult run(Map<String, Object> probeArgs) {
    DefaultProbe probe =
        new PostgresTarget()
            .defaultBenefitProbe(
                new RestartTarget("postgres_cluster", "pg1", dataDir.toString()),
                probeArgs,
                Map.of())
            .orElseThrow();
    assertEquals(probe.command(), probe.warmup().orElseThrow(), "the warmup loads the table");
    return new LocalConnection("localhost")
        .run(RemoteCommand.script(probe.command()), Duration.ofSeconds(60));
  }

  @Test
  void countsTheLargestTableByDefault() {
    CommandResult r = run(Map.of("database", database, "user", "postgres"));
    assertEquals(0, r.exitCode(), r.stderr());
    assertEquals("5000", r.stdout().strip());
  }

  @Test
  void countsTheNamedTable() {
    CommandResult r = run(Map.of("database", database, "user", "postgres", "table", "small"));
    assertEquals(0, r.exitCode(), r.stderr());
    assertEquals("10", r.stdout().strip());
  }

  @Test
  void aMissingTableFailsTheRunAndNeverReachesSqlUnquoted() {
    CommandResult r =
        run(Map.of("database", database, "user", "postgres", "table", "nope; drop table small"));
    assertNotEquals(0, r.exitCode());
    assertTrue(r.stderr().contains("invalid name syntax"), r.stderr());
    CommandResult missing =
        run(Map.of("database", database, "user", "postgres", "table", "app.missing"));
    assertNotEquals(0, missing.exitCode());
    assertTrue(missing.stderr().contains("does not exist"), missing.stderr());
    CommandResult still = run(Map.of("database", database, "user", "postgres", "table", "small"));
    assertEquals("10", still.stdout().strip(), still.stderr());
  }

  @Test
  void onlyClusterRestartsHaveIt() {
    assertTrue(
        new PostgresTarget()
            .defaultBenefitProbe(RestartTarget.reboot("pg1"), Map.of(), Map.of())
            .isEmpty());
  }
}
