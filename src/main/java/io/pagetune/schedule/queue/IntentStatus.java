package io.pagetune.schedule.queue;

/** Where a restart intent stands. Only QUEUED intents can still run. */
public enum IntentStatus {
  QUEUED,
  RUNNING,
  DONE,
  FAILED,
  /** The runner found the change gone or already effective and did nothing. */
  SKIPPED,
  CANCELLED,
  /** A queued reboot of the same host makes this restart unnecessary. */
  SUPERSEDED,
  /** An earlier restart in the same rolling group failed its verification. */
  BLOCKED;

  public boolean isFinal() {
    return this != QUEUED && this != RUNNING;
  }
}
