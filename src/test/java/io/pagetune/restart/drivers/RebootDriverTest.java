package io.pagetune.restart.drivers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.connection.Become;
import io.pagetune.connection.CommandResult;
import io.pagetune.connection.Connection;
import io.pagetune.connection.ConnectionException;
import io.pagetune.connection.FileMeta;
import io.pagetune.connection.PutOptions;
import io.pagetune.connection.RemoteCommand;
import io.pagetune.schedule.RestartTarget;
import io.pagetune.schedule.drivers.RestartOutcome;
import io.pagetune.testing.FakeTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class RebootDriverTest {
  private static final RestartTarget REBOOT = new RestartTarget(RestartTarget.REBOOT, "db1", "db1");

  /** A host that answers the boot id question and the reboot command. */
  static final class FakeHost implements Connection {
    final String bootId;
    final boolean dropOnReboot;
    final List<RemoteCommand> commands = new ArrayList<>();
    boolean closed;

    FakeHost(String bootId, boolean dropOnReboot) {
      this.bootId = bootId;
      this.dropOnReboot = dropOnReboot;
    }

    @Override
    public String host() {
      return "db1";
    }

    @Override
    public CommandResult run(RemoteCommand command, Duration timeout) {
      commands.add(command);
      if (command.argv().get(0).equals("cat")) {
        return CommandResult.of(0, bootId + "\n", "");
      }
      if (command.argv().get(0).equals("shutdown")) {
        if (dropOnReboot) {
          throw new ConnectionException("connection reset by peer");
        }
        return CommandResult.of(0, "", "");
      }
      return CommandResult.of(127, "", "not found");
    }

    @Override
    public Optional<byte[]> read(String path, Become become) {
      return Optional.empty();
    }

    @Override
    public Optional<FileMeta> stat(String path, Become become) {
      return Optional.empty();
    }

    @Override
    public void put(byte[] content, String path, PutOptions options) {
      throw new UnsupportedOperationException();
    }

    @Override
    public void close() {
      closed = true;
    }
  }

  /** Reconnect answers in order: a host, or null for "connection refused". */
  private static Function<String, Connection> answers(Deque<FakeHost> script, List<String> asked) {
    return host -> {
      asked.add(host);
      FakeHost next = script.isEmpty() ? null : script.poll();
      if (next == null) {
        throw new ConnectionException("connect to " + host + ":22: connection refused");
      }
      return next;
    };
  }

  private static RebootDriver.Options options() {
    return new RebootDriver.Options(
        List.of("shutdown", "-r", "now"),
        Become.as("root"),
        Optional.of(List.of("cat", "/proc/sys/kernel/random/boot_id")),
        Duration.ofSeconds(30),
        Duration.ofSeconds(5),
        Duration.ofSeconds(20));
  }

  @Test
  void waitsThroughRefusalsAndAnUnchangedBootIdUntilANewBoot() {
    FakeHost before = new FakeHost("aaaa-1", true);
    FakeHost notYetDown = new FakeHost("aaaa-1", false);
    FakeHost after = new FakeHost("bbbb-2", false);
    Deque<FakeHost> script = new ArrayDeque<>();
    script.add(notYetDown);
    List<String> asked = new ArrayList<>();
    FakeTime time = new FakeTime(Instant.parse("2026-12-06T01:00:00Z"));
    Function<String, Connection> reconnect =
        host -> {
          asked.add(host);
          if (asked.size() == 1) {
            return script.poll();
          }
          if (asked.size() < 4) {
            throw new ConnectionException("connection refused");
          }
          return after;
        };
    RestartOutcome o =
        new RebootDriver(options(), reconnect, time, time)
            .restart(REBOOT, before, Duration.ofMinutes(15));
    assertTrue(o.ok(), o.summary() + o.steps());
    assertEquals(4, asked.size());
    assertEquals(List.of("root"), List.of(before.commands.get(1).become().user()));
    assertEquals(List.of("shutdown", "-r", "now"), before.commands.get(1).argv());
    // settle 30s, then backoff 5s, 10s, 20s between the four attempts
    assertEquals(
        List.of(
            Duration.ofSeconds(30),
            Duration.ofSeconds(5),
            Duration.ofSeconds(10),
            Duration.ofSeconds(20)),
        time.sleeps);
    assertTrue(notYetDown.closed && after.closed, "probe connections are closed");
    assertTrue(o.steps().contains("boot id after: bbbb-2"), o.steps().toString());
  }

  @Test
  void hostThatNeverReturnsFailsAtTheDeadline() {
    List<String> asked = new ArrayList<>();
    FakeTime time = new FakeTime(Instant.parse("2026-12-06T01:00:00Z"));
    RestartOutcome o =
        new RebootDriver(options(), answers(new ArrayDeque<>(), asked), time, time)
            .restart(REBOOT, new FakeHost("aaaa-1", false), Duration.ofMinutes(5));
    assertFalse(o.ok());
    assertTrue(o.summary().contains("did not come back within PT5M"), o.summary());
    assertTrue(o.summary().contains("connection refused"), o.summary());
    assertTrue(time.slept().compareTo(Duration.ofMinutes(5)) <= 0);
    // 30 + 5 + 10 + 20 + 20 ... stays under 5 minutes; capped backoff keeps trying
    assertTrue(asked.size() >= 10, "attempts: " + asked.size());
  }

  @Test
  void failingRebootCommandIsReportedWithoutWaiting() {
    FakeTime time = new FakeTime(Instant.parse("2026-12-06T01:00:00Z"));
    RebootDriver.Options opts =
        new RebootDriver.Options(
            List.of("no-such-reboot"),
            Become.as("root"),
            Optional.empty(),
            Duration.ofSeconds(30),
            Duration.ofSeconds(5),
            Duration.ofSeconds(20));
    List<String> asked = new ArrayList<>();
    RestartOutcome o =
        new RebootDriver(opts, answers(new ArrayDeque<>(), asked), time, time)
            .restart(REBOOT, new FakeHost("x", false), Duration.ofMinutes(5));
    assertFalse(o.ok());
    assertTrue(o.summary().contains("reboot command failed (exit 127)"), o.summary());
    assertTrue(asked.isEmpty());
    assertEquals(Duration.ZERO, time.slept());
  }
}
