package io.pagetune.executor;

import io.pagetune.playbook.Task;
import io.pagetune.report.Status;
import io.pagetune.template.HostText;
import java.util.Map;

/**
 * Records a task's final result on its host: register, set_fact, notifications, failure, counts.
 */
final class HostResultRecorder {
  private HostResultRecorder() {}

  /** Returns the status the recap counts ({@code ok} for an ignored failure). */
  @SuppressWarnings("unchecked")
  static Status record(Task task, HostRun host, TaskResult r) {
    if (task.register() != null) {
      // stored marked: what a task returns is data from now on, and is copied only once
      host.setFacts().put(task.register(), HostText.mark(r.registered()));
    }
    Object facts = r.result().get("ansible_facts");
    if (facts instanceof Map<?, ?> m && r.status() != Status.FAILED) {
      host.setFacts().putAll(HostText.markAll((Map<String, Object>) m));
    }
    if (r.status() == Status.CHANGED) {
      host.notified().addAll(task.notifies());
    }
    boolean ignored = TaskReporter.ignored(task, r);
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
