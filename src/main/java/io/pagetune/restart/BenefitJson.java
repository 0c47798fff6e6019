package io.pagetune.restart;

import io.pagetune.state.BenefitRecord;
import java.util.LinkedHashMap;
import java.util.Map;

/** A benefit probe's figures in the shape of the JSON {@code restart} event's {@code benefit}. */
public final class BenefitJson {
  private BenefitJson() {}

  public static Map<String, Object> of(BenefitRecord r) {
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
