package io.pagetune.executor.play;

import io.pagetune.executor.ConnectionBudget;
import io.pagetune.executor.PlayContext;
import io.pagetune.executor.RunContext;
import io.pagetune.executor.host.Fanout;
import io.pagetune.executor.host.HostLeaseGate;
import io.pagetune.executor.host.HostRun;
import io.pagetune.executor.task.TaskRunner;
import io.pagetune.inventory.Host;
import io.pagetune.inventory.Inventory;
import io.pagetune.playbook.Block;
import io.pagetune.playbook.DynamicInclude;
import io.pagetune.playbook.MetaTask;
import io.pagetune.playbook.Play;
import io.pagetune.playbook.Task;
import io.pagetune.playbook.TaskNode;
import io.pagetune.report.Status;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Runs one play: host selection, serial batches, fact gathering, the linear or free strategy,
 * blocks with rescue/always, handlers, and the failure thresholds that stop a play. A play on more
 * hosts than the connection budget runs host by host ({@link HostPinnedPlay}), each host through
 * this same walk on its own, which keeps its {@link WalkPosition} for the replay of its events.
 */
public final class PlayRunner {
  private final RunContext ctx;
  private final Inventory inventory;
  private final Map<String, HostRun> hostRuns;
  private final Fanout fanout;
  private final TaskRunner tasks;
  private final Play play;
  private final AtomicBoolean aborted = new AtomicBoolean();
  // meta: end_play ran: nothing more of the play runs, and the run goes on with the next play
  private final AtomicBoolean ended = new AtomicBoolean();
  private final HostLeaseGate leases;
  private final DynamicIncludeGate includes;
  private final PlayEnds ends;
  private final ConnectionBudget budget;
  private final WalkPosition position;
  private final TaskThrottles throttles = new TaskThrottles();
  private PlayContext playCtx;

  public PlayRunner(
      RunContext ctx,
      Inventory inventory,
      Map<String, HostRun> hostRuns,
      Fanout fanout,
      Play play,
      ConnectionBudget budget) {
    this(ctx, inventory, hostRuns, fanout, play, budget, null, WalkPosition.NONE);
  }

  /** One host's walk of a host-pinned play: its own listener and position, the play's context. */
  public PlayRunner(
      RunContext ctx,
      Inventory inventory,
      Map<String, HostRun> hostRuns,
      Fanout fanout,
      Play play,
      ConnectionBudget budget,
      PlayContext playCtx,
      WalkPosition position) {
    this.ctx = ctx;
    this.inventory = inventory;
    this.hostRuns = hostRuns;
    this.fanout = fanout;
    this.tasks = new TaskRunner(ctx);
    this.play = play;
    this.leases = new HostLeaseGate(ctx);
    this.includes = new DynamicIncludeGate(ctx);
    this.ends = new PlayEnds(ctx);
    this.budget = budget;
    this.playCtx = playCtx;
    this.position = position;
  }

  /** Returns false when the play was aborted (any_errors_fatal, max_fail_percentage). */
  public boolean run(List<Host> selected) {
    List<HostRun> hosts = new ArrayList<>();
    for (Host h : selected) {
      HostRun run = hostRuns.computeIfAbsent(h.name(), n -> new HostRun(h, ctx.connections()));
      run.startPlay();
      if (run.active()) {
        hosts.add(run);
      }
    }
    List<String> names = hosts.stream().map(HostRun::name).toList();
    ctx.listener().playStarted(play.displayName(), names);
    if (hosts.isEmpty()) {
      ctx.listener()
          .warning(
              "no hosts matched '"
                  + play.hosts()
                  + "' (after --limit and earlier failures); play skipped");
      ctx.listener().playFinished(play.displayName());
      return true;
    }
    playCtx = PlayContexts.of(ctx, inventory, hostRuns, play, names);
    if (HostPinnedPlay.wanted(ctx, play, playCtx, hosts.size(), budget)) {
      leases.take(hosts, fanout, play);
      new HostPinnedPlay(ctx, budget)
          .run(
              active(hosts),
              (hostCtx, position, workers) ->
                  new PlayRunner(
                      hostCtx, inventory, hostRuns, workers, play, budget, playCtx, position));
    } else {
      for (List<HostRun> batch : play.serial().batches(hosts)) {
        leases.take(batch, fanout, play);
        playCtx.playHosts().batch(batch.stream().map(HostRun::name).toList());
        runBatch(batch);
        if (aborted.get() || ended.get()) {
          break;
        }
      }
    }
    ctx.listener().playFinished(play.displayName());
    return !aborted.get();
  }

  /** Facts, the three task sections and their handlers on the hosts of one batch. */
  public void runBatch(List<HostRun> batch) {
    if (play.gatherFacts()) {
      position.enter(WalkPosition.FACTS);
      new FactGathering(ctx, fanout).gather(playCtx, active(batch));
      position.leave();
    }
    runSection(WalkPosition.PRE_TASKS, play.preTasks(), batch);
    runSection(WalkPosition.TASKS, play.tasks(), batch);
    runSection(WalkPosition.POST_TASKS, play.postTasks(), batch);
  }

  private void runSection(int section, List<TaskNode> nodes, List<HostRun> batch) {
    if (nodes.isEmpty()) {
      return;
    }
    position.enter(section);
    position.enter(WalkPosition.NODES);
    if (!aborted.get() && !ended.get()) {
      if (play.strategy() == Play.Strategy.FREE) {
        fanout.forEach(active(batch), h -> runNodes(nodes, List.of(h), batch));
      } else {
        runNodes(nodes, batch, batch);
      }
    }
    position.at(WalkPosition.FLUSH);
    flushHandlers(batch);
    position.leave();
    position.leave();
  }

  private static List<HostRun> active(List<HostRun> hosts) {
    List<HostRun> out = new ArrayList<>();
    for (HostRun h : hosts) {
      if (h.active()) {
        out.add(h);
      }
    }
    return out;
  }

  /** Runs task nodes on the given hosts in lockstep (one task on all hosts, then the next). */
  private void runNodes(List<TaskNode> nodes, List<HostRun> hosts, List<HostRun> batch) {
    position.enter(0);
    try {
      for (int i = 0; i < nodes.size(); i++) {
        position.at(i);
        if (!runNode(nodes.get(i), hosts, batch)) {
          return;
        }
      }
    } finally {
      position.leave();
    }
  }

  /** Returns false when no host goes on to the next node. */
  private boolean runNode(TaskNode node, List<HostRun> hosts, List<HostRun> batch) {
    if (aborted.get() || ended.get()) {
      return false;
    }
    List<HostRun> live = active(hosts);
    if (live.isEmpty()) {
      return false;
    }
    if (node instanceof Task task) {
      runTask(task, live, batch, false);
    } else if (node instanceof Block block) {
      runBlock(block, live, batch);
    } else if (node instanceof DynamicInclude include) {
      runInclude(include, live, batch);
    } else if (node instanceof MetaTask meta) {
      runMeta(meta, live, batch);
    }
    return true;
  }

  /** The include's tasks once per round: per item, on the hosts that included that item. */
  private void runInclude(DynamicInclude include, List<HostRun> hosts, List<HostRun> batch) {
    position.enter(0);
    List<DynamicIncludeGate.Round> rounds = includes.admitted(include, hosts, playCtx);
    position.at(1);
    position.enter(0);
    for (int i = 0; i < rounds.size(); i++) {
      position.at(i);
      DynamicIncludeGate.Round round = rounds.get(i);
      round.hosts().forEach(h -> h.enterInclude(round.params()));
      try {
        runNodes(round.tasks(), round.hosts(), batch);
      } finally {
        round.hosts().forEach(HostRun::leaveInclude);
      }
    }
    position.leave();
    position.leave();
  }

  private void runMeta(MetaTask meta, List<HostRun> hosts, List<HostRun> batch) {
    if (meta.action() == MetaTask.Action.END_PLAY || meta.action() == MetaTask.Action.END_HOST) {
      position.enter(0);
      if (ends.run(meta, hosts, playHosts(batch), playCtx)) {
        ended.set(true);
      }
      position.leave();
      return;
    }
    position.enter(0);
    ctx.listener()
        .taskStarted(meta.name() != null ? meta.name() : "meta", meta.location().toString(), false);
    if (meta.action() == MetaTask.Action.FLUSH_HANDLERS) {
      position.at(1);
      // under the free strategy each host reaches the flush on its own
      flushHandlers(play.strategy() == Play.Strategy.FREE ? hosts : batch);
    }
    position.leave();
  }

  /** Every host of the play ({@code batch} alone in a host's own walk, which never ends a play). */
  private List<HostRun> playHosts(List<HostRun> batch) {
    List<HostRun> out = new ArrayList<>();
    for (String name : playCtx.playHosts().all()) {
      HostRun h = hostRuns.get(name);
      if (h != null) {
        out.add(h);
      }
    }
    return out.isEmpty() ? batch : out;
  }

  private void runBlock(Block block, List<HostRun> hosts, List<HostRun> batch) {
    boolean hasRescue = !block.rescue().isEmpty();
    if (hasRescue) {
      hosts.forEach(HostRun::enterRescuable);
    }
    position.enter(0);
    try {
      runNodes(block.block(), hosts, batch);
    } finally {
      if (hasRescue) {
        hosts.forEach(HostRun::leaveRescuable);
      }
    }
    List<HostRun> failedInBlock = new ArrayList<>();
    for (HostRun h : hosts) {
      if (h.failed() && !h.unreachable()) {
        failedInBlock.add(h);
      }
    }
    if (hasRescue && !failedInBlock.isEmpty()) {
      failedInBlock.forEach(h -> h.failed(false));
      position.at(1);
      runNodes(block.rescue(), failedInBlock, batch);
      for (HostRun h : failedInBlock) {
        if (!h.failed()) {
          h.countRescued();
        }
      }
    }
    if (!block.always().isEmpty()) {
      // always runs for every host that entered the block, failed or not
      List<HostRun> stillFailed = new ArrayList<>();
      for (HostRun h : hosts) {
        if (h.failed() && !h.unreachable()) {
          stillFailed.add(h);
          h.failed(false);
        }
      }
      position.at(2);
      runNodes(block.always(), hosts, batch);
      stillFailed.forEach(h -> h.failed(true));
    }
    position.leave();
  }

  private void runTask(Task task, List<HostRun> hosts, List<HostRun> batch, boolean handler) {
    // a notified handler runs whatever --tags say: the notification selected it
    if (!handler
        && !TagFilter.selects(
            task.keywords().tags(), ctx.options().tags(), ctx.options().skipTags())) {
      return;
    }
    ctx.listener().taskStarted(task.displayName(), task.location().toString(), handler);
    RunOnce once = task.hosts().runOnce() && !handler ? RunOnce.start(task, hosts) : null;
    fanout.forEach(
        once != null ? once.runner() : hosts,
        h ->
            throttles.run(
                task,
                () -> {
                  if (leases.lost(
                      h, play, task.displayName(), task.location().toString(), handler)) {
                    return;
                  }
                  Status s = tasks.run(task, playCtx, h, handler);
                  boolean fatal =
                      Boolean.TRUE.equals(task.keywords().anyErrorsFatal())
                          || play.anyErrorsFatal();
                  if ((s == Status.FAILED || s == Status.UNREACHABLE) && fatal && !h.rescuable()) {
                    aborted.set(true);
                  }
                }));
    if (once != null) {
      once.share();
    }
    if (!aborted.get() && MaxFailPercentage.exceeded(play, batch, ctx.listener())) {
      aborted.set(true);
    }
  }

  private void flushHandlers(List<HostRun> batch) {
    boolean force = play.forceHandlers() || ctx.options().forceHandlers();
    if ((aborted.get() && !force) || ended.get()) {
      return;
    }
    position.enter(0);
    try {
      flushRounds(batch, force);
    } finally {
      position.leave();
    }
  }

  private void flushRounds(List<HostRun> batch, boolean force) {
    for (int round = 0; round < 10; round++) {
      boolean ran = false;
      position.at(round);
      position.enter(0);
      int index = 0;
      for (Task handler : play.handlers()) {
        position.at(index++);
        List<String> names = handler.handlerNames();
        List<HostRun> targets = new ArrayList<>();
        for (HostRun h : batch) {
          boolean eligible = h.active() || (force && h.failed() && !h.unreachable());
          if (eligible && names.stream().anyMatch(h.notified()::contains)) {
            targets.add(h);
          }
        }
        if (targets.isEmpty()) {
          continue;
        }
        for (HostRun h : targets) {
          h.notified().removeAll(names);
        }
        ran = true;
        List<HostRun> failedBefore = new ArrayList<>();
        for (HostRun h : targets) {
          if (h.failed()) {
            failedBefore.add(h);
            h.failed(false);
          }
        }
        runTask(handler, targets, batch, true);
        failedBefore.forEach(h -> h.failed(true));
      }
      position.leave();
      if (!ran) {
        return;
      }
    }
  }
}
