package io.pagetune.targets.sap;

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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Restarts a SAP system with the {@code sapcontrol} command line as {@code <sid>adm}:
 * RestartService (sapstartsrv re-reads the profile), StopSystem ALL, WaitforStopped, every instance
 * GRAY, StartSystem ALL, WaitforStarted, every instance GREEN. System functions return before the
 * work is done, so the end states are polled with GetSystemInstanceList. Exit codes per sapcontrol:
 * 0 ok, 1 failed, 2 a wait timed out (3/4 only mean success for GetProcessList).
 */
final class SapControlDriver implements RestartDriver {
  /** Settings; {@code env} reaches sapcontrol (PATH, LD_LIBRARY_PATH). */
  record Options(Map<String, String> env, Duration pollInterval, int waitTimeoutSeconds) {
    public Options {
      env = Map.copyOf(env);
    }

    public static Options defaults() {
      return new Options(Map.of(), Duration.ofSeconds(10), 600);
    }
  }

  private final Options options;
  private final Clock clock;
  private final Sleeper sleeper;

  public SapControlDriver(Options options, Clock clock, Sleeper sleeper) {
    this.options = options;
    this.clock = clock;
    this.sleeper = sleeper;
  }

  @Override
  public RestartOutcome restart(RestartTarget target, Connection connection, Duration timeout) {
    SapSystemRef sap = SapSystemRef.parse(target.id());
    RestartSession s = new RestartSession(connection, clock, sleeper, timeout);
    try {
      s.runOk("RestartService", call(sap, "RestartService"));
      // sapstartsrv is back when it answers GetProcessList again (exit 0, 3 or 4)
      s.pollUntil(
          "sapstartsrv answers",
          options.pollInterval(),
          () -> {
            int code = s.run("GetProcessList", call(sap, "GetProcessList")).exitCode();
            return code == 0 || code == 3 || code == 4
                ? Optional.empty()
                : Optional.of("GetProcessList exit " + code);
          });
      String wait = Integer.toString(options.waitTimeoutSeconds());
      String delay = Long.toString(Math.max(1, options.pollInterval().toSeconds()));
      s.runOk("StopSystem ALL", call(sap, "StopSystem", "ALL"));
      waitFor(s, sap, "WaitforStopped", wait, delay);
      awaitAll(s, sap, StateColor.GRAY);
      s.runOk("StartSystem ALL", call(sap, "StartSystem", "ALL"));
      waitFor(s, sap, "WaitforStarted", wait, delay);
      awaitAll(s, sap, StateColor.GREEN);
      return RestartOutcome.ok(
          "SAP system " + sap.sid() + " restarted; all instances GREEN", s.steps());
    } catch (StepFailed e) {
      return RestartOutcome.failed(
          "SAP system " + sap.sid() + " restart failed: " + e.getMessage(), s.steps());
    }
  }

  private void waitFor(RestartSession s, SapSystemRef sap, String fn, String wait, String delay) {
    CommandResult r = s.run(fn, call(sap, fn, wait, delay));
    if (r.exitCode() == 2) {
      throw new StepFailed(fn + " timed out after " + wait + " s (sapcontrol exit 2)");
    }
    if (r.exitCode() != 0) {
      throw new StepFailed(fn + " failed (exit " + r.exitCode() + ")" + RestartSession.detail(r));
    }
  }

  private void awaitAll(RestartSession s, SapSystemRef sap, StateColor want) {
    s.pollUntil(
        "all instances " + want,
        options.pollInterval(),
        () -> {
          CommandResult r = s.run("GetSystemInstanceList", call(sap, "GetSystemInstanceList"));
          if (r.exitCode() != 0) {
            return Optional.of("GetSystemInstanceList exit " + r.exitCode());
          }
          SapcontrolOutput out = SapcontrolOutput.parse(r.stdout());
          List<String> behind = new ArrayList<>();
          for (Map<String, String> row : out.rows()) {
            StateColor c = StateColor.of(row.getOrDefault("dispstatus", ""));
            if (c != want) {
              behind.add(
                  row.getOrDefault("hostname", "?")
                      + "/"
                      + row.getOrDefault("instanceNr", "?")
                      + " "
                      + c);
            }
          }
          if (out.rows().isEmpty()) {
            return Optional.of("GetSystemInstanceList listed no instances");
          }
          return behind.isEmpty()
              ? Optional.empty()
              : Optional.of("not yet " + want + ": " + String.join(", ", behind));
        });
  }

  private RemoteCommand call(SapSystemRef sap, String function, String... args) {
    List<String> argv =
        new ArrayList<>(List.of("sapcontrol", "-nr", sap.instanceNr(), "-function", function));
    argv.addAll(List.of(args));
    return RemoteCommand.argv(argv).withBecome(Become.as(sap.admUser())).withEnv(options.env());
  }
}
