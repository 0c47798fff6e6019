package io.pagetune.schedule.queue;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/** A window gate's answer for one restart at one instant. */
public record GateDecision(Kind kind, Optional<Instant> until, String reason) {
  public enum Kind {
    /** The window is open and long enough. */
    RUN_NOW,
    /** Not now; the next opening starts at {@code until}. */
    WAIT_UNTIL,
    /** Never: e.g. the ServiceNow change was cancelled. */
    STOP
  }

  public GateDecision {
    Objects.requireNonNull(kind);
    Objects.requireNonNull(until);
    Objects.requireNonNull(reason);
    if ((kind == Kind.WAIT_UNTIL) != until.isPresent()) {
      throw new IllegalArgumentException("only WAIT_UNTIL carries an instant");
    }
  }

  public static GateDecision runNow(String reason) {
    return new GateDecision(Kind.RUN_NOW, Optional.empty(), reason);
  }

  public static GateDecision waitUntil(Instant until, String reason) {
    return new GateDecision(Kind.WAIT_UNTIL, Optional.of(until), reason);
  }

  public static GateDecision stop(String reason) {
    return new GateDecision(Kind.STOP, Optional.empty(), reason);
  }
}
