package io.pagetune.executor.task;

import io.pagetune.connection.ConnectionException;
import io.pagetune.error.EnvironmentException;
import io.pagetune.error.InputException;
import io.pagetune.executor.PlayContext;
import io.pagetune.executor.RestartSink;
import io.pagetune.executor.RunContext;
import io.pagetune.executor.host.HostRun;
import io.pagetune.executor.result.HostResultRecorder;
import io.pagetune.executor.result.TaskReporter;
import io.pagetune.executor.result.TaskResult;
import io.pagetune.playbook.LoopControl;
import io.pagetune.playbook.Task;
import io.pagetune.report.Status;
import io.pagetune.schedule.Sleeper;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Runs one task on one host: its loop item by item, each through {@link TaskInvocation}, reports
 * every result, turns exceptions into the host's result, and records the outcome on the host.
 */
public final class TaskRunner {
  private final RunContext ctx;
  private final TaskInvocation invocation;
  private final LoopExpansion loops;
  private final WriteGuard guard;
  private final NotifiedRestarts restarts;
  private final TaskReporter reporter;

  public TaskRunner(RunContext ctx) {
    this.ctx = ctx;
    this.invocation = new TaskInvocation(ctx);
    this.loops = new LoopExpansion(ctx);
    this.guard = new WriteGuard(ctx);
    this.restarts = new NotifiedRestarts(ctx);
    this.reporter = new TaskReporter(ctx);
  }

  /** Runs the task and reports it; returns the status the recap counts. */
  public Status run(Task task, PlayContext play, HostRun host, boolean handler) {
    boolean check =
        task.keywords().checkMode() != null ? task.keywords().checkMode() : ctx.options().check();
    TaskResult outcome;
    TaskWrites writes = null;
    try {
      Map<String, Object> vars = TaskVars.of(ctx, play, host, task, check);
      writes = writes(task, play, host, vars);
      Optional<String> lift = guard.liftAttempt(task, play, host);
      if (lift.isPresent()) {
        outcome =
            TaskResult.failed(
                task.location() + ": task '" + task.displayName() + "': " + lift.get());
        reporter.report(task, play, host, handler, check, outcome, null, false);
      } else if (task.loop() == null) {
        outcome = invocation.run(task, play, host, vars, check, writes);
        reporter.report(task, play, host, handler, check, outcome, null, false);
      } else {
        outcome = loop(task, play, host, handler, check, vars, writes);
        reporter.report(task, play, host, handler, check, outcome, null, true);
      }
    } catch (ConnectionException e) {
      outcome = TaskResult.unreachable(e.getMessage());
      reporter.report(task, play, host, handler, check, outcome, null, false);
    } catch (io.pagetune.connection.BecomeRefused e) {
      // one line naming the host and what to give, not an I/O exception's text
      outcome = TaskResult.failed(e.getMessage());
      reporter.report(task, play, host, handler, check, outcome, null, false);
    } catch (io.pagetune.template.TemplateLimitException e) {
      // the template is valid: this host's values made it too big or too slow, so the host
      // fails (exit 2) rather than the run being blamed on its input (exit 4)
      outcome = TaskResult.failed(e.getMessage());
      reporter.report(task, play, host, handler, check, outcome, null, false);
    } catch (InputException e) {
      ctx.inputErrors().add(e.getMessage());
      outcome = TaskResult.failed(e.getMessage());
      reporter.report(task, play, host, handler, check, outcome, null, false);
    } catch (EnvironmentException e) {
      // the control node failed (state store gone, disk full): changing hosts without a journal
      // would break write-ahead, so the run stops (exit 6) once the tasks in flight end
      throw e;
    } catch (RuntimeException e) {
      // a host-side problem (permission denied, disk full, a broken file): this host fails,
      // the run goes on
      String msg = task.location() + ": task '" + task.displayName() + "': " + describe(e);
      outcome = TaskResult.failed(msg);
      reporter.report(task, play, host, handler, check, outcome, null, false);
    }
    if (outcome.status() == Status.CHANGED && !check && !task.notifies().isEmpty()) {
      restarts.persist(task, play, host);
    }
    if (writes != null) {
      // the writes stay unconfirmed until their restarts are queued: a crash before this line
      // leaves them for the next run to reconcile, never a change without its restart
      writes.confirmLanded();
    }
    return HostResultRecorder.record(task, host, outcome);
  }

  /**
   * An item's result as Ansible registers it in {@code results}: with the item under the loop
   * variable's name and {@code ansible_loop_var}, so a later loop over them reads {@code
   * item.item}.
   */
  private static TaskResult withItem(Task task, TaskResult r, Object item) {
    Map<String, Object> result = new java.util.LinkedHashMap<>(r.result());
    result.putIfAbsent(task.loopVar(), item);
    result.putIfAbsent("ansible_loop_var", task.loopVar());
    return r.with(r.status(), r.message(), result);
  }

  /** Each loop item in turn (reported as it ends), then one result for the whole loop. */
  private TaskResult loop(
      Task task,
      PlayContext play,
      HostRun host,
      boolean handler,
      boolean check,
      Map<String, Object> vars,
      TaskWrites writes) {
    List<Object> items = loops.items(task, vars);
    LoopControl control = task.loopControl();
    List<TaskResult> results = new ArrayList<>();
    for (int index = 0; index < items.size(); index++) {
      Object item = items.get(index);
      if (index > 0 && !control.pause().isZero()) {
        Sleeper.REAL.sleep(control.pause());
      }
      Map<String, Object> itemVars = LoopExpansion.itemVars(task, vars, item, index);
      TaskResult r =
          withItem(task, invocation.run(task, play, host, itemVars, check, writes), item);
      results.add(r);
      if (HostResultRecorder.storeFacts(task, host, r)) {
        // as in Ansible, the next item sees what this one set (set_fact accumulating a list)
        vars = TaskVars.of(ctx, play, host, task, check);
      }
      reporter.report(
          task, play, host, handler, check, r, loops.label(task, item, itemVars), false);
      if (r.status() == Status.UNREACHABLE) {
        break;
      }
    }
    return TaskResult.ofLoop(results);
  }

  /** The task's journaled writes; the notified handlers' restarts join each write. */
  private TaskWrites writes(Task task, PlayContext play, HostRun host, Map<String, Object> vars) {
    return new TaskWrites(
        ctx.services().journal(),
        ctx.services().restarts(),
        ctx.runId(),
        Delegation.target(host, task),
        task.displayName(),
        Boolean.TRUE.equals(task.keywords().noLog()),
        ctx.templates().vault()::holdsSecret,
        vars,
        () -> restarts.of(task, play, host).stream().map(RestartSink.Request::restart).toList());
  }

  private static String describe(RuntimeException e) {
    Throwable root = e;
    while (root.getCause() != null && root.getMessage() == null) {
      root = root.getCause();
    }
    String msg = root.getMessage();
    return msg == null ? root.getClass().getSimpleName() : msg;
  }
}
