package io.pagetune.executor.result;

import io.pagetune.executor.RunContext;
import io.pagetune.playbook.Retry;
import io.pagetune.playbook.Task;
import io.pagetune.report.Status;
import io.pagetune.schedule.Sleeper;
import io.pagetune.template.HostText;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * What a task's own keywords make of a module's result: {@code changed_when} and {@code
 * failed_when}, and {@code until}/{@code retries}/{@code delay}. Each condition sees the result
 * under the task's {@code register} name, as Ansible evaluates them.
 */
public final class ResultPolicy {
  private final RunContext ctx;

  public ResultPolicy(RunContext ctx) {
    this.ctx = ctx;
  }

  /**
   * With {@code until}: the invocation again, {@code delay} apart, until the conditions hold (the
   * result carries {@code attempts}); failed once the retries are used up. Without: once.
   */
  public TaskResult retried(Task task, Map<String, Object> vars, Supplier<TaskResult> invocation) {
    Retry retry = task.retry();
    if (retry == null) {
      return invocation.get();
    }
    String what = "task '" + task.displayName() + "' until";
    for (int attempt = 1; ; attempt++) {
      TaskResult r = invocation.get();
      if (r.status() == Status.SKIPPED || r.status() == Status.UNREACHABLE) {
        return r;
      }
      Map<String, Object> result = new LinkedHashMap<>(r.result());
      result.put("attempts", (long) attempt);
      TaskResult counted = r.with(r.status(), r.message(), result);
      if (all(retry.until(), withRegistered(task, vars, counted), task, what)) {
        return counted;
      }
      if (attempt > retry.retries()) {
        result.put("failed", true);
        String last = r.message() == null ? "" : "; last: " + r.message();
        return r.with(
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
            result);
      }
      Sleeper.REAL.sleep(retry.delay());
    }
  }

  /** Applies {@code changed_when} and {@code failed_when}, which see the registered result. */
  public TaskResult conditioned(Task task, Map<String, Object> vars, TaskResult r) {
    if (task.changedWhen().isEmpty() && task.failedWhen().isEmpty()) {
      return r;
    }
    Map<String, Object> v = withRegistered(task, vars, r);
    Map<String, Object> result = new LinkedHashMap<>(r.result());
    String what = "task '" + task.displayName() + "'";
    Status status = r.status();
    String message = r.message();
    if (!task.changedWhen().isEmpty()) {
      // Ansible decides changed_when on a failed result too: a failed command can be unchanged
      boolean changed = all(task.changedWhen(), v, task, what + " changed_when");
      if (status != Status.FAILED) {
        status = changed ? Status.CHANGED : Status.OK;
      }
      result.put("changed", changed);
    }
    if (!task.failedWhen().isEmpty()) {
      boolean failedNow = all(task.failedWhen(), v, task, what + " failed_when");
      result.put("failed", failedNow);
      // Ansible registers the condition's outcome too, for content that reads it back
      result.put("failed_when_result", failedNow);
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
    return r.with(status, message, result);
  }

  /** The task's variables plus its result under the {@code register} name, if it has one. */
  private static Map<String, Object> withRegistered(
      Task task, Map<String, Object> vars, TaskResult r) {
    if (task.register() == null) {
      return vars;
    }
    Map<String, Object> v = new LinkedHashMap<>(vars);
    v.put(task.register(), HostText.mark(r.registered()));
    return v;
  }

  private boolean all(List<String> conditions, Map<String, Object> vars, Task task, String what) {
    for (String c : conditions) {
      if (!ctx.templates().test(c, vars, task.location(), what)) {
        return false;
      }
    }
    return true;
  }
}
