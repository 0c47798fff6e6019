package io.pagetune.schedule.drivers;

import io.pagetune.connection.CommandResult;
import io.pagetune.connection.Connection;
import io.pagetune.connection.RemoteCommand;
import io.pagetune.schedule.Sleeper;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * One restart in progress: the deadline every step shares, the step log, and the two things drivers
 * do (run a command, poll until a condition holds). Not shared between restarts.
 */
public final class RestartSession {
  private final Connection connection;
  private final Clock clock;
  private final Sleeper sleeper;
  private final Instant deadline;
  private final List<String> steps = new ArrayList<>();

  public RestartSession(Connection connection, Clock clock, Sleeper sleeper, Duration timeout) {
    this.connection = connection;
    this.clock = clock;
    this.sleeper = sleeper;
    this.deadline = clock.instant().plus(timeout);
  }

  public void log(String step) {
    steps.add(step);
  }

  public List<String> steps() {
    return List.copyOf(steps);
  }

  public Duration remaining() {
    Duration d = Duration.between(clock.instant(), deadline);
    return d.isNegative() ? Duration.ZERO : d;
  }

  /** Runs a command with the time left as its timeout; a timeout ends the restart. */
  public CommandResult run(String label, RemoteCommand command) {
    Duration left = remaining();
    if (left.isZero()) {
      throw new StepFailed(label + ": no time left before the restart deadline");
    }
    CommandResult r = connection.run(command, left);
    log(label + ": exit " + r.exitCode() + (r.timedOut() ? " (timed out)" : ""));
    if (r.timedOut()) {
      throw new StepFailed(label + " timed out");
    }
    return r;
  }

  /** Runs a command that must exit 0. */
  public CommandResult runOk(String label, RemoteCommand command) {
    CommandResult r = run(label, command);
    if (r.exitCode() != 0) {
      throw new StepFailed(label + " failed (exit " + r.exitCode() + ")" + detail(r));
    }
    return r;
  }

  /**
   * Calls {@code check} until it returns empty (done) or the deadline passes; a non-empty result
   * says what is still missing and becomes the failure message at the deadline.
   */
  public void pollUntil(String label, Duration interval, Supplier<Optional<String>> check) {
    int polls = 0;
    while (true) {
      polls++;
      Optional<String> missing = check.get();
      if (missing.isEmpty()) {
        log(label + ": done after " + polls + (polls == 1 ? " check" : " checks"));
        return;
      }
      if (remaining().compareTo(interval) <= 0) {
        throw new StepFailed(label + ": gave up at the deadline; " + missing.get());
      }
      sleeper.sleep(interval);
    }
  }

  public static String detail(CommandResult r) {
    String text = (r.stdout() + "\n" + r.stderr()).strip();
    if (text.isEmpty()) {
      return "";
    }
    String last = text.lines().reduce((a, b) -> b).orElse("");
    return ": " + (last.length() > 200 ? last.substring(0, 200) : last);
  }
}
