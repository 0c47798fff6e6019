package io.pagetune.report.html;

import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;

/**
 * The model behind the HTML fleet report: what ran, when, and every host in first-seen order.
 *
 * @param title what the report is about, e.g. the playbook or "fleet status"
 * @param runId the journal's run id ("" when there is none)
 * @param checkMode true when nothing was changed (states are predictions)
 */
public record FleetReport(
    String title, String runId, boolean checkMode, Instant generatedAt, List<HostReport> hosts) {
  public FleetReport {
    Objects.requireNonNull(title, "title");
    runId = Objects.requireNonNullElse(runId, "");
    Objects.requireNonNull(generatedAt, "generatedAt");
    hosts = List.copyOf(hosts);
  }

  /** Hosts per state, every state present (zero when none). */
  public Map<HostState, Integer> counts() {
    Map<HostState, Integer> counts = new EnumMap<>(HostState.class);
    for (HostState s : HostState.values()) {
      counts.put(s, 0);
    }
    hosts.forEach(h -> counts.merge(h.state(), 1, Integer::sum));
    return counts;
  }

  /** Every group any host is in, sorted. */
  public List<String> groups() {
    TreeSet<String> all = new TreeSet<>();
    hosts.forEach(h -> all.addAll(h.groups()));
    return List.copyOf(all);
  }
}
