package io.pagetune.report.html;

import io.pagetune.pages.PageState;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One host in the fleet report: its state, the page states per target, the tasks with their diffs,
 * the restarts (with their window in the host's zone), the blockers in words and the benefit probe
 * of the host's latest restart, as the state store keeps it.
 *
 * @param pagesNote where the page states come from (e.g. when they were gathered), when known
 */
public record HostReport(
    String name,
    List<String> groups,
    HostState state,
    List<PageState> pages,
    List<TaskLine> tasks,
    List<String> restarts,
    List<String> blockers,
    Optional<String> benefit,
    Optional<String> pagesNote) {
  public HostReport {
    Objects.requireNonNull(benefit, "benefit");
    Objects.requireNonNull(pagesNote, "pagesNote");
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(state, "state");
    groups = List.copyOf(groups);
    pages = List.copyOf(pages);
    tasks = List.copyOf(tasks);
    restarts = List.copyOf(restarts);
    blockers = List.copyOf(blockers);
  }

  public HostReport(
      String name,
      List<String> groups,
      HostState state,
      List<PageState> pages,
      List<TaskLine> tasks,
      List<String> restarts,
      List<String> blockers) {
    this(name, groups, state, pages, tasks, restarts, blockers, Optional.empty(), Optional.empty());
  }

  public HostReport withBenefit(Optional<String> latest) {
    return new HostReport(name, groups, state, pages, tasks, restarts, blockers, latest, pagesNote);
  }

  /** Where the page states come from, e.g. the stored facts' time and run, in words. */
  public HostReport withPagesNote(String note) {
    return new HostReport(
        name, groups, state, pages, tasks, restarts, blockers, benefit, Optional.of(note));
  }

  /** Every diff of every task, in task order. */
  public List<String> diffs() {
    return tasks.stream().flatMap(t -> t.diffs().stream()).toList();
  }
}
