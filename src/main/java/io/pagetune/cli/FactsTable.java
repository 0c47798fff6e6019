package io.pagetune.cli;

import io.pagetune.cli.table.TextTable;
import io.pagetune.targets.FactCells;
import io.pagetune.targets.Target;
import java.util.List;
import java.util.Map;

/** The text table of {@code pagetune facts}: one row per host, fitted to the terminal. */
final class FactsTable {
  private static final List<String> HEADER =
      List.of(
          "HOST", "PLATFORM", "SUPPORTED", "IN USE", "HUGEPAGES", "THP", "SAP KERNEL", "PENDING");

  private final List<Target> targets;

  /** A table whose target columns each of {@code targets} fills, in this order. */
  FactsTable(List<Target> targets) {
    this.targets = List.copyOf(targets);
  }

  /** The table within {@code width} columns; long cells are cut, never wrapped. */
  String render(Map<String, Map<String, Object>> byHost, int width) {
    TextTable table = new TextTable(HEADER);
    for (Map.Entry<String, Map<String, Object>> e : byHost.entrySet()) {
      table.row(row(e.getKey(), e.getValue()));
    }
    return table.render(width);
  }

  private List<String> row(String host, Map<String, Object> f) {
    if (f.containsKey("unreachable")) {
      return List.of(host, "UNREACHABLE: " + f.get("unreachable"), "", "", "", "", "", "");
    }
    String platform = f.getOrDefault("system", "?") + " " + f.getOrDefault("release", "");
    Object supported = f.get("supported");
    String sizes =
        supported instanceof List<?> l
            ? String.join(",", l.stream().map(String::valueOf).toList())
            : "-";
    FactCells cells = FactCells.NONE;
    for (Target t : targets) {
      cells = cells.plus(t.factCells(f));
    }
    return List.of(
        host,
        platform.strip(),
        sizes,
        cell(cells.inUse()),
        cell(cells.hugePages()),
        cell(cells.thp()),
        cell(cells.kernels()),
        cell(cells.pending()));
  }

  /** A target column: what the targets show, or "-" when none shows anything. */
  private static String cell(List<String> values) {
    return values.isEmpty() ? "-" : String.join("; ", values);
  }

  /**
   * One line per page state of every host, the same fields for every target: {@code HOST TARGET
   * desired=… persisted=yes|no (…) effective=yes|no (…) pending_restart=yes|no}.
   */
  @SuppressWarnings("unchecked")
  static String renderStates(Map<String, Map<String, Object>> byHost) {
    StringBuilder sb = new StringBuilder();
    for (Map.Entry<String, Map<String, Object>> e : byHost.entrySet()) {
      for (Map<String, Object> s :
          (List<Map<String, Object>>) e.getValue().getOrDefault("page_state", List.of())) {
        if (sb.length() == 0) {
          sb.append("\nPAGE STATE\n");
        }
        sb.append(e.getKey())
            .append("  ")
            .append(s.get("target"))
            .append("  desired=")
            .append(String.valueOf(s.get("desired")).isEmpty() ? "-" : s.get("desired"))
            .append("  persisted=")
            .append(yesNo(s.get("persisted"), s.get("persisted_value")))
            .append("  effective=")
            .append(yesNo(s.get("effective"), s.get("effective_value")))
            .append("  pending_restart=")
            .append(Boolean.TRUE.equals(s.get("pending_restart")) ? "yes" : "no")
            .append('\n');
      }
    }
    return sb.toString();
  }

  private static String yesNo(Object flag, Object value) {
    String v = String.valueOf(value);
    return (Boolean.TRUE.equals(flag) ? "yes" : "no") + (v.isEmpty() ? "" : " (" + v + ")");
  }
}
