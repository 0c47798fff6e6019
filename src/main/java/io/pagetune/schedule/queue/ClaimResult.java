package io.pagetune.schedule.queue;

import java.util.Optional;

/** The answer to a claim: only CLAIMED carries the intent, now RUNNING under the caller's token. */
record ClaimResult(Kind kind, Optional<RestartIntent> intent) {
  enum Kind {
    CLAIMED,
    /** Someone else ran it, or it was cancelled, superseded or blocked. */
    NOT_QUEUED,
    /** The group already runs pagetune_max_concurrent_restarts restarts. */
    GROUP_BUSY
  }

  static ClaimResult notQueued() {
    return new ClaimResult(Kind.NOT_QUEUED, Optional.empty());
  }

  static ClaimResult groupBusy() {
    return new ClaimResult(Kind.GROUP_BUSY, Optional.empty());
  }
}
