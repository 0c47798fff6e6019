package io.pagetune.state;

/** Whether a persisted change is in use yet. */
public enum EffectiveState {
  /** Persisted; waits for a restart (and its verification). */
  PENDING,
  /** In use: needed no restart, or the restart ran and verification passed. */
  EFFECTIVE,
  /** The restart ran but verification did not see the change in use. */
  NOT_EFFECTIVE
}
