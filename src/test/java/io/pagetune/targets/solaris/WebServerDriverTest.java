package io.pagetune.targets.solaris;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.connection.Become;
import io.pagetune.connection.RemoteCommand;
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
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WebServerDriverTest {
  @TempDir Path dir;
  private Path state;
  private Path instance;
  private Path checkScript;
  private FakeTime time;
  private LocalAsBecome connection;

  @BeforeEach
  void setUp() throws Exception {
    Path staging =
        StandIns.install(dir, "webserver-stopserv", "webserver-startserv", "webserver-check");
    instance = dir.resolve("https-www");
    Path bin = Files.createDirectories(instance.resolve("bin"));
    Files.move(staging.resolve("webserver-stopserv"), bin.resolve("stopserv"));
    Files.move(staging.resolve("webserver-startserv"), bin.resolve("startserv"));
    checkScript = staging.resolve("webserver-check");
    state = Files.createDirectories(dir.resolve("state"));
    time = new FakeTime(Instant.parse("2026-12-06T01:00:00Z"));
    connection = new LocalAsBecome();
  }

  private WebServerDriver driver() {
    return new WebServerDriver(
        new WebServerDriver.Options(
            Become.as("webservd"),
            Map.of("STANDIN_DIR", state.toString()),
            d -> RemoteCommand.argv(checkScript.toString(), d),
            Duration.ofSeconds(5)),
        time,
        time);
  }

  private RestartTarget target() {
    return new RestartTarget("web_server", "web1", instance.toString());
  }

  @Test
  void stopsStartsAndWaitsForTheProcess() {
    StandIns.write(state.resolve("up"), "");
    RestartOutcome o = driver().restart(target(), connection, Duration.ofMinutes(5));
    assertTrue(o.ok(), o.summary() + o.steps());
    assertEquals(
        List.of("stopserv", "startserv", "check " + instance, "check " + instance),
        StandIns.lines(state.resolve("calls")));
    assertEquals(Duration.ofSeconds(5), time.slept());
    assertTrue(connection.becomeUsers.stream().allMatch("webservd"::equals));
  }

  @Test
  void serverThatWasDownIsStillStarted() {
    RestartOutcome o = driver().restart(target(), connection, Duration.ofMinutes(5));
    assertTrue(o.ok(), o.summary() + o.steps());
    assertTrue(o.steps().stream().anyMatch(s -> s.startsWith("stopserv: not running")));
  }

  @Test
  void startservFailureIsReported() {
    StandIns.write(state.resolve("fail"), "");
    RestartOutcome o = driver().restart(target(), connection, Duration.ofMinutes(5));
    assertFalse(o.ok());
    assertTrue(o.summary().contains("startserv failed (exit 1): failure: CORE3107"), o.summary());
  }

  @Test
  void defaultCheckLooksForWebservdOfTheInstance() {
    RemoteCommand check = WebServerDriver.Options.defaults().check().apply("/opt/ws7/https-www");
    assertEquals(List.of("pgrep", "-f", "webservd.*/opt/ws7/https-www/config"), check.argv());
  }

  @Test
  void relativeInstanceDirectoryIsRefused() {
    RestartOutcome o =
        driver()
            .restart(
                new RestartTarget("web_server", "web1", "https-www"),
                connection,
                Duration.ofMinutes(5));
    assertFalse(o.ok());
    assertTrue(connection.commands.isEmpty());
  }
}
