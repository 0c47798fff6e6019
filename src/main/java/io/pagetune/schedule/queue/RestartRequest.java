package io.pagetune.schedule.queue;

import io.pagetune.schedule.RestartTarget;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * A restart asked for by an applied change (a RequestRestart step or a notified handler).
 *
 * @param maxConcurrent the group's pagetune_max_concurrent_restarts (1 = one host of the group at a
 *     time)
 * @param dueAt the earliest time it may run: now when the window is open, else the next opening
 */
public record RestartRequest(
    RestartTarget target,
    String group,
    int maxConcurrent,
    String reason,
    String runId,
    Instant dueAt,
    Duration expectedDuration) {
  public RestartRequest {
    Objects.requireNonNull(target);
    Objects.requireNonNull(target.host(), "target host");
    Objects.requireNonNull(group);
    Objects.requireNonNull(reason);
    Objects.requireNonNull(runId);
    Objects.requireNonNull(dueAt);
    Objects.requireNonNull(expectedDuration);
    if (maxConcurrent < 1) {
      throw new IllegalArgumentException("pagetune_max_concurrent_restarts must be at least 1");
    }
  }
}
