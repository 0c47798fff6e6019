package io.pagetune.executor;

import io.pagetune.connection.Become;
import io.pagetune.connection.Connection;
import io.pagetune.connection.ConnectionException;
import io.pagetune.error.EnvironmentException;
import io.pagetune.error.InputException;
import io.pagetune.modules.ApplyResult;
import io.pagetune.modules.ArgCoercion;
import io.pagetune.modules.Args;
import io.pagetune.modules.CheckSupport;
import io.pagetune.modules.FileDiff;
import io.pagetune.modules.FileSizeLimit;
import io.pagetune.modules.LiveHostState;
import io.pagetune.modules.Module;
import io.pagetune.modules.ModuleCall;
import io.pagetune.modules.Plan;
import io.pagetune.modules.Step;
import io.pagetune.modules.StepRunner;
import io.pagetune.modules.WriteObserver;
import io.pagetune.playbook.Task;
import io.pagetune.report.Status;
import io.pagetune.report.TaskOutcome;
import io.pagetune.report.UnifiedDiff;
import io.pagetune.schedule.RestartTarget;
import io.pagetune.template.HostText;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs one task on one host: {@code when}, loop, argument interpolation, plan, check or apply,
 * {@code changed_when}/{@code failed_when}, {@code register}, notifications, and the outcome.
 */
final class TaskRunner {
  private static final String CENSORED = "the output has been hidden due to no_log: true";

  private final RunContext ctx;

  TaskRunner(RunContext ctx) {
    this.ctx = ctx;
  }

  /** The single result of one invocation (one loop item, or the task without a loop). */
  private record ItemResult(
      Status status,
      String message,
      Map<String, Object> result,
      List<String> diffs,
      List<String> restarts) {}

  /** Runs the task and reports it; returns the status the recap counts. */
  Status run(Task task, PlayContext play, HostRun host, boolean handler) {
    boolean check =
        task.keywords().checkMode() != null ? task.keywords().checkMode() : ctx.options().check();
    Map<String, Object> vars;
    ItemResult outcome;
    List<ItemResult> items = new ArrayList<>();
    TaskWrites writes = null;
    try {
      vars = TaskVars.of(ctx, play, host, task, check);
      writes =
          new TaskWrites(
              ctx.services().journal(),
              ctx.services().restarts(),
              ctx.runId(),
              Delegation.target(host, task),
              task.displayName(),
              vars,
              () ->
                  task.notifies().isEmpty()
                      ? List.of()
                      : notifiedRestarts(task, play, host).stream()
                          .map(RestartSink.Request::restart)
                          .toList());
      java.util.Optional<String> lift =
          CheckOnlyLock.liftAttempt(host.host(), () -> TaskVars.scope(ctx, play, host, task), task);
      if (lift.isPresent()) {
        outcome = failed(task.location() + ": task '" + task.displayName() + "': " + lift.get());
        report(task, play, host, handler, check, outcome, null, false);
      } else if (task.loop() == null) {
        outcome = attempts(task, play, host, vars, check, writes);
        report(task, play, host, handler, check, outcome, null, false);
      } else {
        List<Object> loop = loopItems(task, vars);
        io.pagetune.playbook.LoopControl control = task.loopControl();
        for (int index = 0; index < loop.size(); index++) {
          Object item = loop.get(index);
          if (index > 0 && !control.pause().isZero()) {
            io.pagetune.schedule.Sleeper.REAL.sleep(control.pause());
          }
          Map<String, Object> itemVars = new LinkedHashMap<>(vars);
          // loop items are rendered already (and may be host data): never rendered again
          itemVars.put(task.loopVar(), HostText.mark(item));
          if (control.indexVar() != null) {
            itemVars.put(control.indexVar(), (long) index);
          }
          ItemResult r = attempts(task, play, host, itemVars, check, writes);
          items.add(r);
          report(task, play, host, handler, check, r, itemLabel(task, item, itemVars), false);
          if (r.status() == Status.UNREACHABLE) {
            break;
          }
        }
        outcome = aggregate(items);
        report(task, play, host, handler, check, outcome, null, true);
      }
    } catch (ConnectionException e) {
      outcome =
          new ItemResult(
              Status.UNREACHABLE,
              e.getMessage(),
              Map.of("unreachable", true, "msg", e.getMessage()),
              List.of(),
              List.of());
      report(task, play, host, handler, check, outcome, null, false);
    } catch (InputException e) {
      ctx.inputErrors().add(e.getMessage());
      outcome = failed(e.getMessage());
      report(task, play, host, handler, check, outcome, null, false);
    } catch (EnvironmentException e) {
      // the control node failed (state store gone, disk full): changing hosts without a journal
      // would break write-ahead, so the run stops (exit 6) once the tasks in flight end
      throw e;
    } catch (RuntimeException e) {
      // a host-side problem (permission denied, disk full, a broken file): this host fails,
      // the run goes on
      String msg = task.location() + ": task '" + task.displayName() + "': " + describe(e);
      outcome = failed(msg);
      report(task, play, host, handler, check, outcome, null, false);
    }
    if (outcome.status() == Status.CHANGED && !check && !task.notifies().isEmpty()) {
      persistNotifiedRestarts(task, play, host);
    }
    if (writes != null) {
      // the writes stay unconfirmed until their restarts are queued: a crash before this line
      // leaves them for the next run to reconcile, never a change without its restart
      writes.confirmLanded();
    }
    return settle(task, host, outcome);
  }

  /**
   * A notified {@code request_restart} handler becomes a restart intent now, when the change is
   * applied, not when the handler runs at the end of the play: a task that fails in between must
   * not lose the restart. The handler itself runs later and is deduplicated against this one.
   */
  private void persistNotifiedRestarts(Task task, PlayContext play, HostRun host) {
    for (RestartSink.Request request : notifiedRestarts(task, play, host)) {
      ctx.services().restarts().requested(request);
    }
  }

  /** The restart intents of the {@code request_restart} handlers {@code task} notifies. */
  private List<RestartSink.Request> notifiedRestarts(Task task, PlayContext play, HostRun host) {
    List<RestartSink.Request> requests = new ArrayList<>();
    for (Task handler : play.play().handlers()) {
      boolean notified =
          task.notifies().contains(handler.name())
              || handler.listen().stream().anyMatch(task.notifies()::contains);
      if (!notified || !handler.module().endsWith("request_restart")) {
        continue;
      }
      Map<String, Object> vars = TaskVars.of(ctx, play, host, handler, false);
      Object args =
          ctx.templates().interpolate(handler.args(), vars, handler.moduleLocation(), "handler");
      if (!(args instanceof Map<?, ?> a) || a.get("kind") == null) {
        continue;
      }
      RestartTarget target =
          new RestartTarget(
              RestartTarget.kindOf(String.valueOf(a.get("kind"))),
              host.name(),
              a.get("id") == null ? host.name() : String.valueOf(a.get("id")));
      String reason =
          a.get("reason") == null
              ? "notified by '" + task.displayName() + "'"
              : String.valueOf(a.get("reason"));
      requests.add(
          new RestartSink.Request(
              ctx.runId(),
              host.name(),
              HostText.plainAll(vars),
              task.displayName(),
              new Step.RequestRestart(target, reason),
              false));
    }
    return requests;
  }

  /**
   * With {@code until}: the task again, {@code delay} apart, until the conditions hold (the result
   * is registered under the task's register name for them, with {@code attempts}); failed once the
   * retries are used up. Without: the task once.
   */
  private ItemResult attempts(
      Task task,
      PlayContext play,
      HostRun host,
      Map<String, Object> vars,
      boolean check,
      TaskWrites writes) {
    io.pagetune.playbook.Retry retry = task.retry();
    if (retry == null) {
      return once(task, play, host, vars, check, writes);
    }
    String what = "task '" + task.displayName() + "' until";
    for (int attempt = 1; ; attempt++) {
      ItemResult r = once(task, play, host, vars, check, writes);
      if (r.status() == Status.SKIPPED || r.status() == Status.UNREACHABLE) {
        return r;
      }
      Map<String, Object> result = new LinkedHashMap<>(r.result());
      result.put("attempts", (long) attempt);
      Map<String, Object> v = new LinkedHashMap<>(vars);
      if (task.register() != null) {
        v.put(task.register(), HostText.mark(result));
      }
      if (all(retry.until(), v, task, what)) {
        return new ItemResult(r.status(), r.message(), result, r.diffs(), r.restarts());
      }
      if (attempt > retry.retries()) {
        result.put("failed", true);
        String last = r.message() == null ? "" : "; last: " + r.message();
        return new ItemResult(
            Status.FAILED,
            task.location()
                + ": "
                + what
                + " still false after "
                + attempt
                + " attempts ("
                + String.join(" and ", retry.until())
                + ")"
                + last,
            result,
            r.diffs(),
            r.restarts());
      }
      io.pagetune.schedule.Sleeper.REAL.sleep(retry.delay());
    }
  }

  private ItemResult once(
      Task task,
      PlayContext play,
      HostRun host,
      Map<String, Object> vars,
      boolean check,
      TaskWrites writes) {
    String what = "task '" + task.displayName() + "'";
    for (String cond : task.keywords().when()) {
      if (!ctx.templates().test(cond, vars, task.location(), what + " when")) {
        return new ItemResult(
            Status.SKIPPED,
            null,
            Map.of(
                "changed",
                false,
                "skipped",
                true,
                "skip_reason",
                "Conditional result was False",
                "false_condition",
                cond),
            List.of(),
            List.of());
      }
    }
    Module module = ctx.modules().find(task.module()).orElseThrow();
    Map<String, Object> rawArgs = new LinkedHashMap<>();
    for (Map.Entry<String, Object> e : task.args().entrySet()) {
      Object v = e.getValue();
      rawArgs.put(
          e.getKey(),
          module.spec().isExpression(e.getKey())
              ? v
              : ctx.templates().interpolate(v, vars, task.moduleLocation(), what));
    }
    Args args = module.spec().validate(module.name(), rawArgs, task.moduleLocation(), true);
    module.validate(args);
    Become become = become(task, vars);
    Duration timeout =
        task.timeout() != null
            ? Duration.ofSeconds(task.timeout())
            : ctx.options().commandTimeout();
    Map<String, String> env = new LinkedHashMap<>();
    Object envValue =
        ctx.templates().interpolate(task.keywords().environment(), vars, task.location(), what);
    if (envValue instanceof Map<?, ?> m) {
      m.forEach((k, v) -> env.put(String.valueOf(k), v == null ? "" : String.valueOf(v)));
    }
    Connection conn = Delegation.connection(host, task, HostText.plainAll(vars));
    if (!check) {
      OrphanedWrites.reconcile(ctx, Delegation.target(host, task), conn, HostText.plainAll(vars));
    }
    ModuleCall call =
        new ModuleCall(
            module.name(),
            args,
            new HostTaskServices(
                ctx.templates(),
                vars,
                play.play().baseDir(),
                task.moduleLocation(),
                what,
                task.role()),
            become,
            env,
            timeout,
            task.displayName());
    FileSizeLimit fileSizeLimit =
        FileSizeLimit.of(
            vars.get(FileSizeLimit.VARIABLE), task.moduleLocation(), what + ": " + module.name());
    Plan plan =
        module.plan(
            call,
            new LiveHostState(conn, become, timeout, Delegation.facts(host, task), fileSizeLimit));
    Map<String, Object> result = new LinkedHashMap<>(plan.data());
    if (plan.data().get("ansible_facts") instanceof Map<?, ?> newFacts) {
      java.util.Optional<String> lift = CheckOnlyLock.liftBySetFact(host.host(), newFacts);
      if (lift.isPresent()) {
        return failed(task.location() + ": " + what + ": " + lift.get());
      }
    }
    if (plan.failure().isPresent()) {
      result.put("changed", false);
      result.put("failed", true);
      result.put("msg", plan.failure().get());
      return withConditions(
          task,
          vars,
          new ItemResult(Status.FAILED, plan.failure().get(), result, List.of(), List.of()),
          check);
    }
    List<String> restarts = new ArrayList<>();
    for (Step s : plan.steps()) {
      if (s instanceof Step.RequestRestart r) {
        restarts.add(
            ctx.services()
                .restarts()
                .requested(
                    new RestartSink.Request(
                        ctx.runId(),
                        host.name(),
                        HostText.plainAll(vars),
                        task.displayName(),
                        r,
                        true)));
      }
    }
    List<String> diffs = diffs(task, plan);
    if (check) {
      if (module.checkSupport() == CheckSupport.NONE && plan.changes()) {
        result.put("changed", false);
        result.put("skipped", true);
        result.put("msg", "skipped in check mode: would run " + describe(plan));
        return new ItemResult(
            Status.SKIPPED, "would run: " + describe(plan), result, List.of(), List.of());
      }
      result.put("changed", plan.changes());
      if (!plan.changes() && plan.reason() != null) {
        result.putIfAbsent("msg", plan.reason());
      }
      return withConditions(
          task,
          vars,
          new ItemResult(
              plan.changes() ? Status.CHANGED : Status.OK,
              message(result),
              result,
              diffs,
              restarts),
          check);
    }
    // reached in apply mode only: also a task with check_mode: false under --check
    if (plan.changes()
        && (CheckOnlyLock.locked(host.host())
            || ArgCoercion.toBool(
                vars.getOrDefault(CheckOnlyLock.NAME, false),
                () ->
                    new InputException(
                        task.location(), "pagetune_check_only must be a boolean")))) {
      String msg =
          "refusing to change "
              + host.name()
              + ": it is marked pagetune_check_only (run with --check)";
      result.put("failed", true);
      result.put("msg", msg);
      return new ItemResult(Status.FAILED, msg, result, diffs, List.of());
    }
    WriteObserver observer =
        writes.observer(
            plan.steps().stream()
                .filter(s -> s instanceof Step.RequestRestart)
                .map(s -> (Step.RequestRestart) s)
                .toList());
    ApplyResult applied = module.apply(plan, call, new StepRunner(conn, ctx.clock(), observer));
    if (applied.changed()) {
      host.factCache().clear();
    }
    result.putAll(applied.data());
    result.put("changed", applied.changed());
    if (!applied.backups().isEmpty()) {
      result.put("backup_file", applied.backups().get(0));
    }
    List<String> appliedRestarts = new ArrayList<>();
    for (Step.RequestRestart r : applied.restarts()) {
      // persisted now, at the moment the change is applied: a later failure cannot lose it
      appliedRestarts.add(
          ctx.services()
              .restarts()
              .requested(
                  new RestartSink.Request(
                      ctx.runId(),
                      host.name(),
                      HostText.plainAll(vars),
                      task.displayName(),
                      r,
                      false)));
    }
    if (applied.failure().isPresent()) {
      result.put("failed", true);
      result.put("msg", applied.failure().get());
      return withConditions(
          task,
          vars,
          new ItemResult(Status.FAILED, applied.failure().get(), result, diffs, appliedRestarts),
          check);
    }
    return withConditions(
        task,
        vars,
        new ItemResult(
            applied.changed() ? Status.CHANGED : Status.OK,
            message(result),
            result,
            applied.changed() ? diffs : List.of(),
            appliedRestarts),
        check);
  }

  /** Applies {@code changed_when} and {@code failed_when}, which see the registered result. */
  private ItemResult withConditions(
      Task task, Map<String, Object> vars, ItemResult r, boolean check) {
    if (task.changedWhen().isEmpty() && task.failedWhen().isEmpty()) {
      return r;
    }
    Map<String, Object> v = new LinkedHashMap<>(vars);
    Map<String, Object> result = new LinkedHashMap<>(r.result());
    if (task.register() != null) {
      v.put(task.register(), HostText.mark(result));
    }
    String what = "task '" + task.displayName() + "'";
    Status status = r.status();
    String message = r.message();
    if (!task.changedWhen().isEmpty() && status != Status.FAILED) {
      boolean changed = all(task.changedWhen(), v, task, what + " changed_when");
      status = changed ? Status.CHANGED : Status.OK;
      result.put("changed", changed);
    }
    if (!task.failedWhen().isEmpty()) {
      boolean failedNow = all(task.failedWhen(), v, task, what + " failed_when");
      result.put("failed", failedNow);
      if (failedNow) {
        status = Status.FAILED;
        message =
            message == null || r.status() != Status.FAILED
                ? "failed_when condition is true"
                    + (result.get("msg") != null ? ": " + result.get("msg") : "")
                : message;
      } else if (status == Status.FAILED) {
        status = Boolean.TRUE.equals(result.get("changed")) ? Status.CHANGED : Status.OK;
        message = null;
      }
    }
    return new ItemResult(status, message, result, r.diffs(), r.restarts());
  }

  private boolean all(List<String> conditions, Map<String, Object> vars, Task task, String what) {
    for (String c : conditions) {
      if (!ctx.templates().test(c, vars, task.location(), what)) {
        return false;
      }
    }
    return true;
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

  private static String message(Map<String, Object> result) {
    Object msg = result.get("msg");
    return msg == null ? null : String.valueOf(msg);
  }

  private Become become(Task task, Map<String, Object> vars) {
    boolean on =
        task.keywords().become() != null
            ? task.keywords().become()
            : ArgCoercion.toBool(
                vars.getOrDefault("ansible_become", false),
                () -> new InputException(task.location(), "ansible_become must be a boolean"));
    if (!on) {
      return Become.NONE;
    }
    // a HostText user (set_fact from host data) is interpolated as the value it is, not as text
    Object user =
        task.keywords().becomeUser() != null
            ? task.keywords().becomeUser()
            : vars.getOrDefault("ansible_become_user", "root");
    return Become.as(
        String.valueOf(ctx.templates().interpolate(user, vars, task.location(), "become_user")));
  }

  private List<Object> loopItems(Task task, Map<String, Object> vars) {
    Object v =
        ctx.templates()
            .interpolate(
                task.loop(), vars, task.location(), "task '" + task.displayName() + "' loop");
    if (v instanceof List<?> l) {
      return new ArrayList<>(l);
    }
    throw new InputException(
        task.location(),
        "task '"
            + task.displayName()
            + "': loop must evaluate to a list, got "
            + (v == null ? "nothing" : "'" + v + "'"));
  }

  private static String describe(RuntimeException e) {
    Throwable root = e;
    while (root.getCause() != null && root.getMessage() == null) {
      root = root.getCause();
    }
    String msg = root.getMessage();
    return msg == null ? root.getClass().getSimpleName() : msg;
  }

  /** loop_control's label rendered for this item, else the item itself. */
  private String itemLabel(Task task, Object item, Map<String, Object> itemVars) {
    String label = task.loopControl().label();
    if (label == null) {
      return label(item);
    }
    return label(
        ctx.templates().interpolate(label, itemVars, task.location(), "loop_control label"));
  }

  private static String label(Object item) {
    String s = String.valueOf(item);
    return s.length() > 120 ? s.substring(0, 117) + "..." : s;
  }

  private static ItemResult aggregate(List<ItemResult> items) {
    Status status = Status.SKIPPED;
    boolean anyChanged = false;
    boolean anyOk = false;
    String message = null;
    List<Map<String, Object>> results = new ArrayList<>();
    List<String> restarts = new ArrayList<>();
    for (ItemResult r : items) {
      results.add(r.result());
      restarts.addAll(r.restarts());
      if (r.status() == Status.UNREACHABLE) {
        return new ItemResult(
            Status.UNREACHABLE, r.message(), Map.of("results", results), List.of(), restarts);
      }
      if (r.status() == Status.FAILED) {
        status = Status.FAILED;
        message = message == null ? "One or more items failed: " + r.message() : message;
      }
      anyChanged |= r.status() == Status.CHANGED;
      anyOk |= r.status() == Status.OK;
    }
    if (status != Status.FAILED) {
      status = anyChanged ? Status.CHANGED : anyOk ? Status.OK : Status.SKIPPED;
    }
    Map<String, Object> result = new LinkedHashMap<>();
    result.put("results", results);
    result.put("changed", anyChanged);
    result.put("failed", status == Status.FAILED);
    if (status == Status.SKIPPED) {
      result.put("skipped", true);
    }
    if (message != null) {
      result.put("msg", message);
    }
    return new ItemResult(status, message, result, List.of(), restarts);
  }

  private static ItemResult failed(String message) {
    Map<String, Object> result = new LinkedHashMap<>();
    result.put("failed", true);
    result.put("changed", false);
    result.put("msg", message);
    return new ItemResult(Status.FAILED, message, result, List.of(), List.of());
  }

  private void report(
      Task task,
      PlayContext play,
      HostRun host,
      boolean handler,
      boolean check,
      ItemResult r,
      String item,
      boolean loopSummary) {
    boolean noLog = Boolean.TRUE.equals(task.keywords().noLog());
    boolean ignored =
        r.status() == Status.FAILED && Boolean.TRUE.equals(task.keywords().ignoreErrors());
    ctx.listener()
        .hostResult(
            new TaskOutcome(
                host.name(),
                play.play().displayName(),
                task.displayName(),
                task.location().toString(),
                r.status(),
                noLog && r.message() != null ? CENSORED : r.message(),
                noLog ? null : item,
                loopSummary,
                ignored,
                handler,
                check,
                noLog ? List.of() : r.diffs(),
                r.restarts(),
                noLog ? Map.of("censored", CENSORED) : r.result()));
  }

  /** Records the outcome on the host: register, set_fact, notifications, failure state, counts. */
  @SuppressWarnings("unchecked")
  private Status settle(Task task, HostRun host, ItemResult r) {
    if (task.register() != null) {
      Map<String, Object> reg = new LinkedHashMap<>(r.result());
      reg.putIfAbsent("changed", r.status() == Status.CHANGED);
      reg.putIfAbsent("failed", r.status() == Status.FAILED);
      reg.putIfAbsent("skipped", r.status() == Status.SKIPPED);
      // reporter hints (debug's _ansible_verbose_always) are not part of the value, as in Ansible
      reg.keySet().removeIf(k -> k.startsWith("_ansible_"));
      // stored marked: what a task returns is data from now on, and is copied only once
      host.setFacts().put(task.register(), HostText.mark(reg));
    }
    Object facts = r.result().get("ansible_facts");
    if (facts instanceof Map<?, ?> m && r.status() != Status.FAILED) {
      host.setFacts().putAll(HostText.markAll((Map<String, Object>) m));
    }
    if (r.status() == Status.CHANGED) {
      host.notified().addAll(task.notifies());
    }
    boolean ignored =
        r.status() == Status.FAILED && Boolean.TRUE.equals(task.keywords().ignoreErrors());
    if (r.status() == Status.UNREACHABLE) {
      host.markUnreachable();
      host.count(Status.UNREACHABLE, false, 0);
    } else if (r.status() == Status.FAILED && !ignored) {
      host.failed(true);
      if (!host.rescuable()) {
        host.count(Status.FAILED, false, 0);
      }
    } else {
      host.count(r.status(), ignored, r.restarts().size());
    }
    return ignored ? Status.OK : r.status();
  }
}
