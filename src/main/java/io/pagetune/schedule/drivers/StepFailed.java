package io.pagetune.schedule.drivers;

/** Ends a restart early; the driver turns it into a failed {@link RestartOutcome}. */
public final class StepFailed extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public StepFailed(String message) {
    super(message, null, false, false);
  }
}
