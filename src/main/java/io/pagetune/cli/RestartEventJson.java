package io.pagetune.cli;

import io.pagetune.schedule.queue.HandledRestart;
import io.pagetune.schedule.queue.RestartIntent;
import io.pagetune.state.BenefitRecord;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The {@code restart} event of {@code schedule run-due --output json}: one restart that ran (or was
 * skipped), its result and, when it carried a benefit probe, both medians in seconds.
 */
final class RestartEventJson {
  private RestartEventJson() {}

  static Map<String, Object> of(
      HandledRestart handled, Optional<RestartIntent> intent, Optional<BenefitRecord> benefit) {
    Map<String, Object> e = new LinkedHashMap<>();
    e.put("event", "restart");
    e.put("id", handled.intentId());
    e.put("status", handled.status().name().toLowerCase(Locale.ROOT));
    intent.ifPresent(
        i -> {
          e.put("restart", i.target().describe());
          e.put("kind", i.target().kind());
          e.put("host", i.target().host());
          e.put("hosts", i.hosts());
        });
    e.put("result", handled.detail());
    e.put("benefit", benefit.map(RestartEventJson::benefit).orElse(null));
    return e;
  }

  private static Map<String, Object> benefit(BenefitRecord r) {
    Map<String, Object> b = new LinkedHashMap<>();
    b.put("before_median_seconds", r.beforeMedian().orElse(null));
    b.put("before_runs", r.beforeRuns());
    b.put("after_median_seconds", r.afterMedian().orElse(null));
    b.put("after_runs", r.afterRuns());
    b.put("change_percent", r.changePercent().orElse(null));
    b.put("problem", r.problem().isEmpty() ? null : r.problem());
    b.put("measured_at", r.measuredAt().toString());
    return b;
  }
}
