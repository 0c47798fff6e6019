package io.pagetune.targets.sap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.schedule.RestartTarget;
import io.pagetune.schedule.drivers.RestartOutcome;
import io.pagetune.testing.FakeTime;
import io.pagetune.testing.LocalAsBecome;
import io.pagetune.testing.StandIns;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SapControlDriverTest {
  private static final RestartTarget PRD = SapTarget.SYSTEM_RESTART.target("sapprd-app1", "PRD/00");

  @TempDir Path dir;
  private Path state;
  private FakeTime time;
  private LocalAsBecome connection;
  private SapControlDriver driver;

  @BeforeEach
  void setUp() throws Exception {
    Path bin = StandIns.install(dir, "sapcontrol");
    state = java.nio.file.Files.createDirectories(dir.resolve("state"));
    time = new FakeTime(Instant.parse("2026-12-06T01:00:00Z"));
    connection = new LocalAsBecome();
    driver =
        new SapControlDriver(
            new SapControlDriver.Options(StandIns.env(bin, state), Duration.ofSeconds(10), 600),
            time,
            time);
  }

  @Test
  void restartsTheWholeSystemAndWaitsForGreen() {
    RestartOutcome o = driver.restart(PRD, connection, Duration.ofMinutes(30));
    assertTrue(o.ok(), o.summary() + "\n" + o.steps());
    assertEquals(
        List.of(
            "RestartService ",
            "GetProcessList ",
            "GetProcessList ",
            "StopSystem ALL",
            "WaitforStopped 600 10",
            "GetSystemInstanceList ",
            "GetSystemInstanceList ",
            "StartSystem ALL",
            "WaitforStarted 600 10",
            "GetSystemInstanceList ",
            "GetSystemInstanceList "),
        StandIns.lines(state.resolve("calls")));
    assertEquals(Set.of("prdadm"), Set.copyOf(connection.becomeUsers));
    assertTrue(
        o.steps().contains("all instances GREEN: done after 2 checks"), o.steps().toString());
    // the restarting service and the YELLOW instances each cost one poll interval
    assertEquals(Duration.ofSeconds(30), time.slept());
  }

  @Test
  void failedStartSystemStopsTheSequence() {
    StandIns.write(state.resolve("fail"), "StartSystem");
    RestartOutcome o = driver.restart(PRD, connection, Duration.ofMinutes(30));
    assertFalse(o.ok());
    assertTrue(
        o.summary().contains("StartSystem ALL failed (exit 1): FAIL: NIECONN_REFUSED"),
        o.summary());
    List<String> calls = StandIns.lines(state.resolve("calls"));
    assertEquals("StartSystem ALL", calls.get(calls.size() - 1));
  }

  @Test
  void waitforStoppedExitTwoIsATimeout() {
    StandIns.write(state.resolve("fail"), "slowstop");
    RestartOutcome o = driver.restart(PRD, connection, Duration.ofMinutes(30));
    assertFalse(o.ok());
    assertTrue(o.summary().contains("WaitforStopped timed out after 600 s"), o.summary());
  }

  @Test
  void systemThatNeverTurnsGreenFailsAtTheDeadline() {
    StandIns.write(state.resolve("fail"), "stuck");
    RestartOutcome o = driver.restart(PRD, connection, Duration.ofMinutes(5));
    assertFalse(o.ok());
    assertTrue(o.summary().contains("gave up at the deadline"), o.summary());
    assertTrue(o.summary().contains("sapprd-app1/0 YELLOW"), o.summary());
    assertTrue(
        time.slept().compareTo(Duration.ofMinutes(5)) <= 0, "never sleeps past the deadline");
    assertTrue(time.slept().compareTo(Duration.ofMinutes(4)) > 0, "kept polling until near it");
  }

  @Test
  void targetIdMustNameSidAndInstance() {
    assertEquals(new SapSystemRef("PRD", "00"), SapSystemRef.parse("PRD/00"));
    assertEquals(50213, SapSystemRef.parse("QAS/02").httpPort());
    assertEquals("qasadm", SapSystemRef.parse("QAS/02").admUser());
    org.junit.jupiter.api.Assertions.assertThrows(
        IllegalArgumentException.class, () -> SapSystemRef.parse("PRD; rm -rf /"));
  }
}
