package io.pagetune.report;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One restart that ran (or was skipped) with its result and, when it carried a benefit probe, both
 * medians: the {@code restart} event of {@code --output json}, whether the restart ran at the end
 * of a run (its window open now) or from {@code schedule run-due}.
 *
 * @param restart the restart in words, empty when its intent is gone
 * @param benefit the probe's figures in the JSON shape; empty when no probe was measured
 */
public record RestartRan(
    String id,
    String status,
    String restart,
    String kind,
    String host,
    List<String> hosts,
    String result,
    Map<String, Object> benefit) {

  public RestartRan {
    hosts = List.copyOf(hosts);
    benefit = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(benefit));
  }

  /** The event's fields after {@code event} (and {@code time}), in the documented order. */
  public Map<String, Object> fields() {
    Map<String, Object> e = new LinkedHashMap<>();
    e.put("id", id);
    e.put("status", status);
    if (!restart.isEmpty()) {
      e.put("restart", restart);
      e.put("kind", kind);
      e.put("host", host);
      e.put("hosts", hosts);
    }
    e.put("result", result);
    e.put("benefit", benefit.isEmpty() ? null : benefit);
    return e;
  }
}
