package io.pagetune.executor.play;

import io.pagetune.error.EnvironmentException;
import io.pagetune.executor.ConnectionBudget;
import io.pagetune.executor.PlayContext;
import io.pagetune.executor.RunContext;
import io.pagetune.executor.host.Fanout;
import io.pagetune.executor.host.HostRun;
import io.pagetune.playbook.Play;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A play with more hosts than the {@link ConnectionBudget}, run host by host: each host runs the
 * whole play (facts, sections, its handlers, blocks) on one worker, exactly as the linear strategy
 * runs it for that host, at most {@code budget} hosts at a time, and its connection is closed when
 * it is done with the play (a later play opens it again). The hosts' events are held back and
 * replayed in the linear strategy's order once the play ends, so the console, the JSON events and
 * the recap read as a linear run's (hosts within a task in the play's host order).
 */
final class HostPinnedPlay {
  /** Builds the walk of one host: a {@link PlayRunner} reporting to that host's log. */
  interface Walks {
    PlayRunner forHost(RunContext hostCtx, WalkPosition position, Fanout workers);
  }

  private final RunContext ctx;
  private final ConnectionBudget budget;

  HostPinnedPlay(RunContext ctx, ConnectionBudget budget) {
    this.ctx = ctx;
    this.budget = budget;
  }

  /**
   * True when the play has more hosts than the budget and nothing in it needs them in step; when
   * something does, warns once (what and where) and the play runs linear with every connection.
   */
  static boolean wanted(
      RunContext ctx, Play play, PlayContext playCtx, int hosts, ConnectionBudget budget) {
    if (!budget.exceededBy(hosts)) {
      return false;
    }
    Optional<CrossHostUse.Reason> reason =
        CrossHostUse.of(play, playCtx.varsFilesVars(), ctx.templates());
    reason.ifPresent(
        r ->
            ctx.listener()
                .warning(
                    "play '"
                        + play.displayName()
                        + "': "
                        + hosts
                        + " hosts exceed the connection budget "
                        + budget.hosts()
                        + ", but "
                        + r
                        + " needs every host in step; keeping all "
                        + hosts
                        + " connections open"));
    return reason.isEmpty();
  }

  /** Runs the play on {@code hosts} (in the play's order) and replays their events. */
  void run(List<HostRun> hosts, Walks walks) {
    Map<HostRun, HostEventLog> logs = new LinkedHashMap<>();
    for (HostRun h : hosts) {
      logs.put(h, new HostEventLog(h.name(), new WalkPosition(), ctx.clock()));
    }
    // once the control node fails (state store gone) no further host starts, as no further task
    // starts in a linear run
    AtomicBoolean stopped = new AtomicBoolean();
    int workers = Math.min(ctx.options().forks(), budget.hosts());
    try (Fanout pool = new Fanout(workers);
        Fanout inline = new Fanout(1)) {
      pool.forEach(
          hosts,
          h -> {
            if (stopped.get()) {
              return;
            }
            HostEventLog log = logs.get(h);
            try {
              walks.forHost(ctx.withListener(log), log.position(), inline).runBatch(List.of(h));
            } catch (EnvironmentException e) {
              stopped.set(true);
              throw e;
            } finally {
              h.close();
              // progress as it happens; the task events wait for the replay
              ctx.listener()
                  .hostFinishedPlay(
                      h.name(),
                      h.unreachable()
                          ? io.pagetune.report.Status.UNREACHABLE
                          : h.failed()
                              ? io.pagetune.report.Status.FAILED
                              : io.pagetune.report.Status.OK);
            }
          });
    } finally {
      HostEventLog.replay(new ArrayList<>(logs.values()), ctx.listener());
    }
  }
}
