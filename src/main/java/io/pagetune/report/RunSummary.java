package io.pagetune.report;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The recap of a whole run: counts per host in first-seen order, and input errors seen. */
public record RunSummary(
    String runId,
    Map<String, HostCounts> hosts,
    List<String> inputErrors,
    boolean checkMode,
    boolean aborted) {

  public RunSummary {
    hosts = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(hosts));
    inputErrors = List.copyOf(inputErrors);
  }

  public HostCounts totals() {
    HostCounts t = HostCounts.ZERO;
    for (HostCounts c : hosts.values()) {
      t = t.plus(c);
    }
    return t;
  }
}
