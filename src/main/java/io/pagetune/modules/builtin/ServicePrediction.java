package io.pagetune.modules.builtin;

import io.pagetune.facts.Fact;
import io.pagetune.modules.PredictedFact;

/**
 * What a {@code systemctl}/{@code service} verb leaves behind, for the later tasks of a check run:
 * the unit as {@link ServiceStatus} would read it.
 *
 * @param active the ActiveState after the verb, or null when it does not change it
 * @param enabled whether it starts at boot after the verb, or null when it does not change that
 */
record ServicePrediction(String unit, String active, Boolean enabled) implements PredictedFact {

  /** The prediction for one verb the module plans (start, stop, restart, reload, enable, …). */
  static ServicePrediction of(String unit, String verb) {
    return switch (verb) {
      case "start", "restart", "reload" -> new ServicePrediction(unit, "active", null);
      case "stop" -> new ServicePrediction(unit, "inactive", null);
      case "enable" -> new ServicePrediction(unit, null, true);
      case "disable" -> new ServicePrediction(unit, null, false);
      default -> throw new IllegalArgumentException("no prediction for " + verb);
    };
  }

  @Override
  public String subject() {
    // start and enable change different things of one unit: neither replaces the other
    return "service " + unit + (active != null ? " state" : " enabled");
  }

  @Override
  public <T> T after(Fact<T> fact, T before) {
    if (!(fact instanceof ServiceStatus status)
        || !status.unit().equals(unit)
        || !(before instanceof ServiceStatus.Reading r)) {
      return before;
    }
    ServiceStatus.Reading after =
        new ServiceStatus.Reading(
            r.manager(),
            active != null ? active : r.active(),
            enabled != null ? (enabled ? "enabled" : "disabled") : r.enabled(),
            enabled != null ? enabled : r.enabledOk(),
            // a verb that succeeds loads the unit (from a file an earlier task writes)
            true);
    @SuppressWarnings("unchecked")
    T value = (T) after;
    return value;
  }
}
