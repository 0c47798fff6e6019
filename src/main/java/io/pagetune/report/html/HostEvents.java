package io.pagetune.report.html;

import io.pagetune.pages.PageState;
import io.pagetune.report.Status;
import io.pagetune.report.TaskOutcome;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** What the run said about one host, gathered event by event; {@link #report} judges it. */
final class HostEvents {
  private final String name;
  private final List<TaskLine> tasks = new ArrayList<>();
  private final Map<String, PageState> pages = new LinkedHashMap<>();
  private final Set<String> restarts = new LinkedHashSet<>();
  private final Set<String> blockers = new LinkedHashSet<>();
  private boolean unreachable;
  private boolean refused;
  private boolean wouldChange;

  HostEvents(String name) {
    this.name = name;
  }

  void add(TaskOutcome o) {
    if (o.item() != null) {
      return; // a loop reports its summary too; that is what counts
    }
    tasks.add(new TaskLine(o.play(), o.task(), o.location(), word(o), o.message(), o.diffs()));
    restarts.addAll(o.restarts());
    for (String r : o.restarts()) {
      // a restart that no window will ever allow (blackout, no opening) blocks the change
      int never = r.indexOf(" never: ");
      if (never >= 0) {
        blockers.add(r.substring(0, never) + ": " + r.substring(never + 8));
      }
    }
    pageStates(o.result()).forEach(s -> pages.put(s.target(), s));
    switch (o.status()) {
      case UNREACHABLE -> {
        if (!o.ignored()) {
          unreachable = true;
          blockers.add("unreachable: " + o.message());
        }
      }
      case FAILED -> {
        if (!o.ignored()) {
          refused = true;
          blockers.add(o.task() + ": " + o.message());
        }
      }
      case CHANGED -> wouldChange |= o.checkMode();
      default -> {}
    }
  }

  private static String word(TaskOutcome o) {
    if ((o.status() == Status.FAILED || o.status() == Status.UNREACHABLE) && o.ignored()) {
      return "ignored";
    }
    if (o.status() == Status.CHANGED && o.checkMode()) {
      return "would change";
    }
    return o.status().word();
  }

  HostReport report(List<String> groups) {
    return new HostReport(
        name,
        groups,
        state(),
        List.copyOf(pages.values()),
        tasks,
        List.copyOf(restarts),
        List.copyOf(blockers));
  }

  private HostState state() {
    if (unreachable) {
      return HostState.UNREACHABLE;
    }
    if (refused) {
      return HostState.REFUSED;
    }
    if (wouldChange) {
      return HostState.WOULD_CHANGE;
    }
    if (!restarts.isEmpty() || pages.values().stream().anyMatch(PageState::pendingRestart)) {
      return HostState.RESTART_PENDING;
    }
    if (pages.values().stream().anyMatch(s -> s.persisted() && !s.effective())) {
      return HostState.PERSISTED;
    }
    return HostState.EFFECTIVE;
  }

  /** The {@code page_state} list a page-size module returns (plain maps), as records. */
  static List<PageState> pageStates(Map<String, Object> result) {
    Object list = result.get("page_state");
    if (!(list instanceof List<?> l)) {
      return List.of();
    }
    List<PageState> out = new ArrayList<>();
    for (Object o : l) {
      if (o instanceof Map<?, ?> m && m.get("target") != null) {
        out.add(
            new PageState(
                String.valueOf(m.get("target")),
                text(m.get("desired")),
                Boolean.TRUE.equals(m.get("persisted")),
                text(m.get("persisted_value")),
                Boolean.TRUE.equals(m.get("effective")),
                text(m.get("effective_value")),
                Boolean.TRUE.equals(m.get("pending_restart")),
                m.get("reasons") instanceof List<?> rs
                    ? rs.stream().map(String::valueOf).toList()
                    : List.of()));
      }
    }
    return out;
  }

  private static String text(Object o) {
    return o == null ? "" : String.valueOf(o);
  }
}
