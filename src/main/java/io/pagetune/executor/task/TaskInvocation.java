package io.pagetune.executor.task;

import io.pagetune.connection.Connection;
import io.pagetune.connection.RemoteCommand;
import io.pagetune.executor.PlanRecorder;
import io.pagetune.executor.PlannedTask;
import io.pagetune.executor.PlayContext;
import io.pagetune.executor.RunContext;
import io.pagetune.executor.host.HostRun;
import io.pagetune.executor.result.ResultPolicy;
import io.pagetune.executor.result.SkippedCommand;
import io.pagetune.executor.result.TaskResult;
import io.pagetune.modules.ApplyResult;
import io.pagetune.modules.FileDiff;
import io.pagetune.modules.FileEffect;
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
import io.pagetune.modules.StepRunner;
import io.pagetune.modules.TreeBackupLimit;
import io.pagetune.modules.WriteObserver;
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

  TaskInvocation(RunContext ctx) {
    this.ctx = ctx;
    this.arguments = new ArgumentRenderer(ctx);
    this.guard = new WriteGuard(ctx);
    this.policy = new ResultPolicy(ctx);
    this.restarts = new NotifiedRestarts(ctx);
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
    FileSizeLimit fileSizeLimit =
        FileSizeLimit.of(
            vars.get(FileSizeLimit.VARIABLE), task.moduleLocation(), what + ": " + module.name());
    HostState live =
        new LiveHostState(
            conn,
            call.become(),
            call.timeout(),
            Delegation.facts(host, task),
            fileSizeLimit,
            TreeBackupLimit.of(
                vars.get(TreeBackupLimit.VARIABLE),
                task.moduleLocation(),
                what + ": " + module.name()));
    // check mode plans against what the earlier tasks would have left, not the untouched host
    HostState view = check ? new PredictedHostState(live, Delegation.prediction(host, task)) : live;
    Plan plan = MissingDirectory.refuse(module.plan(call, view), view, module.name());
    Map<String, Object> result = new LinkedHashMap<>(plan.data());
    Optional<String> lift = guard.liftBySetFact(host, plan);
    if (lift.isPresent()) {
      return TaskResult.failed(task.location() + ": " + what + ": " + lift.get());
    }
    if (plan.failure().isPresent()) {
      result.put("changed", false);
      result.put("failed", true);
      result.put("msg", plan.failure().get());
      return policy.conditioned(
          task,
          vars,
          new TaskResult(Status.FAILED, plan.failure().get(), result, List.of(), List.of()));
    }
    List<String> predictedRestarts =
        restarts.request(task, host, vars, restartSteps(plan.steps()), true);
    List<String> diffs = diffs(task, plan);
    WriteGuard.Decision decision = guard.decide(task, module, plan, host, vars, check);
    if (check && plan.changes()) {
      recordPlanned(task, host, vars, plan, predictedRestarts, conn, call);
    } else if (ctx.options().check() && plan.changes()) {
      // check_mode: false under --check: it runs now and again in the apply, so the plan approves
      // its commands (what it writes now is done before the plan is saved)
      List<Step> commands = plan.steps().stream().filter(s -> s instanceof Step.Exec).toList();
      if (!commands.isEmpty()) {
        recordPlanned(task, host, vars, Plan.of(commands, List.of()), List.of(), conn, call);
      }
    }
    if (decision instanceof WriteGuard.SkipUnchecked) {
      return SkippedCommand.result(result, describe(plan));
    }
    if (decision instanceof WriteGuard.Predict) {
      if (plan.changes()) {
        Delegation.prediction(host, task)
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
          task,
          vars,
          new TaskResult(
              plan.changes() ? Status.CHANGED : Status.OK,
              TaskResult.messageOf(result),
              result,
              diffs,
              predictedRestarts,
              changedPaths(plan.steps())));
    }
    if (decision instanceof WriteGuard.Refuse refuse) {
      result.put("failed", true);
      result.put("msg", refuse.reason());
      return new TaskResult(Status.FAILED, refuse.reason(), result, diffs, List.of());
    }
    return apply(task, host, vars, module, call, plan, conn, writes, result, diffs);
  }

  /** Tells the run's plan recorder (a check run with --save-plan) what this task would change. */
  private void recordPlanned(
      Task task,
      HostRun host,
      Map<String, Object> vars,
      Plan plan,
      List<String> restarts,
      Connection conn,
      ModuleCall call) {
    if (ctx.services().plans() == PlanRecorder.NONE) {
      // an ordinary check run: no copy of the facts for a plan nobody saves
      return;
    }
    Map<String, Object> facts =
        vars.get("ansible_facts") instanceof Map<?, ?> m
            ? HostText.plainAll(castFacts(m))
            : Map.of();
    ctx.services()
        .plans()
        .planned(
            new PlannedTask(
                host.name(),
                task.displayName(),
                task.location().toString(),
                noLog(task),
                plan,
                restarts,
                restartSteps(plan.steps()),
                facts,
                path -> conn.read(path, call.become()),
                call.become().enabled() ? Optional.of(call.become().user()) : Optional.empty(),
                PlannedTask.commandsOf(plan.steps(), call)));
  }

  private static boolean noLog(Task task) {
    return Boolean.TRUE.equals(task.keywords().noLog());
  }

  @SuppressWarnings("unchecked")
  private static Map<String, ?> castFacts(Map<?, ?> facts) {
    return (Map<String, ?>) facts;
  }

  private TaskResult apply(
      Task task,
      HostRun host,
      Map<String, Object> vars,
      Module module,
      ModuleCall call,
      Plan plan,
      Connection conn,
      TaskWrites writes,
      Map<String, Object> result,
      List<String> diffs) {
    WriteObserver observer = writes.observer(restartSteps(plan.steps()));
    List<RemoteCommand> commands = PlannedTask.commandsOf(plan.steps(), call);
    if (!commands.isEmpty()) {
      ctx.services()
          .journal()
          .commandsIntended(host.name(), task.displayName(), noLog(task), commands);
    }
    ApplyResult applied = module.apply(plan, call, new StepRunner(conn, ctx.clock(), observer));
    if (applied.changed()) {
      host.factCache().clear();
      Delegation.prediction(host, task).forget(plan.steps());
    }
    result.putAll(applied.data());
    result.put("changed", applied.changed());
    if (!applied.backups().isEmpty()) {
      result.put("backup_file", applied.backups().get(0));
    }
    // persisted now, at the moment the change is applied: a later failure cannot lose it
    List<String> appliedRestarts = restarts.request(task, host, vars, applied.restarts(), false);
    if (applied.failure().isPresent()) {
      result.put("failed", true);
      result.put("msg", applied.failure().get());
      return policy.conditioned(
          task,
          vars,
          new TaskResult(
              Status.FAILED,
              applied.failure().get(),
              result,
              diffs,
              appliedRestarts,
              // a step after the failed one never ran: it changed nothing
              changedPaths(applied.ran(plan.steps()))));
    }
    return policy.conditioned(
        task,
        vars,
        new TaskResult(
            applied.changed() ? Status.CHANGED : Status.OK,
            TaskResult.messageOf(result),
            result,
            applied.changed() ? diffs : List.of(),
            appliedRestarts,
            applied.changed() ? changedPaths(plan.steps()) : List.of()));
  }

  /** The paths a plan's steps change, each once, in order. */
  private static List<String> changedPaths(List<Step> steps) {
    return steps.stream()
        .map(FileEffect::of)
        .flatMap(Optional::stream)
        .map(FileEffect::path)
        .distinct()
        .toList();
  }

  private static List<Step.RequestRestart> restartSteps(List<Step> steps) {
    return steps.stream()
        .filter(s -> s instanceof Step.RequestRestart)
        .map(s -> (Step.RequestRestart) s)
        .toList();
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
    for (Step s : plan.steps()) {
      parts.add(s.describe());
    }
    return String.join("; ", parts);
  }
}
