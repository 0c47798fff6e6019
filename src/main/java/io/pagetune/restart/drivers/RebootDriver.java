package io.pagetune.restart.drivers;

import io.pagetune.connection.Become;
import io.pagetune.connection.CommandResult;
import io.pagetune.connection.Connection;
import io.pagetune.connection.ConnectionException;
import io.pagetune.connection.RemoteCommand;
import io.pagetune.schedule.RestartTarget;
import io.pagetune.schedule.Sleeper;
import io.pagetune.schedule.drivers.RestartDriver;
import io.pagetune.schedule.drivers.RestartOutcome;
import io.pagetune.schedule.drivers.RestartSession;
import io.pagetune.schedule.drivers.StepFailed;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Reboots a host: reads its boot id, issues the reboot command, then reconnects with backoff until
 * the host answers with a different boot id, or the deadline passes. A host that answers with the
 * old boot id has not gone down yet. The connection the reboot ran on is dead afterwards; callers
 * open a new one.
 */
public final class RebootDriver implements RestartDriver {
  /**
   * Settings. {@code bootId} empty skips the boot id comparison (then any successful reconnect
   * after {@code settle} counts as up).
   */
  public record Options(
      List<String> command,
      Become become,
      Optional<List<String>> bootId,
      Duration settle,
      Duration firstBackoff,
      Duration maxBackoff) {
    public Options {
      command = List.copyOf(command);
      bootId = bootId.map(List::copyOf);
    }

    public static Options defaults() {
      return new Options(
          List.of("shutdown", "-r", "now"),
          Become.as("root"),
          Optional.of(List.of("cat", "/proc/sys/kernel/random/boot_id")),
          Duration.ofSeconds(30),
          Duration.ofSeconds(5),
          Duration.ofSeconds(60));
    }
  }

  private static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(60);

  private final Options options;
  private final Function<String, Connection> reconnect;
  private final Clock clock;
  private final Sleeper sleeper;

  /**
   * @param reconnect opens a fresh connection to the named host or throws {@link
   *     ConnectionException}
   */
  public RebootDriver(
      Options options, Function<String, Connection> reconnect, Clock clock, Sleeper sleeper) {
    this.options = options;
    this.reconnect = reconnect;
    this.clock = clock;
    this.sleeper = sleeper;
  }

  @Override
  public RestartOutcome restart(RestartTarget target, Connection connection, Duration timeout) {
    RestartSession s = new RestartSession(connection, clock, sleeper, timeout);
    String host = connection.host();
    try {
      Optional<String> before = bootId(connection);
      before.ifPresent(id -> s.log("boot id before: " + id));
      issueReboot(s, connection);
      sleeper.sleep(min(options.settle(), s.remaining()));
      Duration backoff = options.firstBackoff();
      int attempts = 0;
      while (true) {
        attempts++;
        String why = tryReconnect(host, before, s);
        if (why == null) {
          s.log("host back after " + attempts + (attempts == 1 ? " attempt" : " attempts"));
          return RestartOutcome.ok(host + " rebooted and reachable", s.steps());
        }
        if (s.remaining().compareTo(backoff) <= 0) {
          return RestartOutcome.failed(
              host + " did not come back within " + timeout + " (last: " + why + ")", s.steps());
        }
        sleeper.sleep(backoff);
        Duration doubled = backoff.multipliedBy(2);
        backoff = doubled.compareTo(options.maxBackoff()) > 0 ? options.maxBackoff() : doubled;
      }
    } catch (StepFailed e) {
      return RestartOutcome.failed(host + " reboot failed: " + e.getMessage(), s.steps());
    }
  }

  private void issueReboot(RestartSession s, Connection connection) {
    RemoteCommand cmd = RemoteCommand.argv(options.command()).withBecome(options.become());
    try {
      CommandResult r = connection.run(cmd, COMMAND_TIMEOUT);
      s.log(String.join(" ", options.command()) + ": exit " + r.exitCode());
      // exit 0, or killed because the host went down under it
      if (r.exitCode() != 0 && !r.timedOut() && r.exitCode() != 255 && r.exitCode() != -1) {
        throw new StepFailed(
            "reboot command failed (exit " + r.exitCode() + ")" + RestartSession.detail(r));
      }
    } catch (ConnectionException e) {
      s.log(String.join(" ", options.command()) + ": connection dropped, as expected");
    }
  }

  /** Null when the host is back with a new boot id; otherwise why not. */
  private String tryReconnect(String host, Optional<String> before, RestartSession s) {
    try (Connection fresh = reconnect.apply(host)) {
      Optional<String> after = bootId(fresh);
      if (before.isPresent() && after.isPresent() && before.get().equals(after.get())) {
        s.log("reconnected, but the boot id is unchanged: not rebooted yet");
        return "boot id unchanged";
      }
      after.ifPresent(id -> s.log("boot id after: " + id));
      return null;
    } catch (ConnectionException e) {
      s.log("reconnect: " + e.getMessage());
      return e.getMessage();
    }
  }

  private Optional<String> bootId(Connection c) {
    if (options.bootId().isEmpty()) {
      return Optional.empty();
    }
    CommandResult r = c.run(RemoteCommand.argv(options.bootId().get()), COMMAND_TIMEOUT);
    String id = r.stdout().strip();
    return r.ok() && !id.isEmpty() ? Optional.of(id) : Optional.empty();
  }

  private static Duration min(Duration a, Duration b) {
    return a.compareTo(b) <= 0 ? a : b;
  }
}
