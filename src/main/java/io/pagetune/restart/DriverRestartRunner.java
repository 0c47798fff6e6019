package io.pagetune.restart;

import io.pagetune.connection.CommandResult;
import io.pagetune.connection.Connection;
import io.pagetune.connection.ConnectionSpec;
import io.pagetune.connection.Connections;
import io.pagetune.connection.RemoteCommand;
import io.pagetune.inventory.Host;
import io.pagetune.inventory.Inventory;
import io.pagetune.modules.pages.PageVerifyModule;
import io.pagetune.schedule.RestartTarget;
import io.pagetune.schedule.drivers.Drivers;
import io.pagetune.schedule.drivers.RestartOutcome;
import io.pagetune.schedule.queue.RestartIntent;
import io.pagetune.schedule.queue.RestartRunner;
import io.pagetune.schedule.queue.RunOutcome;
import io.pagetune.schedule.servicenow.ServiceNowWindow;
import io.pagetune.state.BenefitRecords;
import io.pagetune.state.EffectiveState;
import io.pagetune.state.Journal;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongSupplier;

/**
 * Runs one queued restart: re-checks first (already effective → nothing to do), restarts through
 * the kind's driver (or the host's own {@code pagetune_restart_commands}), then runs {@code
 * page_verify} and records the effective state in the journal.
 */
final class DriverRestartRunner implements RestartRunner {
  private final Inventory inventory;
  private final Connections connections;
  private final Drivers drivers;
  private final Journal journal;
  private final Clock clock;
  private final WindowLookup windows;
  private final RestartVerifier verifier;
  private final BenefitProbes probes;
  private final BenefitRecords benefits;
  private final LongSupplier nanoTime = System::nanoTime;

  DriverRestartRunner(
      Inventory inventory,
      Connections connections,
      Drivers drivers,
      WindowLookup windows,
      Journal journal,
      Clock clock,
      PageVerifyModule verify,
      BenefitProbes probes,
      BenefitRecords benefits) {
    this.probes = probes;
    this.benefits = benefits;
    this.inventory = inventory;
    this.connections = connections;
    this.drivers = drivers;
    this.verifier = new RestartVerifier(drivers, verify);
    this.windows = windows;
    this.journal = journal;
    this.clock = clock;
  }

  @Override
  public RunOutcome run(RestartIntent intent) {
    RestartTarget target = intent.target();
    Optional<Host> host = inventory.host(target.host());
    if (host.isEmpty()) {
      return RunOutcome.failed("host " + target.host() + " is not in the inventory");
    }
    Map<String, Object> vars = host.get().vars().resolve();
    HostRestartPolicy policy = HostRestartPolicy.of(target.host(), vars);
    try (Connection conn = connections.open(ConnectionSpec.fromVars(target.host(), vars))) {
      Optional<RestartVerifier.Verification> before = verifier.verify(target, vars, conn);
      if (before.isPresent() && before.get().passed()) {
        return RunOutcome.skipped(
            "already effective, nothing to restart: " + before.get().detail());
      }
      Optional<BenefitProbe> probe;
      try {
        probe = probes.forRestart(target, vars);
      } catch (IllegalArgumentException e) {
        return RunOutcome.failed(target.host() + ": " + e.getMessage());
      }
      Duration probeTimeout = intent.expectedDuration();
      Optional<BenefitMeasurement.Result> probedBefore =
          probe.map(p -> BenefitMeasurement.measure(p, conn, probeTimeout, nanoTime));
      RestartOutcome restarted = restart(target, policy, vars, conn, intent.expectedDuration());
      if (!restarted.ok()) {
        return RunOutcome.failed("restart failed: " + restarted.summary());
      }
      Optional<RestartVerifier.Verification> after = verifier.verify(target, vars, conn);
      // measured once the restart is verified: the "after" is of the state that was verified
      Optional<BenefitMeasurement.Result> probedAfter =
          probedBefore
              .filter(b -> after.isEmpty() || after.get().passed())
              .map(b -> BenefitMeasurement.measure(probe.get(), conn, probeTimeout, nanoTime));
      String benefit =
          probedAfter.map(a -> "; " + BenefitMeasurement.compare(probedBefore.get(), a)).orElse("")
              + journalBenefit(target, probedBefore, probedAfter);
      if (after.isEmpty()) {
        return RunOutcome.done(
            restarted.summary() + "; nothing to verify for " + target.describe() + benefit);
      }
      if (!after.get().passed()) {
        journal
            .writes()
            .recordRestartVerified(
                target.host(), clock.instant(), EffectiveState.NOT_EFFECTIVE, after.get().detail());
        String failed = "verification failed after the restart: " + after.get().detail();
        return RunOutcome.failed(failed + workNote(policy, target, failed));
      }
      String done = "restarted and verified: " + after.get().detail() + benefit;
      return RunOutcome.done(done + workNote(policy, target, done));
    } catch (io.pagetune.connection.BecomeRefused e) {
      return RunOutcome.failed(e.getMessage()); // one line: the host and what sudo or su said
    }
  }

  /**
   * Keeps the probe's medians in the state store; a store that fails here does not undo a restart
   * that happened, so it is only noted.
   */
  private String journalBenefit(
      RestartTarget target,
      Optional<BenefitMeasurement.Result> before,
      Optional<BenefitMeasurement.Result> after) {
    if (before.isEmpty()) {
      return "";
    }
    try {
      benefits.record(BenefitMeasurement.record(target, clock.instant(), before.get(), after));
      return "";
    } catch (RuntimeException e) {
      return " (benefit probe not journaled: " + e.getMessage() + ")";
    }
  }

  /** For a ServiceNow window: the result goes into the change request as a work note. */
  private String workNote(HostRestartPolicy policy, RestartTarget target, String result) {
    Optional<ServiceNowWindow> change = windows.serviceNow(policy);
    if (change.isEmpty()) {
      return "";
    }
    try {
      change.get().note("pagetune: " + target.describe() + " on " + target.host() + ": " + result);
      return " (work note added)";
    } catch (RuntimeException e) {
      return " (work note failed: " + e.getMessage() + ")";
    }
  }

  private RestartOutcome restart(
      RestartTarget target,
      HostRestartPolicy policy,
      Map<String, Object> vars,
      Connection conn,
      Duration expected) {
    Optional<String> custom = policy.customCommand(target.kind());
    if (custom.isPresent()) {
      CommandResult r = conn.run(RemoteCommand.script(custom.get()), expected.multipliedBy(2));
      return new RestartOutcome(
          r.ok(),
          r.ok()
              ? "ran " + custom.get()
              : custom.get() + " exited " + r.exitCode() + ": " + r.stderr().strip(),
          java.util.List.of(custom.get()));
    }
    return drivers.restart(target, vars, conn, expected.multipliedBy(2));
  }
}
