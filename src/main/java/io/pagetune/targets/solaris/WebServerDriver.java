package io.pagetune.targets.solaris;

import io.pagetune.connection.Become;
import io.pagetune.connection.CommandResult;
import io.pagetune.connection.Connection;
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
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Restarts a Sun Java System Web Server instance: {@code <instance>/bin/stopserv}, then {@code
 * <instance>/bin/startserv} (which carries the MPSS preload), then waits until the check command
 * succeeds. The target id is the instance directory; the default check is {@code pgrep -f} for a
 * webservd running from it.
 */
final class WebServerDriver implements RestartDriver {
  /** Settings; {@code check} builds the "is it up" command from the instance directory. */
  record Options(
      Become become,
      Map<String, String> env,
      Function<String, RemoteCommand> check,
      Duration pollInterval) {
    public Options {
      env = Map.copyOf(env);
    }

    public static Options defaults() {
      return new Options(
          Become.as("root"),
          Map.of(),
          dir -> RemoteCommand.argv("pgrep", "-f", "webservd.*" + dir + "/config"),
          Duration.ofSeconds(5));
    }
  }

  private final Options options;
  private final Clock clock;
  private final Sleeper sleeper;

  public WebServerDriver(Options options, Clock clock, Sleeper sleeper) {
    this.options = options;
    this.clock = clock;
    this.sleeper = sleeper;
  }

  @Override
  public RestartOutcome restart(RestartTarget target, Connection connection, Duration timeout) {
    String dir = target.id();
    if (dir == null || !dir.startsWith("/") || dir.contains("/../") || dir.endsWith("/..")) {
      return RestartOutcome.failed(
          "web server instance must be an absolute directory: " + dir, List.of());
    }
    RestartSession s = new RestartSession(connection, clock, sleeper, timeout);
    try {
      CommandResult stop = s.run("stopserv", cmd(RemoteCommand.argv(dir + "/bin/stopserv")));
      // stopserv fails when the server is already down; startserv decides
      if (stop.exitCode() != 0) {
        s.log(
            "stopserv: not running or failed; continuing with startserv"
                + RestartSession.detail(stop));
      }
      s.runOk("startserv", cmd(RemoteCommand.argv(dir + "/bin/startserv")));
      s.pollUntil(
          "web server process",
          options.pollInterval(),
          () -> {
            CommandResult r = s.run("check", cmd(options.check().apply(dir)));
            return r.exitCode() == 0 ? Optional.empty() : Optional.of("check exit " + r.exitCode());
          });
      return RestartOutcome.ok("web server " + dir + " restarted", s.steps());
    } catch (StepFailed e) {
      return RestartOutcome.failed(
          "web server " + dir + " restart failed: " + e.getMessage(), s.steps());
    }
  }

  private RemoteCommand cmd(RemoteCommand c) {
    return c.withDefaultBecome(options.become()).withEnv(options.env());
  }
}
