package io.pagetune.schedule.queue;

/**
 * Performs one claimed restart: re-plans (the change may be gone or already effective), runs the
 * driver, verifies the effective state. Failures are outcomes, not exceptions.
 */
@FunctionalInterface
public interface RestartRunner {
  RunOutcome run(RestartIntent intent);
}
