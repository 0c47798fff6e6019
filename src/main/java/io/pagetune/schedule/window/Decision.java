package io.pagetune.schedule.window;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * Whether a disruptive step may run now. {@code WAIT_UNTIL} names the opening to wait for; {@code
 * NEVER} means no opening can take the step (window too short, request cancelled, no future
 * opening). The reason is for people.
 */
public record Decision(Kind kind, Optional<Opening> opening, String reason) {
  public enum Kind {
    RUN_NOW,
    WAIT_UNTIL,
    NEVER
  }

  public Decision {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(reason, "reason");
    if (kind != Kind.NEVER && opening.isEmpty()) {
      throw new IllegalArgumentException(kind + " needs an opening");
    }
  }

  public static Decision runNow(Opening opening, String reason) {
    return new Decision(Kind.RUN_NOW, Optional.of(opening), reason);
  }

  public static Decision waitUntil(Opening opening, String reason) {
    return new Decision(Kind.WAIT_UNTIL, Optional.of(opening), reason);
  }

  public static Decision never(String reason) {
    return new Decision(Kind.NEVER, Optional.empty(), reason);
  }

  /** For WAIT_UNTIL: when to try again (the start of the next suitable opening). */
  public Optional<Instant> waitUntil() {
    return kind == Kind.WAIT_UNTIL ? opening.map(Opening::start) : Optional.empty();
  }
}
