package io.pagetune.schedule.queue;

import java.time.Instant;

/**
 * Decides whether a restart may run at {@code now}: asked right before each execution and when a
 * dead execution is revived, so nothing fires outside its window.
 */
@FunctionalInterface
public interface WindowGate {
  GateDecision decide(RestartIntent intent, Instant now);
}
