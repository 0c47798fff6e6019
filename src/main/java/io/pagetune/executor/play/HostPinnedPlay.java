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
 * A play run host by host: each host runs the whole play (facts, sections, its handlers, blocks) on
 * one worker, exactly as the linear strategy runs it for that host, at its own pace, with no
 * barrier between tasks. Chosen when nothing in the play needs the hosts in step ({@link
 * CrossHostUse}) and the play names no strategy, or when it has more hosts than the {@link
 * ConnectionBudget}: then at most {@code budget} hosts run at a time and each host's connection is
 * closed when it is done with the play (a later play opens it again). The hosts' events are
 * streamed in the linear strategy's order ({@link PinnedOutput}), so the console, the JSON events
 * and the recap read as a linear run's (hosts within a task in the play's host order), each task as
 * soon as every host is past it.
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
   * True when the play should run host by host: nothing in it needs the hosts in step, and it
   * either names no strategy or has more hosts than the budget. A play over the budget that needs
   * its hosts in step warns once (what and where) and runs with every connection.
   */
  static boolean wanted(
      RunContext ctx, Play play, PlayContext playCtx, int hosts, ConnectionBudget budget) {
    boolean over = budget.exceededBy(hosts);
    if (!over && (play.strategy() != Play.Strategy.DEFAULT || hosts < 2)) {
      return false;
    }
    Optional<CrossHostUse.Reason> reason =
        CrossHostUse.of(play, playCtx.varsFilesVars(), ctx.templates());
    if (over) {
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
    }
    return reason.isEmpty();
  }

  /** Runs the play on {@code hosts} (in the play's order), streaming their events. */
  void run(List<HostRun> hosts, Walks walks) {
    Map<HostRun, HostEventLog> logs = new LinkedHashMap<>();
    for (HostRun h : hosts) {
      logs.put(h, new HostEventLog(h.name(), new WalkPosition(), ctx.clock()));
    }
    PinnedOutput output = new PinnedOutput(new ArrayList<>(logs.values()), ctx.listener());
    // within the budget a host keeps its connection for the next play, as in a linear run
    boolean closeAfter = budget.exceededBy(hosts.size());
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
              if (closeAfter) {
                h.close();
              }
              // progress as it happens; the task events go out once every host passed them
              ctx.listener()
                  .hostFinishedPlay(
                      h.name(),
                      h.unreachable()
                          ? io.pagetune.report.Status.UNREACHABLE
                          : h.failed()
                              ? io.pagetune.report.Status.FAILED
                              : io.pagetune.report.Status.OK);
              output.finished(log);
            }
          });
    } finally {
      output.finishAll();
    }
  }
}
