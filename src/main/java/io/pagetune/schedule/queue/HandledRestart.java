package io.pagetune.schedule.queue;

import java.util.Objects;

/**
 * One execution a scheduler handled: {@code status} is the intent's status afterwards (QUEUED when
 * it was postponed to the next window or because its group was busy).
 */
public record HandledRestart(String intentId, IntentStatus status, String detail) {
  public HandledRestart {
    Objects.requireNonNull(intentId);
    Objects.requireNonNull(status);
    Objects.requireNonNull(detail);
  }
}
