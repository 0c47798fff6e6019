package io.pagetune.targets.oracle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.schedule.RestartTarget;
import io.pagetune.schedule.drivers.RestartOutcome;
import io.pagetune.testing.FakeTime;
import io.pagetune.testing.LocalAsBecome;
import io.pagetune.testing.StandIns;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OracleDriverTest {
  private static final RestartTarget ORCL = OracleTarget.INSTANCE_RESTART.target("dbhost1", "ORCL");

  @TempDir Path dir;
  private Path state;
  private Path bin;
  private FakeTime time;
  private LocalAsBecome connection;

  @BeforeEach
  void setUp() throws Exception {
    bin = StandIns.install(dir, "srvctl", "sqlplus");
    state = Files.createDirectories(dir.resolve("state"));
    time = new FakeTime(Instant.parse("2026-12-06T01:00:00Z"));
    connection = new LocalAsBecome();
  }

  private OracleDriver driver(boolean grid) {
    return new OracleDriver(
        new OracleDriver.Options(
            "oracle", grid, Optional.empty(), StandIns.env(bin, state), Duration.ofSeconds(10)),
        time,
        time);
  }

  @Test
  void gridUsesSrvctlAndWaitsForRunning() {
    RestartOutcome o = driver(true).restart(ORCL, connection, Duration.ofMinutes(20));
    assertTrue(o.ok(), o.summary() + o.steps());
    assertEquals(
        List.of(
            "srvctl stop database -d ORCL",
            "srvctl start database -d ORCL",
            "srvctl status database -d ORCL",
            "srvctl status database -d ORCL"),
        StandIns.lines(state.resolve("calls")));
    assertEquals(Set.of("oracle"), Set.copyOf(connection.becomeUsers));
    assertEquals(Duration.ofSeconds(10), time.slept());
  }

  @Test
  void gridStartFailureIsReported() {
    StandIns.write(state.resolve("fail"), "start");
    RestartOutcome o = driver(true).restart(ORCL, connection, Duration.ofMinutes(20));
    assertFalse(o.ok());
    assertTrue(o.summary().contains("srvctl start database failed (exit 1)"), o.summary());
    assertTrue(o.summary().contains("ORA-27102"), o.summary());
  }

  @Test
  void withoutGridSqlplusShutsDownStartsAndWaitsForOpen() {
    RestartOutcome o = driver(false).restart(ORCL, connection, Duration.ofMinutes(20));
    assertTrue(o.ok(), o.summary() + o.steps());
    assertEquals(
        List.of(
            "sqlplus -S -L / as sysdba | shutdown immediate | ORACLE_SID=ORCL",
            "sqlplus -S -L / as sysdba | startup | ORACLE_SID=ORCL",
            "sqlplus -S -L / as sysdba | set heading off feedback off pagesize 0 | ORACLE_SID=ORCL",
            "sqlplus -S -L / as sysdba | set heading off feedback off pagesize 0 | ORACLE_SID=ORCL"),
        StandIns.lines(state.resolve("calls")));
    assertEquals("/ as sysdba", connection.commands.get(0).argv().get(3));
  }

  @Test
  void instanceAlreadyDownIsNotAShutdownFailure() {
    StandIns.write(state.resolve("db"), "down");
    RestartOutcome o = driver(false).restart(ORCL, connection, Duration.ofMinutes(20));
    assertTrue(o.ok(), o.summary() + o.steps());
    assertTrue(o.steps().contains("shutdown immediate: ORA-01034, the instance was not running"));
  }

  @Test
  void oraErrorOnStartupFailsEvenWithExitZero() {
    StandIns.write(state.resolve("fail"), "startup");
    RestartOutcome o = driver(false).restart(ORCL, connection, Duration.ofMinutes(20));
    assertFalse(o.ok());
    assertTrue(o.summary().contains("startup failed (ORA-27102)"), o.summary());
  }

  @Test
  void databaseNameIsValidatedBeforeAnyCommand() {
    RestartOutcome o =
        driver(true)
            .restart(
                OracleTarget.INSTANCE_RESTART.target("dbhost1", "ORCL -f; reboot"),
                connection,
                Duration.ofMinutes(1));
    assertFalse(o.ok());
    assertTrue(connection.commands.isEmpty());
  }
}
