package io.pagetune.restart.drivers;

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
import java.util.regex.Pattern;

/**
 * Restarts a systemd unit: {@code systemctl restart <unit>}, then waits until {@code systemctl
 * is-active <unit>} prints {@code active}. The target id is the unit name.
 */
public final class ServiceDriver implements RestartDriver {
  private static final Pattern UNIT = Pattern.compile("[A-Za-z0-9@_.:-]+");

  /** Settings. */
  public record Options(Become become, Map<String, String> env, Duration pollInterval) {
    public Options {
      env = Map.copyOf(env);
    }

    public static Options defaults() {
      return new Options(Become.as("root"), Map.of(), Duration.ofSeconds(2));
    }
  }

  private final Options options;
  private final Clock clock;
  private final Sleeper sleeper;

  public ServiceDriver(Options options, Clock clock, Sleeper sleeper) {
    this.options = options;
    this.clock = clock;
    this.sleeper = sleeper;
  }

  @Override
  public RestartOutcome restart(RestartTarget target, Connection connection, Duration timeout) {
    String unit = target.id();
    if (unit == null || !UNIT.matcher(unit).matches() || unit.startsWith("-")) {
      return RestartOutcome.failed("not a systemd unit name: " + unit, List.of());
    }
    RestartSession s = new RestartSession(connection, clock, sleeper, timeout);
    try {
      s.runOk("systemctl restart", cmd("restart", unit));
      s.pollUntil(
          unit + " active",
          options.pollInterval(),
          () -> {
            CommandResult r = s.run("systemctl is-active", cmd("is-active", unit));
            String state = r.stdout().strip();
            if (state.equals("failed")) {
              throw new StepFailed(unit + " failed after the restart");
            }
            return state.equals("active") ? Optional.empty() : Optional.of(unit + " is " + state);
          });
      return RestartOutcome.ok("service " + unit + " restarted and active", s.steps());
    } catch (StepFailed e) {
      return RestartOutcome.failed(
          "service " + unit + " restart failed: " + e.getMessage(), s.steps());
    }
  }

  private RemoteCommand cmd(String verb, String unit) {
    return RemoteCommand.argv("systemctl", verb, unit)
        .withBecome(options.become())
        .withEnv(options.env());
  }
}
