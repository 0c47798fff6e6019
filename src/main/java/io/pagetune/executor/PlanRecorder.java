package io.pagetune.executor;

/**
 * Told about every task that check mode finds would change something, so that a check run can be
 * saved as a plan ({@code run --check --save-plan}) that a later apply is held to.
 */
@FunctionalInterface
public interface PlanRecorder {
  void planned(PlannedTask task);

  /** Records nothing: an ordinary run. */
  PlanRecorder NONE = task -> {};
}
