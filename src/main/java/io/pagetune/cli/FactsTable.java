package io.pagetune.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The text table of {@code pagetune facts}: one row per host, fitted to the terminal. */
final class FactsTable {
  private static final List<String> HEADER =
      List.of(
          "HOST", "PLATFORM", "SUPPORTED", "IN USE", "HUGEPAGES", "THP", "SAP KERNEL", "PENDING");

  private FactsTable() {}

  static String render(Map<String, Map<String, Object>> byHost) {
    return render(byHost, Integer.MAX_VALUE);
  }

  /** The table within {@code width} columns; long cells are cut, never wrapped. */
  static String render(Map<String, Map<String, Object>> byHost, int width) {
    io.pagetune.cli.table.TextTable table = new io.pagetune.cli.table.TextTable(HEADER);
    for (Map.Entry<String, Map<String, Object>> e : byHost.entrySet()) {
      table.row(row(e.getKey(), e.getValue()));
    }
    return table.render(width);
  }

  @SuppressWarnings("unchecked")
  private static List<String> row(String host, Map<String, Object> f) {
    if (f.containsKey("unreachable")) {
      return List.of(host, "UNREACHABLE: " + f.get("unreachable"), "", "", "", "", "", "");
    }
    String platform = f.getOrDefault("system", "?") + " " + f.getOrDefault("release", "");
    Object supported = f.get("supported");
    String sizes =
        supported instanceof List<?> l
            ? String.join(",", l.stream().map(String::valueOf).toList())
            : "-";
    List<String> inUse = new ArrayList<>();
    List<String> pending = new ArrayList<>();
    List<String> kernels = new ArrayList<>();
    Map<String, Object> sap = (Map<String, Object>) f.getOrDefault("sap", Map.of());
    for (Map.Entry<String, Object> s : sap.entrySet()) {
      Map<String, Object> m = (Map<String, Object>) s.getValue();
      List<String> dw = (List<String>) m.get("disp_work");
      inUse.add(
          s.getKey()
              + " disp+work "
              + (dw.isEmpty() ? "not running" : String.join(" ", distinct(dw)))
              + (dw.isEmpty() ? "" : " x" + dw.size()));
      kernels.add(s.getKey() + " " + m.get("kernel"));
      boolean persisted = !((List<String>) m.get("ldr_cntrl_profiles")).isEmpty();
      if (persisted && !dw.stream().allMatch(c -> c.equals("64K/64K/64K/64K"))) {
        pending.add("SAP system " + s.getKey());
      }
    }
    Map<String, Object> web = (Map<String, Object>) f.getOrDefault("web_servers", Map.of());
    for (Map.Entry<String, Object> w : web.entrySet()) {
      Map<String, Object> m = (Map<String, Object>) w.getValue();
      String heap = String.valueOf(m.get("heap"));
      inUse.add("webservd heap " + heap);
      boolean large = heap.matches("(256M|4M):([5-9]\\d|100)%");
      if (Boolean.TRUE.equals(m.get("mpss_block")) && !large) {
        pending.add("web server " + w.getKey());
      }
    }
    String hugepages = "-";
    Map<String, Object> hp = (Map<String, Object>) f.get("hugepages");
    if (hp != null && hp.containsKey("total")) {
      long total = ((Number) hp.get("total")).longValue();
      long free = ((Number) hp.getOrDefault("free", 0L)).longValue();
      hugepages = total + " pool, " + (total - free) + " used";
    }
    return List.of(
        host,
        platform.strip(),
        sizes,
        inUse.isEmpty() ? "-" : String.join("; ", inUse),
        hugepages,
        String.valueOf(f.getOrDefault("thp", "-")),
        kernels.isEmpty() ? "-" : String.join("; ", kernels),
        pending.isEmpty() ? "-" : String.join("; ", pending));
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

  private static List<String> distinct(List<String> values) {
    return values.stream().distinct().toList();
  }
}
