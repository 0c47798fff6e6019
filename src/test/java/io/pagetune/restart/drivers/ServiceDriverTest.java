package io.pagetune.restart.drivers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.connection.Become;
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
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ServiceDriverTest {
  @TempDir Path dir;
  private Path state;
  private FakeTime time;
  private LocalAsBecome connection;
  private ServiceDriver driver;

  @BeforeEach
  void setUp() throws Exception {
    Path bin = StandIns.install(dir, "systemctl");
    state = Files.createDirectories(dir.resolve("state"));
    time = new FakeTime(Instant.parse("2026-12-06T01:00:00Z"));
    connection = new LocalAsBecome();
    driver =
        new ServiceDriver(
            new ServiceDriver.Options(
                Become.as("root"), StandIns.env(bin, state), Duration.ofSeconds(2)),
            time,
            time);
  }

  private static RestartTarget unit(String name) {
    return new RestartTarget("service", "db1", name);
  }

  @Test
  void restartsAndWaitsUntilActive() {
    RestartOutcome o =
        driver.restart(unit("oracle-ohasd.service"), connection, Duration.ofMinutes(2));
    assertTrue(o.ok(), o.summary() + o.steps());
    assertEquals(
        List.of(
            "systemctl restart oracle-ohasd.service",
            "systemctl is-active oracle-ohasd.service",
            "systemctl is-active oracle-ohasd.service"),
        StandIns.lines(state.resolve("calls")));
    assertEquals(Duration.ofSeconds(2), time.slept());
  }

  @Test
  void unitThatFailsStopsWaitingAtOnce() {
    StandIns.write(state.resolve("fail"), "");
    RestartOutcome o = driver.restart(unit("httpd.service"), connection, Duration.ofMinutes(2));
    assertFalse(o.ok());
    assertTrue(o.summary().contains("httpd.service failed after the restart"), o.summary());
    assertEquals(Duration.ofSeconds(2), time.slept());
  }

  @Test
  void optionLikeUnitNameIsRefused() {
    RestartOutcome o = driver.restart(unit("--all"), connection, Duration.ofMinutes(2));
    assertFalse(o.ok());
    assertTrue(connection.commands.isEmpty());
  }
}
