package io.pagetune.executor.play;

import io.pagetune.connection.Become;
import io.pagetune.connection.ConnectionException;
import io.pagetune.executor.PlayContext;
import io.pagetune.executor.RunContext;
import io.pagetune.executor.host.Fanout;
import io.pagetune.executor.host.HostRun;
import io.pagetune.executor.task.TaskVars;
import io.pagetune.facts.Fact;
import io.pagetune.facts.FactGatherer;
import io.pagetune.facts.FactSets;
import io.pagetune.facts.GatherSubset;
import io.pagetune.playbook.Play;
import io.pagetune.report.Status;
import io.pagetune.report.TaskOutcome;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A play's "Gathering Facts" on the hosts of a batch that have none yet: every fact set's facts in
 * one round trip per host, kept in the host's fact cache and as its {@code ansible_facts}, and
 * handed to the run's facts recorder. A host that cannot answer is unreachable or failed, alone.
 */
final class FactGathering {
  static final String TASK = "Gathering Facts";

  private final RunContext ctx;
  private final Fanout fanout;

  FactGathering(RunContext ctx, Fanout fanout) {
    this.ctx = ctx;
    this.fanout = fanout;
  }

  /** Gathers on the hosts of {@code hosts} whose facts were never gathered in this run. */
  void gather(PlayContext playCtx, List<HostRun> hosts) {
    List<HostRun> need = new ArrayList<>();
    for (HostRun h : hosts) {
      if (h.gatheredFacts().isEmpty()) {
        need.add(h);
      }
    }
    if (need.isEmpty()) {
      return;
    }
    Play play = playCtx.play();
    ctx.listener().taskStarted(TASK, play.location().toString(), false);
    GatherSubset subset = GatherSubset.parse(play.gatherSubset());
    List<Fact<?>> facts = FactSets.facts(ctx.factSets(), subset);
    fanout.forEach(need, h -> gatherOn(playCtx, h, facts, subset));
  }

  private void gatherOn(PlayContext playCtx, HostRun h, List<Fact<?>> facts, GatherSubset subset) {
    Status status;
    String message = null;
    try {
      Map<String, Object> vars = TaskVars.of(ctx, playCtx, h, null, ctx.options().check());
      Map<String, Object> values =
          FactGatherer.gather(
              h.connection(vars), facts, Become.NONE, ctx.options().commandTimeout());
      h.factCache().putAll(values);
      h.gatheredFacts().putAll(FactSets.assemble(ctx.factSets(), values, subset));
      h.gatheredFacts().put("gather_subset", subset.requested());
      h.gatheredFacts().put("module_setup", true);
      ctx.services().facts().gathered(h.name(), ctx.runId(), values);
      status = Status.OK;
    } catch (ConnectionException e) {
      status = Status.UNREACHABLE;
      message = e.getMessage();
      h.markUnreachable();
    } catch (RuntimeException e) {
      // facts that cannot be gathered fail this host only
      status = Status.FAILED;
      message = "gathering facts failed: " + e.getMessage();
      h.failed(true);
    }
    h.count(status, false, 0);
    Play play = playCtx.play();
    ctx.listener()
        .hostResult(
            TaskOutcome.builder(
                    h.name(), play.displayName(), TASK, play.location().toString(), status)
                .message(message)
                .checkMode(ctx.options().check())
                .build());
  }
}
