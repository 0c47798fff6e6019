package io.pagetune.app;

import io.pagetune.executor.RestartSink;
import io.pagetune.report.RestartRan;
import io.pagetune.restart.HostRestartPolicy;
import io.pagetune.restart.WindowLookup;
import io.pagetune.schedule.RestartTarget;
import io.pagetune.schedule.drivers.Drivers;
import io.pagetune.schedule.drivers.RestartKind;
import io.pagetune.schedule.queue.EnqueueResult;
import io.pagetune.schedule.queue.RestartQueue;
import io.pagetune.schedule.queue.RestartRequest;
import io.pagetune.schedule.window.Decision;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Restart intents go to the durable queue the moment a change is applied, due at the host's next
 * window opening that is long enough; with the window open now they run at the end of the run.
 * Check mode only says what would happen and where.
 */
public final class QueueRestartSink implements RestartSink {
  /** For a kind no target registered (it fails when it runs, with that reason). */
  private static final Duration DEFAULT_EXPECTED = Duration.ofMinutes(5);

  private final RestartQueue queue;
  private final WindowLookup windows;
  private final Clock clock;
  private final Supplier<List<RestartRan>> runDue;
  private final Drivers kinds;
  private boolean dueNow;

  QueueRestartSink(
      RestartQueue queue,
      WindowLookup windows,
      Clock clock,
      Drivers kinds,
      Supplier<List<RestartRan>> runDue) {
    this.kinds = kinds;
    this.queue = queue;
    this.windows = windows;
    this.clock = clock;
    this.runDue = runDue;
  }

  @Override
  public synchronized String requested(Request r) {
    RestartTarget target = r.restart().target();
    HostRestartPolicy policy = HostRestartPolicy.of(r.host(), r.hostVars());
    Duration expected =
        policy.expected(
            kinds.kind(target.kind()).map(RestartKind::expectedDuration).orElse(DEFAULT_EXPECTED));
    Instant now = clock.instant();
    Optional<Decision> decision = windows.decide(policy, now, expected);
    String when = windows.describe(policy, decision);
    if (r.check()) {
      return target.describe() + " " + when + " (" + r.restart().reason() + ")";
    }
    boolean runNow = decision.map(d -> d.kind() == Decision.Kind.RUN_NOW).orElse(false);
    Instant due = decision.flatMap(Decision::waitUntil).orElse(now);
    EnqueueResult result =
        queue.enqueue(
            new RestartRequest(
                target,
                policy.group(),
                policy.maxConcurrent(),
                r.restart().reason(),
                r.runId(),
                due,
                expected));
    dueNow |= runNow;
    String how =
        switch (result.disposition()) {
          case NEW -> "queued";
          case MERGED -> "merged into the queued restart";
          case ABSORBED -> "absorbed by the queued reboot";
        };
    return target.describe()
        + " "
        + when
        + ", "
        + how
        + " [intent "
        + result.intent().id().substring(0, Math.min(8, result.intent().id().length()))
        + "]";
  }

  @Override
  public List<RestartRan> runFinished(String runId) {
    boolean run;
    synchronized (this) {
      run = dueNow;
      dueNow = false;
    }
    return run ? runDue.get() : List.of();
  }
}
