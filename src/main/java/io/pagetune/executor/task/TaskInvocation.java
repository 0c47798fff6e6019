package io.pagetune.executor.task;

import io.pagetune.connection.Connection;
import io.pagetune.executor.PlayContext;
import io.pagetune.executor.RunContext;
import io.pagetune.executor.host.HostRun;
import io.pagetune.executor.result.ResultPolicy;
import io.pagetune.executor.result.SkippedCommand;
import io.pagetune.executor.result.TaskResult;
import io.pagetune.modules.FileDiff;
import io.pagetune.modules.FileSizeLimit;
import io.pagetune.modules.HostState;
import io.pagetune.modules.LiveHostState;
import io.pagetune.modules.MissingDirectory;
import io.pagetune.modules.Module;
import io.pagetune.modules.ModuleCall;
import io.pagetune.modules.NewFileOwner;
import io.pagetune.modules.Plan;
import io.pagetune.modules.PredictedHostState;
import io.pagetune.modules.Step;
import io.pagetune.modules.TreeBackupLimit;
import io.pagetune.playbook.Task;
import io.pagetune.report.Status;
import io.pagetune.report.UnifiedDiff;
import io.pagetune.template.HostText;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One invocation of a task's module on one host (one loop item, or the task without a loop): {@code
 * when}, arguments, plan, then what {@link WriteGuard} allows (predict, skip, refuse or apply),
 * with {@code changed_when}/{@code failed_when} applied to the result.
 */
final class TaskInvocation {
  private final RunContext ctx;
  private final ArgumentRenderer arguments;
  private final WriteGuard guard;
  private final ResultPolicy policy;
  private final NotifiedRestarts restarts;
  private final PlanApplication application;

  TaskInvocation(RunContext ctx) {
    this.ctx = ctx;
    this.arguments = new ArgumentRenderer(ctx);
    this.guard = new WriteGuard(ctx);
    this.policy = new ResultPolicy(ctx);
    this.restarts = new NotifiedRestarts(ctx);
    this.application = new PlanApplication(ctx, policy, restarts);
  }

  /** The invocation, repeated as {@code until} asks. */
  TaskResult run(
      Task task,
      PlayContext play,
      HostRun host,
      Map<String, Object> vars,
      boolean check,
      TaskWrites writes) {
    return policy.retried(task, vars, () -> once(task, play, host, vars, check, writes));
  }

  private TaskResult once(
      Task task,
      PlayContext play,
      HostRun host,
      Map<String, Object> vars,
      boolean check,
      TaskWrites writes) {
    String what = "task '" + task.displayName() + "'";
    for (String cond : task.keywords().when()) {
      if (!ctx.templates().test(cond, vars, task.location(), what + " when")) {
        return TaskResult.skippedBy(cond);
      }
    }
    Module module = ctx.modules().find(task.module()).orElseThrow();
    ModuleCall call = arguments.render(module, task, play, vars);
    Connection conn = Delegation.connection(host, task, HostText.plainOnRead(vars));
    if (Boolean.TRUE.equals(task.keywords().noLog())) {
      conn = conn.noLog();
    }
    conn.useTaskTimeout(call.timeout());
    if (!check) {
      OrphanedWrites.reconcile(
          ctx, Delegation.target(host, task), conn, HostText.plainOnRead(vars));
    }
    HostState live = liveState(task, host, vars, module, call, conn);
    // check mode plans against what the earlier tasks would have left, not the untouched host
    HostState view = check ? new PredictedHostState(live, Delegation.prediction(host, task)) : live;
    Plan plan = MissingDirectory.refuse(module.plan(call, view), view, module.name());
    Optional<String> lift = guard.liftBySetFact(host, plan);
    if (lift.isPresent()) {
      return TaskResult.failed(task.location() + ": " + what + ": " + lift.get());
    }
    return planned(
        new PlannedCall(task, host, vars, module, call, conn, view, plan), check, writes);
  }

  /** The host as the module reads it, within the task's file size and backup limits. */
  private static HostState liveState(
      Task task,
      HostRun host,
      Map<String, Object> vars,
      Module module,
      ModuleCall call,
      Connection conn) {
    String what = "task '" + task.displayName() + "': " + module.name();
    return new LiveHostState(
        conn,
        call.become(),
        call.timeout(),
        Delegation.facts(host, task),
        FileSizeLimit.of(vars.get(FileSizeLimit.VARIABLE), task.moduleLocation(), what),
        TreeBackupLimit.of(vars.get(TreeBackupLimit.VARIABLE), task.moduleLocation(), what));
  }

  /** What becomes of a plan: failed, predicted, skipped, refused or applied. */
  private TaskResult planned(PlannedCall c, boolean check, TaskWrites writes) {
    Plan plan = c.plan();
    Map<String, Object> result = new LinkedHashMap<>(plan.registered());
    if (plan.failure().isPresent()) {
      result.put("changed", false);
      result.put("failed", true);
      // the module's msg for its failure when it gave one, as Ansible's module registers it
      result.putIfAbsent("msg", plan.failure().get());
      return policy.conditioned(
          c.task(),
          c.vars(),
          new TaskResult(Status.FAILED, plan.failure().get(), result, List.of(), List.of()));
    }
    List<String> predictedRestarts =
        restarts.request(c.task(), c.host(), c.vars(), c.restartSteps(), true);
    List<String> diffs = diffs(c.task(), plan);
    WriteGuard.Decision decision =
        guard.decide(c.task(), c.module(), plan, c.host(), c.vars(), check);
    if (check && plan.changes()) {
      PlanRecording.record(ctx, c, plan, predictedRestarts);
    } else if (ctx.options().check() && plan.changes()) {
      // check_mode: false under --check: it runs now and again in the apply, so the plan approves
      // its commands (what it writes now is done before the plan is saved)
      List<Step> commands = plan.steps().stream().filter(s -> s instanceof Step.Exec).toList();
      if (!commands.isEmpty()) {
        PlanRecording.record(ctx, c, Plan.of(commands, List.of()), List.of());
      }
    }
    if (decision instanceof WriteGuard.SkipUnchecked) {
      return SkippedCommand.result(result, describe(plan));
    }
    if (decision instanceof WriteGuard.Predict) {
      return predicted(c, result, diffs, predictedRestarts);
    }
    if (decision instanceof WriteGuard.Refuse refuse) {
      result.put("failed", true);
      result.put("msg", refuse.reason());
      return new TaskResult(Status.FAILED, refuse.reason(), result, diffs, List.of());
    }
    return application.apply(c, writes, result, diffs);
  }

  /** Check mode: the plan is the result, and the host's prediction takes in its changes. */
  private TaskResult predicted(
      PlannedCall c, Map<String, Object> result, List<String> diffs, List<String> restarts) {
    Plan plan = c.plan();
    if (plan.changes()) {
      HostState view = c.view();
      ModuleCall call = c.call();
      Delegation.prediction(c.host(), c.task())
          .fold(
              plan.steps(),
              view,
              () ->
                  view.fact(
                      new NewFileOwner(call.become().enabled() ? call.become().user() : null)));
    }
    result.put("changed", plan.changes());
    if (!plan.changes() && plan.reason() != null) {
      result.putIfAbsent("msg", plan.reason());
    }
    return policy.conditioned(
        c.task(),
        c.vars(),
        new TaskResult(
            plan.changes() ? Status.CHANGED : Status.OK,
            TaskResult.messageOf(result),
            result,
            diffs,
            restarts,
            PlannedCall.changedPaths(plan.steps())));
  }

  private List<String> diffs(Task task, Plan plan) {
    boolean want = task.keywords().diff() != null ? task.keywords().diff() : ctx.options().diff();
    if (!want) {
      return List.of();
    }
    List<String> out = new ArrayList<>();
    for (FileDiff d : plan.diffs()) {
      String text = UnifiedDiff.of(d.path(), d.before(), d.after(), 3);
      if (!text.isEmpty()) {
        out.add(text);
      }
    }
    return out;
  }

  private static String describe(Plan plan) {
    List<String> parts = new ArrayList<>();
    for (Step s : plan.changeSteps()) {
      parts.add(s.describe());
    }
    return String.join("; ", parts);
  }
}
