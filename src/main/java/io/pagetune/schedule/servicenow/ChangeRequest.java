package io.pagetune.schedule.servicenow;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/** The fields of a change request that decide whether work may run. */
public record ChangeRequest(
    String number,
    String sysId,
    ChangeState state,
    String stateText,
    Optional<Instant> plannedStart,
    Optional<Instant> plannedEnd) {

  public ChangeRequest {
    Objects.requireNonNull(number, "number");
    Objects.requireNonNull(sysId, "sysId");
    Objects.requireNonNull(state, "state");
  }

  /** Open: state Scheduled or Implement and {@code now} in [planned start, planned end). */
  public boolean openAt(Instant now) {
    return state.allowsWork()
        && plannedStart.isPresent()
        && plannedEnd.isPresent()
        && !now.isBefore(plannedStart.get())
        && now.isBefore(plannedEnd.get());
  }
}
