package io.pagetune.compat;

import java.util.List;
import java.util.Map;

/**
 * What one tool did in a batched run: per host, the tasks in the order they ran, and the recap
 * counts (ok, changed, unreachable, failed, skipped, rescued, ignored).
 */
record ToolRun(
    Map<String, List<TaskRecord>> tasks, Map<String, Map<String, Integer>> recap, String log) {

  List<TaskRecord> tasksOf(String host) {
    return tasks.getOrDefault(host, List.of());
  }
}
