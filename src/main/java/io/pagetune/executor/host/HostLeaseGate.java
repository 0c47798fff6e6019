package io.pagetune.executor.host;

import io.pagetune.executor.HostLeaser;
import io.pagetune.executor.RunContext;
import io.pagetune.inventory.Host;
import io.pagetune.playbook.Play;
import io.pagetune.report.Status;
import io.pagetune.report.TaskOutcome;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One run at a time per host, as the executor sees it: before a batch's hosts are first contacted
 * the run takes their leases (a host another run holds fails with "locked by …" and the run goes on
 * with the others); before each task a host whose lease was lost fails; a host's lease goes back
 * after the last play that targets it. Check runs take no leases: they change nothing.
 */
public final class HostLeaseGate {
  public static final String TASK = "Taking the host lease";

  private final RunContext ctx;

  public HostLeaseGate(RunContext ctx) {
    this.ctx = ctx;
  }

  private boolean enabled() {
    return !ctx.options().check();
  }

  private HostLeaser leaser() {
    return ctx.services().leases();
  }

  /** Takes the lease of every host of the batch not yet held; the refused ones fail. */
  public void take(List<HostRun> batch, Fanout fanout, Play play) {
    if (!enabled()) {
      return;
    }
    List<HostRun> need = batch.stream().filter(h -> h.active() && !h.leased()).toList();
    if (need.isEmpty()) {
      return;
    }
    Map<HostRun, String> refused = new ConcurrentHashMap<>();
    fanout.forEach(
        need,
        h -> {
          Optional<String> refusal;
          try {
            refusal = leaser().acquire(ctx.runId(), h.name());
          } catch (RuntimeException e) {
            // without the store nobody can tell whether another run writes to this host
            refusal = Optional.of("cannot take the host lease: " + e.getMessage());
          }
          if (refusal.isPresent()) {
            refused.put(h, refusal.get());
          } else {
            h.leased(true);
            leaser().notice(ctx.runId(), h.name()).ifPresent(ctx.listener()::warning);
          }
        });
    if (refused.isEmpty()) {
      return;
    }
    ctx.listener().taskStarted(TASK, play.location().toString(), false);
    for (HostRun h : need) {
      String line = refused.get(h);
      if (line != null) {
        fail(h, play, TASK, play.location().toString(), line, false);
      }
    }
  }

  /**
   * True (and the host failed) when the host's lease was lost: another run took it over, so this
   * run must not touch the host any more.
   */
  public boolean lost(HostRun h, Play play, String task, String location, boolean handler) {
    if (!enabled() || !h.leased()) {
      return false;
    }
    Optional<String> line = leaser().lost(ctx.runId(), h.name());
    if (line.isEmpty()) {
      return false;
    }
    // the host stays leased in our books: every later task on it (rescue, always, handlers)
    // fails the same way instead of touching a host another run now holds
    fail(h, play, task, location, line.get(), handler);
    return true;
  }

  /** Gives back the leases of the hosts whose last play was {@code play}. */
  public void playFinished(
      Play play, Map<Play, List<Host>> targets, Map<String, HostRun> hostRuns) {
    if (!enabled()) {
      return;
    }
    Map<String, Play> lastPlay = new java.util.HashMap<>();
    targets.forEach((p, hosts) -> hosts.forEach(h -> lastPlay.put(h.name(), p)));
    for (HostRun h : hostRuns.values()) {
      if (h.leased() && lastPlay.get(h.name()) == play) {
        leaser().release(ctx.runId(), h.name());
        h.leased(false);
      }
    }
  }

  private void fail(
      HostRun h, Play play, String task, String location, String message, boolean handler) {
    h.failed(true);
    h.count(Status.FAILED, false, 0);
    ctx.listener()
        .hostResult(
            TaskOutcome.builder(h.name(), play.displayName(), task, location, Status.FAILED)
                .message(message)
                .handler(handler)
                .build());
  }
}
