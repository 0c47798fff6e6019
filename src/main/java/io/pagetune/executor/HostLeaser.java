package io.pagetune.executor;

import java.util.Optional;

/**
 * One run at a time per host: a run that is about to change hosts takes each host's lease first,
 * and gives it back when the host is done. Check runs take none.
 */
public interface HostLeaser {
  /**
   * Takes {@code host} for the run (waiting as long as the run allows).
   *
   * @return empty when the run holds the host now, else the one line the host fails with, e.g.
   *     "locked by run X (alice@ctl1, since 2026-11-30T12:00:00Z)"
   */
  Optional<String> acquire(String runId, String host);

  /**
   * What the run should be told about how it got {@code host}, once: e.g. that it took over the
   * lease of a run that died (whose changes on the host may be unfinished).
   */
  default Optional<String> notice(String runId, String host) {
    return Optional.empty();
  }

  /**
   * Empty while the run still holds {@code host}; the line the host fails with when its lease was
   * lost (the store missed the heartbeats so long that another run took the host over).
   */
  default Optional<String> lost(String runId, String host) {
    return Optional.empty();
  }

  /** The run is done with {@code host}. */
  default void release(String runId, String host) {}

  /** The run is over: every host goes back. */
  default void runFinished(String runId) {}

  /** No state store: nothing to coordinate with. */
  HostLeaser NONE = (runId, host) -> Optional.empty();
}
