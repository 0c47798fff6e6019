package io.pagetune.schedule;

import java.time.Duration;
import java.util.concurrent.CancellationException;

/** Waiting between polls and retries, injected so tests advance a fake clock instead. */
@FunctionalInterface
public interface Sleeper {
  /** Sleeps on the real clock; an interrupt cancels the wait (and keeps the interrupt flag). */
  Sleeper REAL =
      d -> {
        try {
          Thread.sleep(Math.max(0, d.toMillis()));
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new CancellationException("interrupted while waiting");
        }
      };

  void sleep(Duration duration);
}
