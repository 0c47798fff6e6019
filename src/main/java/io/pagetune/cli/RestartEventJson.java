package io.pagetune.cli;

import io.pagetune.report.RestartRan;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The {@code restart} event of {@code schedule run-due --output json}: the same fields as the
 * {@code restart} event a run prints when a restart runs at its end ({@link RestartRan#fields}).
 */
final class RestartEventJson {
  private RestartEventJson() {}

  static Map<String, Object> of(RestartRan ran) {
    Map<String, Object> e = new LinkedHashMap<>();
    e.put("event", "restart");
    e.putAll(ran.fields());
    return e;
  }
}
