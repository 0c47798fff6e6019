package io.pagetune.schedule.queue;

import java.util.Objects;

/** What running one restart (re-plan, restart, verify) came to. */
public record RunOutcome(Status status, String detail) {
  public enum Status {
    /** Restarted and verified effective. */
    DONE,
    /** The restart or its verification failed: the rest of the group stops. */
    FAILED,
    /** Re-planning found the change gone or already effective; nothing was restarted. */
    SKIPPED_ALREADY_EFFECTIVE
  }

  public RunOutcome {
    Objects.requireNonNull(status);
    Objects.requireNonNull(detail);
  }

  public static RunOutcome done(String detail) {
    return new RunOutcome(Status.DONE, detail);
  }

  public static RunOutcome failed(String detail) {
    return new RunOutcome(Status.FAILED, detail);
  }

  public static RunOutcome skipped(String detail) {
    return new RunOutcome(Status.SKIPPED_ALREADY_EFFECTIVE, detail);
  }

  IntentStatus intentStatus() {
    if (status == Status.DONE) {
      return IntentStatus.DONE;
    }
    if (status == Status.FAILED) {
      return IntentStatus.FAILED;
    }
    return IntentStatus.SKIPPED;
  }
}
