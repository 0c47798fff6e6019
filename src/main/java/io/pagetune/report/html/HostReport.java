package io.pagetune.report.html;

import io.pagetune.pages.PageState;
import java.util.List;
import java.util.Objects;

/**
 * One host in the fleet report: its state, the page states per target, the tasks with their diffs,
 * the restarts (with their window in the host's zone) and the blockers in words.
 */
public record HostReport(
    String name,
    List<String> groups,
    HostState state,
    List<PageState> pages,
    List<TaskLine> tasks,
    List<String> restarts,
    List<String> blockers) {
  public HostReport {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(state, "state");
    groups = List.copyOf(groups);
    pages = List.copyOf(pages);
    tasks = List.copyOf(tasks);
    restarts = List.copyOf(restarts);
    blockers = List.copyOf(blockers);
  }

  /** Every diff of every task, in task order. */
  public List<String> diffs() {
    return tasks.stream().flatMap(t -> t.diffs().stream()).toList();
  }
}
