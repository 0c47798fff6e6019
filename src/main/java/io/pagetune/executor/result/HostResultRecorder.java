package io.pagetune.executor.result;

import io.pagetune.executor.host.HostRun;
import io.pagetune.playbook.Task;
import io.pagetune.report.Status;
import io.pagetune.template.HostText;
import java.util.Map;

/**
 * Records a task's final result on its host: register, set_fact, notifications, failure, counts.
 */
public final class HostResultRecorder {
  private HostResultRecorder() {}

  /**
   * A {@code setup} task's facts become the host's gathered facts, as Ansible keeps them: {@code
   * ansible_facts.<name>} (the {@code ansible_} prefix taken off) and {@code ansible_<name>}.
   */
  private static void gathered(HostRun host, Map<String, Object> facts) {
    facts.forEach(
        (k, v) -> host.gatheredFacts().put(k.startsWith("ansible_") ? k.substring(8) : k, v));
  }

  private static boolean isSetup(Task task) {
    String m = task.module();
    return m.equals("setup")
        || m.equals("ansible.builtin.setup")
        || m.equals("ansible.legacy.setup");
  }

  private static boolean isIncludeVars(Task task) {
    String m = task.module();
    return m.equals("include_vars")
        || m.equals("ansible.builtin.include_vars")
        || m.equals("ansible.legacy.include_vars");
  }

  /**
   * Stores what a {@code set_fact} (one call, or one loop item) set, as host data, and what an
   * {@code include_vars} read, as the text the user wrote it in (its templates are evaluated when
   * used, at include_vars' own precedence); a loop's own result holds none, its items were stored
   * as they ended. Returns whether anything was stored.
   */
  @SuppressWarnings("unchecked")
  public static boolean storeFacts(Task task, HostRun host, TaskResult r) {
    if (r.result().get("ansible_facts") instanceof Map<?, ?> m
        && r.status() != Status.FAILED
        && r.status() != Status.UNREACHABLE) {
      if (isIncludeVars(task)) {
        host.includedVars().putAll((Map<String, Object>) m);
      } else {
        host.setFacts().putAll(HostText.markAll((Map<String, Object>) m));
      }
      return true;
    }
    return false;
  }

  /** Returns the status the recap counts ({@code ok} for an ignored failure). */
  @SuppressWarnings("unchecked")
  public static Status record(Task task, HostRun host, TaskResult r) {
    if (task.register() != null) {
      // stored marked: what a task returns is data from now on, and is copied only once
      host.setFacts().put(task.register(), HostText.mark(r.registered()));
    }
    if (isSetup(task)
        && r.result().get("ansible_facts") instanceof Map<?, ?> m
        && r.status() != Status.FAILED) {
      gathered(host, (Map<String, Object>) m);
    } else {
      storeFacts(task, host, r);
    }
    if (r.status() == Status.CHANGED) {
      host.notified().addAll(task.notifies());
    }
    boolean ignored = TaskReporter.ignored(task, r);
    // a restart requested (and queued) stays pending whatever became of the rest of the task,
    // e.g. another item of the same loop failing
    if (r.status() == Status.UNREACHABLE && !ignored) {
      host.markUnreachable();
      host.count(Status.UNREACHABLE, false, r.restarts().size());
    } else if (r.status() == Status.FAILED && !ignored) {
      host.failed(true);
      if (!host.rescuable()) {
        host.count(Status.FAILED, false, r.restarts().size());
      } else {
        host.countPendingRestarts(r.restarts().size());
      }
    } else if (ignored) {
      // ignore_unreachable counts as ignore_errors does: ok and ignored (ansible-playbook 2.14)
      host.countIgnoredFailure(Boolean.TRUE.equals(r.result().get("changed")), r.restarts().size());
    } else {
      host.count(r.status(), false, r.restarts().size());
    }
    return ignored ? Status.OK : r.status();
  }
}
