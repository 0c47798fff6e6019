package io.pagetune.report;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** Counts for the progress display: the current task, hosts done with it, failed, unreachable. */
final class ProgressTracker {
  private int playHosts;
  private String task = "";
  private final Set<String> doneWithTask = new LinkedHashSet<>();
  private final Set<String> failed = new LinkedHashSet<>();
  private final Set<String> unreachable = new LinkedHashSet<>();

  void play(List<String> hosts) {
    playHosts = hosts.size();
    task = "";
    doneWithTask.clear();
  }

  /** Returns the previous task's name when a new one starts. */
  String task(String name) {
    String previous = task;
    task = name;
    doneWithTask.clear();
    return previous;
  }

  void result(TaskOutcome o) {
    if (o.item() != null) {
      return;
    }
    doneWithTask.add(o.host());
    if (o.status() == Status.UNREACHABLE) {
      unreachable.add(o.host());
    } else if (o.status() == Status.FAILED && !o.ignored()) {
      failed.add(o.host());
    }
  }

  String task() {
    return task;
  }

  String line() {
    return String.format(
        "[%d/%d hosts] %s | failed %d, unreachable %d",
        doneWithTask.size(),
        playHosts,
        task.isEmpty() ? "starting" : task,
        failed.size(),
        unreachable.size());
  }
}
