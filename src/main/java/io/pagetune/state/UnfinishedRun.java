package io.pagetune.state;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * A run without an end: running now, or killed. It is dead when its process is gone on this node,
 * or, on another node, when it has not written to the journal for {@link #SILENCE} (a run writes to
 * the journal at every change, and no single write waits that long).
 */
public record UnfinishedRun(
    String runId, Optional<RunOwner> owner, Instant startedAt, Optional<Instant> heartbeatAt) {
  public static final Duration SILENCE = Duration.ofHours(1);

  public UnfinishedRun {
    Objects.requireNonNull(runId);
    Objects.requireNonNull(owner);
    Objects.requireNonNull(startedAt);
    Objects.requireNonNull(heartbeatAt);
  }

  public boolean isDead(String thisNode, Instant now) {
    if (owner.isPresent() && owner.get().node().equals(thisNode)) {
      return owner.get().deadOn(thisNode);
    }
    Instant lastSign = heartbeatAt.orElse(startedAt);
    return lastSign.plus(SILENCE).isBefore(now);
  }
}
