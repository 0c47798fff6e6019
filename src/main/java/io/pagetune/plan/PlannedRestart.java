package io.pagetune.plan;

import io.pagetune.modules.Step;
import io.pagetune.schedule.RestartTarget;
import java.util.Objects;

/**
 * A restart the plan predicts, as the apply must queue it: its kind and target (host and id), why,
 * and where check mode placed it ({@code window}: the window and local time it would run in).
 */
public record PlannedRestart(String kind, String host, String id, String reason, String window) {
  public PlannedRestart {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(host, "host");
  }

  static PlannedRestart of(Step.RequestRestart restart, String window) {
    RestartTarget t = restart.target();
    return new PlannedRestart(t.kind(), t.host(), t.id(), restart.reason(), window);
  }

  /** Whether {@code restart} is this one: the same kind of restart of the same target. */
  boolean matches(Step.RequestRestart restart) {
    RestartTarget t = restart.target();
    return kind.equals(t.kind()) && host.equals(t.host()) && Objects.equals(id, t.id());
  }
}
