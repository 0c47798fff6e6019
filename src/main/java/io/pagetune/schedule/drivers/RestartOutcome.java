package io.pagetune.schedule.drivers;

import java.util.List;
import java.util.Objects;

/** What a restart did: success or failure, a one-line summary and every step in order. */
public record RestartOutcome(boolean ok, String summary, List<String> steps) {
  public RestartOutcome {
    Objects.requireNonNull(summary, "summary");
    steps = List.copyOf(steps);
  }

  public static RestartOutcome ok(String summary, List<String> steps) {
    return new RestartOutcome(true, summary, steps);
  }

  public static RestartOutcome failed(String summary, List<String> steps) {
    return new RestartOutcome(false, summary, steps);
  }
}
