package io.pagetune.executor.task;

import io.pagetune.connection.RemoteCommand;
import io.pagetune.executor.PlannedTask;
import io.pagetune.executor.RunContext;
import io.pagetune.executor.result.ResultPolicy;
import io.pagetune.executor.result.TaskResult;
import io.pagetune.modules.ApplyResult;
import io.pagetune.modules.StepRunner;
import io.pagetune.modules.WriteObserver;
import io.pagetune.report.Status;
import java.util.List;
import java.util.Map;

/**
 * Applies a planned call on its host: its commands and writes journaled before they happen, the
 * restarts it requests recorded as it applies them, and the result conditioned by the task.
 */
final class PlanApplication {
  private final RunContext ctx;
  private final ResultPolicy policy;
  private final NotifiedRestarts restarts;

  PlanApplication(RunContext ctx, ResultPolicy policy, NotifiedRestarts restarts) {
    this.ctx = ctx;
    this.policy = policy;
    this.restarts = restarts;
  }

  /**
   * @param result the plan's data, completed here
   * @param diffs the plan's diffs as the task shows them
   */
  TaskResult apply(
      PlannedCall c, TaskWrites writes, Map<String, Object> result, List<String> diffs) {
    WriteObserver observer = writes.observer(c.restartSteps());
    List<RemoteCommand> commands = PlannedTask.commandsOf(c.plan().steps(), c.call());
    if (!commands.isEmpty()) {
      ctx.services()
          .journal()
          .commandsIntended(c.host().name(), c.task().displayName(), c.noLog(), commands);
    }
    ApplyResult applied = new StepRunner(c.conn(), ctx.clock(), observer).run(c.plan(), c.call());
    if (applied.changed()) {
      c.host().factCache().clear();
      Delegation.prediction(c.host(), c.task()).forget(c.plan().steps());
    }
    result.putAll(applied.registered());
    result.put("changed", applied.changed());
    if (!applied.backups().isEmpty()) {
      result.put("backup_file", applied.backups().get(0));
    }
    // persisted now, at the moment the change is applied: a later failure cannot lose it
    List<String> appliedRestarts =
        restarts.request(c.task(), c.host(), c.vars(), applied.restarts(), false);
    if (applied.failure().isPresent()) {
      result.put("failed", true);
      // the module's msg for its failure when it gave one (command: "non-zero return code")
      result.putIfAbsent("msg", applied.failure().get());
      return policy.conditioned(
          c.task(),
          c.vars(),
          new TaskResult(
              Status.FAILED,
              applied.failure().get(),
              result,
              diffs,
              appliedRestarts,
              // a step after the failed one never ran: it changed nothing
              PlannedCall.changedPaths(applied.ran(c.plan().steps()))));
    }
    return policy.conditioned(
        c.task(),
        c.vars(),
        new TaskResult(
            applied.changed() ? Status.CHANGED : Status.OK,
            TaskResult.messageOf(result),
            result,
            applied.changed() ? diffs : List.of(),
            appliedRestarts,
            applied.changed() ? PlannedCall.changedPaths(c.plan().steps()) : List.of()));
  }
}
